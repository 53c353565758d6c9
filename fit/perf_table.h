/* perf_table.h — the output of a performance-model fit (perf_fit.h) as two
 * tables, and both rendered together.
 *
 * Errors table, one row per sample in input order: name, ipc, mpki, bw,
 * f_smem, then ipc and relative error of the plain model (ipc_model,
 * err_model), of the least-squares constant (ipc_lsq, err_lsq) and of the
 * extended model (ipc_ext, err_ext), and a note (heavy scratchpad use, or why
 * the sample is excluded); then three rows "MARE (all)", "MARE (light smem)"
 * and "MARE (heavy smem)" with the mean errors in the err_ columns.
 *
 * Parameters table: parameter, value, stderr, theory (the value of the plain
 * model, where there is one), note.  Rows: samples, heavy_smem, L_fit,
 * R2_lsq, k, s, u, R2_ext, chi2_ext.  Dropped parameters have no value and
 * say why in their note.
 *
 * Together: text and CSV are the errors table, a blank line, the parameters
 * table; JSON is one object {"errors":[...],"params":[...]}. */
#ifndef BWM_PERF_TABLE_H
#define BWM_PERF_TABLE_H

#include "fit/perf_fit.h"
#include "io/json.h"
#include "io/table.h"
#include "util/buf.h"

/* Fills both tables (initialised here; free them with bwm_table_free). s are
 * the samples f was fitted to.  Fails only when out of memory. */
int bwm_perf_tables(const bwm_perf_fit *f, const bwm_perf_sample *s, bwm_table *errors, bwm_table *params,
                    bwm_err *err);

/* Appends both tables to out in the given format, as said above; in JSON,
 * extra (may be NULL) adds members to the object. */
void bwm_perf_render(const bwm_table *errors, const bwm_table *params, bwm_format fmt, bwm_json_members_fn extra,
                     const void *extra_ctx, bwm_buf *out);

#endif
