/* cli_expect.c — Criterion checks on command runs (see cli_expect.h). */
#include "tests/support/cli_expect.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void bwm_expect_ok(const bwm_run *r)
{
    cr_assert_eq(r->status, 0, "exit %d, stderr: %s", r->status, r->err);
}

void bwm_expect_contains(const char *hay, const char *needle)
{
    cr_assert(hay && strstr(hay, needle), "'%s' not found in:\n%s", needle, hay ? hay : "(null)");
}

void bwm_expect_bad(const bwm_run *r, const char *message)
{
    cr_assert_eq(r->status, 2, "exit %d, stdout: %s, stderr: %s", r->status, r->out, r->err);
    cr_assert_str_eq(r->out, "", "bad input printed to stdout: %s", r->out);
    bwm_expect_contains(r->err, message);
}

void bwm_expect_bad_cli(const char *args, const char *message)
{
    bwm_run r;
    bwm_run_cli(&r, "%s", args);
    bwm_expect_bad(&r, message);
    bwm_run_free(&r);
}

void bwm_expect_bad_cli_writes_nothing(const char *args, const char *message)
{
    char out[64], dir[64];
    snprintf(out, sizeof out, "/tmp/bwm_bad_%d.json", (int)getpid());
    snprintf(dir, sizeof dir, "/tmp/bwm_bad_%d", (int)getpid());
    cr_assert_neq(access(out, F_OK), 0, "%s exists before the run", out);
    cr_assert_neq(access(dir, F_OK), 0, "%s exists before the run", dir);
    bwm_run r;
    bwm_run_cli(&r, "%s --format json -o %s --out %s", args, out, dir);
    bwm_expect_bad(&r, message);
    cr_assert_neq(access(out, F_OK), 0, "%s: a failed run left an output file", args);
    cr_assert_neq(access(dir, F_OK), 0, "%s: a failed run left an output folder", args);
    bwm_run_free(&r);
}

double bwm_json_number(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    cr_assert(p, "no %s in %s", key, json);
    return strtod(p + strlen(pat), NULL);
}
