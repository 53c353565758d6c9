/* perf_fit.c — plain, least-squares and extended performance models fitted
 * to measured samples (see perf_fit.h). */
#include "fit/perf_fit.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/perf.h"

#define EXT_MAX_ITER 500
#define EXT_TOL 1e-10
#define EXT_RANK_EPS 1e-8 /* Jacobian columns this dependent are not determined */

static const double neutral[BWM_PERF_NPARAM] = {1.0, 0.0, 0.0};
static const char *const param_names[BWM_PERF_NPARAM] = {"k", "s", "u"};

void bwm_perf_opts_default(bwm_perf_opts *o)
{
    o->line_bytes = BWM_LINE_BYTES_DEFAULT;
    o->heavy_smem = BWM_PERF_HEAVY_SMEM_DEFAULT;
}

const char *bwm_perf_param_name(bwm_perf_param_id id)
{
    return id < BWM_PERF_NPARAM ? param_names[id] : "?";
}

void bwm_perf_fit_free(bwm_perf_fit *f)
{
    free(f->rows);
    f->rows = NULL;
}

/* Signed relative error (model - measured) / measured. */
static double rel_err(double model, double ipc)
{
    return (model - ipc) / ipc;
}

static int check_sample(const bwm_perf_sample *s, size_t i, bwm_err *err)
{
    if (!isfinite(s->ipc) || !isfinite(s->mpki) || !isfinite(s->bw))
        return bwm_fail(err, BWM_EINPUT, "sample %zu (%s): ipc, mpki and bw must be finite", i + 1, s->name);
    if (!isfinite(s->clock_ghz) || s->clock_ghz <= 0)
        return bwm_fail(err, BWM_EINPUT, "sample %zu (%s): core clock must be > 0 GHz (got %g)", i + 1, s->name,
                        s->clock_ghz);
    if (!(s->f_smem >= 0 && s->f_smem <= 1))
        return bwm_fail(err, BWM_EINPUT, "sample %zu (%s): f_smem must be in 0..1 (got %g)", i + 1, s->name,
                        s->f_smem);
    return BWM_OK;
}

static const char *exclusion(const bwm_perf_sample *s)
{
    if (s->mpki <= 0)
        return "mpki <= 0";
    if (s->bw <= 0)
        return "bw <= 0";
    if (s->ipc <= 0)
        return "ipc <= 0";
    return NULL;
}

/* The used samples as arrays: x (bytes per cycle per mpki), the plain model
 * P, ipc y and f; idx maps them back to rows. */
typedef struct used {
    size_t n;
    size_t *idx;
    double *x, *P, *y, *f;
} used;

static void used_free(used *u)
{
    free(u->idx);
    free(u->x);
    free(u->P);
    free(u->y);
    free(u->f);
}

