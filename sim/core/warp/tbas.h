/* tbas.h — thread-batch-aware scheduling (TBAS, paper 002 Sec. 4): which
 * warps of an SM may issue loads and stores.
 *
 * A thread batch is batch_stride consecutive CTAs (CTA sequence number /
 * batch_stride).  The running set is the warps of one batch on the SM: only
 * they issue memory instructions (the others issue anything else), so the
 * SM's accesses come from one batch's pages, i.e. rows, at a time.  A warp is
 * active when it has not finished and waits neither on its scoreboard nor for
 * a translation.  When the running batch has fewer than min_active active
 * warps (paper 002's undefined "sufficient active warps":
 * -bwm_tbas_min_active, default 1), it is demoted and the oldest batch (the
 * lowest number) with at least min_active active warps is promoted; if none
 * has that many, the oldest with any active warp, so that the SM never holds
 * back a memory instruction no batch could issue.  Warps are chosen within
 * the allowed ones greedy-then-oldest, as by gto.  Applications without
 * thread blocks have no batches: every warp may access memory.
 *
 * Pure bookkeeping over the SM's CTA slots: O(slots) per decision. */
#ifndef BWM_TBAS_H
#define BWM_TBAS_H

#include <stdint.h>

typedef struct bwm_tbas {
    int min_active;
    int64_t running;        /* the running batch (-1: none yet) */
    uint64_t promotions;    /* batches promoted */
} bwm_tbas;

void bwm_tbas_init(bwm_tbas *t, int min_active);

/* The warps that may issue a memory instruction.  Slot k (k < slots) holds
 * CTA seq[k] when slot_warps[k] != 0 (its warps' mask); active: the
 * active warps (above). */
uint64_t bwm_tbas_may_access(bwm_tbas *t, int slots, const uint64_t *seq, const uint64_t *slot_warps,
                             int batch_stride, uint64_t active);

#endif
