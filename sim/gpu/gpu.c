/* gpu.c — assembly and clocking of the simulated GPU (see gpu.h). */
#include "sim/gpu/gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/gpu/cluster.h"
#include "sim/gpu/gpu_requests.h"
#include "sim/gpu/translation.h"
#include "sim/mem/footprint.h"
#include "sim/workload/warp_stream.h"
#include "util/num.h"

#define POOL_ENTRIES 65536

/* A load request carries its header; a store also its sectors' data. */
static int request_bytes(int is_write, unsigned sectors)
{
    return is_write ? bwm_sector_bytes(sectors) + BWM_HEADER_BYTES : BWM_HEADER_BYTES;
}

/* The requests an SM's access to sectors of a line makes: one per sector
 * when the SM sends sector requests (bwm_gpu_sector_requests), else one. */
static int requests_for(const bwm_gpu *g, unsigned sectors)
{
    return bwm_gpu_sector_requests(&g->cfg) ? bwm_sector_count(sectors) : 1;
}

static int link_can_send(void *ctx, int sm, int is_write, unsigned sectors)
{
    bwm_gpu *g = ctx;
    int n = requests_for(g, sectors);
    if (!bwm_gpu_pool_has_room(g, n)) {
        g->pool_wait[sm / 64] |= 1ull << (sm % 64);
        return 0;
    }
    unsigned each = n > 1 ? sectors & -sectors : sectors; /* sector requests all have the same size */
    return bwm_xbar_can_send_many(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm),
                                  request_bytes(is_write, each), n);
}

/* One request for (loads) or of (stores) the sectors of a line. */
static void send_request(bwm_gpu *g, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, int is_write,
                         int64_t now, int64_t tried)
{
    int32_t id = bwm_gpu_new_request(g, sm, warp, app, line_addr, sectors, is_write ? BWM_MREQ_STORE : BWM_MREQ_LOAD,
                                     now);
    bwm_req_issued(&g->req, id, is_write ? BWM_MREQ_STORE : BWM_MREQ_LOAD, tried, now);
    g->stores += (uint64_t)is_write;
    bwm_xbar_send(g->req_net, bwm_gpu_cluster_of(g->cfg.cores_per_cluster, sm), bwm_req_at(&g->pool, id)->subpart,
                  request_bytes(is_write, sectors), (uint64_t)id, g->cycle[BWM_CLK_ICNT]);
}

/* The SM's requests for sectors of a line, which link_can_send allowed:
 * sector requests one after another, the highest address first (the order
 * GPGPU-Sim's load/store unit takes a warp's sector accesses in), or one
 * line request. */
static void link_send(void *ctx, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, int is_write,
                      int64_t now, int64_t tried)
{
    bwm_gpu *g = ctx;
    if (requests_for(g, sectors) == 1) {
        send_request(g, sm, warp, app, line_addr, sectors, is_write, now, tried);
        return;
    }
    for (unsigned left = sectors; left;) {
        unsigned top = 1u << (31 - __builtin_clz(left));
        send_request(g, sm, warp, app, line_addr, top, is_write, now, tried);
        left &= ~top;
    }
}

/* mhz is within BWM_CLOCK_MHZ_MIN..MAX (check_params): 1000 to 1e9 fs. */
static int64_t period_fs(double mhz)
{
    return (int64_t)llround(1e9 / mhz);
}

uint64_t bwm_warps_before(double warps_per_sm, int k)
{
    return (uint64_t)floor(warps_per_sm * k + 0.5);
}

void bwm_gpu_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *split)
{
    int any = 0;
    for (int a = 0; a < n_apps; a++)
        any |= given[a] != 0;
    for (int a = 0; a < n_apps; a++)
        split[a] = any ? given[a] : cfg->n_sms / n_apps + (a < cfg->n_sms % n_apps);
}

int bwm_gpu_color_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *share, bwm_err *err)
{
    int any = 0;
    for (int a = 0; a < n_apps; a++) {
        any |= given[a] != 0;
        share[a] = 0;
    }
    if (cfg->vm.policy != BWM_VM_COLOR) {
        if (any)
            return bwm_fail(err, BWM_EINPUT, "colours per application need -bwm_vm color (the configuration "
                            "places pages by %s)", bwm_vm_policy_name(cfg->vm.policy));
        return BWM_OK;
    }
    bwm_colors colors;
    int st = bwm_colors_of_map(&cfg->dram.map, cfg->vm.page_shift, &colors, err);
    return st == BWM_OK ? bwm_vm_color_shares(1 << colors.color_bits, n_apps, any ? given : NULL, share, err) : st;
}

