/* csv_rows.h — reading a CSV table row by row: the file opened, its header
 * required to hold some columns (found by name, in any order), and a
 * function called for every data row with the index of each of those
 * columns.  An error from the function stops the reading; every error
 * names the file (and line).  A table in memory (io/table.h) is read the
 * same way, as its CSV file would be, without writing it. */
#ifndef BWM_CSV_ROWS_H
#define BWM_CSV_ROWS_H

#include <stddef.h>

#include "io/csv.h"
#include "io/table.h"
#include "util/status.h"

/* One data row: idx[k] is the column of the k-th required name. */
typedef int (*bwm_csv_row_fn)(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err);

int bwm_csv_each_row(const char *path, const char *const *cols, size_t ncols, bwm_csv_row_fn fn, void *ctx,
                     bwm_err *err);

/* t's rows as bwm_csv_each_row reads t rendered as CSV (bwm_table_render),
 * byte for byte the same fields: each cell's CSV text
 * (bwm_table_cell_csv: numbers as "%.12g"), trimmed of blanks as the
 * reader trims them, so that a number parsed from it
 * (bwm_csv_double_or_nan) is the one a reader of the file gets, rounded
 * to 12 digits, not the table's own; a line a reader skips (blank, or
 * starting with '#') is skipped.  path names the table in errors, with the
 * line number the row has in the file. */
int bwm_table_each_row(const bwm_table *t, const char *path, const char *const *cols, size_t ncols,
                       bwm_csv_row_fn fn, void *ctx, bwm_err *err);

#endif
