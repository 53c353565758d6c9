/* calibrate.c — the calibration search of one application (see
 * calibrate.h). */
#include "fit/calibrate.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AIM 0.5          /* aim at this fraction of the tolerance */
#define ROUNDS 6
#define EXPANSIONS 14
#define BRENT_ITERATIONS 40

typedef enum quantity { Q_MPKI, Q_BW } quantity;
typedef enum knob { K_MEM_FRAC, K_WARPS } knob;

typedef struct memo {
    double mem_frac, warps;
    bwm_calib_point p;
} memo;

typedef struct search {
    const bwm_calib_setup *setup;
    const bwm_calib_tol *tol;
    memo *seen;
    int n_seen, max_evals;
    int exhausted;           /* the budget ran out */
    int status;              /* first failure of a run */
    bwm_err *err;
    bwm_synth_app best;      /* over the whole search */
    bwm_calib_point best_p;
    double best_score;
    /* the one-dimensional solve in progress */
    bwm_synth_app cur;
    knob k;
    quantity q;
    bwm_synth_app solve_best;
    bwm_calib_point solve_best_p;
} search;

static double score(const search *S, const bwm_calib_point *p)
{
    return fmax(bwm_calib_mpki_score(S->tol, p), bwm_calib_bw_score(S->tol, p));
}

static double q_score(const search *S, quantity q, const bwm_calib_point *p)
{
    return q == Q_MPKI ? bwm_calib_mpki_score(S->tol, p) : bwm_calib_bw_score(S->tol, p);
}

static double residual(quantity q, const bwm_calib_point *p)
{
    return q == Q_MPKI ? p->mpki_err : p->bw_err;
}

/* One alone run of a, or its remembered result. */
static int evaluate(search *S, const bwm_synth_app *a, bwm_calib_point *p)
{
    for (int i = 0; i < S->n_seen; i++)
        if (S->seen[i].mem_frac == a->mem_frac && S->seen[i].warps == a->warps) {
            *p = S->seen[i].p;
            return BWM_OK;
        }
    if (S->n_seen == S->max_evals) {
        S->exhausted = 1;
        return BWM_EFAIL;
    }
    int st = bwm_calib_measure(S->setup, S->tol, a, p, S->err);
    if (st != BWM_OK) {
        S->status = st;
        return st;
    }
    S->seen[S->n_seen++] = (memo){a->mem_frac, a->warps, *p};
    if (score(S, p) < S->best_score) {
        S->best_score = score(S, p);
        S->best = *a;
        S->best_p = *p;
    }
    return BWM_OK;
}

/* ---- knobs: a coordinate y per knob (log scale for the positive ones) ---- */

static double round_sig4(double v)
{
    double scale = pow(10, 3 - floor(log10(v)));
    return round(v * scale) / scale;
}

static double knob_y(knob k, const bwm_synth_app *a)
{
    return log(k == K_MEM_FRAC ? a->mem_frac : a->warps);
}

static void knob_set(knob k, double y, bwm_synth_app *a)
{
    if (k == K_MEM_FRAC)
        a->mem_frac = round_sig4(exp(y));
    else
        a->warps = fmin(48, fmax(0.1, round(exp(y) * 100) / 100));
}

static void knob_bounds(knob k, const bwm_synth_app *a, double *lo, double *hi)
{
    if (k == K_MEM_FRAC) {
        *lo = log(1e-6);
        *hi = log(1 - a->smem_frac);
    } else {
        *lo = log(0.1);
        *hi = log(48);
    }
}

static double residual_at(double y, void *arg)
{
    search *S = arg;
    bwm_synth_app a = S->cur;
    knob_set(S->k, y, &a);
    bwm_calib_point p;
    if (evaluate(S, &a, &p) != BWM_OK)
        return GSL_NAN;
    if (q_score(S, S->q, &p) < q_score(S, S->q, &S->solve_best_p)) {
        S->solve_best = a;
        S->solve_best_p = p;
    }
    return residual(S->q, &p);
}

typedef enum solve_end { SOLVED, AT_BOUND, STOPPED } solve_end;

/* Steps y away from the current value until the residual changes sign;
 * [*lo, *hi] then brackets the root. */
