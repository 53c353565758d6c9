/* app_stats.c — snapshots and interval statistics per application (see
 * app_stats.h). */
#include "sim/stats/app_stats.h"

#include <stdio.h>
#include <string.h>

#include "sim/dram/dram_config.h"
#include "sim/gpu/translation.h"

void bwm_app_counters_take(const bwm_gpu *g, int app, bwm_app_counters *c)
{
    memset(c, 0, sizeof *c);
    c->cycle = g->clk.cycle[BWM_CLK_CORE];
    c->insts = g->app_insts[app];
    for (int i = g->first_sm[app]; i < g->first_sm[app] + g->n_sms_of[app]; i++) {
        const bwm_cache_stats *s = bwm_cache_app_stats(&g->sms[i].l1, app);
        c->l1_accesses += s->accesses;
        c->l1_hits += s->hits;
        c->l1_misses += s->misses;
        c->l1_sector_accesses += s->sector_accesses;
        c->l1_sector_hits += s->sector_hits;
        c->l1_sector_misses += s->sector_misses;
    }
    for (int i = 0; i < g->n_subparts; i++) {
        const bwm_subpart *sp = &g->subparts[i];
        const bwm_cache_stats *s = bwm_cache_app_stats(&sp->l2, app);
        /* a load MeDiC sent past the L2 is an access that missed */
        c->l2_accesses += s->accesses + sp->bypassed[app];
        c->l2_hits += s->hits;
        c->l2_misses += s->misses + sp->bypassed[app];
        c->l2_sector_accesses += s->sector_accesses + sp->bypassed_sectors[app];
        c->l2_sector_hits += s->sector_hits;
        c->l2_sector_misses += s->sector_misses + sp->bypassed_sectors[app];
    }
    for (int ch = 0; ch < g->mem.n_channels; ch++) {
        const bwm_mc_counts *m = &g->mem.mcs[ch].apps[app].c;
        c->dram_bytes += m->bytes;
        c->row_hits += m->row_hits;
        c->row_accesses += m->row_hits + m->row_misses + m->row_conflicts;
        const bwm_mc_app_stats *as = &g->mem.mcs[ch].apps[app];
        c->acts += as->cmds[BWM_CMD_ACT];
        c->service_cycles += as->service_cycles;
        c->busy_cycles += as->busy_cycles;
    }
    c->req = g->req.app[app];
    for (int i = g->first_sm[app]; i < g->first_sm[app] + g->n_sms_of[app]; i++) {
        c->mem_stall += bwm_sm_mem_stall(&g->sms[i], c->cycle);
        c->ctas += g->sms[i].stats.ctas;
    }
    bwm_xlat_counters_take(g, app, &c->xlat);
}

static double ratio(double num, double den)
{
    return den > 0 ? num / den : 0;
}

/* The bits of the denominators (bwm_app_den) that were 0 between the
 * snapshots: what each statistic of r divides by (stat_table.c's `per`),
 * counted as the ratios here, in xlat_stats.c and req_stats.h count it;
 * pages: the pages it touched. */
static uint32_t missing_dens(const bwm_app_counters *from, const bwm_app_counters *to, const bwm_app_result *r,
                             uint64_t pages)
{
    uint64_t den[BWM_DEN_COUNT] = {0};
#define D(f) (to->f - from->f)
    den[BWM_DEN_CYCLES] = (uint64_t)r->cycles;
    den[BWM_DEN_SM_CYCLES] = (uint64_t)r->cycles * (uint64_t)r->sms;
    den[BWM_DEN_INSTS] = r->insts;
    den[BWM_DEN_LOADS] = D(req.latency_n);
    den[BWM_DEN_DRAM_ACCESSES] = D(row_accesses);
    den[BWM_DEN_DRAM_BUSY] = D(busy_cycles);
    den[BWM_DEN_SM_DRAM] = D(req.sm_dram);
    den[BWM_DEN_DATA_READS] = D(req.data_dram_reads);
    den[BWM_DEN_PAGES] = pages;
    den[BWM_DEN_L1_TLB_LOOKUPS] = D(xlat.l1_lookups);
    den[BWM_DEN_L2_TLB_LOOKUPS] = D(xlat.mmu.l2_lookups);
    den[BWM_DEN_PWC_PROBES] = D(xlat.mmu.pwc_lookups);
    den[BWM_DEN_WALKS_DONE] = D(xlat.mmu.walks_done);
    den[BWM_DEN_WALKED_SMS] = D(xlat.mmu.sm_misses_done);
    den[BWM_DEN_DRAM_BYTES] = D(xlat.dram_bytes);
    den[BWM_DEN_WALK_DRAM_READS] = D(xlat.walk_dram_reads);
    for (int k = 1; k <= r->xlat.levels && k <= BWM_MMU_MAX_LEVELS; k++)
        den[BWM_DEN_WALK_READS + k - 1] = D(xlat.mmu.walk_reads[k]);
#undef D
    uint32_t missing = 0;
    for (int d = BWM_DEN_NONE + 1; d < BWM_DEN_COUNT; d++)
        missing |= (uint32_t)(den[d] == 0) << d;
    return missing;
}

