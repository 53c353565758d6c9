/* csv_rows.c — a CSV table row by row (see csv_rows.h). */
#include "io/csv_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

int bwm_csv_each_row(const char *path, const char *const *cols, size_t ncols, bwm_csv_row_fn fn, void *ctx,
                     bwm_err *err)
{
    bwm_csv c;
    int st = bwm_csv_open(&c, path, err);
    if (st != BWM_OK)
        return st;
    int *idx = calloc(ncols ? ncols : 1, sizeof *idx);
    st = idx ? bwm_csv_header(&c, err) : bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = bwm_csv_require(&c, cols, idx, ncols, err);
    for (int got = 1; st == BWM_OK;) {
        st = bwm_csv_read(&c, &got, err);
        if (st != BWM_OK || !got)
            break;
        st = fn(&c, idx, ctx, err);
    }
    free(idx);
    bwm_csv_close(&c);
    return st;
}

/* The field as the reader keeps it: blanks around it trimmed (io/csv.c). */
static void put_trimmed(bwm_buf *b, const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    bwm_buf_append(b, s, n);
    bwm_buf_append(b, "", 1);
}

/* Whether the reader skips the row's line (io/csv.c): blank, or a '#'
 * after blanks.  The line starts with the first cell as bwm_csv_put_field
 * writes it: quoted (so not skipped) when it holds a comma, a quote, a line
 * end or starts with '#'. */
static int row_skipped(const bwm_table *t, size_t r, char *tmp, size_t n)
{
    const char *s = bwm_table_cell_csv(t, r * t->ncols, tmp, n);
    if (strpbrk(s, ",\"\n\r") || s[0] == '#')
        return 0;
    s += strspn(s, " \t");
    return *s == '#' || (*s == '\0' && t->ncols == 1);
}

int bwm_table_each_row(const bwm_table *t, const char *path, const char *const *cols, size_t ncols,
                       bwm_csv_row_fn fn, void *ctx, bwm_err *err)
{
    bwm_csv c;
    memset(&c, 0, sizeof c);
    snprintf(c.path, sizeof c.path, "%s", path);
    c.line = 1; /* the header's */
    c.header = t->cols;
    c.nheader = t->ncols;
    int *idx = calloc(ncols ? ncols : 1, sizeof *idx);
    size_t *at = calloc(t->ncols ? t->ncols : 1, sizeof *at);
    c.fields = calloc(t->ncols ? t->ncols : 1, sizeof *c.fields);
    int st = idx && at && c.fields ? bwm_csv_require(&c, cols, idx, ncols, err)
                                   : bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_buf text;
    bwm_buf_init(&text);
    char tmp[64];
    size_t rows = bwm_table_rows(t);
    for (size_t r = 0; st == BWM_OK && r < rows; r++) {
        c.line = (long)r + 2;
        if (row_skipped(t, r, tmp, sizeof tmp))
            continue;
        bwm_buf_clear(&text);
        for (size_t k = 0; k < t->ncols; k++) {
            at[k] = text.len;
            put_trimmed(&text, bwm_table_cell_csv(t, r * t->ncols + k, tmp, sizeof tmp));
        }
        if (!bwm_buf_ok(&text)) {
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
            break;
        }
        for (size_t k = 0; k < t->ncols; k++)
            c.fields[k] = text.data + at[k];
        c.nfields = t->ncols;
        st = fn(&c, idx, ctx, err);
    }
    bwm_buf_free(&text);
    free(c.fields);
    free(at);
    free(idx);
    return st;
}
