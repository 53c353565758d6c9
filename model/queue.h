/* queue.h — the queueing extension of paper 000's closed form: bandwidth
 * sharing that sees the memory controller's queue below saturation.
 *
 * Paper 000's model (share.h) gives every application its alone demand until
 * the demands add up to the peak, and shares the peak by policy beyond it.
 * Here each application is a closed loop (docs/model.md, "The queueing
 * model"): alone it attains bw_alone_i with a memory round trip R_i; a share
 * s_i of its time scales with that latency (s_i = 1: latency-bound, its
 * requests in flight N_i = X_i R_i stay constant, so X_i = N_i / R'_i), so
 * with a round trip R'_i in the group it attains
 *     X_i = min(bw_alone_i, bw_alone_i / ((1 - s_i) + s_i R'_i / R_i)).
 * R'_i = R_i + W_i - Wa_i: the alone round trip plus the controller's wait in
 * the group W_i less the wait it already had alone Wa_i.  The wait is an
 * M/G/1 queue's, the utilisation of application j being rho_j = X_j / peak:
 *     r = Σ_j rho_j w_j
 * (the residual work in service; w_j per request of application j).  w_j is
 * read back from the wait Wa_j application j was measured to have alone,
 * w_j = Wa_j (1 - u_j) / u_j at u_j = bw_alone_j / peak (floored at 0.1), so
 * that its alone wait is reproduced exactly; when that wait was not measured,
 * w_j = w_miss (1 - h_j) + w_hit h_j, row misses and hits weighed by their
 * share h_j of its accesses, with the GPU's two constants.  Per policy, as a
 * service discipline:
 *     frfcfs      one FCFS queue            W_i = r / (1 - rho)
 *     priority    non-preemptive priority   W_i = r / ((1 - a_i)(1 - a_i - rho_i)),
 *                                           a_i = Σ rho_j of those served before i
 *     weis, rr    fair share (rr weighted   W_i = r / (1 - b_i),
 *                 by rbl when all known)    b_i = Σ_j min(rho_j, rho_i ω_j / ω_i)
 * and alone Wa_i = rho_i w_i / (1 - rho_i) at rho_i = bw_alone_i / peak.
 * Why per application (docs/model.md, "Why the queueing model misses"): alone
 * waits at the same utilisation and row-hit rate differ tenfold between
 * applications (their requests arrive in bursts of different size), which
 * two constants for the whole GPU cannot follow.
 * prior-K, --order, prior-low-mpki (ITS) and prior-low-bw are priorities;
 * opt-it and opt-ws are their greedy orders (lowest mpki, lowest bw_alone)
 * as priorities, opt-hs the fair share weighted by sqrt(bw_alone): the
 * disciplines whose saturation limit is paper 000's optimum (not optima of
 * this model).  The bandwidths are the fixed point X = F(X), solved by
 * bisection (frfcfs: on the common wait) and damped best responses (the
 * others); each prediction takes microseconds.
 *
 * Limits (tests/model/queue_test.c): one application alone gets exactly its
 * profile back (X = bw_alone, R' = R); no load (rho -> 0) gives the unloaded
 * latency R_i - Wa_i; with w -> 0 (no queue below the peak) and memory-bound
 * applications of equal round trip the allocation is paper 000's. */
#ifndef BWM_QUEUE_H
#define BWM_QUEUE_H

#include <stddef.h>

#include "model/app.h"
#include "model/share.h"
#include "util/status.h"

#define BWM_QUEUE_MAX_APPS 16

/* What the queueing model needs beyond bwm_app, measured alone. */
typedef struct bwm_qapp {
    double round_trip;  /* R_i, the memory round trip alone (core cycles, as w_*), > 0 */
    double lat_share;   /* s_i in [0, 4]: share of its alone time that scales with latency */
    double row_hit;     /* h_i in [0, 1]: its accesses' row-buffer hit rate alone */
    double wait_alone;  /* Wa_i, its loads' wait in the controller's queue alone (core cycles, >= 0);
                           NaN: not measured, w_i from the GPU's constants and row_hit */
} bwm_qapp;

/* The GPU's queueing constants: a request's residual service in the
 * controller's queue for a row miss and a row hit (core cycles). */
typedef struct bwm_qgpu {
    double w_miss, w_hit; /* > 0: without a queue nothing would hold the peak */
} bwm_qgpu;

typedef struct bwm_qresult {
    double bw[BWM_QUEUE_MAX_APPS];      /* attained bandwidth, the unit of peak */
    double wait[BWM_QUEUE_MAX_APPS];    /* W_i, core cycles (INFINITY when starved) */
    double latency[BWM_QUEUE_MAX_APPS]; /* R'_i, core cycles */
    int iterations;                     /* of the solver's outer loop */
} bwm_qresult;

/* Checks n <= BWM_QUEUE_MAX_APPS, the bwm_apps_check conditions, bw_alone <
 * peak (a queue at full utilisation alone has no finite wait) and each
 * bwm_qapp and g; messages name the application (1-based). */
int bwm_queue_check(const bwm_app *apps, const bwm_qapp *q, size_t n, double peak, const bwm_qgpu *g,
                    bwm_err *err);

/* The attained bandwidths of policy p (inputs checked by bwm_queue_check). */
void bwm_queue_share(const bwm_policy *p, const bwm_app *apps, const bwm_qapp *q, size_t n, double peak,
                     const bwm_qgpu *g, bwm_qresult *out);

/* bwm_queue_share as a bwm_share_fn (model/compare.h): ctx is a bwm_qctx
 * (checked with bwm_queue_check). */
typedef struct bwm_qctx {
    const bwm_qapp *q;
    bwm_qgpu g;
} bwm_qctx;
void bwm_queue_share_fn(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, const void *ctx,
                        double *bw);

/* w_i of application q at its alone bandwidth bw (core cycles; see above). */
double bwm_queue_service(const bwm_qgpu *g, const bwm_qapp *q, double bw, double peak);

/* The wait of application i alone, rho w_i / (1 - rho) at rho = bw / peak
 * (its measured wait_alone back when bw is its bw_alone, unless the service
 * floor of 0.1 core cycles binds). */
double bwm_queue_wait_alone(const bwm_qgpu *g, const bwm_qapp *q, double bw, double peak);

#endif
