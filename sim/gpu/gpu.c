/* gpu.c — the simulated GPU's clocking (see gpu.h): each clock edge, the
 * core cycle (the clusters' replies, the MMU, the SMs that have work), the
 * interconnect's, the L2 slices' and the DRAM's, and the checks that the
 * memory system has drained. */
#include "sim/gpu/gpu.h"

#include "sim/gpu/cluster.h"
#include "sim/gpu/gpu_requests.h"
#include "sim/gpu/translation.h"

/* Whether a reply waits at any cluster. */
static int any_reply(const bwm_gpu *g)
{
    const uint64_t *replies = bwm_xbar_deliverable(g->reply_net);
    for (int w = 0; w < (g->n_busy_clusters + 63) / 64; w++)
        if (replies[w])
            return 1;
    return 0;
}

/* Whether SM i waits for the link and the link may have room for it now:
 * its cluster's crossbar input gained space, or the request pool refused
 * it and has room now.  A superset of the moments a retry can succeed, so
 * retrying only then changes no result. */
static int link_room(const bwm_gpu *g, const uint64_t *freed, int i)
{
    uint64_t bit = 1ull << (i % 64);
    if (!(g->links.link_wait[i / 64] & bit))
        return 0;
    int c = bwm_gpu_cluster_of(g->cfg.cores_per_cluster, i);
    return (freed[c / 64] >> (c % 64) & 1) || ((g->links.pool_wait[i / 64] & bit) && bwm_gpu_pool_has_room(g, 1));
}

static int any_link_room(const bwm_gpu *g)
{
    const uint64_t *freed = bwm_xbar_freed(g->req_net);
    for (int w = 0; w < (g->n_busy_sms + 63) / 64; w++)
        for (uint64_t bits = g->links.link_wait[w]; bits; bits &= bits - 1)
            if (link_room(g, freed, w * 64 + __builtin_ctzll(bits)))
                return 1;
    return 0;
}

/* SM i's turn in core cycle now: the link's room for it, then its cycle. */
static void visit_sm(bwm_gpu *g, int i, int64_t now, const uint64_t *freed, const bwm_sm_link *link)
{
    bwm_sm *sm = &g->sms[i];
    uint64_t bit = 1ull << (i % 64), *wait = &g->links.link_wait[i / 64];
    if (link_room(g, freed, i)) {
        g->links.pool_wait[i / 64] &= ~bit;
        bwm_sm_link_ready(sm, now);
    }
    if (now >= bwm_sm_next_active(sm))
        bwm_sm_cycle(sm, now, link);
    *wait = (*wait & ~bit) | (bwm_sm_waits_for_link(sm) ? bit : 0);
    bwm_sm_calendar_set(&g->calendar, i, bwm_sm_next_active(sm));
}

/* Whether SM i takes a turn: bit i of the due set or of link_wait. */
static inline int has_turn(const bwm_gpu *g, const uint64_t *due, int i)
{
    return ((due[i / 64] | g->links.link_wait[i / 64]) >> (i % 64) & 1) != 0;
}

/* Core cycle now: every cluster takes a reply to its SM, then the SMs take
 * their turns, cluster by cluster in each cluster's order (cluster.h).
 * Only SMs that may have something to do take a turn: their next active
 * cycle has come (a reply brings it forward; the calendar files them), or
 * they wait for the link (and look at it in their turn, since an SM before
 * them may have changed the request pool).  Cycles in which no SM has work,
 * no reply waits and no waiting SM's link may have room are skipped as a
 * whole. */
static int core_cycle(bwm_gpu *g, int64_t now, bwm_err *err)
{
    int translating = bwm_gpu_translates(g);
    if (now < g->sm_wake && !any_reply(g) && !bwm_gpu_links_any_held(&g->links, g->n_busy_clusters) &&
        !any_link_room(g) && (!translating || now < bwm_mmu_next_active(&g->mmu))) {
        bwm_xbar_clear_freed(g->req_net);
        return BWM_OK;
    }
    if (bwm_clusters_eject(g, now, err) != BWM_OK)
        return BWM_EFAIL;
    if (translating && now >= bwm_mmu_next_active(&g->mmu))
        bwm_gpu_mmu_cycle(g, now);
    bwm_sm_link link = {bwm_gpu_link_can_send, bwm_gpu_link_send, bwm_gpu_translate, g};
    const uint64_t *freed = bwm_xbar_freed(g->req_net);
    const uint64_t *due = bwm_sm_calendar_take(&g->calendar, now);
    int n = g->cfg.cores_per_cluster, first = bwm_cluster_first_turn(&g->cfg, now);
    if (n == 1) {
        /* a turn changes no other SM's bits, so each word's turns are known at its start */
        for (int w = 0; w < (g->n_busy_sms + 63) / 64; w++)
            for (uint64_t bits = due[w] | g->links.link_wait[w]; bits; bits &= bits - 1)
                visit_sm(g, w * 64 + __builtin_ctzll(bits), now, freed, &link);
    } else {
        /* bwm_cluster_sm's order without its divisions */
        for (int base = 0, j = first; base < g->n_busy_sms;) {
            int i = base + j;
            if (++j == n)
                j = 0;
            if (j == first)
                base += n;
            if (i < g->n_busy_sms && has_turn(g, due, i))
                visit_sm(g, i, now, freed, &link);
        }
    }
    bwm_clusters_hint(g);
    g->sm_wake = bwm_sm_calendar_next(&g->calendar);
    bwm_xbar_clear_freed(g->req_net);
    return BWM_OK;
}

