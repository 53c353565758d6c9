/* kernel_stats.c — snapshots and per-kernel statistics of a traced
 * application (see kernel_stats.h). */
#include "sim/stats/kernel_stats.h"

#include <stdio.h>
#include <string.h>

#include "sim/gpu/gpu_state.h"

/* SM i's own counts (warp instructions, CTAs, its L1D's) into c. */
static void add_sm(const bwm_gpu *g, int app, int i, bwm_kernel_counters *c)
{
    const bwm_cache_stats *s = bwm_cache_app_stats(&g->sms[i].l1, app);
    c->warp_insts += g->sms[i].stats.warp_insts;
    c->ctas += g->sms[i].stats.ctas;
    c->l1_reads += s->sector_reads;
    c->l1_writes += s->sector_accesses - s->sector_reads;
    c->l1_read_misses += s->sector_read_misses;
    c->l1_write_misses += s->sector_misses - s->sector_read_misses;
}

void bwm_kernel_counters_take_sm(const bwm_gpu *g, int app, int k, bwm_kernel_counters *c)
{
    memset(c, 0, sizeof *c);
    int i = g->first_sm[app] + k;
    c->cycle = g->clk.cycle[BWM_CLK_CORE];
    c->insts = g->sms[i].stats.insts;
    add_sm(g, app, i, c);
}

void bwm_kernel_counters_settle(bwm_kernel_counters *acc, const bwm_kernel_counters *from,
                                const bwm_kernel_counters *to)
{
#define ADD(f) acc->f += to->f - from->f
    ADD(insts);
    ADD(warp_insts);
    ADD(ctas);
    ADD(l1_reads);
    ADD(l1_writes);
    ADD(l1_read_misses);
    ADD(l1_write_misses);
#undef ADD
}

void bwm_kernel_result_sm_counts(bwm_kernel_result *r, const bwm_kernel_counters *acc)
{
    r->insts = acc->insts;
    r->warp_insts = acc->warp_insts;
    r->ctas = acc->ctas;
    r->l1_reads = acc->l1_reads;
    r->l1_writes = acc->l1_writes;
    r->l1_read_misses = acc->l1_read_misses;
    r->l1_write_misses = acc->l1_write_misses;
    r->ipc = r->cycles > 0 ? (double)r->insts / (double)r->cycles : 0;
}

void bwm_kernel_counters_take(const bwm_gpu *g, int app, bwm_kernel_counters *c)
{
    memset(c, 0, sizeof *c);
    c->cycle = g->clk.cycle[BWM_CLK_CORE];
    c->insts = g->app_insts[app];
    for (int i = g->first_sm[app]; i < g->first_sm[app] + g->n_sms_of[app]; i++)
        add_sm(g, app, i, c);
    for (int i = 0; i < g->n_subparts; i++) {
        const bwm_subpart *sp = &g->subparts[i];
        const bwm_cache_stats *s = bwm_cache_app_stats(&sp->l2, app);
        c->l2_reads += s->sector_reads + sp->bypassed_sectors[app]; /* a load sent past the L2 missed it */
        c->l2_writes += s->sector_accesses - s->sector_reads;
        c->l2_read_misses += s->sector_read_misses + sp->bypassed_sectors[app];
        c->l2_write_misses += s->sector_misses - s->sector_read_misses;
    }
    for (int ch = 0; ch < g->mem.n_channels; ch++) {
        const bwm_mc_counts *m = &g->mem.mcs[ch].apps[app].c;
        c->dram_reads += m->reads;
        c->dram_writes += m->writes;
    }
}

void bwm_kernel_result_from(const bwm_kernel_counters *from, const bwm_kernel_counters *to, bwm_kernel_result *r)
{
    r->start = from->cycle;
    r->end = to->cycle;
    r->cycles = to->cycle - from->cycle;
#define DIFF(f) r->f = to->f - from->f
    DIFF(insts);
    DIFF(warp_insts);
    DIFF(ctas);
    DIFF(l1_reads);
    DIFF(l1_writes);
    DIFF(l1_read_misses);
    DIFF(l1_write_misses);
    DIFF(l2_reads);
    DIFF(l2_writes);
    DIFF(l2_read_misses);
    DIFF(l2_write_misses);
    DIFF(dram_reads);
    DIFF(dram_writes);
#undef DIFF
    r->ipc = r->cycles > 0 ? (double)r->insts / (double)r->cycles : 0;
}

void bwm_kernel_result_add(bwm_kernel_result *t, const bwm_kernel_result *k)
{
#define ADD(f) t->f += k->f
    ADD(cycles);
    ADD(insts);
    ADD(warp_insts);
    ADD(ctas);
    ADD(l1_reads);
    ADD(l1_writes);
    ADD(l1_read_misses);
    ADD(l1_write_misses);
    ADD(l2_reads);
    ADD(l2_writes);
    ADD(l2_read_misses);
    ADD(l2_write_misses);
    ADD(dram_reads);
    ADD(dram_writes);
#undef ADD
    t->ipc = t->cycles > 0 ? (double)t->insts / (double)t->cycles : 0;
}

void bwm_kernel_result_ending(const bwm_gpu *g, int app, const bwm_kernel_counters *from, int64_t end,
                              const char *name, bwm_kernel_result *out)
{
    bwm_kernel_counters to;
    bwm_kernel_counters_take(g, app, &to);
    to.cycle = end;
    memset(out, 0, sizeof *out);
    bwm_kernel_result_from(from, &to, out);
    snprintf(out->name, sizeof out->name, "%s", name);
    out->app = app;
}
