/* asjf.h — the α-SJF potential function and selection rule (paper 004).
 *
 * Each warp with pending requests is a queue of length q_i.  The potential is
 *   r(t) = Σ q_i^α / ftol(c_i)                              (Eq. 2-3)
 * with ftol(c) = ready_warps(c) × wc (Eq. 4), or 1 without tolerance.
 * Serving a request from queue i lowers q_i by 1 for a row hit and by 1/m
 * for a miss (Sec. II-A).  The scheduler first picks the core with the least
 * tolerance (Sec. III), then, within it, the queue minimising
 *   q_i^(1−α) · (1 if i holds a row hit, m otherwise)        (Eq. 5)
 * which the hardware evaluates as: H_s = shortest queue with a hit, M_s =
 * shortest without; pick M_s if |H_s| > k·|M_s|, else H_s, with
 * k = m^(1/(1−α)) (Sec. IV; k = ∞ at α = 1).  Ties go to the row hit, then to
 * the lower index, so both forms choose the same queue. */
#ifndef BWM_ASJF_H
#define BWM_ASJF_H

#include <stddef.h>

#include "util/status.h"

typedef struct bwm_asjf_queue {
    double len;  /* pending requests, > 0 */
    int hit;     /* holds a request that hits the open row */
    size_t core; /* core the warp belongs to (0 when tolerance is unused) */
} bwm_asjf_queue;

typedef struct bwm_asjf_params {
    double alpha;         /* 0 < alpha <= 1 */
    double m;             /* miss/hit service-time ratio, >= 1 (GDDR5: 3) */
    const double *ftol;   /* tolerance per core (ready warps × wc), or NULL */
    size_t ncores;        /* entries in ftol */
} bwm_asjf_params;

/* Validates α, m, queue lengths, core numbers and tolerances (> 0). */
int bwm_asjf_check(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n, bwm_err *err);
/* k = m^(1/(1−α)); INFINITY at α = 1. */
double bwm_asjf_k(double alpha, double m);
/* Eq. 5 score of one queue. */
double bwm_asjf_score(const bwm_asjf_params *p, const bwm_asjf_queue *q);
/* Potential r(t) (Eq. 2, or Eq. 3 when p->ftol is set). */
double bwm_asjf_potential(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n);
/* The core with the least tolerance among those with queues (0 without ftol). */
size_t bwm_asjf_select_core(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n);
/* Index of the queue chosen by Eq. 5 / by the k rule, within the selected core. */
size_t bwm_asjf_select_eq5(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n);
size_t bwm_asjf_select_hw(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n);
/* One step: serve a request from queue i (len −1 on a hit, −1/m on a miss,
 * never below 0). */
void bwm_asjf_serve(const bwm_asjf_params *p, bwm_asjf_queue *q, size_t i);

#endif
