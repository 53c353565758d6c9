/* csv_field.h — test support: a field of a CSV text (a command's output, a
 * file read whole) by its row's start and its column's name. */
#ifndef BWM_CSV_FIELD_H
#define BWM_CSV_FIELD_H

#include <stddef.h>

/* The field of column `column` (named in the header, csv's first line) in
 * the first row of csv that starts with prefix, into out (asserts there are
 * both); a field is taken as written (no quoting). */
void bwm_csv_field_of(const char *csv, const char *prefix, const char *column, char *out, size_t n);
/* That field is want. */
void bwm_expect_csv_field(const char *csv, const char *prefix, const char *column, const char *want);

#endif
