/* csv_rows.h — reading a CSV table row by row: the file opened, its header
 * required to hold some columns (found by name, in any order), and a
 * function called for every data row with the index of each of those
 * columns.  An error from the function stops the reading; every error
 * names the file (and line). */
#ifndef BWM_CSV_ROWS_H
#define BWM_CSV_ROWS_H

#include <stddef.h>

#include "io/csv.h"
#include "util/status.h"

/* One data row: idx[k] is the column of the k-th required name. */
typedef int (*bwm_csv_row_fn)(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err);

int bwm_csv_each_row(const char *path, const char *const *cols, size_t ncols, bwm_csv_row_fn fn, void *ctx,
                     bwm_err *err);

#endif
