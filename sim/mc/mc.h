/* mc.h — one memory controller: the request queue of one DRAM channel, its
 * scheduler, the command arbiter that drives the channel, and statistics.
 *
 * Requests wait in a bounded pool (bwm_mc_enqueue refuses when it is full,
 * so callers see back-pressure), threaded into one queue per bank in arrival
 * order.  A bank serves one request at a time: when it is free, the
 * scheduler (sched.h) picks the next one from the bank's queue.  Every cycle
 * the arbiter issues at most one command (the command bus) among the banks'
 * next commands that the timing allows: column commands first, then the
 * oldest request.  Open-page policy: a row stays open until a request for
 * another row (or a refresh) closes it.  A request of B bytes takes
 * ceil(B / burst bytes) column commands; it completes when its last burst's
 * data has crossed the bus, and is then reported through the done callback
 * at that cycle and counted in the statistics.
 *
 * With a dual command bus (HBM) one row command (ACT, PRE) and one column
 * command (RD, WR) may issue in the same cycle.  With a separate write
 * queue, writes wait apart from the bank queues (the scheduler sees reads
 * only) and are served only while the controller drains them
 * (mc_write_queue.h).
 *
 * The controller's files, one concern each: mc.c init, the tick, the free
 * banks' picks and the command choice; mc_queue.c the request pool and the
 * bank queues (mc_req.h their types); mc_write_queue.c the separate write
 * queue; mc_returns.c the requests whose data is on its way; mc_refresh.c
 * refresh; mc_stats.c the statistics, counted at a request's events;
 * energy_snap.c the DRAM energy between two moments.  Each feature's state
 * is its own struct, embedded in bwm_mc below; mc_internal.h declares what
 * mc.c and mc_queue.c call in each other.
 *
 * Time: the caller passes the DRAM cycle to bwm_mc_tick; ticking is cheap
 * before bwm_mc_next_event, so a caller may skip to that cycle.  Nothing is
 * allocated after init (unless the queue is unbounded and grows).  The
 * controller owns its memory and must not be moved after init. */
#ifndef BWM_MC_H
#define BWM_MC_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "sim/dram/channel.h"
#include "sim/dram/dram_config.h"
#include "sim/mc/lat_hist.h"
#include "sim/mc/mc_req.h"
#include "sim/mc/mc_stats.h"
#include "sim/mc/mc_refresh.h"
#include "sim/mc/mc_returns.h"
#include "sim/mc/sched.h"
#include "sim/mc/mc_write_queue.h"
#include "util/status.h"

#define BWM_MC_MAX_BANKS 64

/* Called at the cycle a request completes (its data returned or written). */
typedef void (*bwm_mc_done_fn)(void *ctx, const bwm_mc_req *req, int64_t done);

typedef struct bwm_mc_params {
    const bwm_sched_ops *sched; /* required */
    int queue_size;             /* requests; 0 = unbounded (the pool grows) */
    int n_apps;                 /* >= 1 */
    int64_t window;             /* cycles between on_window calls; 0 = never */
    bwm_mc_done_fn done;        /* may be NULL */
    void *done_ctx;
    void *sched_ctx;            /* the policy's own parameters or shared state (e.g. the
                                   prioritised application, alpha), read by its init;
                                   may be NULL */
    int bank_latency;           /* also keep a read latency histogram per bank */
    const bwm_dram_spec *spec;  /* the timing rules built from the same configuration, shared
                                   by the controllers of one memory system so that one copy
                                   stays in the host's caches (must outlive the controller);
                                   NULL: the controller builds its own */
} bwm_mc_params;

