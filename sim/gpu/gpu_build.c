/* gpu_build.c — assembly of the simulated GPU and taking it apart (see
 * gpu_build.h): the checks of a run's parameters, the pages, the SMs and
 * their applications, the memory system and the scheduler's attachments. */
#include "sim/gpu/gpu_build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/gpu/translation.h"
#include "sim/mem/footprint.h"
#include "sim/workload/warp_stream.h"
#include "util/num.h"

#define POOL_ENTRIES 65536

uint64_t bwm_warps_before(double warps_per_sm, int k)
{
    return (uint64_t)floor(warps_per_sm * k + 0.5);
}

static int check_params(const bwm_gpu_config *cfg, const bwm_gpu_params *p, int *split, bwm_err *err)
{
    if (p->n_apps < 1 || p->n_apps > BWM_GPU_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%d applications: the simulator runs 1 to %d", p->n_apps,
                        BWM_GPU_MAX_APPS);
    if (p->n_apps > cfg->n_sms)
        return bwm_fail(err, BWM_EINPUT, "%d applications but only %d SMs", p->n_apps, cfg->n_sms);
    int st = bwm_gpu_clocks_check(cfg, err);
    if (st != BWM_OK)
        return st;
    bwm_gpu_shares(cfg, p->n_apps, p->split, split);
    int sum = 0; /* each share is checked first, so the sum cannot overflow */
    for (int a = 0; a < p->n_apps; a++) {
        if (split[a] < 1 || split[a] > cfg->n_sms)
            return bwm_fail(err, BWM_EINPUT, "SM split: application %d gets %d SMs (1..%d)", a + 1, split[a],
                            cfg->n_sms);
        sum += split[a];
    }
    if (sum > cfg->n_sms)
        return bwm_fail(err, BWM_EINPUT, "SM split: the split uses %d SMs, the GPU has %d", sum, cfg->n_sms);
    for (int a = 0; a < p->n_apps; a++) {
        if (!p->traces[a] && !p->apps[a])
            return bwm_fail(err, BWM_EINPUT, "application %d: neither synthetic nor traced", a + 1);
    }
    return BWM_OK;
}

/* The applications' pages (vm.h), under -bwm_vm other than identity or when
 * translating: before the SMs, which translate through them, and the MMU,
 * whose walks read their page tables. */
static int build_pages(bwm_gpu *g, const bwm_gpu_params *p, const int *split, bwm_err *err)
{
    const bwm_gpu_config *cfg = &g->cfg;
    int colors[BWM_GPU_MAX_APPS];
    int st = bwm_gpu_color_shares(cfg, p->n_apps, p->colors, colors, err);
    if (st == BWM_OK && (cfg->vm.policy != BWM_VM_IDENTITY || cfg->mmu.design != BWM_MMU_IDEAL))
        st = bwm_vm_init(&g->vm, cfg->vm.policy, cfg->vm.page_shift, &g->cfg.dram.map, p->n_apps,
                         cfg->vm.policy == BWM_VM_COLOR ? colors : NULL, err);
    if (st == BWM_OK && cfg->vm.large_shift)
        st = bwm_vm_set_large_pages(&g->vm, cfg->vm.large_shift, err);
    for (int a = 0; st == BWM_OK && g->vm.apps && a < p->n_apps; a++) {
        if (!p->traces[a]) /* a trace allocates nothing en masse: its pages come as they are touched */
            bwm_vm_allocate(&g->vm, a, bwm_app_base(a), bwm_app_bytes(p->apps[a]));
        st = bwm_vm_set_sms(&g->vm, a, split[a], err);
    }
    return st;
}

/* Traced application a's n SMs from SM *sm on: every warp slot of the SM,
 * a trace source each, no CTA slot until its first kernel launches
 * (kernel_launch.h). */
