/* cli_run.c — running commands from tests (see cli_run.h). */
#include "tests/support/cli_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

char *bwm_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *s = malloc(cap);
    size_t n;
    while (s && (n = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len < 2) {
            char *p = realloc(s, cap *= 2);
            if (!p) {
                free(s);
                s = NULL;
            }
            s = p;
        }
    }
    fclose(f);
    if (s)
        s[len] = '\0';
    return s;
}

void bwm_run_shell(bwm_run *r, const char *cmdline)
{
    char out[] = "/tmp/bwm_run_outXXXXXX", err[] = "/tmp/bwm_run_errXXXXXX";
    int fo = mkstemp(out), fe = mkstemp(err);
    close(fo);
    close(fe);
    size_t n = strlen(cmdline) + 2 * sizeof out + 32;
    char *full = malloc(n);
    snprintf(full, n, "(%s) >%s 2>%s </dev/null", cmdline, out, err);
    int st = system(full);
    free(full);
    r->status = (st != -1 && WIFEXITED(st)) ? WEXITSTATUS(st) : -1;
    r->out = bwm_slurp(out);
    r->err = bwm_slurp(err);
    unlink(out);
    unlink(err);
}

void bwm_run_cli(bwm_run *r, const char *fmt, ...)
{
    char args[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "'%s' %s", BWM_BIN, args);
    bwm_run_shell(r, cmd);
}

void bwm_run_free(bwm_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}
