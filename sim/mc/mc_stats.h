/* mc_stats.h — the memory controller's statistics: requests, bytes and row
 * outcomes per bank and per application, the read latency histograms (the
 * channel's, and per bank when asked for), bank-level parallelism (BLP)
 * and each request's DRAM commands (for its application's DRAM energy).
 *
 * Owns bwm_mc_tally (embedded in bwm_mc as stats) and the per-application
 * counts (bwm_mc_app_stats, an array at bwm_mc.apps that the GPU's
 * statistics and some schedulers read).  The controller calls one function
 * here at each event of a request: it arrives, its bank takes it, a command
 * issues for it, it completes.  Nothing else in the controller counts. */
#ifndef BWM_MC_STATS_H
#define BWM_MC_STATS_H

#include <stdint.h>

#include "sim/dram/channel.h"
#include "sim/mc/lat_hist.h"
#include "sim/mc/mc_req.h"
#include "sim/mc/mc_returns.h"

typedef struct bwm_mc_counts {
    uint64_t requests, reads, writes;
    uint64_t bursts, bytes; /* column commands and the bytes they moved */
    uint64_t row_hits, row_misses, row_conflicts; /* one per request */
} bwm_mc_counts;

typedef struct bwm_mc_app_stats {
    bwm_mc_counts c;          /* served requests */
    uint64_t read_latency_sum;
    uint64_t queued;          /* requests now waiting or in service */
    /* bank-level parallelism: banks serving its requests at once, over the
       cycles it has at least one in service (service / busy); a request is
       in service from its bank taking it to its last data */
    uint64_t service_cycles, busy_cycles;
    int64_t busy_since;
    int32_t in_service;
    uint64_t cmds[BWM_CMD_REF]; /* ACT, PRE, RD, WR of its served requests (DRAM energy;
                                   bwm_mc_app_cmds, energy_snap.h, adds those in flight) */
} bwm_mc_app_stats;

typedef struct bwm_mc_bank_stats {
    _Alignas(64) bwm_mc_counts c; /* one host cache line: a completion touches one */
} bwm_mc_bank_stats;

/* A controller's statistics as callers read them (bwm_mc_get_stats). */
typedef struct bwm_mc_stats {
    bwm_mc_counts c;
    bwm_lat_hist read_latency; /* arrival to last data, DRAM cycles */
    int64_t last_done;         /* cycle after the last completed request's data */
    uint64_t n_cmds[BWM_CMD_COUNT];
    uint64_t data_cycles;      /* cycles the data bus was busy */
} bwm_mc_stats;

typedef struct bwm_mc_tally {
    bwm_mc_bank_stats *bank;    /* one host cache line per bank; the channel's counts are
                                   their sum (bwm_mc_tally_get) */
    bwm_lat_hist *bank_latency; /* per bank, when asked for (else NULL) */
    int64_t last_done;          /* cycle after the last completed request's data */
    bwm_lat_hist read_latency;  /* the channel's, arrival to last data, DRAM cycles (its
                                   count, sum and maximum come first, beside the above) */
} bwm_mc_tally;

/* Allocates zeroed counts for n_banks banks and (into *apps) n_apps
 * applications, and per-bank latency histograms if bank_latency is set.
 * Returns -1 when out of memory (free with bwm_mc_tally_free even then). */
int bwm_mc_tally_init(bwm_mc_tally *t, bwm_mc_app_stats **apps, int n_banks, int n_apps, int bank_latency);
void bwm_mc_tally_free(bwm_mc_tally *t, bwm_mc_app_stats **apps);

/* A request of application a entered the controller. */
static inline void bwm_mc_stats_arrive(bwm_mc_app_stats *a) { a->queued++; }

/* A bank took a request of application a to serve it at now. */
static inline void bwm_mc_stats_serve(bwm_mc_app_stats *a, int64_t now)
{
    if (a->in_service++ == 0)
        a->busy_since = now;
}

/* A command issued for request e: its first fixes the row outcome; ACTs and
 * PREs are counted with the request (its column commands are its bursts). */
static inline void bwm_mc_stats_cmd(bwm_mc_entry *e, bwm_dram_cmd cmd)
{
    if (!e->started) {
        e->started = 1;
        e->outcome = cmd == BWM_CMD_ACT ? BWM_ROW_MISS : cmd == BWM_CMD_PRE ? BWM_ROW_CONFLICT : BWM_ROW_HIT;
    }
    if (cmd == BWM_CMD_ACT)
        e->n_act++;
    else if (cmd == BWM_CMD_PRE)
        e->n_pre++;
}

/* Request k of application a completed (k->done): counts it for its bank,
 * its application and the channel. */
void bwm_mc_stats_complete(bwm_mc_tally *t, bwm_mc_app_stats *a, const bwm_completion *k, int burst_bytes);

/* Adds a request's commands: n_act, n_pre, and bursts column commands. */
static inline void bwm_mc_cmds_add(uint64_t out[BWM_CMD_REF], int n_act, int n_pre, int is_write, uint64_t bursts)
{
    out[BWM_CMD_ACT] += (uint64_t)n_act;
    out[BWM_CMD_PRE] += (uint64_t)n_pre;
    out[is_write ? BWM_CMD_WR : BWM_CMD_RD] += bursts;
}

/* The statistics of n_banks banks counted in t, with channel ch's command
 * counts. */
void bwm_mc_tally_get(const bwm_mc_tally *t, int n_banks, const bwm_dram_channel *ch, bwm_mc_stats *out);

/* Adds one set of counts into another. */
void bwm_mc_counts_add(bwm_mc_counts *into, const bwm_mc_counts *from);

#endif
