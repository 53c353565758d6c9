/* memsys.c — controllers of all channels behind the address map (see
 * memsys.h). */
#include "sim/mc/memsys.h"

#include <stdlib.h>
#include <string.h>

bwm_memsys_params bwm_memsys_defaults(void)
{
    return (bwm_memsys_params){NULL, -1, 1, 0, NULL, NULL, NULL, 0};
}

void bwm_memsys_free(bwm_memsys *ms)
{
    if (ms->mcs)
        for (int c = 0; c < ms->n_channels; c++)
            bwm_mc_free(&ms->mcs[c]);
    free(ms->mcs);
    free(ms->spec);
    memset(ms, 0, sizeof *ms);
}

int bwm_memsys_init(bwm_memsys *ms, const bwm_dram_config *cfg, const bwm_memsys_params *p,
                    bwm_err *err)
{
    memset(ms, 0, sizeof *ms);
    ms->cfg = *cfg;
    const char *name = p->sched;
    if (!name) {
        if (cfg->scheduler != 0 && cfg->scheduler != 1)
            return bwm_fail(err, BWM_EINPUT, "-gpgpu_dram_scheduler %d: expected 0 (fcfs) or 1 (frfcfs)",
                            cfg->scheduler);
        name = cfg->scheduler == 0 ? "fcfs" : "frfcfs";
    }
    int st = bwm_sched_lookup(name, &ms->sched, err);
    if (st != BWM_OK)
        return st;
    if (cfg->n_channels < 1)
        return bwm_fail(err, BWM_EINPUT, "the memory system needs at least one channel (got %d)",
                        cfg->n_channels);
    ms->queue_size = p->queue_size >= 0 ? p->queue_size : cfg->queue_size;
    /* controllers start on host cache lines (bwm_mc's layout counts on it) */
    ms->mcs = aligned_alloc(_Alignof(bwm_mc), (size_t)cfg->n_channels * sizeof *ms->mcs);
    if (!ms->mcs)
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d controllers", cfg->n_channels);
    memset(ms->mcs, 0, (size_t)cfg->n_channels * sizeof *ms->mcs);
    ms->spec = malloc(sizeof *ms->spec);
    if (!ms->spec) {
        bwm_memsys_free(ms);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the DRAM timing rules");
    }
    st = bwm_dram_spec_build(ms->spec, cfg, err);
    if (st != BWM_OK) {
        bwm_memsys_free(ms);
        return st;
    }
    bwm_mc_params mp = {ms->sched, ms->queue_size, p->n_apps, p->window, p->done, p->done_ctx,
                        p->sched_ctx, p->bank_latency, ms->spec};
    for (int c = 0; c < cfg->n_channels; c++) {
        st = bwm_mc_init(&ms->mcs[c], c, cfg, &mp, err);
        if (st != BWM_OK) {
            bwm_memsys_free(ms);
            return st;
        }
        ms->n_channels = c + 1;
    }
    ms->next_event = BWM_DRAM_NEVER;
    return BWM_OK;
}

int bwm_memsys_enqueue(bwm_memsys *ms, bwm_mc_req *req, int64_t now)
{
    bwm_addrmap_decode(&ms->cfg.map, req->addr, &req->da);
    return bwm_memsys_offer(ms, req, now);
}

int bwm_memsys_offer(bwm_memsys *ms, const bwm_mc_req *req, int64_t now)
{
    if (req->da.channel >= (uint32_t)ms->n_channels)
        return BWM_MC_INVALID;
    bwm_mc *mc = &ms->mcs[req->da.channel];
    int r = bwm_mc_enqueue(mc, req, now);
    if (r == BWM_MC_ACCEPTED && mc->next_event < ms->next_event)
        ms->next_event = mc->next_event;
    return r;
}

int bwm_memsys_full(const bwm_memsys *ms, uint32_t channel, int is_write)
{
    return channel >= (uint32_t)ms->n_channels || bwm_mc_full(&ms->mcs[channel], is_write);
}

void bwm_memsys_tick(bwm_memsys *ms, int64_t now)
{
    if (now < ms->next_event)
        return;
    int64_t next = BWM_DRAM_NEVER;
    for (int c = 0; c < ms->n_channels; c++) {
        bwm_mc *mc = &ms->mcs[c];
        bwm_mc_tick(mc, now);
        if (mc->next_event < next)
            next = mc->next_event;
    }
    ms->next_event = next;
}

int bwm_memsys_idle(const bwm_memsys *ms)
{
    for (int c = 0; c < ms->n_channels; c++)
        if (!bwm_mc_idle(&ms->mcs[c]))
            return 0;
    return 1;
}

void bwm_mc_stats_add(bwm_mc_stats *into, const bwm_mc_stats *from)
{
    bwm_mc_counts_add(&into->c, &from->c);
    bwm_lat_hist_merge(&into->read_latency, &from->read_latency);
    if (from->last_done > into->last_done)
        into->last_done = from->last_done;
    for (int k = 0; k < BWM_CMD_COUNT; k++)
        into->n_cmds[k] += from->n_cmds[k];
    into->data_cycles += from->data_cycles;
}

void bwm_memsys_totals(const bwm_memsys *ms, bwm_mc_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int c = 0; c < ms->n_channels; c++) {
        bwm_mc_stats one;
        bwm_mc_get_stats(&ms->mcs[c], &one);
        bwm_mc_stats_add(out, &one);
    }
}
