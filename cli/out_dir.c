/* out_dir.c — tables written as .txt, .csv and .json into a folder (see
 * out_dir.h). */
#include "cli/out_dir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/outfile.h"

#define NFMT 3

int bwm_out_dir_write(const char *dir, const bwm_out_table *tables, size_t n, bwm_err *err)
{
    static const char *const ext[NFMT] = {"txt", "csv", "json"};
    static const bwm_format fmts[NFMT] = {BWM_FMT_TABLE, BWM_FMT_CSV, BWM_FMT_JSON};
    bwm_buf *b = calloc(n * NFMT, sizeof *b);
    if (!b)
        return bwm_fail(err, BWM_EFAIL, "option --out: out of memory");
    for (size_t i = 0; i < n * NFMT; i++) {
        bwm_buf_init(&b[i]);
        bwm_table_render(tables[i / NFMT].t, fmts[i % NFMT], &b[i]);
    }
    int st = BWM_OK;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        st = bwm_fail(err, BWM_EFAIL, "option --out: cannot create '%s': %s", dir, strerror(errno));
    for (size_t i = 0; i < n * NFMT && st == BWM_OK; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.%s", dir, tables[i / NFMT].name, ext[i % NFMT]);
        st = bwm_output_commit(path, &b[i], err);
    }
    for (size_t i = 0; i < n * NFMT; i++)
        bwm_buf_free(&b[i]);
    free(b);
    return st;
}