static int build_traced(bwm_gpu *g, bwm_trace_app *app, int a, int n, int *sm, bwm_err *err)
{
    int st = bwm_gpu_traces_add(&g->traces, a, app, n, &g->cfg, err);
    int warps = g->cfg.max_warps_per_sm < BWM_SM_MAX_WARPS ? g->cfg.max_warps_per_sm : BWM_SM_MAX_WARPS;
    g->warps_of[a] = warps;
    g->req.count_local = 1;
    for (int k = 0; st == BWM_OK && k < n; k++, (*sm)++) {
        bwm_sm_params sp = {*sm, a, NULL, warps, 0, (uint64_t)warps * (uint64_t)n, 0, &g->app_insts[a], NULL,
                            g->cfg.vm.policy != BWM_VM_IDENTITY ? &g->vm : NULL, NULL, NULL, k, &bwm_trace_source,
                            &g->traces.sm[a][k], app->max_shmem > 0};
        if ((st = bwm_sm_init(&g->sms[*sm], &g->cfg, &sp, err)) != BWM_OK)
            return st;
        g->warps_per_sm[*sm] = warps;
        g->n_busy_sms = *sm + 1;
    }
    return st;
}

static int build_sms(bwm_gpu *g, const bwm_gpu_params *p, const int *split, bwm_err *err)
{
    g->n_sms = g->cfg.n_sms;
    g->sms = calloc((size_t)g->n_sms, sizeof *g->sms);
    g->warps_per_sm = calloc((size_t)g->n_sms, sizeof *g->warps_per_sm);
    if (!g->sms || !g->warps_per_sm)
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d SMs", g->n_sms);
    int st = bwm_gpu_links_init(&g->links, g->n_sms, g->cfg.n_clusters, err);
    if (st != BWM_OK)
        return st;
    int sm = 0;
    for (int a = 0; a < p->n_apps; a++) {
        g->first_sm[a] = sm;
        g->n_sms_of[a] = split[a];
        if (p->traces[a]) {
            if ((st = build_traced(g, p->traces[a], a, split[a], &sm, err)) != BWM_OK)
                return st;
            continue;
        }
        const bwm_synth_app *prog = p->apps[a];
        /* an application asking for more warps than the SM holds gets what it holds */
        double warps = prog->warps > g->cfg.max_warps_per_sm ? g->cfg.max_warps_per_sm : prog->warps;
        int slots = 0;
        g->req.count_local |= prog->cta_warps > 0;
        if (prog->cta_warps > 0) {
            if ((st = bwm_gpu_ctas_add(&g->ctas, a, &g->cfg, prog, split[a], &slots, err)) != BWM_OK)
                return st;
            warps = slots * prog->cta_warps;
        }
        g->warps_of[a] = warps;
        for (int k = 0; k < split[a]; k++, sm++) {
            uint64_t first = bwm_warps_before(warps, k);
            int n = (int)(bwm_warps_before(warps, k + 1) - first);
            bwm_sm_params sp = {sm, a, prog, n, first, bwm_warps_before(warps, split[a]), p->seed,
                                &g->app_insts[a], &g->sweep[a],
                                g->cfg.vm.policy != BWM_VM_IDENTITY ? &g->vm : NULL,
                                slots ? &g->ctas.dispatch[a] : NULL, slots ? &g->ctas.pages[a] : NULL, k, NULL, NULL, 0};
            if ((st = bwm_sm_init(&g->sms[sm], &g->cfg, &sp, err)) != BWM_OK)
                return st;
            g->warps_per_sm[sm] = n;
            g->n_busy_sms = sm + 1;
        }
        /* the first CTAs, slot by slot in SM order (GPGPU-Sim's launch) */
        for (int slot = 0; slot < slots; slot++)
            for (int k = 0; k < split[a]; k++)
                bwm_sm_start_cta(&g->sms[g->first_sm[a] + k], slot, 0);
    }
    g->n_busy_clusters = bwm_gpu_cluster_of(g->cfg.cores_per_cluster, g->n_busy_sms - 1) + 1;
    return bwm_sm_calendar_init(&g->calendar, g->n_busy_sms, err); /* every SM looks at cycle 0 */
}

