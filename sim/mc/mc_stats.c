/* mc_stats.c — the memory controller's statistics (see mc_stats.h). */
#include "sim/mc/mc_stats.h"

#include <stdlib.h>
#include <string.h>

int bwm_mc_tally_init(bwm_mc_tally *t, bwm_mc_app_stats **apps, int n_banks, int n_apps, int bank_latency)
{
    memset(t, 0, sizeof *t);
    *apps = calloc((size_t)n_apps, sizeof **apps);
    t->bank = aligned_alloc(_Alignof(bwm_mc_bank_stats), (size_t)n_banks * sizeof *t->bank);
    if (t->bank)
        memset(t->bank, 0, (size_t)n_banks * sizeof *t->bank);
    if (bank_latency)
        t->bank_latency = calloc((size_t)n_banks, sizeof *t->bank_latency);
    return *apps && t->bank && (!bank_latency || t->bank_latency) ? 0 : -1;
}

void bwm_mc_tally_free(bwm_mc_tally *t, bwm_mc_app_stats **apps)
{
    free(*apps);
    *apps = NULL;
    free(t->bank);
    free(t->bank_latency);
    t->bank = NULL;
    t->bank_latency = NULL;
}

static void count(bwm_mc_counts *c, const bwm_completion *k, int burst_bytes)
{
    c->requests++;
    if (k->req.is_write)
        c->writes++;
    else
        c->reads++;
    c->bursts += k->bursts;
    c->bytes += (uint64_t)k->bursts * (uint64_t)burst_bytes;
    if (k->outcome == BWM_ROW_HIT)
        c->row_hits++;
    else if (k->outcome == BWM_ROW_MISS)
        c->row_misses++;
    else
        c->row_conflicts++;
}

void bwm_mc_stats_complete(bwm_mc_tally *t, bwm_mc_app_stats *a, const bwm_completion *k, int burst_bytes)
{
    count(&t->bank[k->bank].c, k, burst_bytes);
    count(&a->c, k, burst_bytes);
    a->queued--;
    a->service_cycles += (uint64_t)(k->done - k->req.served);
    if (--a->in_service == 0 && k->done > a->busy_since)
        a->busy_cycles += (uint64_t)(k->done - a->busy_since);
    bwm_mc_cmds_add(a->cmds, k->n_act, k->n_pre, k->req.is_write, k->bursts);
    if (!k->req.is_write) {
        uint64_t lat = (uint64_t)(k->done - k->req.arrival);
        bwm_lat_hist_add(&t->read_latency, lat);
        if (t->bank_latency)
            bwm_lat_hist_add(&t->bank_latency[k->bank], lat);
        a->read_latency_sum += lat;
    }
    if (k->done > t->last_done)
        t->last_done = k->done;
}

void bwm_mc_tally_get(const bwm_mc_tally *t, int n_banks, const bwm_dram_channel *ch, bwm_mc_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int b = 0; b < n_banks; b++)
        bwm_mc_counts_add(&out->c, &t->bank[b].c);
    out->read_latency = t->read_latency;
    out->last_done = t->last_done;
    for (int k = 0; k < BWM_CMD_COUNT; k++)
        out->n_cmds[k] = ch->n_cmds[k];
    out->data_cycles = ch->data_cycles;
}

void bwm_mc_counts_add(bwm_mc_counts *into, const bwm_mc_counts *from)
{
    into->requests += from->requests;
    into->reads += from->reads;
    into->writes += from->writes;
    into->bursts += from->bursts;
    into->bytes += from->bytes;
    into->row_hits += from->row_hits;
    into->row_misses += from->row_misses;
    into->row_conflicts += from->row_conflicts;
}
