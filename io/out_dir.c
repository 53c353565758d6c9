/* out_dir.c — a folder of result files (see out_dir.h). */
#include "io/out_dir.h"

#include <stdio.h>
#include <stdlib.h>

#include "io/outfile.h"

#define NFMT 3
#define NAME_MAX_LEN 256

int bwm_out_dir_files(const char *dir, const char *const *names, const bwm_buf *bufs, size_t n, bwm_err *err)
{
    int st = bwm_output_folder(dir, "option --out: ", err);
    if (st != BWM_OK)
        return st;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        bwm_err sub;
        st = bwm_output_commit(path, &bufs[i], &sub);
        if (st != BWM_OK)
            return bwm_fail(err, st, "option --out: %s", sub.msg);
    }
    return BWM_OK;
}

int bwm_out_dir_tables(const char *dir, const bwm_out_table *tables, size_t n, bwm_err *err)
{
    static const char *const ext[NFMT] = {"txt", "csv", "json"};
    static const bwm_format fmts[NFMT] = {BWM_FMT_TABLE, BWM_FMT_CSV, BWM_FMT_JSON};
    bwm_buf *b = calloc(n * NFMT, sizeof *b);
    char (*names)[NAME_MAX_LEN] = calloc(n * NFMT, sizeof *names);
    const char **name_ptrs = calloc(n * NFMT, sizeof *name_ptrs);
    int st = BWM_OK;
    if (!b || !names || !name_ptrs)
        st = bwm_fail(err, BWM_EFAIL, "option --out: out of memory");
    for (size_t i = 0; st == BWM_OK && i < n * NFMT; i++) {
        bwm_buf_init(&b[i]);
        bwm_table_render(tables[i / NFMT].t, fmts[i % NFMT], &b[i]);
        snprintf(names[i], NAME_MAX_LEN, "%s.%s", tables[i / NFMT].name, ext[i % NFMT]);
        name_ptrs[i] = names[i];
    }
    if (st == BWM_OK)
        st = bwm_out_dir_files(dir, name_ptrs, b, n * NFMT, err);
    for (size_t i = 0; b && i < n * NFMT; i++)
        bwm_buf_free(&b[i]);
    free(b);
    free(names);
    free(name_ptrs);
    return st;
}
