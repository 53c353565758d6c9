/* share.h — how N applications share peak bandwidth under a policy.
 *
 * Each policy returns bw_i per application with Σ bw_i <= peak and
 * bw_i <= bw_alone_i (paper 000, Sec. 5; DESIGN.md lists the policies):
 *   priority order   strict priority; each in turn gets min(demand, what is left)
 *   prior-low-mpki   priority by ascending mpki (ITS in closed form)
 *   prior-low-bw     priority by ascending bw_alone
 *   weis             max-min fair share (water-filling)
 *   rr               equal split, water-filled; with rbl, in proportion to rbl
 *   frfcfs           in proportion to demand, capped at demand
 *   opt-it/ws/hs     the exact optima of IT, WS and HS
 * opt-it and opt-ws are fractional knapsacks (value per unit of bandwidth
 * 1/mpki_i and 1/bw_alone_i), solved greedily; opt-hs minimises
 * Σ bw_alone_i / bw_i, whose KKT conditions give bw_i = min(d_i, λ·sqrt(d_i)):
 * water-filling with weights sqrt(bw_alone_i). */
#ifndef BWM_SHARE_H
#define BWM_SHARE_H

#include <stddef.h>

#include "model/app.h"

typedef enum bwm_policy_kind {
    BWM_POL_ORDER,          /* explicit priority order (prior-K, --order) */
    BWM_POL_PRIOR_LOW_MPKI,
    BWM_POL_PRIOR_LOW_BW,
    BWM_POL_WEIS,
    BWM_POL_RR,
    BWM_POL_FRFCFS,
    BWM_POL_OPT_IT,
    BWM_POL_OPT_WS,
    BWM_POL_OPT_HS
} bwm_policy_kind;

typedef struct bwm_policy {
    bwm_policy_kind kind;
    size_t norder;                         /* BWM_POL_ORDER: a permutation of 0..n-1 */
    size_t order[BWM_MODEL_MAX_APPS];
} bwm_policy;

/* Parses a policy name for n applications: "prior-K" (1-based K), "order"
 * requires bwm_policy_order, and the names listed above. */
int bwm_policy_parse(const char *name, size_t n, bwm_policy *p, bwm_err *err);
/* An explicit order given as 1-based application numbers (a permutation). */
int bwm_policy_order(const size_t *order1, size_t norder, size_t n, bwm_policy *p, bwm_err *err);
/* The policy's name ("prior-2", "order-3,1,2", "weis", ...), cut to n - 1
 * bytes; BWM_POLICY_NAME_MAX bytes hold any name whole ("order-" and
 * "256," for each of BWM_MODEL_MAX_APPS applications). */
void bwm_policy_name(const bwm_policy *p, char *dst, size_t n);
#define BWM_POLICY_NAME_MAX (8 + 4 * BWM_MODEL_MAX_APPS)

/* The allocation; apps must have passed bwm_apps_check. */
void bwm_share(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, double *bw);

/* The priority order of a static-priority policy (an explicit order,
 * prior-low-mpki and opt-it by ascending mpki, prior-low-bw and opt-ws by
 * ascending bw_alone; ties by input order) into order (n indices, highest
 * priority first); 1 for those, 0 (order untouched) for the others. */
int bwm_policy_priority_order(const bwm_policy *p, const bwm_app *apps, size_t n, size_t *order);

/* Building blocks, exposed for tests and for the simulator's comparisons. */
void bwm_share_priority(const bwm_app *apps, size_t n, const size_t *order, double peak, double *bw);
/* Weighted max-min: bw_i = min(d_i, λ·w_i) with Σ bw_i = min(peak, Σ d_i). */
void bwm_share_waterfill(const double *demand, const double *weight, size_t n, double peak, double *bw);

#endif
