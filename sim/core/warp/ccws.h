/* ccws.h — cache-conscious wavefront scheduling (CCWS; Rogers, O'Connor and
 * Aamodt, MICRO 2012): which warps of an SM may issue loads.
 *
 * Each warp has a victim tag array (VTA): the lines it allocated in the L1D
 * and lost to replacement, BWM_CCWS_VTA_SETS sets (by line number) of
 * BWM_CCWS_VTA_WAYS tags, FIFO, as in the public CCWS configuration.  A load
 * of warp w whose line misses the L1D and is in w's VTA lost its locality to
 * other warps: the tag leaves the VTA and w's lost-locality score rises by
 *     inc = K × (VTA hits / warp instructions issued, on this SM) × cutoff,
 * to at most max(inc, base) (that configuration's equal constants for the
 * increment and the cap, K = 8 by default: -bwm_ccws_kthrottle).  A score
 * above the base score (-bwm_ccws_base_score, 100) falls by one a cycle back
 * to it.  cutoff = live warps × base.  Each cycle the live warps, by
 * descending score (ties: the lower number first), join the list of warps
 * that may load until the scores summed reach the cutoff; the others may
 * issue anything but a load (global loads: the only ones the model has).
 * With every score at base, every live warp is in the list.
 *
 * O(1) per VTA insertion and probe; computing the list sorts the live warps
 * (O(warps²) worst case, 64 at most), and is skipped while every score is at
 * base.  Allocates at init only. */
#ifndef BWM_CCWS_H
#define BWM_CCWS_H

#include <stdint.h>

#include "util/status.h"

#define BWM_CCWS_VTA_SETS 2
#define BWM_CCWS_VTA_WAYS 8

typedef struct bwm_ccws {
    int n_warps;
    int64_t base;           /* the base score */
    int64_t k;              /* K, scaling each VTA hit's increment */
    int64_t *score;         /* per warp: its score at cycle score_at[w] */
    int64_t *score_at;
    uint64_t *vta;          /* per warp: SETS × WAYS line numbers (UINT64_MAX: empty) */
    uint8_t *vta_next;      /* per warp and set: the FIFO's next way */
    uint64_t vta_hits;      /* since the start */
    uint64_t insts;         /* warp instructions issued since the start */
    int64_t raised_until;   /* from this cycle on, every score is at base */
} bwm_ccws;

int bwm_ccws_init(bwm_ccws *c, int n_warps, int base_score, int k, bwm_err *err);
void bwm_ccws_free(bwm_ccws *c);

/* A warp instruction was issued (any warp). */
static inline void bwm_ccws_issued(bwm_ccws *c)
{
    c->insts++;
}

/* Warp owner's line (line address) was replaced in the L1D. */
void bwm_ccws_evicted(bwm_ccws *c, int owner, uint64_t line_addr);

/* A load of warp w missed the L1D on line_addr at cycle now, with the warps
 * of `live` live: a VTA hit raises w's score.  Returns whether it hit. */
int bwm_ccws_missed(bwm_ccws *c, int w, uint64_t line_addr, uint64_t live, int64_t now);

/* The warps of live that may issue a load at cycle now. */
uint64_t bwm_ccws_may_load(const bwm_ccws *c, uint64_t live, int64_t now);

/* Warp w's score at cycle now. */
int64_t bwm_ccws_score(const bwm_ccws *c, int w, int64_t now);

/* A new warp takes slot w (thread blocks): its score and VTA start afresh. */
void bwm_ccws_reset_warp(bwm_ccws *c, int w, int64_t now);

#endif
