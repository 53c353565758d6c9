/* gpu_requests.c — the requests the GPU's parts make and the SMs' link
 * that sends their loads and stores (see gpu_requests.h). */
#include "sim/gpu/gpu_requests.h"

#include "sim/cache/sector.h"

int32_t bwm_gpu_new_request(bwm_gpu *g, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, int kind,
                            int64_t now)
{
    int32_t id = bwm_req_alloc(&g->pool);
    bwm_mreq *r = bwm_req_at(&g->pool, id);
    r->line_addr = line_addr;
    bwm_addrmap_decode(&g->mem.cfg.map, line_addr, &r->da);
    r->issued = now;
    r->app = app;
    r->sm = sm;
    r->warp = warp;
    r->subpart = (int32_t)(r->da.channel * (uint32_t)g->cfg.dram.n_sub_partitions + r->da.sub_partition);
    r->kind = (uint8_t)kind;
    r->sectors = (uint8_t)sectors;
    r->dram_sectors = 0;
    r->partial = 0;
    return id;
}

/* A load request (past the L1D or not) carries its header; a store or an
 * atomic also its sectors' data. */
static int request_bytes(int access, unsigned sectors)
{
    return access == BWM_SM_STORE || access == BWM_SM_ATOMIC ? bwm_sector_bytes(sectors) + BWM_HEADER_BYTES
                                                             : BWM_HEADER_BYTES;
}

/* The requests an SM's access to sectors of a line makes: one per sector
 * when the SM sends sector requests (bwm_gpu_sector_requests), else one. */
static int requests_for(const bwm_gpu *g, unsigned sectors)
{
    return bwm_gpu_sector_requests(&g->cfg) ? bwm_sector_count(sectors) : 1;
}

int bwm_gpu_link_can_send(void *ctx, int sm, int access, unsigned sectors)
{
    bwm_gpu *g = ctx;
    int n = requests_for(g, sectors);
    if (!bwm_gpu_pool_has_room(g, n)) {
        g->links.pool_wait[sm / 64] |= 1ull << (sm % 64);
        return 0;
    }
    unsigned each = n > 1 ? sectors & -sectors : sectors; /* sector requests all have the same size */
    return bwm_xbar_can_send_many(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm),
                                  request_bytes(access, each), n);
}

/* One request for (loads, atomics) or of (stores) the sectors of a line,
 * a store's `partial` of them written only in part. */
static void send_request(bwm_gpu *g, int sm, int warp, int app, uint64_t line_addr, unsigned sectors,
                         unsigned partial, int access, int entry, int64_t now, int64_t tried)
{
    int kind = access == BWM_SM_STORE ? BWM_MREQ_STORE : access == BWM_SM_ATOMIC ? BWM_MREQ_ATOMIC : BWM_MREQ_LOAD;
    int32_t id = bwm_gpu_new_request(g, sm, warp, app, line_addr, sectors, kind, now);
    bwm_req_at(&g->pool, id)->entry = (int8_t)entry; /* -1 but for a BWM_SM_LOAD_L2 (bwm_sm_link) */
    bwm_req_at(&g->pool, id)->partial = (uint8_t)(partial & sectors);
    bwm_req_issued(&g->req, id, kind, tried, now);
    g->stores += (uint64_t)(access == BWM_SM_STORE);
    bwm_xbar_send(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm), bwm_req_at(&g->pool, id)->subpart,
                  request_bytes(access, sectors), (uint64_t)id, g->clk.cycle[BWM_CLK_ICNT]);
}

void bwm_gpu_link_send(void *ctx, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, unsigned partial,
                       int access, int entry, int64_t now, int64_t tried)
{
    bwm_gpu *g = ctx;
    if (requests_for(g, sectors) == 1) {
        send_request(g, sm, warp, app, line_addr, sectors, partial, access, entry, now, tried);
        return;
    }
    for (unsigned left = sectors; left;) {
        unsigned top = 1u << (31 - __builtin_clz(left));
        send_request(g, sm, warp, app, line_addr, top, partial, access, entry, now, tried);
        left &= ~top;
    }
}
