/* cli_expect.c — Criterion checks on command runs (see cli_expect.h). */
#include "tests/support/cli_expect.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

double bwm_json_number(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    cr_assert(p, "no %s in %s", key, json);
    return strtod(p + strlen(pat), NULL);
}
