/* import.h — rows of measured (ipc, mpki, bw) from other tools, each set
 * beside the performance model's ipc with its error.
 *
 * Sources: GPGPU-Sim logs (fit/gpgpusim_log.h) and plain CSV files with the
 * columns name, ipc, mpki, bw (any order, more columns allowed).  For every
 * row: ipc_model = bw / (line_bytes x mpki/1000) / core_clock (model/perf.h)
 * and ipc_model_err = (ipc_model - ipc) / ipc (signed).  For a log the core clock is
 * the log's own (first entry of -gpgpu_clock_domains), for a CSV the one
 * given.  A row whose mpki is 0 has no model ipc (NaN) and no error; such
 * rows are left out of the MARE (mean absolute relative error).
 *
 * Beside bw, a log's row carries GPGPU-Sim's own bandwidth figure,
 * bw_util_gbs = mean bw_util of the DRAM channels x peak (fit/gpgpusim_log.h),
 * and bw_diff, the relative difference of bw to it as a fraction; both are
 * NaN (empty cells) for a log without bw_util and for CSV rows.
 *
 * A log holding several kernels gives one row per kernel first (kernel =
 * its kernel_name, kernel_uid = its kernel_launch_uid; the figures are that
 * kernel's own, the differences of GPGPU-Sim's running totals between
 * consecutive kernels: fit/gpgpusim_kernel.h), then its whole-run row.  Every
 * log's whole-run row has kernel "all" and no kernel_uid, so a single-kernel
 * log gives that one row alone; CSV rows have neither.  The MARE takes the
 * whole-run and CSV rows only (per-kernel rows would count a log's data
 * twice). */
#ifndef BWM_IMPORT_H
#define BWM_IMPORT_H

#include <stddef.h>

#include "io/table.h"
#include "util/status.h"

typedef struct bwm_import_row {
    char name[128];        /* log file base name, or the CSV's name */
    char *kernel;          /* owned: the kernel's name, "all" for a log's whole run; NULL for CSV rows */
    long long kernel_uid;  /* the kernel's kernel_launch_uid; -1 for whole-run and CSV rows, and for a
                              kernel whose kernel_launch_uid line is empty */
    int per_kernel;        /* one kernel of a log (left out of the MARE) */
    double insts, cycles;  /* NaN for CSV rows */
    double ipc, mpki, bw;  /* measured (bw in GB/s) */
    double bw_util_gbs;    /* GPGPU-Sim's own DRAM bandwidth (mean bw_util x peak, GB/s); NaN without bw_util */
    double bw_diff;        /* (bw - bw_util_gbs) / bw_util_gbs; NaN when bw_util_gbs is NaN or 0 */
    double ipc_model;      /* the model's ipc, NaN when mpki is 0 */
    double ipc_model_err;  /* (ipc_model - ipc) / ipc, NaN when undefined */
} bwm_import_row;

typedef struct bwm_import {
    bwm_import_row *rows;
    size_t n, cap;
} bwm_import;

void bwm_import_init(bwm_import *im);
void bwm_import_free(bwm_import *im);

/* Appends a log's rows (one per kernel when it holds several, then the
 * whole run), measured as in fit/gpgpusim_log.h. */
/* line_bytes 0: the log's bytes per L2 miss (32 with a sector L2, its line
 * otherwise), BWM_IMPORT_LINE_BYTES when the log does not say; for CSV rows
 * BWM_IMPORT_LINE_BYTES. */
#define BWM_IMPORT_LINE_BYTES 128
int bwm_import_log(bwm_import *im, const char *path, double line_bytes, bwm_err *err);
/* Appends one row per CSV data row; errors name FILE:LINE. */
int bwm_import_csv(bwm_import *im, const char *path, double line_bytes, double clock_mhz, bwm_err *err);

/* Mean of |ipc_model_err| over the defined values of the whole-run and CSV
 * rows (NaN if none); *n (may be NULL) gets their count. */
double bwm_import_mare(const bwm_import *im, size_t *n);

/* The output tables (initialised here): t[0] "runs": run (the log's base
 * name or the CSV's name), kernel, kernel_uid, insts, cycles, ipc, mpki, bw,
 * bw_util_gbs, bw_err (= bw_diff), ipc_model, ipc_model_err, one row per
 * import; t[1] "summary": group "all", n, mare_model. */
int bwm_import_tables(const bwm_import *im, bwm_table t[2]);

#endif