static solve_end bracket(search *S, double r0, double *lo, double *hi)
{
    double ylo = 0, yhi = 0; /* set by knob_bounds; initialised for -Werror=maybe-uninitialized */
    knob_bounds(S->k, &S->cur, &ylo, &yhi);
    double ya = knob_y(S->k, &S->cur);
    double dir = r0 > 0 ? -1 : 1; /* both quantities grow with their knob */
    /* the first step assumes proportionality on the log scale */
    double step = fmax(0.05, fabs(log1p(r0)));
    for (int i = 0; i < EXPANSIONS; i++) {
        double yb = fmin(yhi, fmax(ylo, ya + dir * step));
        if (yb == ya)
            return AT_BOUND;
        double rb = residual_at(yb, S);
        if (isnan(rb))
            return STOPPED;
        if ((rb > 0) != (r0 > 0) || rb == 0) {
            *lo = fmin(ya, yb);
            *hi = fmax(ya, yb);
            return SOLVED;
        }
        ya = yb;
        step *= 2;
    }
    return AT_BOUND;
}

/* Solves quantity q = target in knob k, starting from S->cur (measured as
 * cur_p); afterwards S->cur is the best point of the solve. */
static solve_end solve(search *S, knob k, quantity q, bwm_calib_point *cur_p)
{
    S->k = k;
    S->q = q;
    S->solve_best = S->cur;
    S->solve_best_p = *cur_p;
    double lo, hi;
    solve_end end = bracket(S, residual(q, cur_p), &lo, &hi);
    if (end == SOLVED && q_score(S, q, &S->solve_best_p) > AIM) {
        gsl_function F = {residual_at, S};
        gsl_root_fsolver *fs = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
        if (!fs)
            end = STOPPED;
        else if (gsl_root_fsolver_set(fs, &F, lo, hi) != GSL_SUCCESS)
            end = STOPPED;
        for (int i = 0; end == SOLVED && i < BRENT_ITERATIONS; i++) {
            if (q_score(S, q, &S->solve_best_p) <= AIM)
                break;
            if (gsl_root_fsolver_iterate(fs) != GSL_SUCCESS) {
                end = S->exhausted || S->status ? STOPPED : SOLVED;
                break;
            }
            if (gsl_root_test_interval(gsl_root_fsolver_x_lower(fs), gsl_root_fsolver_x_upper(fs), 1e-6, 0) ==
                GSL_SUCCESS)
                break;
        }
        if (fs)
            gsl_root_fsolver_free(fs);
    }
    S->cur = S->solve_best;
    *cur_p = S->solve_best_p;
    return S->status || S->exhausted ? STOPPED : end;
}

int bwm_calibrate_app(const bwm_calib_setup *s, const bwm_calib_tol *tol, int max_evals, bwm_synth_app *app,
                      bwm_calib_report *rep, bwm_err *err)
{
    memset(rep, 0, sizeof *rep);
    if (max_evals < 1)
        return bwm_fail(err, BWM_EINPUT, "calibration needs at least one run (got %d)", max_evals);
    search S;
    memset(&S, 0, sizeof S);
    S.setup = s;
    S.tol = tol;
    S.max_evals = max_evals;
    S.err = err;
    S.best_score = INFINITY;
    S.seen = malloc((size_t)max_evals * sizeof *S.seen);
    if (!S.seen)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    gsl_error_handler_t *old = gsl_set_error_handler_off();

    bwm_calib_point p;
    S.cur = *app;
    int st = evaluate(&S, app, &p);
    rep->start = p;
    for (int round = 0; st == BWM_OK && round < ROUNDS; round++) {
        double before = S.best_score;
        solve_end end = SOLVED;
        if (bwm_calib_mpki_score(tol, &p) > AIM)
            end = solve(&S, K_MEM_FRAC, Q_MPKI, &p);
        if (end != STOPPED && bwm_calib_bw_score(tol, &p) > AIM)
            end = solve(&S, K_WARPS, Q_BW, &p);
        if (end == STOPPED || S.best_score <= AIM || !(S.best_score < before))
            break;
    }
    gsl_set_error_handler(old);
    st = S.status;
    if (st == BWM_OK) {
        *app = S.best;
        rep->final = S.best_p;
        bwm_calib_judge(tol, &rep->final);
        rep->evals = S.n_seen;
    }
    free(S.seen);
    return st;
}