int bwm_gpu_pair_colors(const bwm_gpu_config *cfg)
{
    int none[2] = {0, 0}, share[2];
    bwm_err err;
    return bwm_gpu_color_shares(cfg, 2, none, share, &err) == BWM_OK ? share[0] : 0;
}

int bwm_gpu_pair_share(int n_sms)
{
    return n_sms / 2 + n_sms % 2;
}

static int check_params(const bwm_gpu_config *cfg, const bwm_gpu_params *p, int *split, bwm_err *err)
{
    if (p->n_apps < 1 || p->n_apps > BWM_GPU_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%d applications: the simulator runs 1 to %d", p->n_apps,
                        BWM_GPU_MAX_APPS);
    if (p->n_apps > cfg->n_sms)
        return bwm_fail(err, BWM_EINPUT, "%d applications but only %d SMs", p->n_apps, cfg->n_sms);
    const bwm_dram_config *d = &cfg->dram;
    double mhz[BWM_CLK_COUNT] = {d->core_mhz, d->icnt_mhz, d->l2_mhz, d->dram_mhz};
    for (int c = 0; c < BWM_CLK_COUNT; c++)
        if (!(mhz[c] >= BWM_CLOCK_MHZ_MIN && mhz[c] <= BWM_CLOCK_MHZ_MAX))
            return bwm_fail(err, BWM_EINPUT, "clock of %g MHz: the simulator takes %g..%g MHz", mhz[c],
                            BWM_CLOCK_MHZ_MIN, BWM_CLOCK_MHZ_MAX);
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
    return BWM_OK;
}

/* The CTAs an SM holds of an application with thread blocks: what its
 * warps column asks for in whole CTAs (at least one), within the SM's warps
 * and -gpgpu_shader_cta. */
static int cta_slots(const bwm_gpu_config *cfg, const bwm_synth_app *prog, int *slots, bwm_err *err)
{
    if (prog->cta_warps > cfg->max_warps_per_sm)
        return bwm_fail(err, BWM_EINPUT, "application %s: a CTA of %d warps (column cta_warps) does not fit an SM "
                        "of %d warps", prog->abbr, prog->cta_warps, cfg->max_warps_per_sm);
    int n = (int)(prog->warps / prog->cta_warps);
    int fit = cfg->max_warps_per_sm / prog->cta_warps;
    if (n < 1)
        n = 1;
    if (n > fit)
        n = fit;
    if (n > cfg->cta_limit)
        n = cfg->cta_limit;
    *slots = n;
    return BWM_OK;
}

