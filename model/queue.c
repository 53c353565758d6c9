/* queue.c — bandwidth sharing with the controller's queue (see queue.h). */
#include "model/queue.h"

#include <math.h>
#include <string.h>

/* A latency share below this would leave an application's bandwidth
 * untouched by any wait, so no wait could make the demands fit the peak:
 * even a compute-bound application stops once its data takes long enough. */
#define LAT_SHARE_FLOOR 0.01
#define BISECT_STEPS 200
#define MAX_SWEEPS 20000
#define DAMPING 0.5
/* Residual service read back from a measured wait is floored here (core
 * cycles): an application measured with no wait at all still queues a
 * little, or nothing would hold the demands to the peak. */
#define SERVICE_FLOOR 0.1

typedef enum disc_kind { DISC_FCFS, DISC_PRIORITY, DISC_FAIR } disc_kind;

/* One workload under one discipline, with what the solver reuses. */
typedef struct qsys {
    const bwm_app *apps;
    const bwm_qapp *q;
    size_t n;
    double peak;
    disc_kind kind;
    size_t rank[BWM_QUEUE_MAX_APPS];    /* priority: 0 = served first */
    double weight[BWM_QUEUE_MAX_APPS];  /* fair share */
    double w[BWM_QUEUE_MAX_APPS];       /* residual service per request */
    double wa[BWM_QUEUE_MAX_APPS];      /* wait alone */
    double s[BWM_QUEUE_MAX_APPS];       /* latency share, floored */
} qsys;

int bwm_queue_check(const bwm_app *apps, const bwm_qapp *q, size_t n, double peak, const bwm_qgpu *g,
                    bwm_err *err)
{
    if (n > BWM_QUEUE_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications given; the queueing model takes at most %d", n,
                        BWM_QUEUE_MAX_APPS);
    int st = bwm_apps_check(apps, n, peak, err);
    if (st != BWM_OK)
        return st;
    if (!(isfinite(g->w_miss) && g->w_miss > 0 && isfinite(g->w_hit) && g->w_hit > 0))
        return bwm_fail(err, BWM_EINPUT, "queueing scales must be finite and > 0 (got %g, %g)", g->w_miss,
                        g->w_hit);
    for (size_t i = 0; i < n; i++) {
        if (!(apps[i].bw_alone < peak))
            return bwm_fail(err, BWM_EINPUT, "application %zu: the queueing model needs bw_alone below the peak "
                            "(got %g of %g)", i + 1, apps[i].bw_alone, peak);
        if (!(isfinite(q[i].round_trip) && q[i].round_trip > 0))
            return bwm_fail(err, BWM_EINPUT, "application %zu: round trip must be > 0 (got %g)", i + 1,
                            q[i].round_trip);
        if (!(q[i].lat_share >= 0 && q[i].lat_share <= 4))
            return bwm_fail(err, BWM_EINPUT, "application %zu: latency share must be in [0, 4] (got %g)", i + 1,
                            q[i].lat_share);
        if (!(q[i].row_hit >= 0 && q[i].row_hit <= 1))
            return bwm_fail(err, BWM_EINPUT, "application %zu: row hit rate must be in [0, 1] (got %g)", i + 1,
                            q[i].row_hit);
        if (!isnan(q[i].wait_alone) && !(isfinite(q[i].wait_alone) && q[i].wait_alone >= 0))
            return bwm_fail(err, BWM_EINPUT, "application %zu: wait alone must be finite and >= 0 (got %g)", i + 1,
                            q[i].wait_alone);
    }
    return BWM_OK;
}

double bwm_queue_service(const bwm_qgpu *g, const bwm_qapp *q, double bw, double peak)
{
    double rho = bw / peak;
    if (!isnan(q->wait_alone) && rho > 0 && rho < 1)
        return fmax(q->wait_alone * (1 - rho) / rho, SERVICE_FLOOR);
    return g->w_miss * (1 - q->row_hit) + g->w_hit * q->row_hit;
}

double bwm_queue_wait_alone(const bwm_qgpu *g, const bwm_qapp *q, double bw, double peak)
{
    double rho = bw / peak;
    return rho < 1 ? rho * bwm_queue_service(g, q, bw, peak) / (1 - rho) : INFINITY;
}

/* W_i at the bandwidths x (the discipline's formula, queue.h). */
static double wait_of(const qsys *s, const double *x, size_t i)
{
    double r = 0, rho = 0, ahead = 0;
    double ri = x[i] / s->peak;
    for (size_t j = 0; j < s->n; j++) {
        double rj = x[j] / s->peak;
        r += rj * s->w[j];
        rho += rj;
        if (s->kind == DISC_PRIORITY && s->rank[j] < s->rank[i])
            ahead += rj;
        if (s->kind == DISC_FAIR)
            ahead += fmin(rj, ri * s->weight[j] / s->weight[i]);
    }
    double den;
    if (s->kind == DISC_FCFS)
        den = 1 - rho;
    else if (s->kind == DISC_PRIORITY)
        den = (1 - ahead) * (1 - ahead - ri);
    else
        den = 1 - ahead;
    if (r == 0)
        return 0;
    return den > 0 && (1 - ahead) > 0 ? r / den : INFINITY;
}

