/* sched_attach.h — what the memory scheduler attaches to the GPU beyond its
 * controllers (sched.h: its ops table's hooks): its state outside the
 * controllers and the L2 slices' hooks (l2_policy.h), which the GPU hands
 * to the slices every L2 cycle.  A scheduler without hooks attaches
 * nothing. */
#ifndef BWM_GPU_SCHED_ATTACH_H
#define BWM_GPU_SCHED_ATTACH_H

#include "sim/mc/sched.h"
#include "sim/mem/l2_policy.h"
#include "util/status.h"

typedef struct bwm_gpu_sched {
    const bwm_sched_ops *ops; /* the memory scheduler (NULL: none named) */
    void *ext;                /* its state beyond the controllers (hooks' attach) */
    bwm_l2_policy l2;         /* its L2 hooks */
    int l2_hooked;            /* it has any: the slices get l2 */
} bwm_gpu_sched;

/* Looks the scheduler up by name and, when it has hooks, lets it attach to
 * what `at` offers (before the controllers' init). */
int bwm_gpu_sched_attach(bwm_gpu_sched *s, const char *name, bwm_sched_attach *at, bwm_err *err);

/* Undoes what the scheduler attached (safe on a zeroed s). */
void bwm_gpu_sched_detach(bwm_gpu_sched *s);

/* The L2 hooks the slices get (NULL: none). */
static inline const bwm_l2_policy *bwm_gpu_sched_l2(const bwm_gpu_sched *s)
{
    return s->l2_hooked ? &s->l2 : NULL;
}

#endif
