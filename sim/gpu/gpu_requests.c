/* gpu_requests.c — the requests the GPU's parts make (see gpu_requests.h). */
#include "sim/gpu/gpu_requests.h"

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
    return id;
}