typedef struct bwm_mc {
    /* The fields every tick, command and arrival reads come first, in the
     * struct's first host cache lines (it is 64-byte aligned), with the
     * features they use embedded among them (no pointer to follow); the
     * per-bank arrays of the command choice follow, each on its own lines,
     * so that a channel of up to 8 banks reads one line of each. */
    /* time */
    _Alignas(64) int64_t next_event;
    int64_t cmd_next;           /* the first cycle a command (or a pick) may be due: ticks
                                   before it only complete requests */
    int64_t next_window;
    int64_t now;                /* the cycle of the tick in progress (for policies) */
    uint64_t pick_mask;         /* banks without a request in service but with waiting ones */
    uint64_t busy_mask;         /* banks with a request in service */
    /* The command choice, per bank in service: its next command, the cycle it
     * can issue, and the bank's (and its group's) part of that cycle.  They
     * stay exact until a command issues: then ready_at is computed afresh
     * for every bank in service, bank_floor only for the banks whose own
     * state changed (floor_stale: the bank group of the command's bank) and
     * cmd only for the banks whose request or row changed (cmd_stale). */
    uint64_t cmd_stale, floor_stale;
    int64_t first_ready;        /* the earliest ready_at (BWM_DRAM_NEVER: no bank in service) */
    int first_bank;             /* the bank ready then that comes first in the choice */
    int n_banks;
    int n_apps;
    int burst_bytes;
    bwm_mc_refresh refresh;     /* mc_refresh.h */
    /* request pool and queues (mc_queue.c; the schedulers read them) */
    int32_t cap, n_used, free_head;
    int growable;
    uint64_t seq;
    bwm_mc_bank *banks;
    bwm_mc_entry *slots;
    uint32_t *row_waiting;      /* [bank * BWM_MC_ROW_BUCKETS + row % BWM_MC_ROW_BUCKETS]:
                                   waiting requests of the bank in that bucket of rows */
    bwm_mc_app_stats *apps;     /* per application: its counts and requests queued
                                   (mc_stats.h, which keeps them) */
    /* policy */
    const bwm_sched_ops *sched;
    void *sched_state;
    bwm_mc_returns ret;         /* requests whose data is on its way (mc_returns.h) */
    bwm_mc_wq wq;               /* the separate write queue (mc_write_queue.h) */
    /* completions: whom to tell, and statistics */
    bwm_mc_done_fn done;
    void *done_ctx;
    bwm_mc_tally stats;         /* mc_stats.h */
    _Alignas(64) int64_t ready_at[BWM_MC_MAX_BANKS];
    _Alignas(64) int64_t bank_floor[BWM_MC_MAX_BANKS];
    _Alignas(64) uint64_t key[BWM_MC_MAX_BANKS];         /* its place in the choice (mc.c choice_key) */
    _Alignas(64) uint8_t cmd[BWM_MC_MAX_BANKS];          /* bwm_dram_cmd */
    _Alignas(64) uint64_t group_banks[BWM_MC_MAX_BANKS]; /* the banks of each bank's group */
    bwm_dram_channel dram;
    const bwm_dram_spec *spec;  /* bwm_mc_params.spec, or own_spec */
    bwm_dram_spec own_spec;
    int id;                     /* channel number */
    int64_t window;
    void *sched_ctx;            /* from bwm_mc_params */
} bwm_mc;

enum { BWM_MC_ACCEPTED = 0, BWM_MC_FULL = 1, BWM_MC_INVALID = -1 };

/* Builds a controller for channel id of configuration cfg (which it copies
 * what it needs from).  Returns BWM_OK or an error. */
int bwm_mc_init(bwm_mc *mc, int id, const bwm_dram_config *cfg, const bwm_mc_params *p,
                bwm_err *err);
void bwm_mc_free(bwm_mc *mc);

/* Offers a request at cycle now (not before the last tick).  Returns
 * BWM_MC_ACCEPTED, BWM_MC_FULL (queue full: offer it again later), or
 * BWM_MC_INVALID (bank, app or size out of range). */
int bwm_mc_enqueue(bwm_mc *mc, const bwm_mc_req *req, int64_t now);
/* 1 if the controller's queue has no room for a read (is_write 0) or a
 * write: bwm_mc_enqueue would answer BWM_MC_FULL (GPGPU-Sim's
 * dram_t::full(is_write)). */
int bwm_mc_full(const bwm_mc *mc, int is_write);

/* Advances the controller to cycle now: delivers completions due, lets the
 * scheduler pick for free banks, issues at most one command.  Cycles must not
 * go backwards.  Returns immediately when now < bwm_mc_next_event(mc). */
void bwm_mc_tick(bwm_mc *mc, int64_t now);

/* The earliest cycle at which a tick can change anything (BWM_DRAM_NEVER when
 * the controller is idle and has no timed event). */
static inline int64_t bwm_mc_next_event(const bwm_mc *mc) { return mc->next_event; }

/* The controller's statistics (its banks' added up), with the channel's
 * command counts.  Per bank: mc->stats.bank[b].c and, when asked for,
 * mc->stats.bank_latency[b]; per application: mc->apps[a]; an
 * application's DRAM commands: bwm_mc_app_cmds (energy_snap.h). */
void bwm_mc_get_stats(const bwm_mc *mc, bwm_mc_stats *out);

/* No request waiting, in service or in flight. */
int bwm_mc_idle(const bwm_mc *mc);
/* Requests the queue holds (waiting or in service). */
static inline int32_t bwm_mc_occupancy(const bwm_mc *mc) { return mc->n_used; }

/* For schedulers: the oldest waiting request of a bank, and the oldest one
 * for the bank's open row (-1 when there is none). */
static inline int32_t bwm_mc_oldest(const bwm_mc *mc, int bank) { return mc->banks[bank].head; }
int32_t bwm_mc_oldest_hit(const bwm_mc *mc, int bank);
/* Whether a waiting request would find its row open. */
int bwm_mc_is_hit(const bwm_mc *mc, int32_t slot);

#endif
