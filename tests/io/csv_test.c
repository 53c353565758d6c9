/* csv_test.c — the CSV reader, the catalogue and workload lists. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "io/catalog.h"
#include "io/csv.h"
#include "io/workloads.h"

#define FIX(name) BWM_SOURCE_DIR "/tests/fixtures/model/" name

Test(csv, quoted_fields_and_comments)
{
    char path[] = "/tmp/bwm_csv_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("a,b\n# skipped\n\n\"x, y\",\"say \"\"hi\"\"\"\r\n", f);
    fclose(f);
    bwm_csv c;
    int got;
    cr_assert_eq(bwm_csv_open(&c, path, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_header(&c, NULL), BWM_OK);
    cr_assert_eq(bwm_csv_read(&c, &got, NULL), BWM_OK);
    cr_assert_eq(got, 1);
    cr_assert_str_eq(bwm_csv_field(&c, 0), "x, y");
    cr_assert_str_eq(bwm_csv_field(&c, 1), "say \"hi\"");
    cr_assert_eq(c.line, 4);
    cr_assert_eq(bwm_csv_read(&c, &got, NULL), BWM_OK);
    cr_assert_eq(got, 0);
    bwm_csv_close(&c);
    remove(path);
}

/* A NUL byte would end the line early: the line is refused instead. */
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
