/* memsys.h — a whole memory system: one controller per channel behind the
 * address mapping.
 *
 * Decodes each request's address with the configuration's mapping, sends it
 * to its channel's controller, ticks only the controllers that have
 * something to do, and sums their statistics.  Used by trace mode
 * (sim/trace) and usable by any driver that produces line requests.  Owns its
 * controllers; must not be moved after init. */
#ifndef BWM_MEMSYS_H
#define BWM_MEMSYS_H

#include <stdint.h>

#include "sim/dram/dram_config.h"
#include "sim/mc/mc.h"
#include "util/status.h"

typedef struct bwm_memsys_params {
    const char *sched;   /* policy name (sched.h); NULL: the configuration's
                            -gpgpu_dram_scheduler (0 fcfs, 1 frfcfs) */
    int queue_size;      /* per controller; -1: the configuration's */
    int n_apps;          /* >= 1 */
    int64_t window;      /* scheduler window in DRAM cycles; 0 = none */
    bwm_mc_done_fn done; /* may be NULL */
    void *done_ctx;
    void *sched_ctx;     /* handed to every controller's policy (see mc.h) */
    int bank_latency;    /* also keep a read latency histogram per bank */
} bwm_memsys_params;

/* Defaults: configuration's scheduler and queue, one application, no window. */
bwm_memsys_params bwm_memsys_defaults(void);

typedef struct bwm_memsys {
    bwm_dram_config cfg;
    bwm_dram_spec *spec;         /* the timing rules, one copy for every controller */
    const bwm_sched_ops *sched;
    int queue_size;
    int n_channels;
    bwm_mc *mcs;
    int64_t next_event; /* min over the controllers */
} bwm_memsys;

int bwm_memsys_init(bwm_memsys *ms, const bwm_dram_config *cfg, const bwm_memsys_params *p,
                    bwm_err *err);
void bwm_memsys_free(bwm_memsys *ms);

/* Decodes req->addr into req->da and offers it to its channel at cycle now.
 * Returns BWM_MC_ACCEPTED, BWM_MC_FULL or BWM_MC_INVALID (see mc.h). */
int bwm_memsys_enqueue(bwm_memsys *ms, bwm_mc_req *req, int64_t now);
/* The same for a request whose req->da is already decoded (a caller that
 * retries a refused request decodes it once). */
int bwm_memsys_offer(bwm_memsys *ms, const bwm_mc_req *req, int64_t now);
/* 1 if channel's controller has no room for a read or (is_write) a write
 * (bwm_mc_full); a channel out of range is full. */
int bwm_memsys_full(const bwm_memsys *ms, uint32_t channel, int is_write);
/* Ticks every controller with an event at or before now. */
void bwm_memsys_tick(bwm_memsys *ms, int64_t now);
static inline int64_t bwm_memsys_next_event(const bwm_memsys *ms) { return ms->next_event; }
int bwm_memsys_idle(const bwm_memsys *ms);

/* Statistics of all channels added up (bank statistics are per channel:
 * ms->mcs[c].stats.bank and, when asked for, stats.bank_latency). */
void bwm_memsys_totals(const bwm_memsys *ms, bwm_mc_stats *out);
/* Adds one controller's statistics into another set. */
void bwm_mc_stats_add(bwm_mc_stats *into, const bwm_mc_stats *from);

#endif
