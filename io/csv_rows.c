/* csv_rows.c — a CSV table row by row (see csv_rows.h). */
#include "io/csv_rows.h"

#include <stdlib.h>

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
