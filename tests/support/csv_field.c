/* csv_field.c — fields of a CSV text (see csv_field.h). */
#include "tests/support/csv_field.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

void bwm_csv_field_of(const char *csv, const char *prefix, const char *column, char *out, size_t n)
{
    const char *row = NULL, *eol = strchr(csv, '\n');
    cr_assert(eol, "no header in %s", csv);
    for (const char *p = eol; p && !row; p = strchr(p + 1, '\n'))
        if (strncmp(p + 1, prefix, strlen(prefix)) == 0)
            row = p + 1;
    cr_assert(row, "no row %s in %s", prefix, csv);
    int col = 0;
    for (const char *h = csv; h < eol; col++) {
        size_t len = strcspn(h, ",\n");
        if (len == strlen(column) && strncmp(h, column, len) == 0)
            break;
        h += len + (h[len] == ',');
        cr_assert(h < eol, "no column %s in %.*s", column, (int)(eol - csv), csv);
    }
    const char *f = row;
    for (int i = 0; i < col; i++) {
        f = strchr(f, ',');
        cr_assert(f, "row %s is short of column %s", prefix, column);
        f++;
    }
    snprintf(out, n, "%.*s", (int)strcspn(f, ",\n"), f);
}

void bwm_expect_csv_field(const char *csv, const char *prefix, const char *column, const char *want)
{
    char got[128];
    bwm_csv_field_of(csv, prefix, column, got, sizeof got);
    cr_expect_str_eq(got, want, "%s of %s", column, prefix);
}
