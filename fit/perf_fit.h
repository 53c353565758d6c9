/* perf_fit.h — fitting the single-application performance model (paper 000,
 * Sec. 3) to measured (ipc, mpki, bw) samples: the plain model's errors, a
 * least-squares bytes-per-miss constant, and an extended model for work that
 * the DRAM traffic does not explain.  Pure computation (GSL), no printing.
 *
 * For sample i with core clock g_i (GHz) let x_i = bw_i x 1000 / (mpki_i x g_i)
 * (bytes per core cycle per miss per kilo-instruction); then
 *
 *   plain model    P_i = x_i / line_bytes                 (model/perf.h, line 128)
 *   least squares  ipc = c x_i through the origin (gsl_fit_mul, unweighted),
 *                  L = 1/c bytes per miss, se(L) = se(c) / c^2 (delta method),
 *                  R^2 = 1 - SS_res / SS_tot, SS_tot = sum (ipc_i - mean ipc)^2
 *                  (about the mean, so it may be negative for a bad fit)
 *   extended       ipc = 1 / ( 1 / (k P_i (1 + s f_i)) + u )
 *
 * The extended model adds the two limits that P_i leaves out: a kernel's
 * time per instruction is its DRAM time plus the time of the work that does
 * not wait for DRAM.  k is the bandwidth efficiency (bytes really moved per
 * miss are line_bytes / k: writebacks, partial lines), s the scratchpad boost
 * (paper 000: scratchpad-heavy applications get bandwidth from the scratchpad
 * as well and the plain model underestimates them; f_i is the share of warp
 * instructions using it), u = 1 / (compute ceiling ipc).  k = 1, s = 0,
 * u = 0 is the plain model.  It is fitted by weighted nonlinear least
 * squares (gsl_multifit_nlinear, trust region with Levenberg-Marquardt
 * steps) on relative residuals (model - ipc) / ipc, as the errors that
 * matter (MARE) are relative and ipcs span orders of magnitude.  Standard
 * errors come from gsl_multifit_nlinear_covar scaled by sqrt(chi^2 / dof).
 *
 * A parameter the data cannot determine is left out of the fit (held at its
 * neutral value) and reported with the reason: s when every f_i is the same,
 * the last ones (u, then s, then k) while the samples are not more than the
 * parameters, and any whose Jacobian column is dependent on the others.
 *
 * Samples with mpki <= 0, bw <= 0 or ipc <= 0 cannot be predicted (or have no
 * relative error): they are excluded, named in the result, and take part in
 * nothing.  Relative error: |model - ipc| / ipc; MARE: its mean. */
#ifndef BWM_PERF_FIT_H
#define BWM_PERF_FIT_H

#include <stddef.h>

#include "util/status.h"

#define BWM_PERF_HEAVY_SMEM_DEFAULT 0.1 /* f_i at or above this is heavy scratchpad use */

typedef struct bwm_perf_sample {
    char name[64];
    double ipc, mpki, bw;  /* measured; bw in GB/s */
    double clock_ghz;      /* core clock, > 0 */
    double f_smem;         /* share of warp instructions using the scratchpad, 0..1 */
} bwm_perf_sample;

typedef struct bwm_perf_opts {
    double line_bytes;     /* the plain model's bytes per miss, > 0 (128) */
    double heavy_smem;     /* heavy scratchpad use: f_i >= this (0.1) */
} bwm_perf_opts;

/* Per sample, in input order.  Predictions and errors are NaN when excluded
 * (and the extended ones when no extended parameter could be fitted). */
typedef struct bwm_perf_row {
    const char *excluded;  /* NULL, or why: "mpki <= 0", "bw <= 0", "ipc <= 0" */
    int heavy;             /* f_smem >= heavy_smem */
    double ipc_model, err_model;
    double ipc_lsq, err_lsq;
    double ipc_ext, err_ext;
} bwm_perf_row;

/* Mean absolute relative errors: over all used samples, those without heavy
 * scratchpad use (light) and those with (heavy); NaN for an empty group. */
typedef struct bwm_perf_mare {
    double all, light, heavy;
} bwm_perf_mare;

typedef enum bwm_perf_param_id { BWM_PERF_K, BWM_PERF_S, BWM_PERF_U, BWM_PERF_NPARAM } bwm_perf_param_id;

typedef struct bwm_perf_param {
    int fitted;            /* 0: dropped, held at its neutral value (1, 0, 0) */
    double value, se;      /* se: standard error (NaN when dropped) */
    char dropped[128];     /* why it was dropped ("" when fitted) */
} bwm_perf_param;

typedef struct bwm_perf_fit {
    size_t n;              /* samples given */
    bwm_perf_row *rows;    /* n rows (malloc'ed) */
    size_t n_used, n_light, n_heavy, n_excluded;
    bwm_perf_opts opts;
    bwm_perf_mare mare_model, mare_lsq, mare_ext;
    /* least squares */
    double c, c_se;        /* slope of ipc on x; se NaN with one sample */
    double line_fit, line_fit_se;
    double r2_lsq;         /* NaN when SS_tot is 0 */
    /* extended model */
    bwm_perf_param ext[BWM_PERF_NPARAM];
    int ext_fitted;        /* at least one parameter fitted */
    size_t ext_iters;
    double ext_chi2, ext_dof; /* sum of squared relative residuals, n_used - fitted */
    double r2_ext;
} bwm_perf_fit;

/* Neutral options: line 128, heavy 0.1. */
void bwm_perf_opts_default(bwm_perf_opts *o);

/* The names of the extended parameters ("k", "s", "u"). */
const char *bwm_perf_param_name(bwm_perf_param_id id);

/* Fits everything.  Bad samples (non-finite numbers, clock <= 0, f_smem out
 * of 0..1) and no usable sample at all are BWM_EINPUT; a nonlinear fit that
 * does not converge is BWM_EFAIL.  out is filled on success only (free it
 * with bwm_perf_fit_free). */
int bwm_perf_fit_run(const bwm_perf_sample *s, size_t n, const bwm_perf_opts *o, bwm_perf_fit *out,
                     bwm_err *err);
void bwm_perf_fit_free(bwm_perf_fit *f);

#endif
