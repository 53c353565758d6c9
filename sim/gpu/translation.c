/* translation.c — the MMU's link to the SMs and the memory system (see
 * translation.h). */
#include "sim/gpu/translation.h"

#include "sim/cache/sector.h"
#include "sim/gpu/gpu_requests.h"

int bwm_gpu_translation_init(bwm_gpu *g, bwm_err *err)
{
    if (g->cfg.mmu.design == BWM_MMU_IDEAL)
        return BWM_OK;
    int64_t warps = 0;
    for (int i = 0; i < g->n_busy_sms; i++)
        warps += g->sms[i].n_warps;
    int64_t waiters = (warps > 0 ? warps : 1) * BWM_MAX_ACCESSES;
    if (waiters > INT32_MAX / 4)
        return bwm_fail(err, BWM_EINPUT, "%lld warps are too many to translate for", (long long)warps);
    return bwm_mmu_init(&g->mmu, &g->cfg.mmu, g->n_apps, g->n_sms, g->warps_per_sm, &g->vm, g->cfg.l2.line_bytes,
                        (int32_t)waiters, err);
}

void bwm_gpu_translate(void *ctx, int sm, int warp, int app, uint64_t vpage, int64_t now)
{
    bwm_gpu *g = ctx;
    bwm_mmu_request(&g->mmu, sm, warp, app, vpage, now);
}

/* The walk reads leave SM sm's cluster like its loads: a pool entry past
 * the reserve, room in the cluster's crossbar input. */
static int walk_can_send(void *ctx, int sm)
{
    bwm_gpu *g = ctx;
    return bwm_gpu_pool_has_room(g, 1) &&
           bwm_xbar_can_send_many(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm), BWM_HEADER_BYTES, 1);
}

static void walk_send(void *ctx, int sm, int warp, int app, uint64_t pa, int32_t walk, int level, int l2_bypass,
                      int64_t now)
{
    bwm_gpu *g = ctx;
    uint64_t line_bytes = (uint64_t)g->cfg.l2.line_bytes;
    unsigned sectors = bwm_gpu_sector_requests(&g->cfg) ? 1u << (pa % line_bytes / BWM_CACHE_SECTOR_BYTES)
                                                        : BWM_SECTORS_ALL;
    int32_t id = bwm_gpu_new_request(g, sm, warp, app, pa - pa % line_bytes, sectors, BWM_MREQ_WALK, now);
    *bwm_req_walk_of(&g->pool, id) = (bwm_req_walk){walk, (uint8_t)level, 0, (uint8_t)l2_bypass};
    bwm_req_issued(&g->req, id, BWM_MREQ_WALK, now, now);
    bwm_xbar_send(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm), bwm_req_at(&g->pool, id)->subpart,
                  BWM_HEADER_BYTES, (uint64_t)id, g->clk.cycle[BWM_CLK_ICNT]);
}

static void walk_done(void *ctx, int sm, int warp, uint64_t vpage, int large, int64_t now)
{
    bwm_gpu *g = ctx;
    bwm_sm_translated(&g->sms[sm], warp, vpage, large, now);
    bwm_sm_calendar_set(&g->calendar, sm, bwm_sm_next_active(&g->sms[sm]));
}

/* The L2's data reads so far, every application's, and those it served
 * (counted as it takes them, so walk reads, in whatever state their lines
 * are, never enter). */
static void l2_data(void *ctx, uint64_t *accesses, uint64_t *hits)
{
    bwm_gpu *g = ctx;
    uint64_t n = 0, h = 0;
    for (int i = 0; i < g->n_subparts; i++) {
        n += g->subparts[i].stats.data_reads;
        h += g->subparts[i].stats.data_reads_served;
    }
    *accesses = n;
    *hits = h;
}

static bwm_mmu_link link_of(bwm_gpu *g)
{
    return (bwm_mmu_link){walk_can_send, walk_send, walk_done, l2_data, g};
}

void bwm_gpu_mmu_cycle(bwm_gpu *g, int64_t now)
{
    bwm_mmu_link link = link_of(g);
    bwm_mmu_cycle(&g->mmu, now, &link);
}

void bwm_gpu_walk_reply(bwm_gpu *g, int32_t id, int64_t now)
{
    bwm_mmu_link link = link_of(g);
    bwm_req_walk w = *bwm_req_walk_of(&g->pool, id);
    bwm_req_release(&g->pool, id);
    bwm_mmu_reply(&g->mmu, w.walk, w.dram, now, &link);
}
