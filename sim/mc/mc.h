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
 * only) and are served, oldest row hit of a bank first, only while the
 * controller drains them: from the queue's high watermark until fewer than
 * its low watermark wait, or whenever no read waits.
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
#include "sim/mc/sched.h"
#include "util/status.h"

#define BWM_MC_MAX_BANKS 64
/* Per bank, waiting requests are counted by row modulo this (a power of
 * two), so opening a row with none of its bucket waiting needs no walk of
 * the queue to count the row's hits. */
#define BWM_MC_ROW_BUCKETS 256

/* The fields a command reads (da, is_write) come first. */
typedef struct bwm_mc_req {
    uint64_t addr;      /* physical address */
    bwm_dram_addr da;   /* decoded: the controller uses da.bank and da.row */
    uint8_t is_write;
    uint32_t bytes;     /* bytes to move (>= 1) */
    int32_t app;        /* application 0..n_apps-1 */
    int32_t sm, warp;   /* origin; -1 when unknown */
    uint64_t tag;       /* the caller's, handed back on completion */
    int64_t arrival;    /* DRAM cycle the request entered the controller (set by enqueue) */
    int64_t served;     /* DRAM cycle its bank took it from the queue to serve it (set then) */
    uint8_t walk_level; /* a page walk's read of level 1 (the root) .. (sim/tlb/mmu.h); 0: data */
} bwm_mc_req;

typedef enum bwm_row_outcome { BWM_ROW_HIT, BWM_ROW_MISS, BWM_ROW_CONFLICT } bwm_row_outcome;

/* A request in the controller.  Schedulers read these; only mc.c writes.
 * What a command reads and writes sits in the first 64 bytes (the entry's
 * own fields, then the request's address fields), and entries start on
 * host cache lines, so a command touches one line of its request. */
typedef struct bwm_mc_entry {
    _Alignas(64) uint64_t seq; /* arrival order within this controller */
    int32_t prev, next; /* neighbours in the bank queue (slot indices; -1 ends) */
    uint16_t bursts_left;
    uint8_t started;    /* a command has been issued for it */
    uint8_t outcome;    /* bwm_row_outcome, fixed by its first command */
    uint8_t n_act, n_pre; /* activates and precharges issued for it (DRAM energy) */
    bwm_mc_req req;
} bwm_mc_entry;

typedef struct bwm_mc_bank {
    int32_t head, tail; /* waiting requests, oldest first (-1: none) */
    int32_t n_queued;
    int32_t n_hits;     /* waiting requests for the bank's open row */
    int32_t cur;        /* request in service, -1 if none */
} bwm_mc_bank;

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
                                   bwm_mc_app_cmds adds those in flight) */
} bwm_mc_app_stats;

typedef struct bwm_mc_bank_stats {
    _Alignas(64) bwm_mc_counts c; /* one host cache line: a completion touches one */
} bwm_mc_bank_stats;

typedef struct bwm_mc_stats {
    bwm_mc_counts c;
    bwm_lat_hist read_latency; /* arrival to last data, DRAM cycles */
    int64_t last_done;         /* cycle after the last completed request's data */
    uint64_t n_cmds[BWM_CMD_COUNT];
    uint64_t data_cycles;      /* cycles the data bus was busy */
} bwm_mc_stats;

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

typedef struct bwm_completion {
    int64_t done;
    uint64_t seq;
    bwm_mc_req req;
    int32_t bank;
    uint16_t bursts;
    uint8_t outcome;
    uint8_t n_act, n_pre;
} bwm_completion;

typedef struct bwm_mc {
    /* The fields every tick, command and arrival reads come first, in two
     * host cache lines (the struct is 64-byte aligned); the per-bank arrays
     * of the command choice follow, each on its own lines, so that a channel
     * of up to 8 banks reads one line of each. */
    /* time */
    _Alignas(64) int64_t next_event;
    int64_t cmd_next;           /* the first cycle a command (or a pick) may be due: ticks
                                   before it only complete requests */
    int64_t next_refresh;       /* BWM_DRAM_NEVER when refresh is off */
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
    int refresh_due;
    int n_banks;
    int n_apps;
    /* request pool and queues */
    int32_t cap, n_used, free_head;
    int growable;
    uint64_t seq;
    bwm_mc_bank *banks;
    bwm_mc_entry *slots;
    uint32_t *row_waiting;      /* [bank * BWM_MC_ROW_BUCKETS + row % BWM_MC_ROW_BUCKETS]:
                                   waiting requests of the bank in that bucket of rows */
    bwm_mc_app_stats *apps;     /* per application: its counts and requests queued */
    /* policy */
    const bwm_sched_ops *sched;
    void *sched_state;
    /* requests whose data is on its way, in completion order (a ring) */
    bwm_completion *ret;
    int32_t ret_head, ret_n, ret_cap;
    int64_t ret_due;            /* the first one's completion cycle (BWM_DRAM_NEVER: none) */
    int burst_bytes;
    /* separate write queue (-dram_seperate_write_queue_enable; see mc.c):
       waiting writes, oldest first, outside the bank queues */
    int32_t *wq, wq_n;
    int write_mode;             /* draining writes (reads wait) */
    uint64_t wq_banks;          /* banks with a waiting write */
    int32_t wq_live;            /* write slots taken: waiting or in service */
    int32_t wq_cap, wq_high, wq_low;
    /* completions: whom to tell, and statistics */
    bwm_mc_done_fn done;
    void *done_ctx;
    bwm_mc_bank_stats *bank_stats; /* one host cache line per bank; the channel's counts are
                                      their sum (bwm_mc_get_stats) */
    bwm_lat_hist *bank_latency;    /* per bank, with bwm_mc_params.bank_latency (else NULL) */
    int64_t last_done;             /* cycle after the last completed request's data */
    bwm_lat_hist read_latency;     /* the channel's, arrival to last data, DRAM cycles (its
                                      count, sum and maximum come first, beside the above) */
    _Alignas(64) int64_t ready_at[BWM_MC_MAX_BANKS];
    _Alignas(64) int64_t bank_floor[BWM_MC_MAX_BANKS];
    _Alignas(64) uint64_t key[BWM_MC_MAX_BANKS];         /* its place in the choice (mc.c choice_key) */
    _Alignas(64) uint8_t cmd[BWM_MC_MAX_BANKS];          /* bwm_dram_cmd */
    _Alignas(64) uint64_t group_banks[BWM_MC_MAX_BANKS]; /* the banks of each bank's group */
    bwm_dram_channel dram;
    const bwm_dram_spec *spec;  /* bwm_mc_params.spec, or own_spec */
    bwm_dram_spec own_spec;
    uint64_t ref_pre;           /* precharges issued to close banks for a refresh */
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
 * command counts. */
void bwm_mc_get_stats(const bwm_mc *mc, bwm_mc_stats *out);
/* The ACT, PRE, RD and WR commands issued so far for application app's
 * requests: those served and those in service or in flight (DRAM energy;
 * counted per request, so that a command touches nothing but its request
 * and the channel). */
void bwm_mc_app_cmds(const bwm_mc *mc, int app, uint64_t out[BWM_CMD_REF]);
/* Adds one set of counts into another. */
void bwm_mc_counts_add(bwm_mc_counts *into, const bwm_mc_counts *from);

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
