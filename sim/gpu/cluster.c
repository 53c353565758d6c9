/* cluster.c — the clusters' core cycle: their reply ports and the order of
 * their SMs (see cluster.h). */
#include "sim/gpu/cluster.h"

/* The SM of a cluster (0 .. cores_per_cluster - 1) whose turn comes first
 * at core cycle now. */
static int first_turn(const bwm_gpu_config *cfg, int64_t now)
{
    int n = cfg->cores_per_cluster;
    return n > 1 && cfg->core_order_rr ? (int)(now % n) : 0;
}

int bwm_cluster_sm(const bwm_gpu_config *cfg, int c, int k, int64_t now)
{
    int n = cfg->cores_per_cluster, j = first_turn(cfg, now) + k;
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
    if (bwm_sm_fill(&g->sms[r->sm], r->line_addr, r->sectors, now, err) != BWM_OK)
        return BWM_EFAIL;
    g->latency[r->app].sum += (uint64_t)(now - r->issued);
    g->latency[r->app].n++;
    g->replies++;
    bwm_req_release(&g->pool, (int32_t)id);
    return BWM_OK;
}

int bwm_clusters_cycle(bwm_gpu *g, int64_t now, const bwm_sm_link *link, int64_t *wake, bwm_err *err)
{
    const uint64_t *replies = bwm_xbar_deliverable(g->reply_net);
    for (int w = 0; w < (g->n_busy_clusters + 63) / 64; w++)
        for (uint64_t bits = replies[w]; bits; bits &= bits - 1)
            if (eject(g, w * 64 + __builtin_ctzll(bits), now, err) != BWM_OK)
                return BWM_EFAIL;
    /* the busy SMs with work, cluster by cluster, each cluster from its
       first turn on (bwm_cluster_sm without its divisions) */
    int n = g->cfg.cores_per_cluster, first = first_turn(&g->cfg, now);
    int64_t w = INT64_MAX;
    for (int base = 0, j = first; base < g->n_busy_sms;) {
        int i = base + j;
        if (++j == n)
            j = 0;
        if (j == first)
            base += n;
        if (i >= g->n_busy_sms)
            continue;
        bwm_sm *sm = &g->sms[i];
        if (now >= bwm_sm_next_active(sm))
            bwm_sm_cycle(sm, now, link);
        if (bwm_sm_next_active(sm) < w)
            w = bwm_sm_next_active(sm);
    }
    *wake = w;
    return BWM_OK;
}
