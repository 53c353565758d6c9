/* perf_fit_test.c — the performance-model fits: the least-squares constant
 * and the extended model recovered from synthetic data made with known
 * values (exact and with deterministic noise), errors and MAREs worked out by
 * hand, parameters the data cannot determine, excluded samples. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/perf_fit.h"
#include "util/rng.h"

#define MAXS 128

static bwm_perf_opts opts(void)
{
    bwm_perf_opts o;
    bwm_perf_opts_default(&o);
    return o;
}

/* A sample whose plain model (line 128) predicts P, measured at ipc. */
static bwm_perf_sample sample(const char *name, double P, double mpki, double clock_ghz, double f, double ipc)
{
    bwm_perf_sample s;
    snprintf(s.name, sizeof s.name, "%s", name);
    s.mpki = mpki;
    s.clock_ghz = clock_ghz;
    s.bw = P * 128.0 * mpki * clock_ghz / 1000.0;
    s.f_smem = f;
    s.ipc = ipc;
    return s;
}

/* Fits with o, or with the default options when o is NULL. */
static void fit_ok(const bwm_perf_sample *s, size_t n, const bwm_perf_opts *o, bwm_perf_fit *f)
{
    bwm_perf_opts def = opts();
    bwm_err err;
    int st = bwm_perf_fit_run(s, n, o ? o : &def, f, &err);
    cr_assert_eq(st, BWM_OK, "%s", err.msg);
}

/* ipc of the extended model with parameters k, s, u. */
static double ext_ipc(double P, double f, double k, double s, double u)
{
    return 1.0 / (1.0 / (k * P * (1 + s * f)) + u);
}

/* Samples made with L bytes per miss: ipc = x / L, times (1 + noise x e),
 * e uniform in [-1, 1). */
static size_t lsq_samples(bwm_perf_sample *s, double L, double noise, uint64_t seed)
{
    bwm_rng r;
    bwm_rng_seed(&r, seed);
    size_t n = 30;
    for (size_t i = 0; i < n; i++) {
        double P = bwm_rng_range(&r, 5, 500);
        double ipc = P * 128.0 / L * (1 + noise * bwm_rng_range(&r, -1, 1));
        s[i] = sample("a", P, bwm_rng_range(&r, 0.1, 50), bwm_rng_range(&r, 0.7, 1.6), 0, ipc);
    }
    return n;
}

Test(perf_fit, least_squares_constant_exact)
{
    bwm_perf_sample s[MAXS];
    size_t n = lsq_samples(s, 100, 0, 7);
    bwm_perf_fit f;
    fit_ok(s, n, NULL, &f);
    cr_assert_float_eq(f.line_fit, 100, 1e-9);
    cr_assert(f.line_fit_se < 1e-9, "se %g", f.line_fit_se);
    cr_assert_float_eq(f.r2_lsq, 1, 1e-12);
    cr_assert(f.mare_lsq.all < 1e-12);
    /* the plain model with 128 bytes per miss predicts 100/128 of every ipc */
    cr_assert_float_eq(f.mare_model.all, 0.21875, 1e-12);
    bwm_perf_fit_free(&f);
}

Test(perf_fit, least_squares_constant_with_noise)
{
    bwm_perf_sample s[MAXS];
    size_t n = lsq_samples(s, 100, 0.03, 11);
    bwm_perf_fit f;
    fit_ok(s, n, NULL, &f);
    cr_assert(fabs(f.line_fit - 100) < 3 * f.line_fit_se, "L %g +- %g", f.line_fit, f.line_fit_se);
    /* 3 % noise (sd 1.7 %) over 30 samples: se of L about 100 x 0.017 / sqrt(30) = 0.3 */
    cr_assert(f.line_fit_se > 0.1 && f.line_fit_se < 1, "se %g", f.line_fit_se);
    cr_assert(f.r2_lsq > 0.99 && f.r2_lsq < 1, "R2 %g", f.r2_lsq);
    bwm_perf_fit_free(&f);
}