static int used_init(used *u, size_t n, bwm_err *err)
{
    memset(u, 0, sizeof *u);
    u->idx = malloc((n ? n : 1) * sizeof *u->idx);
    u->x = malloc((n ? n : 1) * sizeof *u->x);
    u->P = malloc((n ? n : 1) * sizeof *u->P);
    u->y = malloc((n ? n : 1) * sizeof *u->y);
    u->f = malloc((n ? n : 1) * sizeof *u->f);
    if (!u->idx || !u->x || !u->P || !u->y || !u->f) {
        used_free(u);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    return BWM_OK;
}

/* Classifies every sample and computes the plain model's ipc. */
static void plain_model(const bwm_perf_sample *s, size_t n, bwm_perf_fit *out, used *u)
{
    for (size_t i = 0; i < n; i++) {
        bwm_perf_row *r = &out->rows[i];
        r->ipc_model = r->err_model = r->ipc_lsq = r->err_lsq = r->ipc_ext = r->err_ext = NAN;
        r->heavy = s[i].f_smem >= out->opts.heavy_smem;
        r->excluded = exclusion(&s[i]);
        if (r->excluded) {
            out->n_excluded++;
            continue;
        }
        bwm_perf_in in = {s[i].bw, s[i].mpki, out->opts.line_bytes, s[i].clock_ghz * 1000.0};
        r->ipc_model = bwm_perf_eval(&in).ipc;
        r->err_model = rel_err(r->ipc_model, s[i].ipc);
        u->idx[u->n] = i;
        u->x[u->n] = s[i].bw * 1000.0 / (s[i].mpki * s[i].clock_ghz);
        u->P[u->n] = r->ipc_model;
        u->y[u->n] = s[i].ipc;
        u->f[u->n] = s[i].f_smem;
        u->n++;
        if (r->heavy)
            out->n_heavy++;
        else
            out->n_light++;
    }
    out->n_used = u->n;
}

/* 1 - SS_res / SS_tot of predictions m against u->y (NaN when SS_tot is 0). */
static double r_squared(const used *u, const double *m)
{
    double mean = 0, ss_res = 0, ss_tot = 0;
    for (size_t i = 0; i < u->n; i++)
        mean += u->y[i];
    mean /= (double)u->n;
    for (size_t i = 0; i < u->n; i++) {
        ss_res += (u->y[i] - m[i]) * (u->y[i] - m[i]);
        ss_tot += (u->y[i] - mean) * (u->y[i] - mean);
    }
    return ss_tot > 0 ? 1.0 - ss_res / ss_tot : NAN;
}

static void least_squares(const used *u, bwm_perf_fit *out, double *pred)
{
    double c, cov, sumsq;
    gsl_fit_mul(u->x, 1, u->y, 1, u->n, &c, &cov, &sumsq);
    out->c = c;
    out->c_se = u->n > 1 ? sqrt(cov) : NAN;
    out->line_fit = 1.0 / c;
    out->line_fit_se = out->c_se / (c * c);
    for (size_t i = 0; i < u->n; i++) {
        pred[i] = c * u->x[i];
        bwm_perf_row *r = &out->rows[u->idx[i]];
        r->ipc_lsq = pred[i];
        r->err_lsq = rel_err(pred[i], u->y[i]);
    }
    out->r2_lsq = r_squared(u, pred);
}

/* ---- the extended model ---- */

typedef struct ext_data {
    const used *u;
    double pref;                /* the fit works on U = u x pref (order 1) */
    int on[BWM_PERF_NPARAM];
} ext_data;

/* The full parameter vector (k, s, U) from the fitted ones. */
static void unpack(const ext_data *d, const gsl_vector *x, double q[BWM_PERF_NPARAM])
{
    size_t j = 0;
    for (int p = 0; p < BWM_PERF_NPARAM; p++)
        q[p] = d->on[p] ? gsl_vector_get(x, j++) : neutral[p];
}

/* ipc = m / (1 + U m / pref), m = k P (1 + s f); grad (may be NULL) gets the
 * derivatives by k, s and U. */
static double ext_model(const double q[BWM_PERF_NPARAM], double P, double f, double pref, double *grad)
{
    double m = q[BWM_PERF_K] * P * (1 + q[BWM_PERF_S] * f);
    double den = 1 + q[BWM_PERF_U] * m / pref;
    if (grad) {
        double dm = 1 / (den * den);
        grad[BWM_PERF_K] = dm * P * (1 + q[BWM_PERF_S] * f);
        grad[BWM_PERF_S] = dm * q[BWM_PERF_K] * P * f;
        grad[BWM_PERF_U] = -dm * m * m / pref;
    }
    return m / den;
}

static int ext_f(const gsl_vector *x, void *data, gsl_vector *fv)
{
    const ext_data *d = data;
    double q[BWM_PERF_NPARAM];
    unpack(d, x, q);
    for (size_t i = 0; i < d->u->n; i++) {
        double y = d->u->y[i];
        gsl_vector_set(fv, i, (ext_model(q, d->u->P[i], d->u->f[i], d->pref, NULL) - y) / y);
    }
    return GSL_SUCCESS;
}

static int ext_df(const gsl_vector *x, void *data, gsl_matrix *J)
{
    const ext_data *d = data;
    double q[BWM_PERF_NPARAM], g[BWM_PERF_NPARAM];
    unpack(d, x, q);
    for (size_t i = 0; i < d->u->n; i++) {
        ext_model(q, d->u->P[i], d->u->f[i], d->pref, g);
        size_t j = 0;
        for (int p = 0; p < BWM_PERF_NPARAM; p++)
            if (d->on[p])
                gsl_matrix_set(J, i, j++, g[p] / d->u->y[i]);
    }
    return GSL_SUCCESS;
}

static void drop(bwm_perf_param *p, const char *why)
{
    p->fitted = 0;
    p->value = NAN;
    p->se = NAN;
    snprintf(p->dropped, sizeof p->dropped, "%s", why);
}

/* Decides which parameters the data can determine before fitting. */
static void choose_params(const used *u, bwm_perf_fit *out, ext_data *d)
{
    for (int p = 0; p < BWM_PERF_NPARAM; p++) {
        d->on[p] = 1;
        out->ext[p].fitted = 1;
        out->ext[p].dropped[0] = '\0';
    }
    double fmin = u->f[0], fmax = u->f[0];
    for (size_t i = 1; i < u->n; i++) {
        fmin = fmin < u->f[i] ? fmin : u->f[i];
        fmax = fmax > u->f[i] ? fmax : u->f[i];
    }
    if (fmax - fmin <= 1e-12) {
        char why[128];
        snprintf(why, sizeof why, "not determined: every f_smem is %g", fmin);
        d->on[BWM_PERF_S] = 0;
        drop(&out->ext[BWM_PERF_S], why);
    }
    static const int order[] = {BWM_PERF_U, BWM_PERF_S, BWM_PERF_K};
    for (int k = 0; k < BWM_PERF_NPARAM; k++) {
        int on = d->on[0] + d->on[1] + d->on[2];
        if ((size_t)on < u->n)
            break;
        int p = order[k];
        if (!d->on[p])
            continue;
        char why[128];
        snprintf(why, sizeof why, "not determined: %zu sample%s for %d parameter%s", u->n, u->n == 1 ? "" : "s", on,
                 on == 1 ? "" : "s");
        d->on[p] = 0;
        drop(&out->ext[p], why);
    }
}

/* GSL reports "no progress" when no step lowers chi^2 any more; at a point
 * where the gradient J^T f vanishes (scaled as GSL's gtol test) that is
 * convergence (an exact fit, or the tolerances below rounding). */
static int stationary(gsl_multifit_nlinear_workspace *w, double chi2)
{
    const gsl_matrix *J = gsl_multifit_nlinear_jac(w);
    const gsl_vector *f = gsl_multifit_nlinear_residual(w);
    const gsl_vector *x = gsl_multifit_nlinear_position(w);
    for (size_t j = 0; j < J->size2; j++) {
        double g = 0;
        for (size_t i = 0; i < J->size1; i++)
            g += gsl_matrix_get(J, i, j) * gsl_vector_get(f, i);
        double xj = fabs(gsl_vector_get(x, j));
        if (!(fabs(g) * (xj > 1 ? xj : 1) <= 1e-6 * (chi2 / 2 > 1 ? chi2 / 2 : 1)))
            return 0;
    }
    return 1;
}

/* One nonlinear fit of the parameters switched on in d; on success fills
 * out->ext, the iterations and chi^2, and *singular with a parameter whose
 * covariance is not determined (-1 when none). */
static int ext_fit_once(const used *u, ext_data *d, bwm_perf_fit *out, int *singular, bwm_err *err)
{
    size_t p = (size_t)(d->on[0] + d->on[1] + d->on[2]);
    double k0 = 0;
    for (size_t i = 0; i < u->n; i++)
        k0 += u->y[i] / u->P[i];
    k0 /= (double)u->n;
    double start[BWM_PERF_NPARAM] = {k0, 0.0, 0.0};

    gsl_multifit_nlinear_fdf fdf = {ext_f, ext_df, NULL, u->n, p, d, 0, 0, 0};
    gsl_multifit_nlinear_parameters params = gsl_multifit_nlinear_default_parameters();
    params.trs = gsl_multifit_nlinear_trs_lm;
    gsl_multifit_nlinear_workspace *w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &params, u->n, p);
    gsl_vector *x0 = gsl_vector_alloc(p);
    gsl_matrix *cov = gsl_matrix_alloc(p, p);
    if (!w || !x0 || !cov) {
        if (w)
            gsl_multifit_nlinear_free(w);
        gsl_vector_free(x0);
        gsl_matrix_free(cov);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    size_t j = 0;
    for (int q = 0; q < BWM_PERF_NPARAM; q++)
        if (d->on[q])
            gsl_vector_set(x0, j++, start[q]);
    int info = 0;
    int gst = gsl_multifit_nlinear_init(x0, &fdf, w);
    if (gst == GSL_SUCCESS)
        gst = gsl_multifit_nlinear_driver(EXT_MAX_ITER, EXT_TOL, EXT_TOL, 0.0, NULL, NULL, &info, w);
    double chi2 = NAN;
    const gsl_vector *fv = gsl_multifit_nlinear_residual(w);
    gsl_blas_ddot(fv, fv, &chi2);
    if (gst == GSL_ENOPROG && stationary(w, chi2))
        gst = GSL_SUCCESS;
    int st = BWM_OK;
    out->ext_iters = gsl_multifit_nlinear_niter(w);
    if (gst != GSL_SUCCESS)
        st = bwm_fail(err, BWM_EFAIL, "extended model: the fit did not converge (%s after %zu iterations)",
                      gsl_strerror(gst), out->ext_iters);
    if (st == BWM_OK) {
        gsl_multifit_nlinear_covar(gsl_multifit_nlinear_jac(w), EXT_RANK_EPS, cov);
        double dof = (double)(u->n - p);
        double scale = sqrt(chi2 / dof);
        const gsl_vector *x = gsl_multifit_nlinear_position(w);
        double q[BWM_PERF_NPARAM];
        unpack(d, x, q);
        *singular = -1;
        j = 0;
        for (int k = 0; k < BWM_PERF_NPARAM; k++) {
            if (!d->on[k])
                continue;
            double var = gsl_matrix_get(cov, j, j);
            if (!isfinite(q[k]) || !(var > 0) || !isfinite(var)) {
                if (*singular < 0)
                    *singular = k;
            }
            double unit = k == BWM_PERF_U ? d->pref : 1.0;
            out->ext[k].value = q[k] / unit;
            out->ext[k].se = sqrt(var) * scale / unit;
            j++;
        }
        out->ext_chi2 = chi2;
        out->ext_dof = dof;
    }
    gsl_multifit_nlinear_free(w);
    gsl_vector_free(x0);
    gsl_matrix_free(cov);
    return st;
}

/* Fits the extended model, dropping what the data cannot determine, and
 * fills the rows' ext columns. */
static int extended(const used *u, bwm_perf_fit *out, double *pred, bwm_err *err)
{
    ext_data d;
    d.u = u;
    d.pref = 0;
    for (size_t i = 0; i < u->n; i++)
        d.pref = d.pref > u->P[i] ? d.pref : u->P[i];
    choose_params(u, out, &d);
    out->ext_fitted = 0;
    out->ext_chi2 = out->ext_dof = out->r2_ext = NAN;
    out->ext_iters = 0;
    while (d.on[0] + d.on[1] + d.on[2] > 0) {
        int singular = -1;
        int st = ext_fit_once(u, &d, out, &singular, err);
        if (st != BWM_OK)
            return st;
        if (singular < 0) {
            out->ext_fitted = 1;
            break;
        }
        d.on[singular] = 0;
        drop(&out->ext[singular], "not determined: its effect is not separable from the others' in these data");
    }
    if (!out->ext_fitted) {
        out->ext_chi2 = out->ext_dof = NAN;
        return BWM_OK;
    }
    double q[BWM_PERF_NPARAM];
    for (int k = 0; k < BWM_PERF_NPARAM; k++)
        q[k] = out->ext[k].fitted ? out->ext[k].value * (k == BWM_PERF_U ? d.pref : 1.0) : neutral[k];
    for (size_t i = 0; i < u->n; i++) {
        pred[i] = ext_model(q, u->P[i], u->f[i], d.pref, NULL);
        bwm_perf_row *r = &out->rows[u->idx[i]];
        r->ipc_ext = pred[i];
        r->err_ext = rel_err(pred[i], u->y[i]);
    }
    out->r2_ext = r_squared(u, pred);
    return BWM_OK;
}

typedef enum which { ERR_MODEL, ERR_LSQ, ERR_EXT } which;

static double row_err(const bwm_perf_row *r, which w)
{
    return w == ERR_MODEL ? r->err_model : w == ERR_LSQ ? r->err_lsq : r->err_ext;
}

/* MARE of one error column over all, light and heavy used rows. */
static bwm_perf_mare mare(const bwm_perf_fit *f, which w)
{
    double sum[3] = {0, 0, 0};
    size_t cnt[3] = {0, 0, 0};
    for (size_t i = 0; i < f->n; i++) {
        const bwm_perf_row *r = &f->rows[i];
        double e = fabs(row_err(r, w));
        if (r->excluded || isnan(e))
            continue;
        sum[0] += e;
        cnt[0]++;
        sum[r->heavy ? 2 : 1] += e;
        cnt[r->heavy ? 2 : 1]++;
    }
    bwm_perf_mare m;
    m.all = cnt[0] ? sum[0] / (double)cnt[0] : NAN;
    m.light = cnt[1] ? sum[1] / (double)cnt[1] : NAN;
    m.heavy = cnt[2] ? sum[2] / (double)cnt[2] : NAN;
    return m;
}

static int fit_used(bwm_perf_fit *out, const used *u, bwm_err *err)
{
    double *pred = malloc(u->n * sizeof *pred);
    if (!pred)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    least_squares(u, out, pred);
    /* GSL's default handler aborts; errors are statuses here (restored below). */
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int st = extended(u, out, pred, err);
    gsl_set_error_handler(old);
    free(pred);
    return st;
}

int bwm_perf_fit_run(const bwm_perf_sample *s, size_t n, const bwm_perf_opts *o, bwm_perf_fit *out, bwm_err *err)
{
    if (!(o->line_bytes > 0) || !isfinite(o->line_bytes))
        return bwm_fail(err, BWM_EINPUT, "line size must be > 0 bytes (got %g)", o->line_bytes);
    if (!(o->heavy_smem >= 0 && o->heavy_smem <= 1))
        return bwm_fail(err, BWM_EINPUT, "heavy scratchpad threshold must be in 0..1 (got %g)", o->heavy_smem);
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no samples to fit");
    for (size_t i = 0; i < n; i++) {
        int st = check_sample(&s[i], i, err);
        if (st != BWM_OK)
            return st;
    }
    bwm_perf_fit f;
    memset(&f, 0, sizeof f);
    f.n = n;
    f.opts = *o;
    f.rows = calloc(n, sizeof *f.rows);
    used u;
    if (!f.rows || used_init(&u, n, err) != BWM_OK) {
        free(f.rows);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    plain_model(s, n, &f, &u);
    int st = BWM_OK;
    if (u.n == 0)
        st = bwm_fail(err, BWM_EINPUT, "no sample can be predicted: all %zu have mpki, bw or ipc <= 0", n);
    if (st == BWM_OK)
        st = fit_used(&f, &u, err);
    used_free(&u);
    if (st != BWM_OK) {
        free(f.rows);
        return st;
    }
    f.mare_model = mare(&f, ERR_MODEL);
    f.mare_lsq = mare(&f, ERR_LSQ);
    f.mare_ext = mare(&f, ERR_EXT);
    *out = f;
    return BWM_OK;
}
