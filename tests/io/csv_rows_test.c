/* csv_rows_test.c — a CSV table row by row, from its file or from the table
 * in memory: both give the same fields, the same numbers and the same line
 * numbers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/csv_rows.h"
#include "io/table.h"
#include "tests/support/tmp_text.h"
#include "util/buf.h"

/* What a reader saw: each row's line, fields and numbers, as text. */
static int record(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    bwm_buf *seen = ctx;
    bwm_buf_printf(seen, "%ld:", c->line);
    for (int k = 0; k < 2; k++) {
        double v;
        bwm_err sub;
        const char *text = bwm_csv_field(c, idx[k]);
        if (bwm_csv_double_or_nan(c, idx[k], &v, &sub) == BWM_OK)
            bwm_buf_printf(seen, "[%s=%a]", text, v);
        else
            bwm_buf_printf(seen, "[%s]", text);
    }
    bwm_buf_puts(seen, "\n");
    (void)err;
    return BWM_OK;
}

/* Reads t through its CSV file and from memory; both must see the same. */
static void same_both_ways(const bwm_table *t, const char *const *cols, const char *expect_line)
{
    bwm_buf csv, from_file, from_memory;
    bwm_buf_init(&csv);
    bwm_buf_init(&from_file);
    bwm_buf_init(&from_memory);
    bwm_table_render(t, BWM_FMT_CSV, &csv);
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, bwm_buf_str(&csv));
    bwm_err err;
    cr_assert_eq(bwm_csv_each_row(path, cols, 2, record, &from_file, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_table_each_row(t, path, cols, 2, record, &from_memory, &err), BWM_OK, "%s", err.msg);
    cr_assert_str_eq(bwm_buf_str(&from_memory), bwm_buf_str(&from_file));
    if (expect_line)
        cr_assert_not_null(strstr(bwm_buf_str(&from_memory), expect_line), "%s", bwm_buf_str(&from_memory));
    remove(path);
    bwm_buf_free(&csv);
    bwm_buf_free(&from_file);
    bwm_buf_free(&from_memory);
}

Test(csv_rows, a_table_in_memory_reads_as_its_file)
{
    static const char *const cols[] = {"name", "value", "other"};
    bwm_table t;
    cr_assert_eq(bwm_table_init(&t, "", cols, 3), 0);
    const char *names[] = {"plain", " padded ", "#hash", "a,b", "say \"hi\"", "", "  # after blanks", "x"};
    const double values[] = {1.0 / 3, 1e-300, -0.0, NAN, 123456789012345.0, 2.5, 7, INFINITY};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        bwm_table_str(&t, names[k]);
        bwm_table_num(&t, values[k]);
        if (k % 2)
            bwm_table_int(&t, (long long)k);
        else
            bwm_table_bool(&t, 1);
    }
    static const char *const want[] = {"value", "name"};
    /* row 1 (line 2): a third rounded to 12 digits as the file holds it */
    char line[128];
    snprintf(line, sizeof line, "2:[0.333333333333=%a][plain]", strtod("0.333333333333", NULL));
    same_both_ways(&t, want, line);
    cr_assert_neq(strtod("0.333333333333", NULL), 1.0 / 3, "the rounding is visible");
    bwm_table_free(&t);
}

Test(csv_rows, lines_a_reader_skips_are_skipped)
{
    static const char *const cols[] = {"only"};
    bwm_table t;
    cr_assert_eq(bwm_table_init(&t, "", cols, 1), 0);
    const char *cells[] = {"a", "", " #comment", "#quoted", "  ", "b"};
    for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++)
        bwm_table_str(&t, cells[k]);
    static const char *const want[] = {"only", "only"};
    same_both_ways(&t, want, "7:[b][b]");
    bwm_table_free(&t);
}

Test(csv_rows, a_missing_column_is_named)
{
    static const char *const cols[] = {"a", "b"};
    bwm_table t;
    cr_assert_eq(bwm_table_init(&t, "", cols, 2), 0);
    static const char *const want[] = {"a", "c"};
    bwm_err err;
    bwm_buf seen;
    bwm_buf_init(&seen);
    cr_assert_eq(bwm_table_each_row(&t, "dir/x.csv", want, 2, record, &seen, &err), BWM_EINPUT);
    cr_assert_str_eq(err.msg, "dir/x.csv:1: missing column 'c' in the header");
    bwm_buf_free(&seen);
    bwm_table_free(&t);
}
