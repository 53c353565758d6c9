/* data_path_test.c — where the executable finds the shipped data
 * (cli/data_path.h), run on copies of it: the build's own executable reads
 * the source tree; a copy never does, finds data installed beside it
 * (bin/ + share/bwmpki/) or in a data/ folder beside it, and otherwise names
 * every place it looked; $BWMPKI_DATA_DIR wins over all of them.
 * --version says which. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"

/* A fresh folder for copies of the executable; the caller removes it. */
static void copy_dir(char *dir)
{
    strcpy(dir, "/tmp/bwm_copy_XXXXXX");
    cr_assert(mkdtemp(dir));
}

static void shell(const char *fmt, const char *a, const char *b)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    cr_assert_eq(r.status, 0, "%s: %s", cmd, r.err);
    bwm_run_free(&r);
}

Test(data_path, the_build_reads_the_source_tree)
{
    bwm_run r;
    bwm_run_shell(&r, "env -u BWMPKI_DATA_DIR " BWM_BIN " --version");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\ndata: " BWM_SOURCE_DIR "/data (the source tree of this build)\n");
    bwm_run_free(&r);
}

/* A copy alone: no source tree; either not found (the places named, and a
 * failing command says so) or the configured prefix's installed data. */
Test(data_path, a_lone_copy_names_where_it_looked)
{
    char dir[64], cmd[256];
    copy_dir(dir);
    shell("cp %s %s/bwmpki", BWM_BIN, dir);
    bwm_run r;
    snprintf(cmd, sizeof cmd, "env -u BWMPKI_DATA_DIR %s/bwmpki --version", dir);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_assert_null(strstr(r.out, BWM_SOURCE_DIR), "a copy read the source tree: %s", r.out);
    int installed = strstr(r.out, "(the install prefix's)") != NULL;
    if (!installed) {
        char want[512];
        snprintf(want, sizeof want, "data: not found (looked in: %s/../share/bwmpki; %s/data; ", dir, dir);
        bwm_expect_contains(r.out, want);
        bwm_run_free(&r);
        snprintf(cmd, sizeof cmd, "env -u BWMPKI_DATA_DIR %s/bwmpki sim run --apps BLK --cycles 100", dir);
        bwm_run_shell(&r, cmd);
        cr_assert_eq(r.status, 2, "%s", r.err);
        snprintf(want, sizeof want, "bwmpki: no data folder (with apps.csv) found; looked in: %s/../share/bwmpki; "
                 "%s/data; ", dir, dir);
        bwm_expect_contains(r.err, want);
        bwm_expect_contains(r.err, "set BWMPKI_DATA_DIR");
    }
    bwm_run_free(&r);
    /* a command that reads no data runs as ever, without the note */
    snprintf(cmd, sizeof cmd, "env -u BWMPKI_DATA_DIR %s/bwmpki model perf --mpki 10 --bw 5 --format csv", dir);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.err, "");
    bwm_run_free(&r);
    shell("rm -r %s%s", dir, "");
}

/* A copy with data: beside it, then installed beside it; the variable
 * overrides both. */
Test(data_path, a_copy_finds_data_beside_it)
{
    char dir[64], cmd[512], want[512];
    copy_dir(dir);
    shell("cp %s %s/bwmpki", BWM_BIN, dir);
    shell("cp -r " BWM_SOURCE_DIR "/data %s/data%s", dir, "");
    bwm_run r;
    snprintf(cmd, sizeof cmd, "env -u BWMPKI_DATA_DIR %s/bwmpki --version", dir);
    bwm_run_shell(&r, cmd);
    snprintf(want, sizeof want, "\ndata: %s/data (the data folder beside the executable)\n", dir);
    bwm_expect_contains(r.out, want);
    bwm_run_free(&r);
    snprintf(cmd, sizeof cmd, "cd / && env -u BWMPKI_DATA_DIR %s/bwmpki sim run --apps BLK --set "
             "'-gpgpu_n_clusters 2' --cycles 500 --warmup 50 --format csv", dir);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\nBLK,frfcfs,cycles,1,");
    bwm_run_free(&r);
    /* the installed layout: PREFIX/bin/bwmpki and PREFIX/share/bwmpki */
    shell("mkdir -p %s/bin %s/share", dir, dir);
    shell("mv %s/bwmpki %s/bin/", dir, dir);
    shell("mv %s/data %s/share/bwmpki", dir, dir);
    snprintf(cmd, sizeof cmd, "env -u BWMPKI_DATA_DIR %s/bin/bwmpki --version", dir);
    bwm_run_shell(&r, cmd);
    snprintf(want, sizeof want, "\ndata: %s/share/bwmpki (installed beside the executable)\n", dir);
    bwm_expect_contains(r.out, want);
    bwm_run_free(&r);
    snprintf(cmd, sizeof cmd, "BWMPKI_DATA_DIR=" BWM_SOURCE_DIR "/data %s/bin/bwmpki --version", dir);
    bwm_run_shell(&r, cmd);
    bwm_expect_contains(r.out, "\ndata: " BWM_SOURCE_DIR "/data (from $BWMPKI_DATA_DIR)\n");
    bwm_run_free(&r);
    shell("rm -r %s%s", dir, "");
}
