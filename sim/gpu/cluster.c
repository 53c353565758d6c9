/* cluster.c — the clusters' core cycle: their reply ports and the order of
 * their SMs (see cluster.h). */
#include "sim/gpu/cluster.h"

#include "sim/gpu/translation.h"

int bwm_cluster_first_turn(const bwm_gpu_config *cfg, int64_t now)
{
    int n = cfg->cores_per_cluster;
    return n > 1 && cfg->core_order_rr ? (int)(now % n) : 0;
}

int bwm_cluster_sm(const bwm_gpu_config *cfg, int c, int k, int64_t now)
{
    int n = cfg->cores_per_cluster, j = bwm_cluster_first_turn(cfg, now) + k;
    return c * n + (j < n ? j : j - n);
}

/* Reply id reaches the SM that asked for it at cycle now. */
static int deliver(bwm_gpu *g, uint64_t id, int64_t now, bwm_err *err)
{
    bwm_mreq *r = bwm_req_at(&g->pool, (int32_t)id);
    if (bwm_mreq_is_store(r->kind)) { /* a write acknowledgement: the store is done */
        g->acks++;
        bwm_sm *sm = &g->sms[r->sm];
        if (sm->wait_stores) {
            bwm_sm_store_acked(sm, r->warp, r->sectors, now);
            bwm_sm_calendar_set(&g->calendar, r->sm, bwm_sm_next_active(sm));
        }
        bwm_req_release(&g->pool, (int32_t)id);
        return BWM_OK;
    }
    /* the load's life: its own, or its last sector's, which carries its
       life before the split (subpart.c) */
    const bwm_req_life *life = bwm_req_life_of(&g->pool, (int32_t)id);
    if (r->parent >= 0) { /* a sector of a load a sector L2 split: the load is back with its last one */
        int32_t parent = r->parent;
        if (r->kind == BWM_MREQ_WALK)
            bwm_req_walk_of(&g->pool, parent)->dram |= bwm_req_walk_of(&g->pool, (int32_t)id)->dram;
        bwm_req_release(&g->pool, (int32_t)id);
        r = bwm_req_at(&g->pool, parent);
        if (--r->children > 0)
            return BWM_OK;
        id = (uint64_t)parent;
    }
    if (r->kind == BWM_MREQ_WALK) { /* a page walk's read: to the walker */
        bwm_gpu_walk_reply(g, (int32_t)id, now);
        return BWM_OK;
    }
    if (r->kind == BWM_MREQ_ATOMIC) /* to its warp: the L1D did not take part */
        bwm_sm_atomic_done(&g->sms[r->sm], r->warp, now);
    else if (r->entry >= 0) /* a load past the L1D (MeDiC may have sent it past the L2 too) */
        bwm_sm_load_done(&g->sms[r->sm], r->warp, r->entry, now);
    else if (bwm_sm_fill(&g->sms[r->sm], r->line_addr, r->sectors, now, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_sm_calendar_set(&g->calendar, r->sm, bwm_sm_next_active(&g->sms[r->sm]));
    bwm_req_delivered(&g->req, r->app, life, r->issued, now);
    g->replies++;
    bwm_req_release(&g->pool, (int32_t)id);
    return BWM_OK;
}

/* Host hints (cache.h) for the fill reply id will make, if a load's: the
 * first (its slots) when the reply enters the FIFO, the second (`entries`:
 * the entries they name) after the SMs' turns, a cycle's work before the
 * fill. */
static void hint_fill(bwm_gpu *g, int32_t id, int entries)
{
    const bwm_mreq *r = bwm_req_at(&g->pool, id);
    if (bwm_mreq_is_store(r->kind) || r->kind == BWM_MREQ_WALK || r->kind == BWM_MREQ_ATOMIC || r->entry >= 0)
        return;
    if (entries)
        bwm_cache_prefetch_entries(&g->sms[r->sm].l1, r->line_addr);
    else
        bwm_cache_prefetch(&g->sms[r->sm].l1, r->line_addr);
}

int bwm_clusters_eject(bwm_gpu *g, int64_t now, bwm_err *err)
{
    int words = (g->n_busy_clusters + 63) / 64;
    int hinted = bwm_cache_hinted(&g->sms[0].l1); /* every SM's L1D is alike */
    for (int w = 0; w < words; w++) /* each FIFO's head to its SM */
        for (uint64_t bits = g->links.held_mask[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            uint64_t id = (uint64_t)g->links.held_reply[c];
            g->links.held_reply[c] = -1;
            if (deliver(g, id, now, err) != BWM_OK)
                return BWM_EFAIL;
        }
    const uint64_t *replies = bwm_xbar_deliverable(g->reply_net);
    for (int w = 0; w < words; w++) { /* then a reply from each port into its FIFO */
        g->links.held_mask[w] = 0;
        for (uint64_t bits = replies[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            uint64_t id;
            bwm_xbar_pop(g->reply_net, c, &id);
            g->links.held_reply[c] = (int32_t)id;
            if (hinted) /* its fill comes next cycle */
                hint_fill(g, (int32_t)id, 0);
            g->links.held_mask[w] |= 1ull << (c % 64);
        }
    }
    return BWM_OK;
}

void bwm_clusters_hint(bwm_gpu *g)
{
    if (!bwm_cache_hinted(&g->sms[0].l1))
        return;
    for (int w = 0; w < (g->n_busy_clusters + 63) / 64; w++)
        for (uint64_t bits = g->links.held_mask[w]; bits; bits &= bits - 1)
            hint_fill(g, g->links.held_reply[w * 64 + __builtin_ctzll(bits)], 1);
}