static int build_memory(bwm_gpu *g, const bwm_gpu_params *p, bwm_err *err)
{
    const bwm_dram_config *d = &g->cfg.dram;
    g->n_subparts = d->n_channels * d->n_sub_partitions;
    g->subparts = calloc((size_t)g->n_subparts, sizeof *g->subparts);
    g->subpart_wake = calloc((size_t)g->n_subparts, sizeof *g->subpart_wake);
    if (!g->subparts || !g->subpart_wake)
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d sub-partitions", g->n_subparts);
    for (int i = 0; i < g->n_subparts; i++) {
        int st = bwm_subpart_init(&g->subparts[i], i, &g->cfg, p->n_apps, &g->cfg.dram.map, &g->subpart_wake[i],
                                  err);
        if (st != BWM_OK)
            return st;
    }
    /* one node per SM cluster (cluster.h), one per sub-partition */
    bwm_xbar_params req = {g->cfg.n_clusters, g->n_subparts, g->cfg.flit_bytes, g->cfg.icnt_in_buffer,
                           g->cfg.icnt_out_buffer, g->cfg.icnt_latency};
    bwm_xbar_params rep = {g->n_subparts, g->cfg.n_clusters, g->cfg.flit_bytes, g->cfg.icnt_in_buffer,
                           g->cfg.icnt_out_buffer, g->cfg.icnt_latency};
    int st = bwm_xbar_new(&g->req_net, &req, err);
    if (st == BWM_OK)
        st = bwm_xbar_new(&g->reply_net, &rep, err);
    if (st == BWM_OK)
        st = bwm_req_pool_init(&g->pool, POOL_ENTRIES, err);
    if (st != BWM_OK)
        return st;
    g->sched_params = p->sched_params;
    g->sched_params.n_apps = p->n_apps;
    g->sched_params.committed_insts = g->app_insts;
    g->sched_params.n_sms = g->n_sms;
    g->sched_params.warps_per_sm = g->warps_per_sm;
    g->sched_params.dram_per_core = d->dram_mhz / d->core_mhz;
    g->sched_params.seed = p->seed;
    /* built (translation.c); a scheduler may read its counters as the run goes */
    g->sched_params.mmu = g->cfg.mmu.design != BWM_MMU_IDEAL ? &g->mmu : NULL;
    /* what the scheduler attaches beyond the controllers, before their init */
    bwm_sched_attach at = {p->sched_params.settings, g->cfg.dram.l2_mhz / g->cfg.dram.core_mhz, g->n_sms,
                           g->cfg.max_warps_per_sm, bwm_gpu_translates(g) ? &g->mmu : NULL, &g->sched_params,
                           {0}};
    if (p->sched && (st = bwm_gpu_sched_attach(&g->sched, p->sched, &at, err)) != BWM_OK)
        return st;
    bwm_memsys_params mp = bwm_memsys_defaults();
    mp.sched = p->sched;
    mp.n_apps = p->n_apps;
    /* the window is given in core cycles; the controllers count DRAM cycles */
    if (p->window > 0) {
        double w = fmax(1, round((double)p->window * d->dram_mhz / d->core_mhz));
        if (bwm_whole_in(w, 1, INT64_MAX / 4, &mp.window) != 0)
            return bwm_fail(err, BWM_EINPUT, "a window of %lld core cycles is too long", (long long)p->window);
    }
    /* completions go to the slices; the request observer hears of each first */
    g->mc_sink = (bwm_subpart_sink){g->subparts, &g->pool, bwm_req_served, &g->req};
    mp.done = bwm_subpart_dram_done;
    mp.done_ctx = &g->mc_sink;
    mp.sched_ctx = &g->sched_params;
    return bwm_memsys_init(&g->mem, d, &mp, err);
}

/* The caches' state past which the host hints pay (cache.h): on the host
 * bench/README.md's figures come from, memory latency rises from 16 to 100 ns
 * between 4 and 8 MB touched.  Below it the hints only cost instructions. */
#define HINTS_FROM_BYTES (4 * BWM_MIB)

/* Turns the host hints on in every cache when the L1Ds and L2 slices
 * (every SM's L1D alike, every slice alike) take more than
 * HINTS_FROM_BYTES together. */