/* X_i when its wait is W. */
static double response(const qsys *s, size_t i, double W)
{
    double d = s->apps[i].bw_alone;
    if (!isfinite(W))
        return 0;
    double R = s->q[i].round_trip;
    double den = (1 - s->s[i]) + s->s[i] * (R + W - s->wa[i]) / R;
    if (den <= 1)
        return d;
    return d / den;
}

/* FCFS: every application waits the same W; bisection on W, which it
 * returns (near the peak the wait recomputed from the bandwidths would carry
 * their rounding times 1 / (1 - rho)). */
static double solve_fcfs(const qsys *s, double *x, bwm_qresult *out)
{
    double lo = 0, hi = 1;
    double y[BWM_QUEUE_MAX_APPS];
    for (;;) { /* an upper end where the wait the bandwidths cause is below W */
        for (size_t i = 0; i < s->n; i++)
            y[i] = response(s, i, hi);
        if (wait_of(s, y, 0) < hi || hi > 1e300)
            break;
        lo = hi;
        hi *= 2;
    }
    for (int k = 0; k < BISECT_STEPS && hi - lo > 1e-12 * hi; k++) {
        double mid = 0.5 * (lo + hi);
        for (size_t i = 0; i < s->n; i++)
            y[i] = response(s, i, mid);
        if (wait_of(s, y, 0) < mid)
            hi = mid;
        else
            lo = mid;
        out->iterations = k + 1;
    }
    for (size_t i = 0; i < s->n; i++)
        x[i] = response(s, i, hi);
    return hi;
}

/* Application i's best response to the others: x_i = F_i(x), monotone in x_i. */
static double best_response(const qsys *s, double *x, size_t i)
{
    double keep = x[i], lo = 0, hi = s->apps[i].bw_alone;
    for (int k = 0; k < BISECT_STEPS && hi - lo > 1e-15 * s->peak; k++) {
        x[i] = 0.5 * (lo + hi);
        if (x[i] < response(s, i, wait_of(s, x, i)))
            lo = x[i];
        else
            hi = x[i];
    }
    x[i] = keep;
    return 0.5 * (lo + hi);
}

/* Priority and fair share: damped best responses from paper 000's allocation. */
static void solve_sweeps(const qsys *s, double *x, bwm_qresult *out)
{
    for (int sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
        double moved = 0;
        for (size_t i = 0; i < s->n; i++) {
            double step = DAMPING * (best_response(s, x, i) - x[i]);
            x[i] += step;
            moved = fmax(moved, fabs(step));
        }
        out->iterations = sweep;
        if (moved < 1e-13 * s->peak)
            break;
    }
}

static void set_discipline(const bwm_policy *p, qsys *s)
{
    int all_rbl = 1;
    for (size_t i = 0; i < s->n; i++) {
        s->weight[i] = 1;
        all_rbl &= s->apps[i].rbl > 0;
    }
    size_t order[BWM_QUEUE_MAX_APPS];
    if (bwm_policy_priority_order(p, s->apps, s->n, order)) {
        s->kind = DISC_PRIORITY;
        for (size_t k = 0; k < s->n; k++)
            s->rank[order[k]] = k;
        return;
    }
    s->kind = p->kind == BWM_POL_FRFCFS ? DISC_FCFS : DISC_FAIR;
    for (size_t i = 0; i < s->n; i++) {
        if (p->kind == BWM_POL_RR && all_rbl)
            s->weight[i] = s->apps[i].rbl;
        if (p->kind == BWM_POL_OPT_HS)
            s->weight[i] = sqrt(s->apps[i].bw_alone);
    }
}

void bwm_queue_share(const bwm_policy *p, const bwm_app *apps, const bwm_qapp *q, size_t n, double peak,
                     const bwm_qgpu *g, bwm_qresult *out)
{
    qsys s;
    memset(&s, 0, sizeof s);
    memset(out, 0, sizeof *out);
    s.apps = apps;
    s.q = q;
    s.n = n;
    s.peak = peak;
    for (size_t i = 0; i < n; i++) {
        s.w[i] = bwm_queue_service(g, &q[i], apps[i].bw_alone, peak);
        s.wa[i] = bwm_queue_wait_alone(g, &q[i], apps[i].bw_alone, peak);
        s.s[i] = fmax(q[i].lat_share, LAT_SHARE_FLOOR);
    }
    set_discipline(p, &s);
    double x[BWM_QUEUE_MAX_APPS], common = NAN;
    if (s.kind == DISC_FCFS) {
        common = solve_fcfs(&s, x, out);
    } else {
        bwm_share(p, apps, n, peak, x);
        solve_sweeps(&s, x, out);
    }
    for (size_t i = 0; i < n; i++) {
        out->bw[i] = x[i];
        out->wait[i] = s.kind == DISC_FCFS ? common : wait_of(&s, x, i);
        out->latency[i] = q[i].round_trip + out->wait[i] - s.wa[i];
    }
}

void bwm_queue_share_fn(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, const void *ctx,
                        double *bw)
{
    const bwm_qctx *c = ctx;
    bwm_qresult r;
    bwm_queue_share(p, apps, c->q, n, peak, &c->g, &r);
    memcpy(bw, r.bw, n * sizeof *bw);
}
