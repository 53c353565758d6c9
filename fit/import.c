/* import.c — measured rows beside the model (see import.h). */
#include "fit/import.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/gpgpusim_kernel.h"
#include "fit/gpgpusim_log.h"
#include "io/csv.h"
#include "model/perf.h"
#include "util/grow.h"
#include "util/num.h"

void bwm_import_init(bwm_import *im)
{
    im->rows = NULL;
    im->n = im->cap = 0;
}

void bwm_import_free(bwm_import *im)
{
    for (size_t i = 0; i < im->n; i++)
        free(im->rows[i].kernel);
    free(im->rows);
    bwm_import_init(im);
}

/* Fills the model columns of a row whose ipc, mpki and bw are set; the
 * import takes row->kernel over (and frees it on failure). */
static int add_row(bwm_import *im, const bwm_import_row *row, double line_bytes, double clock_mhz, bwm_err *err)
{
    bwm_import_row *rows = bwm_grow(im->rows, &im->cap, im->n, sizeof *rows);
    if (!rows) {
        free(row->kernel);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    im->rows = rows;
    bwm_import_row *r = &im->rows[im->n++];
    *r = *row;
    r->ipc_model = r->ipc_model_err = NAN;
    if (r->mpki > 0) {
        bwm_perf_in in = {r->bw, r->mpki, line_bytes, clock_mhz};
        r->ipc_model = bwm_perf_eval(&in).ipc;
        if (r->ipc > 0)
            r->ipc_model_err = (r->ipc_model - r->ipc) / r->ipc;
    }
    return BWM_OK;
}

/* Appends the row of log (a whole run, or one kernel's part of it:
 * per_kernel) named after path, with the given kernel name (copied; NULL
 * for none) and uid (-1: none). */
static int add_log_row(bwm_import *im, const char *path, const bwm_gpgpusim_log *log, const char *kernel,
                       long long uid, int per_kernel, double line_bytes, bwm_err *err)
{
    bwm_import_row row;
    const char *base = strrchr(path, '/');
    snprintf(row.name, sizeof row.name, "%s", base ? base + 1 : path);
    row.kernel = kernel ? strdup(kernel) : NULL;
    if (kernel && !row.kernel)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    row.kernel_uid = uid;
    row.per_kernel = per_kernel;
    row.insts = log->insn;
    row.cycles = log->cycles;
    row.ipc = bwm_gpgpusim_ipc(log);
    row.mpki = bwm_gpgpusim_mpki(log);
    row.bw = bwm_gpgpusim_bw(log);
    double own = bwm_gpgpusim_bw_util_gbs(log);
    row.bw_util_gbs = own >= 0 ? own : NAN;
    row.bw_diff = own > 0 ? (row.bw - own) / own : NAN;
    double line = line_bytes > 0 ? line_bytes : log->miss_bytes > 0 ? (double)log->miss_bytes : BWM_IMPORT_LINE_BYTES;
    return add_row(im, &row, line, log->core_mhz, err);
}

int bwm_import_log(bwm_import *im, const char *path, double line_bytes, bwm_err *err)
{
    bwm_gpgpusim_log log;
    bwm_gpgpusim_kernels ks;
    int st = bwm_gpgpusim_log_read_kernels(path, &log, &ks, err);
    for (size_t k = 0; st == BWM_OK && ks.n > 1 && k < ks.n; k++) {
        bwm_gpgpusim_log one;
        bwm_gpgpusim_kernel_log(&log, &ks, k, &one);
        st = add_log_row(im, path, &one, ks.k[k].name, ks.k[k].uid, 1, line_bytes, err);
    }
    if (st == BWM_OK)
        st = add_log_row(im, path, &log, "all", -1, 0, line_bytes, err);
    bwm_gpgpusim_kernels_free(&ks);
    return st;
}

int bwm_import_csv(bwm_import *im, const char *path, double line_bytes, double clock_mhz, bwm_err *err)
{
    static const char *const cols[] = {"name", "ipc", "mpki", "bw"};
    int idx[4];
    bwm_csv c;
    int st = bwm_csv_open_with(&c, path, cols, idx, 4, err);
    if (st != BWM_OK)
        return st;
    int got = 1;
    while (st == BWM_OK) {
        st = bwm_csv_read(&c, &got, err);
        if (st != BWM_OK || !got)
            break;
        bwm_import_row row;
        row.kernel = NULL;
        row.kernel_uid = -1;
        row.per_kernel = 0;
        row.insts = row.cycles = row.bw_util_gbs = row.bw_diff = NAN;
        st = bwm_csv_check_width(&c, err);
        if (st == BWM_OK)
            st = bwm_csv_rate(&c, idx[1], &row.ipc, err);
        if (st == BWM_OK)
            st = bwm_csv_rate(&c, idx[2], &row.mpki, err);
        if (st == BWM_OK)
            st = bwm_csv_rate(&c, idx[3], &row.bw, err);
        if (st == BWM_OK && (row.ipc < 0 || row.mpki < 0 || row.bw < 0))
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: ipc, mpki and bw must be >= 0", path, c.line);
        if (st == BWM_OK && bwm_csv_field(&c, idx[0])[0] == '\0')
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: empty name", path, c.line);
        if (st == BWM_OK && strlen(bwm_csv_field(&c, idx[0])) >= sizeof row.name)
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'name': longer than %zu characters", path, c.line,
                          sizeof row.name - 1);
        if (st == BWM_OK) {
            snprintf(row.name, sizeof row.name, "%s", bwm_csv_field(&c, idx[0]));
            st = add_row(im, &row, line_bytes > 0 ? line_bytes : BWM_IMPORT_LINE_BYTES, clock_mhz, err);
        }
        /* Finite numbers can still be too far apart for the model (a tiny
         * mpki or ipc beside a huge bw); the figures of a log cannot. */
        const bwm_import_row *r = st == BWM_OK ? &im->rows[im->n - 1] : NULL;
        if (r && (isinf(r->ipc_model) || isinf(r->ipc_model_err)))
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: ipc %g, mpki %g and bw %g are out of the model's range "
                          "(its ipc or error would be infinite)", path, c.line, r->ipc, r->mpki, r->bw);
    }
    bwm_csv_close(&c);
    return st;
}

