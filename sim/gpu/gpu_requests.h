/* gpu_requests.h — the requests the GPU's parts make from an SM (its
 * loads and stores, gpu.c; the MMU's walk reads, translation.c): whether
 * the request pool has room for them past the entries it keeps for the L2's
 * own requests, and a new one filled in and decoded. */
#ifndef BWM_GPU_REQUESTS_H
#define BWM_GPU_REQUESTS_H

#include <stdint.h>

#include "sim/gpu/gpu_state.h"

/* Pool entries SMs leave free, so that L2 write-backs always find one. */
#define BWM_GPU_POOL_RESERVE(n_subparts) (64 + 8 * (n_subparts))

/* Whether the request pool may take n requests from an SM (the reserve is
 * for the L2's own requests). */
static inline int bwm_gpu_pool_has_room(const bwm_gpu *g, int n)
{
    return bwm_req_room(&g->pool) >= BWM_GPU_POOL_RESERVE(g->n_subparts) + n;
}

/* A request of `kind` (req_pool.h) for the sectors of a line from SM sm,
 * filled in and decoded, in the pool (the caller checked its room) but not
 * yet sent. */
int32_t bwm_gpu_new_request(bwm_gpu *g, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, int kind,
                            int64_t now);

#endif
