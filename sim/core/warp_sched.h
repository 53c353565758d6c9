/* warp_sched.h — the choice a warp scheduler makes each cycle.
 *
 * A scheduler owns a subset of an SM's warps and issues at most one
 * instruction per cycle.  Given the warps that can issue now (a bit mask, bit
 * w for warp w) and the warp it issued last, it chooses one:
 *   - GTO (greedy then oldest): the last warp again while it can issue, else
 *     the oldest, i.e. the lowest-numbered (warps are launched in order);
 *   - LRR (loose round-robin): the first warp after the last one, cyclically;
 *   - CCWS and TBAS choose as GTO does, among the candidates the SM leaves
 *     them (ccws.h, tbas.h hold some warps' loads or stores back).
 * Pure functions on masks: O(1). */
#ifndef BWM_WARP_SCHED_H
#define BWM_WARP_SCHED_H

#include <stdint.h>

#include "sim/config/gpu_config.h"

/* The warp to issue from candidates (non-zero), last being the previous
 * choice (-1 at start). */
int bwm_warp_pick(bwm_warp_sched_kind kind, uint64_t candidates, int last);

#endif
