/* cluster.c — the clusters' core cycle: their reply ports and the order of
 * their SMs (see cluster.h). */
#include "sim/gpu/cluster.h"

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

/* The oldest reply at cluster c's node, which has one, to the SM that
 * asked for it. */
static int eject(bwm_gpu *g, int c, int64_t now, bwm_err *err)
{
    uint64_t id;
    if (!bwm_xbar_pop(g->reply_net, c, &id))
        return BWM_OK;
    bwm_mreq *r = bwm_req_at(&g->pool, (int32_t)id);
    if (r->parent >= 0) { /* a sector of a load a sector L2 split: the load is back with its last one */
        int32_t parent = r->parent;
        bwm_req_release(&g->pool, (int32_t)id);
        r = bwm_req_at(&g->pool, parent);
        if (--r->children > 0)
            return BWM_OK;
        id = (uint64_t)parent;
    }
    if (bwm_sm_fill(&g->sms[r->sm], r->line_addr, r->sectors, now, err) != BWM_OK)
        return BWM_EFAIL;
    g->sm_next[r->sm] = bwm_sm_next_active(&g->sms[r->sm]);
    g->latency[r->app].sum += (uint64_t)(now - r->issued);
    g->latency[r->app].n++;
    g->replies++;
    bwm_req_release(&g->pool, (int32_t)id);
    return BWM_OK;
}

int bwm_clusters_eject(bwm_gpu *g, int64_t now, bwm_err *err)
{
    const uint64_t *replies = bwm_xbar_deliverable(g->reply_net);
    for (int w = 0; w < (g->n_busy_clusters + 63) / 64; w++)
        for (uint64_t bits = replies[w]; bits; bits &= bits - 1)
            if (eject(g, w * 64 + __builtin_ctzll(bits), now, err) != BWM_OK)
                return BWM_EFAIL;
    return BWM_OK;
}