/* Samples from the extended model: a third of them scratchpad-heavy, ipc
 * times (1 + noise x e). */
static size_t ext_samples(bwm_perf_sample *s, double k, double sb, double u, double noise, uint64_t seed)
{
    bwm_rng r;
    bwm_rng_seed(&r, seed);
    size_t n = 60;
    for (size_t i = 0; i < n; i++) {
        double P = exp(bwm_rng_range(&r, log(5), log(2000)));
        double f = i % 3 == 0 ? bwm_rng_range(&r, 0.15, 0.45) : 0.0;
        double ipc = ext_ipc(P, f, k, sb, u) * (1 + noise * bwm_rng_range(&r, -1, 1));
        s[i] = sample("a", P, bwm_rng_range(&r, 0.1, 50), 1.4, f, ipc);
    }
    return n;
}

Test(perf_fit, extended_model_recovers_known_parameters)
{
    const double truth[3] = {0.8, 1.5, 1.0 / 300};
    bwm_perf_sample s[MAXS];
    size_t n = ext_samples(s, truth[0], truth[1], truth[2], 0.04, 3);
    bwm_perf_fit f;
    fit_ok(s, n, NULL, &f);
    cr_assert(f.ext_fitted);
    for (int p = 0; p < BWM_PERF_NPARAM; p++) {
        const bwm_perf_param *q = &f.ext[p];
        cr_assert(q->fitted, "%s dropped: %s", bwm_perf_param_name(p), q->dropped);
        cr_assert(fabs(q->value - truth[p]) < 3 * q->se, "%s = %g +- %g, truth %g", bwm_perf_param_name(p),
                  q->value, q->se, truth[p]);
        cr_assert(q->se > 0 && q->se < 0.1 * truth[p], "%s se %g", bwm_perf_param_name(p), q->se);
    }
    cr_assert_float_eq(f.ext_dof, 57, 0);
    /* uniform noise of +-4 % has a mean absolute value of 2 % */
    cr_assert(f.mare_ext.all < 0.03, "MARE %g", f.mare_ext.all);
    cr_assert(f.mare_model.heavy > f.mare_ext.heavy);
    bwm_perf_fit_free(&f);
}

/* The standard errors are what the fits scatter by: over many noisy data
 * sets the spread of each estimate matches the mean reported error. */
Test(perf_fit, extended_model_standard_errors_match_the_scatter)
{
    const double truth[3] = {0.8, 1.5, 1.0 / 300};
    enum { RUNS = 120 };
    double sum[3] = {0}, sum2[3] = {0}, se[3] = {0};
    for (int run = 0; run < RUNS; run++) {
        bwm_perf_sample s[MAXS];
        size_t n = ext_samples(s, truth[0], truth[1], truth[2], 0.04, 100 + (uint64_t)run);
            bwm_perf_fit f;
        fit_ok(s, n, NULL, &f);
        for (int p = 0; p < 3; p++) {
            sum[p] += f.ext[p].value;
            sum2[p] += f.ext[p].value * f.ext[p].value;
            se[p] += f.ext[p].se;
        }
        bwm_perf_fit_free(&f);
    }
    for (int p = 0; p < 3; p++) {
        double mean = sum[p] / RUNS;
        double sd = sqrt((sum2[p] - RUNS * mean * mean) / (RUNS - 1));
        double ratio = sd / (se[p] / RUNS);
        cr_assert(ratio > 0.7 && ratio < 1.4, "%s: scatter %g, reported %g", bwm_perf_param_name(p), sd,
                  se[p] / RUNS);
        cr_assert(fabs(mean - truth[p]) < 0.5 * sd + 1e-12, "%s biased: mean %g", bwm_perf_param_name(p), mean);
    }
}

