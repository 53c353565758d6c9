/* perf_table.h — the output of a performance-model fit (perf_fit.h) as three
 * tables, and rendered together.
 *
 * Errors table (key "errors"), one row per sample in input order: app, ipc,
 * mpki, bw, f_smem, then the ipc and its signed relative error
 * (model - measured) / measured of the plain model (ipc_model,
 * ipc_model_err), of the least-squares constant (ipc_lsq, ipc_lsq_err) and of
 * the extended model (ipc_ext, ipc_ext_err), and a note (heavy scratchpad
 * use, or why the sample is excluded).
 *
 * Summary table ("summary"), rows all, light, heavy: group, n, the mean
 * absolute relative errors mare_model, mare_lsq, mare_ext, and a note.
 *
 * Parameters table ("params"): parameter, value, stderr, theory (the value
 * of the plain model, where there is one), note.  Rows: samples, heavy_smem,
 * L_fit, R2_lsq, k, s, u, R2_ext, chi2_ext.  Dropped parameters have no
 * value and say why in their note.
 *
 * Rendered: text is every table; CSV the one asked for; JSON one object
 * {"errors":[...],"summary":[...],"params":[...]}. */
#ifndef BWM_PERF_TABLE_H
#define BWM_PERF_TABLE_H

#include "fit/perf_fit.h"
#include "io/json.h"
#include "io/table.h"
#include "util/buf.h"

enum { BWM_PERF_ERRORS, BWM_PERF_SUMMARY, BWM_PERF_PARAMS, BWM_PERF_NTABLES };

/* The key of table k ("errors", "summary", "params"). */
const char *bwm_perf_table_key(int k);

/* Fills the three tables (initialised here; free them with bwm_table_free).
 * s are the samples f was fitted to.  Fails only when out of memory. */
int bwm_perf_tables(const bwm_perf_fit *f, const bwm_perf_sample *s, bwm_table t[BWM_PERF_NTABLES], bwm_err *err);

/* Appends the tables to out in the given format, as said above (CSV: table
 * pick); in JSON, extra (may be NULL) adds members to the object. */
void bwm_perf_render(const bwm_table t[BWM_PERF_NTABLES], bwm_format fmt, int pick, bwm_json_members_fn extra,
                     const void *extra_ctx, bwm_buf *out);

#endif