void bwm_app_result_from(const bwm_gpu *g, int app, const bwm_app_counters *from,
                         const bwm_app_counters *to, bwm_app_result *r)
{
    memset(r, 0, sizeof *r);
    const bwm_synth_app *prog = g->sms[g->first_sm[app]].prog;
    const bwm_trace_app *traced = g->traces.app[app];
    snprintf(r->name, sizeof r->name, "%s", prog ? prog->name : traced->name);
    snprintf(r->abbr, sizeof r->abbr, "%.*s", (int)sizeof r->abbr - 1, prog ? prog->abbr : traced->name);
    r->sms = g->n_sms_of[app];
    r->insts = to->insts - from->insts;
    r->cycles = to->cycle - from->cycle;
#define DIFF(f) r->f = to->f - from->f
    DIFF(l1_accesses);
    DIFF(l1_hits);
    DIFF(l1_misses);
    DIFF(l1_sector_accesses);
    DIFF(l1_sector_hits);
    DIFF(l1_sector_misses);
    DIFF(l2_accesses);
    DIFF(l2_hits);
    DIFF(l2_misses);
    DIFF(l2_sector_accesses);
    DIFF(l2_sector_hits);
    DIFF(l2_sector_misses);
#undef DIFF
    int sector_l2 = g->cfg.l2.kind == BWM_CACHE_SECTOR;
    uint64_t l2_mpki_misses = sector_l2 ? r->l2_sector_misses : r->l2_misses;
    double bytes = (double)(to->dram_bytes - from->dram_bytes);
    double seconds = (double)r->cycles / (g->cfg.dram.core_mhz * 1e6);
    r->ipc = ratio((double)r->insts, (double)r->cycles);
    r->mpki = ratio(1000.0 * (double)l2_mpki_misses, (double)r->insts);
    r->bw = ratio(bytes, seconds) / 1e9;
    r->bw_frac = r->bw / bwm_dram_peak_gbs(&g->cfg.dram);
    r->row_hit_rate = ratio((double)(to->row_hits - from->row_hits),
                            (double)(to->row_accesses - from->row_accesses));
    bwm_req_result_from(&from->req, &to->req, (double)g->clk.period_fs[BWM_CLK_CORE], g->cfg.dram.core_mhz,
                        g->cfg.dram.dram_mhz, &r->req);
    r->mem_stall_frac = ratio((double)(to->mem_stall - from->mem_stall), (double)r->cycles * r->sms);
#define D(f) (double)(to->f - from->f)
    r->blp = ratio(D(service_cycles), D(busy_cycles));
    r->act_per_access = ratio(D(acts), D(row_accesses));
#undef D
    r->ctas = to->ctas - from->ctas;
    r->blocks = prog ? prog->cta_warps > 0 : 1;
    uint64_t pages = 0;
    if (r->blocks) {
        double share[3];
        pages = bwm_page_sharing_shares(&g->ctas.pages[app], share);
        r->pages_private = share[0];
        r->pages_next_batch = share[1];
        r->pages_wider = share[2];
    }
    r->translated = bwm_gpu_translates(g);
    if (r->translated)
        bwm_xlat_result_from(g, app, &from->xlat, &to->xlat, r->cycles, &r->xlat);
    r->no_den = missing_dens(from, to, r, pages);
}

void bwm_app_stage_values(const bwm_app_result *r, double v[BWM_STAGE_NCOLUMNS])
{
    v[0] = r->mem_round_trip;
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        v[1 + s] = r->lat[s];
    v[BWM_STAGE_NCOLUMNS - 1] = r->mem_stall_frac;
}

void bwm_app_stage_set(bwm_app_result *r, const double v[BWM_STAGE_NCOLUMNS])
{
    r->mem_round_trip = v[0];
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        r->lat[s] = v[1 + s];
    r->mem_stall_frac = v[BWM_STAGE_NCOLUMNS - 1];
}