/* Three samples at 1 GHz, line 128 (x = bw x 1000 / mpki):
 *   A: x = 12800, P = 100, ipc 80:  error 0.25, f 0
 *   B: x = 12800, P = 100, ipc 125: error 0.2,  f 0.05
 *   C: x = 6400,  P = 50,  ipc 100: error 0.5,  f 0.3 (heavy) */
static void tiny(bwm_perf_sample *s)
{
    s[0] = sample("A", 100, 1, 1, 0, 80);
    s[1] = sample("B", 100, 2, 1, 0.05, 125);
    s[2] = sample("C", 50, 1, 1, 0.3, 100);
}

Test(perf_fit, errors_and_mare_by_hand)
{
    bwm_perf_sample s[3];
    tiny(s);
    cr_assert_float_eq(s[1].bw, 25.6, 1e-12);
    bwm_perf_fit f;
    fit_ok(s, 3, NULL, &f);
    cr_assert_eq(f.n_used, 3);
    cr_assert_eq(f.n_heavy, 1);
    cr_assert_eq(f.n_light, 2);
    cr_assert_float_eq(f.rows[0].ipc_model, 100, 1e-9);
    cr_assert_float_eq(f.rows[2].ipc_model, 50, 1e-9);
    cr_assert_float_eq(f.rows[0].err_model, 0.25, 1e-12);
    cr_assert_float_eq(f.rows[1].err_model, -0.2, 1e-12); /* signed: the model is below the measured ipc */
    cr_assert_float_eq(f.rows[2].err_model, -0.5, 1e-12);
    cr_assert(!f.rows[0].heavy && !f.rows[1].heavy && f.rows[2].heavy);
    cr_assert_float_eq(f.mare_model.all, 0.95 / 3, 1e-12);
    cr_assert_float_eq(f.mare_model.light, 0.225, 1e-12);
    cr_assert_float_eq(f.mare_model.heavy, 0.5, 1e-12);
    /* c = sum xy / sum x^2 = (12800 x 80 + 12800 x 125 + 6400 x 100) / (2 x 12800^2 + 6400^2)
     *   = 3264000 / 368640000; L = 1/c = 112.941...; A predicted at 12800 c = 113.33 */
    double c = 3264000.0 / 368640000.0;
    cr_assert_float_eq(f.c, c, 1e-15);
    cr_assert_float_eq(f.line_fit, 1 / c, 1e-9);
    cr_assert_float_eq(f.rows[0].ipc_lsq, 12800 * c, 1e-9);
    cr_assert_float_eq(f.rows[2].err_lsq, (6400 * c - 100) / 100, 1e-12);
    /* se(c) = sqrt(SS_res / (n - 1) / sum x^2); se(L) = se(c) / c^2 */
    double ss = pow(80 - 12800 * c, 2) + pow(125 - 12800 * c, 2) + pow(100 - 6400 * c, 2);
    double se_c = sqrt(ss / 2 / 368640000.0);
    cr_assert_float_eq(f.c_se, se_c, 1e-15);
    cr_assert_float_eq(f.line_fit_se, se_c / (c * c), 1e-9);
    /* R^2 = 1 - SS_res / SS_tot about the mean 305/3 */
    double m = 305.0 / 3;
    double tot = pow(80 - m, 2) + pow(125 - m, 2) + pow(100 - m, 2);
    cr_assert_float_eq(f.r2_lsq, 1 - ss / tot, 1e-12);
    bwm_perf_fit_free(&f);
}

Test(perf_fit, heavy_threshold_moves_the_split)
{
    bwm_perf_sample s[3];
    tiny(s);
    bwm_perf_opts o = opts();
    o.heavy_smem = 0.05; /* B (f = 0.05) is heavy now: at or above */
    bwm_perf_fit f;
    fit_ok(s, 3, &o, &f);
    cr_assert_eq(f.n_heavy, 2);
    cr_assert_float_eq(f.mare_model.light, 0.25, 1e-12);
    cr_assert_float_eq(f.mare_model.heavy, 0.35, 1e-12);
    bwm_perf_fit_free(&f);
    o.heavy_smem = 0.5; /* nobody heavy: that group's MARE is undefined */
    fit_ok(s, 3, &o, &f);
    cr_assert_eq(f.n_heavy, 0);
    cr_assert(isnan(f.mare_model.heavy));
    cr_assert_float_eq(f.mare_model.light, f.mare_model.all, 1e-15);
    bwm_perf_fit_free(&f);
}