/* L2 cycle now: the slices with work take their cycle, in order.  Which
 * have work is known at the start (a slice's cycle changes no other's
 * queues or requests waiting at the crossbar), and is found without a
 * branch per slice: whether a slice has work follows no pattern. */
static int l2_cycle(bwm_gpu *g, int64_t now, bwm_err *err)
{
    bwm_subpart_env env = {&g->pool, g->req_net, g->reply_net, g->clk.cycle[BWM_CLK_ICNT], &g->mem,
                           g->clk.cycle[BWM_CLK_DRAM], bwm_gpu_sched_l2(&g->sched), g->clk.now_fs};
    const uint64_t *asked = bwm_xbar_deliverable(g->req_net);
    for (int w = 0; w * 64 < g->n_subparts; w++) {
        const int64_t *wake = &g->subpart_wake[w * 64];
        int n = g->n_subparts - w * 64 < 64 ? g->n_subparts - w * 64 : 64;
        uint64_t due = asked[w];
        for (int k = 0; k < n; k++)
            due |= (uint64_t)(wake[k] <= now) << k;
        for (; due; due &= due - 1)
            if (bwm_subpart_cycle(&g->subparts[w * 64 + __builtin_ctzll(due)], now, &env, err) != BWM_OK)
                return BWM_EFAIL;
    }
    return BWM_OK;
}

int bwm_gpu_step(bwm_gpu *g, bwm_err *err)
{
    if (g->failed) {
        *err = g->fault;
        return BWM_EFAIL;
    }
    int64_t t = bwm_gpu_clocks_edge(&g->clk);
    int st = BWM_OK;
    if (g->clk.next_fs[BWM_CLK_CORE] == t)
        st = core_cycle(g, g->clk.cycle[BWM_CLK_CORE], &g->fault);
    if (st == BWM_OK && g->vm.faulted)
        st = bwm_fail(&g->fault, BWM_EFAIL, "%s", g->vm.fault.msg);
    if (st == BWM_OK && g->mmu.failed)
        st = bwm_fail(&g->fault, BWM_EFAIL, "%s", g->mmu.fault.msg);
    if (st == BWM_OK && g->clk.next_fs[BWM_CLK_ICNT] == t) {
        bwm_xbar_tick(g->req_net, g->clk.cycle[BWM_CLK_ICNT]);
        bwm_xbar_tick(g->reply_net, g->clk.cycle[BWM_CLK_ICNT]);
    }
    if (st == BWM_OK && g->clk.next_fs[BWM_CLK_L2] == t)
        st = l2_cycle(g, g->clk.cycle[BWM_CLK_L2], &g->fault);
    if (st == BWM_OK && g->clk.next_fs[BWM_CLK_DRAM] == t)
        bwm_memsys_tick(&g->mem, g->clk.cycle[BWM_CLK_DRAM]);
    bwm_gpu_clocks_advance(&g->clk, t);
    if (st != BWM_OK) {
        g->failed = 1;
        *err = g->fault;
    }
    return st;
}

int bwm_gpu_run_core_cycles(bwm_gpu *g, int64_t cycles, bwm_err *err)
{
    int64_t end = g->clk.cycle[BWM_CLK_CORE] + cycles;
    while (g->clk.cycle[BWM_CLK_CORE] < end)
        if (bwm_gpu_step(g, err) != BWM_OK)
            return BWM_EFAIL;
    return BWM_OK;
}

int bwm_gpu_quiet(const bwm_gpu *g)
{
    if (g->pool.used != 0 || !bwm_xbar_idle(g->req_net) || !bwm_xbar_idle(g->reply_net) ||
        !bwm_memsys_idle(&g->mem) || (bwm_gpu_translates(g) && !bwm_mmu_idle(&g->mmu)))
        return 0;
    for (int i = 0; i < g->n_subparts; i++)
        if (!bwm_subpart_idle(&g->subparts[i]))
            return 0;
    return 1;
}

void bwm_gpu_halt(bwm_gpu *g, int halted)
{
    for (int i = 0; i < g->n_busy_sms; i++) {
        bwm_sm_halt(&g->sms[i], halted, g->clk.cycle[BWM_CLK_CORE]);
        bwm_sm_calendar_set(&g->calendar, i, bwm_sm_next_active(&g->sms[i]));
    }
    g->sm_wake = 0;
}