double bwm_import_mare(const bwm_import *im, size_t *n)
{
    double sum = 0;
    size_t k = 0;
    for (size_t i = 0; i < im->n; i++)
        if (!im->rows[i].per_kernel && !isnan(im->rows[i].ipc_model_err)) {
            sum += fabs(im->rows[i].ipc_model_err);
            k++;
        }
    if (n)
        *n = k;
    return k ? sum / (double)k : NAN;
}

int bwm_import_tables(const bwm_import *im, bwm_table t[2])
{
    static const char *const cols[] = {"run", "kernel", "kernel_uid", "insts", "cycles", "ipc", "mpki",
                                        "bw", "bw_util_gbs", "bw_err", "ipc_model", "ipc_model_err"};
    static const char *const sum_cols[] = {"group", "n", "mare_model"};
    int bad = bwm_table_init(&t[0], "Imported runs: measured ipc beside the model's (ipc = bw / (line x mpki/1000) / clock)",
                             cols, sizeof cols / sizeof cols[0]);
    bad |= bwm_table_init(&t[1], "Mean absolute relative error of ipc_model (whole runs and CSV rows)", sum_cols,
                          sizeof sum_cols / sizeof sum_cols[0]);
    if (bad)
        return BWM_EFAIL;
    for (size_t i = 0; i < im->n; i++) {
        const bwm_import_row *r = &im->rows[i];
        bwm_table_str(&t[0], r->name);
        if (r->kernel)
            bwm_table_str(&t[0], r->kernel);
        else
            bwm_table_null(&t[0]);
        bwm_table_num(&t[0], r->kernel_uid >= 0 ? (double)r->kernel_uid : NAN); /* up to 2^53: exact */
        /* counts of a log (whole numbers up to 2^53), NaN for CSV rows */
        const double counts[2] = {r->insts, r->cycles};
        for (int k = 0; k < 2; k++) {
            int64_t v;
            if (bwm_whole_in(counts[k], 0, INT64_MAX, &v) == 0)
                bwm_table_int(&t[0], (long long)v);
            else
                bwm_table_null(&t[0]);
        }
        const double v[] = {r->ipc, r->mpki, r->bw, r->bw_util_gbs, r->bw_diff, r->ipc_model, r->ipc_model_err};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            bwm_table_num(&t[0], v[k]);
    }
    size_t n;
    double mare = bwm_import_mare(im, &n);
    bwm_table_str(&t[1], "all");
    bwm_table_int(&t[1], (long long)n);
    bwm_table_num(&t[1], mare);
    return t[0].failed || t[1].failed ? BWM_EFAIL : BWM_OK;
}
