/* infile_test.c — opening input files: a file opens, a missing one and a
 * directory are bad input naming the path. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/infile.h"
#include "tests/support/tmp_text.h"

Test(infile, a_file_opens)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "x\n");
    FILE *f;
    bwm_err err;
    cr_assert_eq(bwm_infile_open(path, &f, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(fgetc(f), 'x');
    fclose(f);
    unlink(path);
}

Test(infile, a_missing_file_is_bad_input)
{
    FILE *f;
    bwm_err err;
    cr_assert_eq(bwm_infile_open("/nonexistent/in.csv", &f, &err), BWM_EINPUT);
    cr_assert_null(f);
    cr_assert_str_eq(err.msg, "/nonexistent/in.csv: cannot open: No such file or directory");
}

Test(infile, a_directory_is_bad_input)
{
    char dir[] = "/tmp/bwm_in_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    FILE *f;
    int fd;
    bwm_err err;
    char want[64];
    snprintf(want, sizeof want, "%s: is a directory (expected a file)", dir);
    cr_assert_eq(bwm_infile_open(dir, &f, &err), BWM_EINPUT);
    cr_assert_null(f);
    cr_assert_str_eq(err.msg, want);
    cr_assert_eq(bwm_infile_open_fd(dir, &fd, &err), BWM_EINPUT);
    cr_assert_eq(fd, -1);
    cr_assert_str_eq(err.msg, want);
    rmdir(dir);
}