static int build_sms(bwm_gpu *g, const bwm_gpu_params *p, const int *split, bwm_err *err)
{
    g->n_sms = g->cfg.n_sms;
    g->sms = calloc((size_t)g->n_sms, sizeof *g->sms);
    g->warps_per_sm = calloc((size_t)g->n_sms, sizeof *g->warps_per_sm);
    g->link_wait = calloc((size_t)(g->n_sms + 63) / 64, sizeof *g->link_wait);
    g->pool_wait = calloc((size_t)(g->n_sms + 63) / 64, sizeof *g->pool_wait);
    g->held_reply = malloc((size_t)g->cfg.n_clusters * sizeof *g->held_reply);
    g->held_mask = calloc((size_t)(g->cfg.n_clusters + 63) / 64, sizeof *g->held_mask);
    if (g->held_reply)
        for (int c = 0; c < g->cfg.n_clusters; c++)
            g->held_reply[c] = -1;
    if (!g->sms || !g->warps_per_sm || !g->link_wait || !g->pool_wait || !g->held_reply || !g->held_mask)
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d SMs", g->n_sms);
    int sm = 0;
    for (int a = 0; a < p->n_apps; a++) {
        g->first_sm[a] = sm;
        g->n_sms_of[a] = split[a];
        const bwm_synth_app *prog = p->apps[a];
        /* an application asking for more warps than the SM holds gets what it holds */
        double warps = prog->warps > g->cfg.max_warps_per_sm ? g->cfg.max_warps_per_sm : prog->warps;
        int slots = 0;
        g->req.count_local |= prog->cta_warps > 0;
        if (prog->cta_warps > 0) {
            int st = cta_slots(&g->cfg, prog, &slots, err);
            if (st == BWM_OK)
                st = bwm_cta_dispatch_init(&g->dispatch[a], g->cfg.cta_dispatch, bwm_cta_grid(prog), split[a], err);
            if (st == BWM_OK)
                st = bwm_page_sharing_init(&g->pages[a], bwm_app_base(a), bwm_app_bytes(prog), err);
            if (st != BWM_OK)
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
                                slots ? &g->dispatch[a] : NULL, slots ? &g->pages[a] : NULL, k};
            int st = bwm_sm_init(&g->sms[sm], &g->cfg, &sp, err);
            if (st != BWM_OK)
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

/* What the memory scheduler attaches beyond the controllers (sched.h), before
 * their init: its state, its L2 hooks, its settings of the MMU (built). */
static int attach_sched(bwm_gpu *g, const bwm_gpu_params *p, bwm_err *err)
{
    if (!p->sched)
        return BWM_OK;
    int st = bwm_sched_lookup(p->sched, &g->sched, err);
    if (st != BWM_OK || !g->sched->hooks)
        return st;
    bwm_sched_attach at = {p->sched_params.settings, g->cfg.dram.l2_mhz / g->cfg.dram.core_mhz, g->n_sms,
                           g->cfg.max_warps_per_sm, bwm_gpu_translates(g) ? &g->mmu : NULL, &g->sched_params,
                           {0}};
    st = g->sched->hooks->attach(&at, &g->sched_ext, err);
    g->l2_policy = at.l2;
    g->l2_hooked = at.l2.bypass || at.l2.read || at.l2.rank;
    return st;
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
    if ((st = attach_sched(g, p, err)) != BWM_OK)
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
    int colors[BWM_GPU_MAX_APPS];
    st = bwm_gpu_color_shares(cfg, p->n_apps, p->colors, colors, err);
    /* before the SMs, which translate through it, and the MMU, whose walks read its page tables */
    if (st == BWM_OK && (cfg->vm.policy != BWM_VM_IDENTITY || cfg->mmu.design != BWM_MMU_IDEAL))
        st = bwm_vm_init(&g->vm, cfg->vm.policy, cfg->vm.page_shift, &g->cfg.dram.map, p->n_apps,
                         cfg->vm.policy == BWM_VM_COLOR ? colors : NULL, err);
    if (st == BWM_OK && cfg->vm.large_shift)
        st = bwm_vm_set_large_pages(&g->vm, cfg->vm.large_shift, err);
    for (int a = 0; st == BWM_OK && g->vm.apps && a < p->n_apps; a++) {
        bwm_vm_allocate(&g->vm, a, bwm_app_base(a), bwm_app_bytes(p->apps[a]));
        st = bwm_vm_set_sms(&g->vm, a, split[a], err);
    }
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
    const bwm_dram_config *d = &cfg->dram;
    double mhz[BWM_CLK_COUNT] = {d->core_mhz, d->icnt_mhz, d->l2_mhz, d->dram_mhz};
    for (int c = 0; c < BWM_CLK_COUNT; c++) {
        g->period_fs[c] = period_fs(mhz[c]);
        g->next_fs[c] = g->period_fs[c];
    }
    g->req.core_fs = g->period_fs[BWM_CLK_CORE];
    g->req.dram_fs = g->period_fs[BWM_CLK_DRAM];
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
    for (int a = 0; a < BWM_GPU_MAX_APPS; a++)
    {
        bwm_cta_dispatch_free(&g->dispatch[a]);
        bwm_page_sharing_free(&g->pages[a]);
    }
    free(g->link_wait);
    free(g->held_reply);
    free(g->held_mask);
    free(g->pool_wait);
    bwm_sm_calendar_free(&g->calendar);
    bwm_xbar_free(g->req_net);
    bwm_xbar_free(g->reply_net);
    bwm_memsys_free(&g->mem);
    bwm_req_pool_free(&g->pool);
    if (g->sched && g->sched->hooks && g->sched->hooks->detach)
        g->sched->hooks->detach(g->sched_ext);
    if (bwm_gpu_translates(g))
        bwm_mmu_free(&g->mmu);
    bwm_vm_free(&g->vm);
    memset(g, 0, sizeof *g);
}

/* Whether a cluster's response FIFO holds a reply. */
static int any_held(const bwm_gpu *g)
{
    for (int w = 0; w < (g->n_busy_clusters + 63) / 64; w++)
        if (g->held_mask[w])
            return 1;
    return 0;
}

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
    if (!(g->link_wait[i / 64] & bit))
        return 0;
    int c = bwm_gpu_cluster_of(g->cfg.cores_per_cluster, i);
    return (freed[c / 64] >> (c % 64) & 1) || ((g->pool_wait[i / 64] & bit) && bwm_gpu_pool_has_room(g, 1));
}

static int any_link_room(const bwm_gpu *g)
{
    const uint64_t *freed = bwm_xbar_freed(g->req_net);
    for (int w = 0; w < (g->n_busy_sms + 63) / 64; w++)
        for (uint64_t bits = g->link_wait[w]; bits; bits &= bits - 1)
            if (link_room(g, freed, w * 64 + __builtin_ctzll(bits)))
                return 1;
    return 0;
}

/* SM i's turn in core cycle now: the link's room for it, then its cycle. */
static void visit_sm(bwm_gpu *g, int i, int64_t now, const uint64_t *freed, const bwm_sm_link *link)
{
    bwm_sm *sm = &g->sms[i];
    uint64_t bit = 1ull << (i % 64), *wait = &g->link_wait[i / 64];
    if (link_room(g, freed, i)) {
        g->pool_wait[i / 64] &= ~bit;
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
    return ((due[i / 64] | g->link_wait[i / 64]) >> (i % 64) & 1) != 0;
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
    if (now < g->sm_wake && !any_reply(g) && !any_held(g) && !any_link_room(g) &&
        (!translating || now < bwm_mmu_next_active(&g->mmu))) {
        bwm_xbar_clear_freed(g->req_net);
        return BWM_OK;
    }
    if (bwm_clusters_eject(g, now, err) != BWM_OK)
        return BWM_EFAIL;
    if (translating && now >= bwm_mmu_next_active(&g->mmu))
        bwm_gpu_mmu_cycle(g, now);
    bwm_sm_link link = {link_can_send, link_send, bwm_gpu_translate, g};
    const uint64_t *freed = bwm_xbar_freed(g->req_net);
    const uint64_t *due = bwm_sm_calendar_take(&g->calendar, now);
    int n = g->cfg.cores_per_cluster, first = bwm_cluster_first_turn(&g->cfg, now);
    if (n == 1) {
        /* a turn changes no other SM's bits, so each word's turns are known at its start */
        for (int w = 0; w < (g->n_busy_sms + 63) / 64; w++)
            for (uint64_t bits = due[w] | g->link_wait[w]; bits; bits &= bits - 1)
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
    bwm_subpart_env env = {&g->pool, g->req_net, g->reply_net, g->cycle[BWM_CLK_ICNT], &g->mem,
                           g->cycle[BWM_CLK_DRAM], g->l2_hooked ? &g->l2_policy : NULL, g->now_fs};
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
    int64_t t = g->next_fs[0];
    for (int c = 1; c < BWM_CLK_COUNT; c++)
        if (g->next_fs[c] < t)
            t = g->next_fs[c];
    g->now_fs = t;
    int st = BWM_OK;
    if (g->next_fs[BWM_CLK_CORE] == t)
        st = core_cycle(g, g->cycle[BWM_CLK_CORE], &g->fault);
    if (st == BWM_OK && g->vm.faulted)
        st = bwm_fail(&g->fault, BWM_EFAIL, "%s", g->vm.fault.msg);
    if (st == BWM_OK && g->mmu.failed)
        st = bwm_fail(&g->fault, BWM_EFAIL, "%s", g->mmu.fault.msg);
    if (st == BWM_OK && g->next_fs[BWM_CLK_ICNT] == t) {
        bwm_xbar_tick(g->req_net, g->cycle[BWM_CLK_ICNT]);
        bwm_xbar_tick(g->reply_net, g->cycle[BWM_CLK_ICNT]);
    }
    if (st == BWM_OK && g->next_fs[BWM_CLK_L2] == t)
        st = l2_cycle(g, g->cycle[BWM_CLK_L2], &g->fault);
    if (st == BWM_OK && g->next_fs[BWM_CLK_DRAM] == t)
        bwm_memsys_tick(&g->mem, g->cycle[BWM_CLK_DRAM]);
    for (int c = 0; c < BWM_CLK_COUNT; c++)
        if (g->next_fs[c] == t) {
            g->cycle[c]++;
            g->next_fs[c] += g->period_fs[c];
        }
    if (st != BWM_OK) {
        g->failed = 1;
        *err = g->fault;
    }
    return st;
}

int bwm_gpu_run_core_cycles(bwm_gpu *g, int64_t cycles, bwm_err *err)
{
    int64_t end = g->cycle[BWM_CLK_CORE] + cycles;
    while (g->cycle[BWM_CLK_CORE] < end)
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
        bwm_sm_halt(&g->sms[i], halted, g->cycle[BWM_CLK_CORE]);
        bwm_sm_calendar_set(&g->calendar, i, bwm_sm_next_active(&g->sms[i]));
    }
    g->sm_wake = 0;
}
