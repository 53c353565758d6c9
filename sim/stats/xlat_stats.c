/* xlat_stats.c — translation statistics per application (see xlat_stats.h). */
#include "sim/stats/xlat_stats.h"

#include <string.h>

#include "sim/gpu/translation.h"

void bwm_xlat_counters_take(const bwm_gpu *g, int app, bwm_xlat_counters *c)
{
    memset(c, 0, sizeof *c);
    if (!bwm_gpu_translates(g))
        return;
    for (int i = g->first_sm[app]; i < g->first_sm[app] + g->n_sms_of[app]; i++) {
        const bwm_sm *sm = &g->sms[i];
        /* with large-page entries every lookup probes them first, the base-page ones after a miss */
        c->l1_lookups += sm->xlat.tlb_large.key ? sm->xlat.tlb_large.lookups : sm->xlat.tlb.lookups;
        c->l1_hits += sm->xlat.tlb_large.hits + sm->xlat.tlb.hits;
        c->tlb_stall_insts += sm->stats.tlb_misses;
    }
    c->mmu = g->mmu.stats[app];
    c->large_pages = g->vm.apps ? g->vm.apps[app].large_pages : 0;
    c->mmu.active_cycles = bwm_mmu_active_cycles(&g->mmu, app, g->clk.cycle[BWM_CLK_CORE]);
    const bwm_req_counts *q = &g->req.app[app];
    c->walk_dram_cycles = q->walk_dram_cycles;
    c->walk_dram_reads = q->walk_dram_reads;
    c->walk_dram_bytes = q->walk_dram_bytes;
    c->data_dram_cycles = q->data_dram_cycles;
    c->data_dram_reads = q->data_dram_reads;
    c->dram_bytes = q->dram_bytes_read + q->dram_bytes_written;
}

static double ratio(uint64_t num, uint64_t den)
{
    return den > 0 ? (double)num / (double)den : 0;
}

void bwm_xlat_result_from(const bwm_gpu *g, int app, const bwm_xlat_counters *from, const bwm_xlat_counters *to,
                          int64_t cycles, bwm_xlat_result *r)
{
    memset(r, 0, sizeof *r);
    r->levels = g->cfg.mmu.levels;
#define D(f) (to->f - from->f)
    r->l1_tlb_miss_rate = ratio(D(l1_lookups) - D(l1_hits), D(l1_lookups));
    r->l2_tlb_miss_rate = ratio(D(mmu.l2_lookups) - D(mmu.l2_hits), D(mmu.l2_lookups));
    r->pwc_hit_rate = ratio(D(mmu.pwc_hits), D(mmu.pwc_lookups));
    r->walks = D(mmu.walks);
    r->large_walk_frac = ratio(D(mmu.large_walks), D(mmu.walks_done));
    r->large_pages = to->large_pages;
    r->tlb_stall_insts = D(tlb_stall_insts);
    r->concurrent_walks = cycles > 0 ? (double)D(mmu.active_cycles) / (double)cycles : 0;
    r->walk_latency = ratio(D(mmu.walk_cycles), D(mmu.walks_done));
    r->warps_per_miss = ratio(D(mmu.waiters_done), D(mmu.sm_misses_done));
    r->warps_per_miss_frac = g->warps_of[app] > 0 ? r->warps_per_miss / g->warps_of[app] : 0;
    for (int k = 1; k <= r->levels && k <= BWM_MMU_MAX_LEVELS; k++) {
        r->walk_l2_hit[k] = ratio(D(mmu.walk_l2_hits[k]), D(mmu.walk_reads[k]));
        r->walk_read_latency[k] = ratio(D(mmu.walk_read_cycles[k]), D(mmu.walk_reads[k]));
    }
    r->walk_bw_frac = ratio(D(walk_dram_bytes), D(dram_bytes));
    double core_per_dram = g->cfg.dram.core_mhz / g->cfg.dram.dram_mhz;
    r->walk_dram_latency = ratio(D(walk_dram_cycles), D(walk_dram_reads)) * core_per_dram;
    r->data_dram_latency = ratio(D(data_dram_cycles), D(data_dram_reads)) * core_per_dram;
#undef D
}
