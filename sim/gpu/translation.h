/* translation.h — the GPU's side of address translation (sim/tlb/mmu.h):
 * the SMs' L1 TLB misses into the MMU, its walk reads into the request
 * crossbar from the cluster of the SM that missed first (a header-sized
 * read of the page-table entry's sector, or of its line when the SMs send
 * line requests), their replies back to the walker, and its answers to the
 * SMs.  Nothing here exists under -bwm_mmu ideal. */
#ifndef BWM_GPU_TRANSLATION_H
#define BWM_GPU_TRANSLATION_H

#include <stdint.h>

#include "sim/gpu/gpu_state.h"

/* Builds g->mmu unless the design is ideal, after the SMs (it holds a
 * waiting page for every warp and line of one instruction) and before the
 * memory controllers (a scheduler may attach to it: sched.h's hooks). */
int bwm_gpu_translation_init(bwm_gpu *g, bwm_err *err);

/* Whether g translates addresses (a design other than ideal). */
static inline int bwm_gpu_translates(const bwm_gpu *g)
{
    return g->mmu.waiters != NULL;
}

/* bwm_sm_link's translate: warp warp of SM sm missed vpage. */
void bwm_gpu_translate(void *ctx, int sm, int warp, int app, uint64_t vpage, int64_t now);

/* The MMU's core cycle now. */
void bwm_gpu_mmu_cycle(bwm_gpu *g, int64_t now);

/* Walk request id's reply reached its cluster at core cycle now: to the
 * walker; the request leaves the pool. */
void bwm_gpu_walk_reply(bwm_gpu *g, int32_t id, int64_t now);

#endif
