/* line_reader_test.c — bounded line reading (io/line_reader.h): lines and
 * their numbers, CRLF, a last line without a newline; a NUL byte and an
 * over-long line are bad input at their line, found without reading on
 * (/dev/zero fails at line 1); and every command that reads a text input
 * refuses /dev/zero and a 3 MB one-line configuration that way: exit 2,
 * FILE:1, nothing written; a byte-order mark starting a file is named. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/line_reader.h"
#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"
#include "tests/support/tmp_text.h"

/* A reader on a new temporary file (its name into path) holding text. */
static FILE *reader_on(const char *text, char *path, bwm_line_reader *r)
{
    bwm_write_tmp(path, text);
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s", path);
    bwm_line_reader_init(r, f, path);
    return f;
}

Test(line_reader, lines_crlf_and_a_last_line_without_newline)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_line_reader r;
    FILE *f = reader_on("a,b\r\n\nlast", path, &r);
    bwm_err err;
    int got;
    const char *want[] = {"a,b", "", "last"};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_OK, "%s", err.msg);
        cr_assert_eq(got, 1);
        cr_assert_str_eq(r.text, want[i]);
        cr_assert_eq(r.len, strlen(want[i]));
        cr_assert_eq(r.line, i + 1);
    }
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_OK);
    cr_assert_eq(got, 0);
    bwm_line_reader_free(&r);
    fclose(f);
    unlink(path);
}

Test(line_reader, dev_zero_fails_at_line_1_at_once)
{
    FILE *f = fopen("/dev/zero", "rb");
    cr_assert_not_null(f);
    bwm_line_reader r;
    bwm_line_reader_init(&r, f, "/dev/zero");
    bwm_err err;
    int got;
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_EINPUT);
    cr_assert_str_eq(err.msg, "/dev/zero:1: NUL byte: not a text file");
    cr_assert_eq(r.len, 0, "it stops at the first NUL byte");
    bwm_line_reader_free(&r);
    fclose(f);
}

Test(line_reader, a_line_too_long_is_refused_at_its_line)
{
    char path[] = "/tmp/bwm_long_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w+b");
    fputs("short\n", f);
    for (size_t i = 0; i < BWM_LINE_MAX + 10; i++)
        fputc('x', f);
    rewind(f);
    bwm_line_reader r;
    bwm_line_reader_init(&r, f, path);
    bwm_err err;
    int got;
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_OK);
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, ":2: line longer than 1048576 bytes"), "%s", err.msg);
    bwm_line_reader_free(&r);
    fclose(f);
    unlink(path);
}

Test(line_reader, every_text_input_refuses_dev_zero_and_a_huge_line, .timeout = 120)
{
    const char *cmds[] = {
        "sim run --config /dev/zero --apps BLK -o /tmp/bwm_lr_out.csv",
        "sim run --apps-file /dev/zero --apps BLK -o /tmp/bwm_lr_out.csv",
        "sim run --apps BLK --alone /dev/zero -o /tmp/bwm_lr_out.csv",
        "sim config --config /dev/zero -o /tmp/bwm_lr_out.csv",
        "study --out /tmp/bwm_lr_study --workloads /dev/zero",
        "fit import --logs /dev/zero -o /tmp/bwm_lr_out.csv",
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "%s", cmds[i]);
        cr_assert_eq(r.status, 2, "%s: exit %d: %s", cmds[i], r.status, r.err);
        cr_assert(strstr(r.err, "/dev/zero:1: NUL byte: not a text file"), "%s: %s", cmds[i], r.err);
        bwm_run_free(&r);
        cr_assert_neq(access("/tmp/bwm_lr_out.csv", F_OK), 0, "%s wrote its output", cmds[i]);
    }
    struct stat st;
    cr_assert_neq(stat("/tmp/bwm_lr_study/results.csv", &st), 0);
    char big[] = "/tmp/bwm_big_XXXXXX";
    int fd = mkstemp(big);
    FILE *f = fdopen(fd, "wb");
    fputs("-gpgpu_n_clusters ", f);
    for (int i = 0; i < 3000000; i++)
        fputc('9', f);
    fclose(f);
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s", big);
    cr_assert_eq(r.status, 2, "%s", r.err);
    cr_assert(strstr(r.err, ":1: line longer than 1048576 bytes"), "%s", r.err);
    bwm_run_free(&r);
    unlink(big);
}

/* A UTF-8 byte-order mark (EF BB BF) starting a file is named at line 1,
 * in a configuration as in an applications file; the same bytes later in a
 * file are its text. */
Test(line_reader, a_byte_order_mark_at_the_start_is_named)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_line_reader r;
    FILE *f = reader_on("\xEF\xBB\xBF-gpgpu_n_mem 6\n", path, &r);
    bwm_err err;
    int got;
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, ":1: the file starts with a UTF-8 byte-order mark (bytes EF BB BF)"), "%s", err.msg);
    bwm_line_reader_free(&r);
    fclose(f);
    bwm_run run;
    bwm_run_cli(&run, "sim config --config %s", path);
    cr_expect_eq(run.status, 2, "%s", run.err);
    bwm_expect_contains(run.err, ":1: the file starts with a UTF-8 byte-order mark");
    bwm_run_free(&run);
    bwm_run_cli(&run, "sim run --apps BLK --apps-file %s", path);
    cr_expect_eq(run.status, 2, "%s", run.err);
    bwm_expect_contains(run.err, ":1: the file starts with a UTF-8 byte-order mark");
    bwm_run_free(&run);
    unlink(path);
    f = reader_on("# caf\xC3\xA9 \xEF\xBB\xBF\n-gpgpu_n_mem 6\n", path, &r);
    cr_assert_eq(bwm_line_next(&r, &got, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(r.len, 11);
    bwm_line_reader_free(&r);
    fclose(f);
    unlink(path);
}
