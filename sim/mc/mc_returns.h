/* mc_returns.h — the memory controller's completion ring: the requests whose
 * last column command has issued and whose data is on its way, in the order
 * they complete (bwm_mc_returns, embedded in bwm_mc as ret).
 *
 * Column commands move their data one after another on the channel's one
 * data bus (each starts when the one before has ended: channel floor), so
 * requests complete in the order their last column commands issue, each
 * later than the one before: a ring in issue order is in completion order.
 * One column command per cycle, each done within max(CL, WL) + burst
 * cycles, bounds the data in flight, and the ring is sized for that
 * (bwm_mc_returns_cap). */
#ifndef BWM_MC_RETURNS_H
#define BWM_MC_RETURNS_H

#include <stdint.h>

#include "sim/dram/channel.h"
#include "sim/mc/mc_req.h"

/* A request whose data is on its way, with what its statistics need. */
typedef struct bwm_completion {
    int64_t done;
    uint64_t seq;
    bwm_mc_req req;
    int32_t bank;
    uint16_t bursts;
    uint8_t outcome;
    uint8_t n_act, n_pre;
} bwm_completion;

typedef struct bwm_mc_returns {
    bwm_completion *ring;
    int32_t head, n, cap;
    int64_t due; /* the first one's completion cycle (BWM_DRAM_NEVER: none) */
} bwm_mc_returns;

/* The ring's size for the channel's timing rules. */
int32_t bwm_mc_returns_cap(const bwm_dram_spec *spec);
/* Allocates an empty ring of cap entries; -1 when out of memory. */
int bwm_mc_returns_init(bwm_mc_returns *r, int32_t cap);
void bwm_mc_returns_free(bwm_mc_returns *r);
/* Appends c, which completes after every one in the ring.  Returns -1 if
 * the ring is full (not reached: see above). */
int bwm_mc_returns_push(bwm_mc_returns *r, const bwm_completion *c);
/* Drops the first one (the ring must not be empty). */
void bwm_mc_returns_pop(bwm_mc_returns *r);

/* The first one to complete (the ring must not be empty). */
static inline const bwm_completion *bwm_mc_returns_first(const bwm_mc_returns *r)
{
    return &r->ring[r->head];
}

/* The i-th one in completion order, 0 <= i < r->n. */
static inline const bwm_completion *bwm_mc_returns_at(const bwm_mc_returns *r, int32_t i)
{
    int32_t at = r->head + i;
    return &r->ring[at >= r->cap ? at - r->cap : at];
}

#endif
