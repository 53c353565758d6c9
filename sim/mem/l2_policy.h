/* l2_policy.h — the hooks through which a memory scheduler acts on the L2
 * slices (sim/mc/sched.h: its attach fills them; MeDiC's bypass and
 * insertion use them).  The slices call each hook that is not NULL with the
 * policy's ctx; with no policy attached the GPU hands the slices no hooks
 * at all, and they test one pointer per access. */
#ifndef BWM_L2_POLICY_H
#define BWM_L2_POLICY_H

#include <stdint.h>

typedef struct bwm_l2_policy {
    /* Whether a load of warp warp of SM sm, at the head of the slice's
       input queue, goes on to DRAM past the L2 (its data straight back). */
    int (*bypass)(void *ctx, int sm, int warp);
    /* The L2 served or missed a read (a load or a walk read) of warp warp of
       SM sm at L2 cycle now. */
    void (*read)(void *ctx, int sm, int warp, int hit, int64_t now);
    /* The replacement rank (bwm_cache_rank_line) of a line DRAM filled for a
       request of warp warp of SM sm; -1 leaves the line as the cache put it. */
    int (*rank)(void *ctx, int sm, int warp);
    void *ctx;
} bwm_l2_policy;

#endif