static void hint_large_caches(bwm_gpu *g)
{
    bwm_cache_footprint l1, l2;
    bwm_cache_footprint_of(&g->sms[0].l1.cfg, &l1);
    bwm_cache_footprint_of(&g->subparts[0].l2.cfg, &l2);
    int on = g->n_sms * l1.bytes + g->n_subparts * l2.bytes > HINTS_FROM_BYTES;
    for (int i = 0; i < g->n_sms; i++)
        bwm_cache_set_hints(&g->sms[i].l1, on);
    for (int i = 0; i < g->n_subparts; i++)
        bwm_cache_set_hints(&g->subparts[i].l2, on);
}

int bwm_gpu_init(bwm_gpu *g, const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_err *err)
{
    memset(g, 0, sizeof *g);
    g->cfg = *cfg;
    int split[BWM_GPU_MAX_APPS];
    int st = check_params(cfg, p, split, err);
    if (st != BWM_OK)
        return st;
    g->n_apps = p->n_apps;
    st = build_pages(g, p, split, err);
    bwm_err no_colors;
    g->req.bank_by_index =
        bwm_colors_of_banks(&g->cfg.dram.map, cfg->vm.page_shift, &g->req.bank_colors, &no_colors) != BWM_OK;
    g->req.n_banks = cfg->dram.n_banks;
    g->req.pool = &g->pool;
    if (st == BWM_OK)
        st = build_sms(g, p, split, err);
    if (st == BWM_OK) /* before the memory, whose scheduler may attach to it */
        st = bwm_gpu_translation_init(g, err);
    if (st == BWM_OK)
        st = build_memory(g, p, err);
    if (st == BWM_OK)
        hint_large_caches(g);
    if (st != BWM_OK) {
        bwm_gpu_free(g);
        return st;
    }
    bwm_gpu_clocks_init(&g->clk, cfg);
    g->req.core_fs = g->clk.period_fs[BWM_CLK_CORE];
    g->req.dram_fs = g->clk.period_fs[BWM_CLK_DRAM];
    memcpy(g->req.first_sm, g->first_sm, sizeof g->req.first_sm);
    memcpy(g->req.n_sms_of, g->n_sms_of, sizeof g->req.n_sms_of);
    return BWM_OK;
}

int bwm_gpu_warps_limit(const bwm_gpu_config *cfg, int n_apps, const bwm_synth_app *const *apps, char *msg,
                        size_t size)
{
    int n = 0;
    size_t len = 0;
    if (size > 0)
        msg[0] = '\0';
    for (int a = 0; a < n_apps; a++) {
        if (apps[a]->warps <= cfg->max_warps_per_sm)
            continue;
        int w = snprintf(msg + len, size > len ? size - len : 0, "%sapplication %s asks for %g warps per SM; the SM "
                         "holds %d, so it runs %d", n ? "; " : "", apps[a]->abbr, apps[a]->warps,
                         cfg->max_warps_per_sm, cfg->max_warps_per_sm);
        if (w > 0)
            len += (size_t)w;
        n++;
    }
    return n;
}

void bwm_gpu_free(bwm_gpu *g)
{
    if (g->sms)
        for (int i = 0; i < g->n_busy_sms; i++)
            bwm_sm_free(&g->sms[i]);
    if (g->subparts)
        for (int i = 0; i < g->n_subparts; i++)
            bwm_subpart_free(&g->subparts[i]);
    free(g->sms);
    free(g->subparts);
    free(g->subpart_wake);
    free(g->warps_per_sm);
    bwm_gpu_ctas_free(&g->ctas);
    bwm_gpu_traces_free(&g->traces, g->n_sms_of);
    bwm_gpu_links_free(&g->links);
    bwm_sm_calendar_free(&g->calendar);
    bwm_xbar_free(g->req_net);
    bwm_xbar_free(g->reply_net);
    bwm_memsys_free(&g->mem);
    bwm_req_pool_free(&g->pool);
    bwm_gpu_sched_detach(&g->sched);
    if (bwm_gpu_translates(g))
        bwm_mmu_free(&g->mmu);
    bwm_vm_free(&g->vm);
    memset(g, 0, sizeof *g);
}