Test(perf_fit, too_few_samples_drop_the_last_parameters)
{
    bwm_perf_sample s[3];
    tiny(s);
    bwm_perf_fit f;
    fit_ok(s, 3, NULL, &f);
    cr_assert(f.ext_fitted);
    cr_assert(f.ext[BWM_PERF_K].fitted && f.ext[BWM_PERF_S].fitted);
    cr_assert(!f.ext[BWM_PERF_U].fitted);
    cr_assert(isnan(f.ext[BWM_PERF_U].value) && isnan(f.ext[BWM_PERF_U].se));
    cr_assert(strstr(f.ext[BWM_PERF_U].dropped, "3 samples for 3 parameters"), "%s", f.ext[BWM_PERF_U].dropped);
    cr_assert_float_eq(f.ext_dof, 1, 0);
    for (int i = 0; i < 3; i++)
        cr_assert(isfinite(f.rows[i].ipc_ext));
    bwm_perf_fit_free(&f);
}

Test(perf_fit, no_scratchpad_variation_drops_s)
{
    bwm_perf_sample s[MAXS];
    size_t n = ext_samples(s, 0.9, 0, 1.0 / 500, 0.02, 5);
    for (size_t i = 0; i < n; i++)
        s[i].f_smem = 0; /* f was 0 or (with s = 0) irrelevant */
    bwm_perf_fit f;
    fit_ok(s, n, NULL, &f);
    cr_assert(!f.ext[BWM_PERF_S].fitted);
    cr_assert(strstr(f.ext[BWM_PERF_S].dropped, "every f_smem is 0"), "%s", f.ext[BWM_PERF_S].dropped);
    cr_assert(f.ext[BWM_PERF_K].fitted && f.ext[BWM_PERF_U].fitted);
    cr_assert(fabs(f.ext[BWM_PERF_K].value - 0.9) < 3 * f.ext[BWM_PERF_K].se);
    cr_assert(fabs(f.ext[BWM_PERF_U].value - 1.0 / 500) < 3 * f.ext[BWM_PERF_U].se);
    cr_assert_float_eq(f.ext_dof, (double)n - 2, 0);
    bwm_perf_fit_free(&f);
}

Test(perf_fit, one_sample_fits_no_extended_parameter)
{
    bwm_perf_sample s[1] = {sample("A", 100, 1, 1, 0.3, 80)};
    bwm_perf_fit f;
    fit_ok(s, 1, NULL, &f);
    cr_assert_float_eq(f.line_fit, 160, 1e-9); /* 12800 / 80 */
    cr_assert(isnan(f.line_fit_se) && isnan(f.r2_lsq));
    cr_assert(!f.ext_fitted);
    for (int p = 0; p < BWM_PERF_NPARAM; p++)
        cr_assert(!f.ext[p].fitted && f.ext[p].dropped[0], "%s", bwm_perf_param_name(p));
    cr_assert(isnan(f.rows[0].ipc_ext) && isnan(f.mare_ext.all) && isnan(f.ext_chi2) && isnan(f.r2_ext));
    cr_assert_float_eq(f.mare_model.all, 0.25, 1e-12);
    bwm_perf_fit_free(&f);
}

/* Every P the same: a bandwidth factor and a compute ceiling have the same
 * effect, so one of k and u cannot be determined. */
