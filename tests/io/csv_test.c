/* csv_test.c — the CSV reader, the catalogue and workload lists. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/catalog.h"
#include "io/csv.h"
#include "io/workloads.h"
#include "tests/support/tmp_text.h"
#include "util/buf.h"

#define FIX(name) BWM_SOURCE_DIR "/tests/fixtures/model/" name

/* Writes text to a new file (its name in path), opens it and reads the
 * header and the first row. */
static void read_first_row(const char *text, char *path, bwm_csv *c)
{
    int got;
    bwm_write_tmp(path, text);
    cr_assert_eq(bwm_csv_open(c, path, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_header(c, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_read(c, &got, NULL), BWM_OK);
    cr_assert_eq(got, 1);
}

Test(csv, quoted_fields_and_comments)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_csv c;
    int got;
    read_first_row("a,b\n# skipped\n\n\"x, y\",\"say \"\"hi\"\"\"\r\n", path, &c);
    cr_assert_str_eq(bwm_csv_field(&c, 0), "x, y");
    cr_assert_str_eq(bwm_csv_field(&c, 1), "say \"hi\"");
    cr_assert_eq(c.line, 4);
    cr_assert_eq(bwm_csv_read(&c, &got, NULL), BWM_OK);
    cr_assert_eq(got, 0);
    bwm_csv_close(&c);
    remove(path);
}

/* A header naming a column twice is refused at its line; distinct names pass. */
Test(csv, a_column_named_twice_is_refused_at_the_header)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_csv c;
    bwm_err err;
    bwm_write_tmp(path, "# a comment\nabbr,warps,Warps\nX,1,2\n");
    cr_assert_eq(bwm_csv_open(&c, path, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_header(&c, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_check_unique(&c, &err), BWM_EINPUT);
    char want[BWM_TMP_PATH_MAX + 64];
    snprintf(want, sizeof want, "%s:2: column 'Warps' appears twice in the header (fields 2 and 3)", path);
    cr_assert_str_eq(err.msg, want);
    bwm_csv_close(&c);
    remove(path);
    read_first_row("abbr,warps,warps2\nX,1,2\n", path, &c);
    cr_assert_eq(bwm_csv_check_unique(&c, &err), BWM_OK);
    bwm_csv_close(&c);
    remove(path);
}

/* Written fields read back as they were: one at the start of a line must
 * not read as a comment, one ending in '\r' at the end of a line must keep
 * it (the reader drops the '\r' of a CRLF line ending). */
Test(csv, written_fields_read_back)
{
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_buf_puts(&out, "a,b,c\n");
    bwm_csv_put_field(&out, "#1 app");
    bwm_buf_puts(&out, ",");
    bwm_csv_put_field(&out, "x#y");
    bwm_buf_puts(&out, ",");
    bwm_csv_put_field(&out, "ends in CR\r");
    bwm_buf_puts(&out, "\n");
    cr_assert_str_eq(bwm_buf_str(&out), "a,b,c\n\"#1 app\",x#y,\"ends in CR\r\"\n");
    char path[BWM_TMP_PATH_MAX];
    bwm_csv c;
    read_first_row(bwm_buf_str(&out), path, &c);
    bwm_buf_free(&out);
    cr_assert_str_eq(bwm_csv_field(&c, 0), "#1 app");
    cr_assert_str_eq(bwm_csv_field(&c, 1), "x#y");
    cr_assert_str_eq(bwm_csv_field(&c, 2), "ends in CR\r");
    bwm_csv_close(&c);
    remove(path);
}

/* A field that starts with a UTF-8 byte-order mark is quoted: written
 * first in a file, bare, it would be refused as the file's mark. */
Test(csv, a_field_starting_with_a_byte_order_mark_reads_back_first_in_a_file)
{
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_csv_put_field(&out, "\xEF\xBB\xBFname");
    bwm_buf_puts(&out, ",abbr\n");
    cr_assert_str_eq(bwm_buf_str(&out), "\"\xEF\xBB\xBFname\",abbr\n");
    char path[BWM_TMP_PATH_MAX];
    bwm_csv c;
    int got;
    bwm_write_tmp(path, bwm_buf_str(&out));
    bwm_buf_free(&out);
    cr_assert_eq(bwm_csv_open(&c, path, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_read(&c, &got, NULL), BWM_OK);
    cr_assert_eq(got, 1);
    cr_assert_str_eq(bwm_csv_field(&c, 0), "\xEF\xBB\xBFname");
    bwm_csv_close(&c);
    remove(path);
}

/* A NUL byte would end the line early: the line is refused instead. */
/* A results file's rate with nothing to divide by is written empty: read
 * as a rate, it is the 0 the run had; a number is itself; anything else is
 * refused, naming the column (bwm_csv_double refuses the empty cell). */
Test(csv, an_empty_rate_reads_as_0)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_csv c;
    read_first_row("ipc,mpki,bw\n0.5,,x\n", path, &c);
    double v = -1;
    bwm_err err;
    cr_expect_eq(bwm_csv_rate(&c, 0, &v, &err), BWM_OK);
    cr_expect_eq(v, 0.5);
    cr_expect_eq(bwm_csv_rate(&c, 1, &v, &err), BWM_OK);
    cr_expect_eq(v, 0);
    cr_expect_eq(bwm_csv_double(&c, 1, &v, &err), BWM_EINPUT);
    cr_expect_eq(bwm_csv_rate(&c, 2, &v, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, ":2: column 'bw': 'x'"), "%s", err.msg);
    bwm_csv_close(&c);
    remove(path);
}

Test(csv, nul_byte_is_refused_at_its_line)
{
    char path[] = "/tmp/bwm_csv_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    static const char text[] = "a,b\n1,2\n3\0,4\n";
    fwrite(text, 1, sizeof text - 1, f);
    fclose(f);
    bwm_csv c;
    bwm_err err;
    int got;
    cr_assert_eq(bwm_csv_open(&c, path, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_header(&c, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_read(&c, &got, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_read(&c, &got, &err), BWM_EINPUT);
    char want[64];
    snprintf(want, sizeof want, "%s:3: NUL byte: not a text file", path);
    cr_assert_str_eq(err.msg, want);
    bwm_csv_close(&c);
    remove(path);
}

Test(catalog, table1_loads)
{
    bwm_catalog cat;
    cr_assert_eq(bwm_catalog_load(&cat, BWM_SOURCE_DIR "/data/apps.csv", NULL), BWM_OK);
    cr_assert_eq(cat.n, 25);
    const bwm_catalog_entry *gups = bwm_catalog_find(&cat, "gups");
    cr_assert_not_null(gups);
    cr_assert_float_eq(gups->mpki, 57.1, 1e-12);
    cr_assert_float_eq(gups->bw_frac, 0.93, 1e-12);
    const bwm_catalog_entry *trd = bwm_catalog_find(&cat, "Stream Triad");
    cr_assert_not_null(trd);
    cr_assert_float_eq(trd->bw_frac, 0.014, 1e-12);
    cr_assert_float_eq(bwm_catalog_find(&cat, "QTC")->mpki, 7.9, 1e-12);
    cr_assert_null(bwm_catalog_find(&cat, "FOO"));
    bwm_catalog_free(&cat);
}

static void expect_error(const char *path, const char *needle)
{
    bwm_catalog cat;
    bwm_err e;
    cr_assert_eq(bwm_catalog_load(&cat, path, &e), BWM_EINPUT, "%s should fail", path);
    cr_assert(strstr(e.msg, needle), "message '%s' lacks '%s'", e.msg, needle);
}

Test(catalog, malformed_files_name_file_and_line)
{
    expect_error(FIX("apps_bad_number.csv"), "apps_bad_number.csv:3: column 'mpki': 'abc'");
    expect_error(FIX("apps_missing_column.csv"), "missing column 'bw_frac'");
    expect_error(FIX("apps_short_row.csv"), "apps_short_row.csv:4: expected 4 fields, found 3");
    expect_error(FIX("apps_zero_mpki.csv"), ":2: column 'mpki': must be > 0");
    expect_error(FIX("apps_percent.csv"), "not a percentage");
    expect_error(FIX("apps_nan.csv"), "not a finite number");
    expect_error(FIX("empty.csv"), "empty file");
    expect_error(FIX("does_not_exist.csv"), "cannot open");
}

/* Loads a one-row catalogue whose name has len characters. */
static int load_named(size_t len, bwm_catalog *cat, char *path, bwm_err *e)
{
    char name[128], text[256];
    memset(name, 'n', len);
    name[len] = '\0';
    snprintf(text, sizeof text, "name,abbr,mpki,bw_frac\n%s,A,1,0.5\n", name);
    bwm_write_tmp(path, text);
    int st = bwm_catalog_load(cat, path, e);
    cr_assert(st != BWM_OK || strcmp(cat->e[0].name, name) == 0, "the name was changed");
    return st;
}

/* A name longer than an entry holds is refused, not cut short (the
 * application could not be found by the name the file gives). */
Test(catalog, name_longer_than_an_entry_holds)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_catalog cat;
    bwm_err e;
    cr_assert_eq(load_named(63, &cat, path, &e), BWM_OK, "%s", e.msg);
    bwm_catalog_free(&cat);
    remove(path);
    cr_assert_eq(load_named(64, &cat, path, &e), BWM_EINPUT);
    bwm_expect_at(e.msg, path, 2, "column 'name': at most 63 characters");
    remove(path);
}

Test(workloads, paper_list_and_unknown_names)
{
    bwm_catalog cat;
    bwm_workload_list l;
    bwm_err e;
    cr_assert_eq(bwm_catalog_load(&cat, BWM_SOURCE_DIR "/data/apps.csv", NULL), BWM_OK);
    cr_assert_eq(bwm_workloads_load(&l, BWM_SOURCE_DIR "/data/workloads/paper.csv", &cat, &e), BWM_OK);
    cr_assert_eq(l.n, 15);
    cr_assert_str_eq(l.w[14].name, "GUPS_SCP_HISTO");
    cr_assert_eq(l.w[14].napps, 3);
    cr_assert_str_eq(l.w[14].apps[2]->abbr, "HISTO");
    bwm_workloads_free(&l);
    cr_assert_eq(bwm_workloads_load(&l, FIX("workloads_unknown.csv"), &cat, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "workloads_unknown.csv:3: unknown application 'FOO'"), "%s", e.msg);
    bwm_catalog_free(&cat);
}
