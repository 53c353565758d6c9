/* gpu_requests.h — the requests the GPU's parts make from an SM (its
 * loads and stores, through the SMs' link below; the MMU's walk reads,
 * translation.c): whether the request pool has room for them past the
 * entries it keeps for the L2's own requests, a new one filled in and
 * decoded, and the SMs' link (sm.h's bwm_sm_link) that sends their loads and
 * stores into the request crossbar from their cluster's input. */
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

/* bwm_sm_link's can_send (ctx: the GPU): whether the pool and SM sm's
 * cluster's crossbar input take its request(s) for these sectors; a pool
 * that refuses marks the SM in links.pool_wait. */
int bwm_gpu_link_can_send(void *ctx, int sm, int access, unsigned sectors);

/* bwm_sm_link's send: the SM's requests for sectors of a line, which
 * can_send allowed: sector requests one after another, the highest address
 * first (the order GPGPU-Sim's load/store unit takes a warp's sector
 * accesses in), or one line request.  A load's request carries a header,
 * a store's and an atomic's their data too (GPGPU-Sim's
 * icnt_inject_request_packet); an atomic is a BWM_MREQ_ATOMIC; a load
 * that skipped the L1D (BWM_SM_LOAD_L2) a BWM_MREQ_LOAD carrying its
 * scoreboard entry, whose reply goes to the warp (bwm_sm_load_done). */
void bwm_gpu_link_send(void *ctx, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, unsigned partial,
                       int access, int entry, int64_t now, int64_t tried);

#endif
