/* study_dir.c — test support for the study (see study_dir.h). */
#include "tests/support/study_dir.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/cli_run.h"

void bwm_tmp_dir(char *path)
{
    snprintf(path, BWM_DIR_MAX, "/tmp/bwm_study_XXXXXX");
    cr_assert(mkdtemp(path), "cannot create %s", path);
}

void bwm_tmp_runs_dir(char *path)
{
    bwm_tmp_dir(path);
    char runs[BWM_DIR_MAX + 8];
    snprintf(runs, sizeof runs, "%s/runs", path);
    cr_assert_eq(mkdir(runs, 0755), 0, "cannot create %s", runs);
}

void bwm_rm_rf(const char *path)
{
    char cmd[BWM_DIR_MAX + 32];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
}

int bwm_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

void bwm_expect_same_study(const char *a, const char *b)
{
    char cmd[2 * BWM_DIR_MAX + 64];
    snprintf(cmd, sizeof cmd, "diff -r -x manifest.json '%s' '%s'", a, b);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    cr_assert_eq(r.status, 0, "%s and %s differ:\n%.2000s", a, b, r.out);
    bwm_run_free(&r);
}

void bwm_expect_png(const char *path, long min_bytes)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "no %s", path);
    unsigned char h[24];
    size_t got = fread(h, 1, sizeof h, f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    cr_assert(got == sizeof h && memcmp(h, sig, 8) == 0 && memcmp(h + 12, "IHDR", 4) == 0, "%s is not a PNG", path);
    unsigned long w = (unsigned long)h[16] << 24 | (unsigned long)h[17] << 16 | (unsigned long)h[18] << 8 | h[19];
    unsigned long hgt = (unsigned long)h[20] << 24 | (unsigned long)h[21] << 16 | (unsigned long)h[22] << 8 | h[23];
    cr_assert(w >= 400 && w <= 4000 && hgt >= 300 && hgt <= 4000, "%s: %lux%lu pixels", path, w, hgt);
    cr_assert(size >= min_bytes, "%s: only %ld bytes", path, size);
}

int bwm_count_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}