Test(perf_fit, inseparable_parameters_are_dropped)
{
    bwm_perf_sample s[6];
    for (int i = 0; i < 6; i++)
        s[i] = sample("a", 200, 1 + i, 1, 0, 150 + 4 * (i % 2));
    bwm_perf_fit f;
    fit_ok(s, 6, NULL, &f);
    cr_assert(f.ext_fitted);
    cr_assert(!f.ext[BWM_PERF_S].fitted);
    int dropped = !f.ext[BWM_PERF_K].fitted + !f.ext[BWM_PERF_U].fitted;
    cr_assert_eq(dropped, 1, "k: %s / u: %s", f.ext[BWM_PERF_K].dropped, f.ext[BWM_PERF_U].dropped);
    const bwm_perf_param *d = f.ext[BWM_PERF_K].fitted ? &f.ext[BWM_PERF_U] : &f.ext[BWM_PERF_K];
    cr_assert(strstr(d->dropped, "not separable"), "%s", d->dropped);
    /* the one left fits the mean ratio: predictions near 152 */
    cr_assert(fabs(f.rows[0].ipc_ext - 152) < 1, "%g", f.rows[0].ipc_ext);
    bwm_perf_fit_free(&f);
}

Test(perf_fit, unpredictable_samples_are_excluded_by_name)
{
    bwm_perf_sample s[6];
    tiny(s);
    s[3] = sample("Z", 100, 1, 1, 0, 80);
    s[3].mpki = 0;
    s[4] = sample("W", 0, 1, 1, 0, 80);
    s[5] = sample("I", 100, 1, 1, 0, 0);
    bwm_perf_opts o = opts();
    bwm_perf_fit f;
    fit_ok(s, 6, &o, &f);
    cr_assert_eq(f.n, 6);
    cr_assert_eq(f.n_used, 3);
    cr_assert_eq(f.n_excluded, 3);
    cr_assert_str_eq(f.rows[3].excluded, "mpki <= 0");
    cr_assert_str_eq(f.rows[4].excluded, "bw <= 0");
    cr_assert_str_eq(f.rows[5].excluded, "ipc <= 0");
    cr_assert_null(f.rows[0].excluded);
    for (int i = 3; i < 6; i++)
        cr_assert(isnan(f.rows[i].ipc_model) && isnan(f.rows[i].ipc_lsq) && isnan(f.rows[i].ipc_ext));
    /* the others are fitted as if alone */
    cr_assert_float_eq(f.mare_model.all, 0.95 / 3, 1e-12);
    cr_assert_float_eq(f.c, 3264000.0 / 368640000.0, 1e-15);
    bwm_perf_fit_free(&f);

    bwm_err err;
    int st = bwm_perf_fit_run(s + 3, 3, &o, &f, &err);
    cr_assert_eq(st, BWM_EINPUT);
    cr_assert(strstr(err.msg, "no sample can be predicted"), "%s", err.msg);
}

Test(perf_fit, bad_samples_and_options)
{
    bwm_perf_sample s[3];
    tiny(s);
    bwm_perf_opts o = opts();
    bwm_perf_fit f;
    bwm_err err;
    s[1].f_smem = 1.5;
    cr_assert_eq(bwm_perf_fit_run(s, 3, &o, &f, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "sample 2 (B): f_smem must be in 0..1"), "%s", err.msg);
    tiny(s);
    s[2].clock_ghz = 0;
    cr_assert_eq(bwm_perf_fit_run(s, 3, &o, &f, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "sample 3 (C): core clock"), "%s", err.msg);
    tiny(s);
    s[0].ipc = NAN;
    cr_assert_eq(bwm_perf_fit_run(s, 3, &o, &f, &err), BWM_EINPUT);
    tiny(s);
    o.line_bytes = 0;
    cr_assert_eq(bwm_perf_fit_run(s, 3, &o, &f, &err), BWM_EINPUT);
    o = opts();
    cr_assert_eq(bwm_perf_fit_run(s, 0, &o, &f, &err), BWM_EINPUT);
}
