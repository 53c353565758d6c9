/* sm_ldst.h — an SM's load/store unit: the lines (and their sectors) of the
 * one memory instruction it is sending to the L1D, one a cycle, and why it
 * waits — the L1D refused its line (until the next fill) or the link did
 * (until the GPU says the link may have room).  The SM (sm.c) runs it; this
 * is its state, plain data. */
#ifndef BWM_SM_LDST_H
#define BWM_SM_LDST_H

#include <stdint.h>

#include "sim/core/coalescer.h"

typedef struct bwm_sm_ldst {
    int warp;                   /* the warp whose instruction it sends (-1: free) */
    uint64_t token;             /* loads: the scoreboard entry its lines return to */
    int access;                 /* what its lines are: BWM_SM_LOAD, BWM_SM_STORE, BWM_SM_ATOMIC or
                                   BWM_SM_LOAD_L2 (sm.h) */
    int next, n;                /* the line it sends next, of n */
    int wait_fill;              /* the L1D refused its line: retry after the next fill */
    int wait_link;              /* the link refused its line: retry after bwm_sm_link_ready */
    int64_t link_since;         /* the cycle the link refused it */
    int64_t tried;              /* the cycle it first tried its current line (-1: not yet) */
    uint64_t line[BWM_MAX_ACCESSES];
    uint8_t sectors[BWM_MAX_ACCESSES];
    uint8_t partial[BWM_MAX_ACCESSES]; /* a store's: the sectors of each line it writes only in part */
} bwm_sm_ldst;

/* Free, nothing tried. */
static inline void bwm_sm_ldst_init(bwm_sm_ldst *u)
{
    u->warp = -1;
    u->tried = -1;
}

/* Whether it holds an instruction's lines. */
static inline int bwm_sm_ldst_busy(const bwm_sm_ldst *u)
{
    return u->warp >= 0;
}

#endif
