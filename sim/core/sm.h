/* sm.h — one streaming multiprocessor running warps of one application.
 *
 * An SM holds up to 64 warps of a synthetic application (sim/workload), split
 * among its warp schedulers by warp number (warp w belongs to scheduler
 * w mod n).  Each core cycle every scheduler may issue one instruction from
 * a warp whose operands are ready (warp_sched.h chooses which):
 *   - compute and scratchpad instructions make their warp wait their
 *     latency (the application's compute_latency, smem_latency);
 *   - a load or store hands its accesses (coalescer.h: its lines, a line
 *     once per warp part its lanes fall in, with the sectors each touches)
 *     to the SM's load/store unit, which must be free to accept them (a
 *     structural stall otherwise) and sends one access per cycle to the L1D;
 *   - the scoreboard: each load a warp issues takes one of its
 *     loads_in_flight entries until every access of the load has returned; a
 *     warp with every entry taken does not issue another load.  The load's
 *     value is first used dep_distance warp instructions after the load:
 *     the warp stops before that instruction until all the load's accesses are
 *     back (dep_distance 1: it waits right after the load).
 * L1D hits return after l1_latency cycles.  Misses (and every store: global
 * stores are write-evict, no write allocation) go to the memory system
 * through the link the GPU provides; a full link makes the load/store unit
 * wait until the GPU says the link may have room (bwm_sm_link_ready), then
 * retry.  When a line comes back (bwm_sm_fill) the L1D wakes the
 * warps that wait for it.
 *
 * Atomics and reductions of global memory (traces: BWM_WOP_ATOMIC) take a
 * scoreboard entry like a load, but their accesses skip the L1D: the
 * load/store unit sends each one down (BWM_SM_ATOMIC), one a cycle, to be
 * performed at the L2, and the warp issues nothing until all of them are
 * answered (bwm_sm_atomic_done), as GPGPU-Sim holds a warp with atomics
 * outstanding (shd_warp_t::waiting); a reduction (RED, no register
 * written) waits the same.  A load whose cache operator skips the L1D
 * (bwm_warp_op.past_l1d: traces' LDG.E.STRONG.GPU) goes the same way,
 * its accesses one sector each (BWM_SM_LOAD_L2), but it is an ordinary
 * load to the L2 and to its warp: it takes a scoreboard entry, each answer
 * (bwm_sm_load_done) is one of that entry's accesses back, and the warp
 * goes on issuing meanwhile (GPGPU-Sim's ldst_unit::memory_cycle and
 * ldst_unit::cycle with cache operator CACHE_GLOBAL: a mem_fetch per
 * access pushed to the crossbar, the reply to the writeback, not to the
 * L1D's fill).
 *
 * Address translation (-bwm_mmu other than ideal): a load or store first
 * looks its pages up in the SM's L1 TLB (a hit costs nothing: the lookup
 * runs beside the L1D's).  A warp whose instruction misses pages sends each
 * of them to the MMU (the link's translate; sim/tlb/mmu.h) and waits,
 * without issuing, until all of them are back (bwm_sm_translated fills the
 * L1 TLB); then it issues that instruction without looking again.
 *
 * The warp schedulers are policies (warp_sched.h: an ops table per policy,
 * sim/core/warp/): their order, and their hooks, which may hold back some
 * ready warps' instructions (warp/ccws.h: CCWS's lost-locality list, from
 * victim tags of the lines the L1D replaced; warp/tbas.h: all but the
 * running thread batch's loads and stores) and watch the SM's issues, L1D
 * accesses and fills and new warps.
 *
 * Instructions are counted at issue, as thread instructions (the
 * application's active lanes per warp instruction).  An SM owns its warps
 * and its L1D; it allocates nothing after init.  Its features keep their
 * state in structs of their own: the wake wheel (wake_wheel.h), the
 * load/store unit (sm_ldst.h), translation (sm_xlat.h) and the CTA slots
 * (sm_ctas.h); sm.c runs them. */
#ifndef BWM_SM_H
#define BWM_SM_H

#include <stdint.h>

#include "sim/cache/cache.h"
#include "sim/config/gpu_config.h"
#include "sim/core/coalescer.h"
#include "sim/core/cta_dispatch.h"
#include "sim/core/page_sharing.h"
#include "sim/core/sm_ctas.h"
#include "sim/core/sm_ldst.h"
#include "sim/core/sm_xlat.h"
#include "sim/core/wake_wheel.h"
#include "sim/core/warp_sched.h"
#include "sim/core/warp_source.h"
#include "sim/vm/vm.h"
#include "sim/workload/synth_app.h"
#include "sim/workload/warp_stream.h"
#include "util/status.h"

#define BWM_SM_MAX_WARPS 64
#define BWM_SM_MAX_SCHEDS 8
_Static_assert(BWM_SM_MAX_CTAS == BWM_SM_MAX_WARPS, "a CTA slot holds a warp at least");

/* What an SM's request to the memory system is (bwm_sm_link's `access`):
 * an L1D miss's load, a store, an atomic or reduction, which skips the
 * L1D, is performed at the L2 and carries its data both ways, or a load
 * that skips the L1D (bwm_warp_op.past_l1d): a load to the L2 whose data
 * go to its warp's scoreboard entry, not to the L1D. */
enum { BWM_SM_LOAD, BWM_SM_STORE, BWM_SM_ATOMIC, BWM_SM_LOAD_L2 };

/* How an SM reaches the memory system (provided by the GPU). */
typedef struct bwm_sm_link {
    /* Whether a line request of this access kind (BWM_SM_*), for these sectors (sector.h), can be sent now. */
    int (*can_send)(void *ctx, int sm, int access, unsigned sectors);
    /* Sends a request for (loads, atomics) or of (stores) the sectors of a
       line that can_send allowed; must accept it.  partial: a store's
       sectors written only in part (0 for the other kinds).  tried: the
       cycle the load/store unit first tried the line (now, unless it had
       to wait).  entry: a BWM_SM_LOAD_L2's scoreboard entry of the warp, to
       be given back to bwm_sm_load_done with its answer (-1 for the other
       kinds). */
    void (*send)(void *ctx, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, unsigned partial,
                 int access, int entry, int64_t now, int64_t tried);
    /* Warp warp missed virtual page vpage in the L1 TLB (only with one). */
    void (*translate)(void *ctx, int sm, int warp, int app, uint64_t vpage, int64_t now);
    void *ctx;
} bwm_sm_link;

/* One scoreboard entry: a load whose accesses are not all back yet. */
typedef struct bwm_load_slot {
    int pending;            /* accesses still out */
    uint64_t use_at;        /* warp instruction index that first uses the value (registers: never) */
    uint8_t n_dst;          /* registers it writes, ready once it is back (warp_source.h) */
    uint8_t dst[BWM_OP_MAX_DST];
    uint8_t atomic;         /* an atomic's: its warp issues again once it is back */
} bwm_load_slot;

typedef struct bwm_warp {
    bwm_warp_op op;         /* the instruction it issues next, as the SM issues it (warp_source.h) */
    bwm_warp_stream stream; /* synthetic: its stream */
    bwm_inst next;          /* synthetic: the instruction it issues next, as its stream drew it */
    int64_t *reg_ready;     /* registers (traces): the cycle each is ready, INT64_MAX while a load
                               writes it (NULL: the source names no registers) */
    uint64_t issued;        /* warp instructions issued: the index of `next` */
    bwm_load_slot load[BWM_SYNTH_MAX_LOADS]; /* ring, oldest at load_head */
    int load_head, load_count;              /* entries in program order; the head is not back */
    int loads_out;                          /* entries whose lines are not all back */
    int blocked;            /* waiting on the scoreboard (a value, a free entry or an atomic) */
    int atomic_out;         /* an atomic's accesses are out: it issues nothing (its entry is
                               atomic_slot) */
    int atomic_slot;
    int xlat_wait;          /* pages of its next instruction still being translated */
    int xlat_granted;       /* they are back: its next instruction issues without a lookup */
    int64_t not_before;     /* its last instruction's latency ends here */
    uint64_t left;          /* thread blocks: instructions it has yet to issue in its CTA */
    int at_bar;             /* it waits at a barrier for the rest of its CTA */
    int stores_out;         /* sectors its stores sent below and not yet acknowledged (wait_stores) */
    int finished;           /* thread blocks: it issued its last; it exits once its loads are back */
    int64_t writes_done;    /* with a source: the cycle its last pipeline result is written; it
                               exits no earlier (GPGPU-Sim's pendingWrites on the scoreboard) */
} bwm_warp;

typedef struct bwm_sm_stats {
    uint64_t insts;         /* thread instructions */
    uint64_t warp_insts;
    uint64_t loads, stores; /* warp instructions */
    uint64_t load_lines, store_lines;
    uint64_t ldst_stall;    /* cycles the load/store unit could not send its line */
    uint64_t tlb_misses;    /* warp instructions that missed the L1 TLB (and waited) */
    uint64_t ctas;          /* thread blocks finished */
    uint64_t held;          /* cycles in which CCWS or TBAS held back a ready warp's load or store */
    uint64_t vta_hits;      /* CCWS: loads that found their line in their warp's victim tags */
    uint64_t mem_stall;     /* cycles in which no warp could issue because every warp waited
                               on memory: on a load's data (its scoreboard) or for the load/store
                               unit; up to the last cycle run (bwm_sm_mem_stall counts on) */
} bwm_sm_stats;

typedef struct bwm_sm {
    int id, app;
    const bwm_synth_app *prog;  /* synthetic applications (else NULL) */
    const bwm_warp_source_ops *src; /* where the warps' instructions come from (warp_source.h) */
    void *src_state;
    int loads_in_flight;        /* loads a warp may have outstanding */
    int dep_distance;           /* synthetic: instructions from a load to the use of its value */
    int batch_stride;           /* synthetic: CTAs per thread batch */
    int rank;                   /* this SM among the application's */
    int n_warps, n_scheds;
    const bwm_warp_sched_ops *wsched; /* the warp schedulers' policy (-gpgpu_scheduler) */
    void *wsched_state;         /* its state (warp_sched.h: init) */
    int round_robin;            /* wsched's order, kept at hand for every pick */
    int l1_latency;
    int warp_parts;             /* -gpgpu_shmem_warp_parts: parts of a warp that coalesce apart */
    int line_segments;          /* accesses coalesce into 128-byte segments (else 32-byte sectors) */
    bwm_warp *warps;
    uint64_t ready;             /* warps that can issue now */
    uint64_t mem_next;          /* warps whose next instruction is a load or store */
    uint64_t live;              /* warps that have not exited (thread blocks: of the CTAs held) */
    uint64_t finished;          /* warps that issued their last instruction (and wait for loads) */
    uint64_t at_bar;            /* warps waiting at a barrier */
    int units;                  /* instructions need pipelines (the source names them) */
    int wait_stores;            /* a warp exits once its stores are acknowledged too (GPGPU-Sim's
                                   stores_done; with a source), not only its loads back */
    uint64_t unit_next[BWM_N_UNITS];                 /* warps whose next instruction needs unit u */
    int64_t unit_free[BWM_SM_MAX_SCHEDS][BWM_N_UNITS]; /* each scheduler's units: free from this cycle */
    int64_t shared_free;        /* the shared-memory stage, one per SM (GPGPU-Sim's ldst_unit, whose
                                   dispatch register global accesses share): free from this cycle */
    int64_t *regs;              /* the warps' reg_ready arrays (NULL: no registers) */
    uint64_t sched_mask[BWM_SM_MAX_SCHEDS];
    int last[BWM_SM_MAX_SCHEDS];
    int64_t next_active;        /* the earliest cycle with work besides fills (INT64_MAX: none) */
    int64_t now;                /* last cycle run */
    int64_t stall_since;        /* every warp has waited on memory since this cycle, as far as
                                   the cycles run tell (-1: not so) */
    bwm_cache l1;
    uint64_t *tokens;           /* scratch for fills */
    int halted;                 /* issues nothing (its load/store unit still drains) */
    uint64_t *app_insts;        /* the GPU's live per-application counter this SM adds to */
    bwm_sm_stats stats;
    /* the features, each its own struct */
    bwm_wake_wheel wheel;       /* the warps waking from a latency (wake_wheel.h) */
    bwm_sm_ldst ldst;           /* the load/store unit (sm_ldst.h) */
    bwm_sm_xlat xlat;           /* address translation: pages and L1 TLB (sm_xlat.h) */
    bwm_sm_ctas ctas;           /* thread blocks: the CTA slots (sm_ctas.h) */
} bwm_sm;

typedef struct bwm_sm_params {
    int id;                     /* SM number in the GPU */
    int app;                    /* application number */
    const bwm_synth_app *prog;  /* synthetic: the application (must outlive the SM); NULL with a source */
    int n_warps;                /* 1..config max warps (thread blocks: cta_slots × cta_warps) */
    uint64_t first_warp;        /* this SM's first warp among all warps of the application */
    uint64_t app_warps;         /* warps of the application on all its SMs */
    uint64_t seed;
    uint64_t *app_insts;        /* counter to add committed thread instructions to (may be NULL) */
    uint64_t *sweep;            /* the application's shared sweep cursor (NULL: each warp its own) */
    bwm_vm *vm;                 /* places the application's pages (NULL: addresses are physical) */
    bwm_cta_dispatch *dispatch; /* thread blocks (prog->cta_warps > 0): the application's CTAs */
    bwm_page_sharing *pages;    /* and the batches touching its pages (NULL: not counted) */
    int rank;                   /* this SM among the application's SMs */
    /* Another warp source than the synthetic streams (NULL: prog's streams).
     * The SM starts with no CTA slots: bwm_sm_set_ctas gives it some. */
    const bwm_warp_source_ops *source;
    void *source_state;
    int uses_shmem;             /* with a source: its kernels use shared memory (the L1D it gets) */
} bwm_sm_params;

/* With thread blocks the SM starts with its CTA slots empty: the GPU fills
 * them (bwm_sm_start_cta) in dispatch order. */
int bwm_sm_init(bwm_sm *sm, const bwm_gpu_config *cfg, const bwm_sm_params *p, bwm_err *err);
void bwm_sm_free(bwm_sm *sm);

/* Thread blocks: slot takes the next CTA the dispatch gives this SM (none:
 * it stays empty), its warps ready from cycle now.  A slot whose warps
 * have all finished (issued cta_insts instructions each and got their loads
 * back) does so by itself. */
void bwm_sm_start_cta(bwm_sm *sm, int slot, int64_t now);

/* With a warp source: the SM holds `slots` CTAs of `warps` warps each from
 * now on (a new kernel; every slot empty), none of them started. */
int bwm_sm_set_ctas(bwm_sm *sm, int slots, int warps, bwm_err *err);

/* Runs core cycle now.  Cycles before bwm_sm_next_active may be skipped
 * (nothing happens in them unless a fill arrives, and bwm_sm_fill brings
 * the next active cycle forward); otherwise cycles are consecutive. */
void bwm_sm_cycle(bwm_sm *sm, int64_t now, const bwm_sm_link *link);

/* The earliest cycle at which bwm_sm_cycle has something to do: a warp to
 * wake or issue, or the load/store unit's line to send (INT64_MAX: only a
 * fill can give it work). */
static inline int64_t bwm_sm_next_active(const bwm_sm *sm)
{
    return sm->next_active;
}

/* Whether the load/store unit waits for the link: its line missed the L1D
 * and the link could not take it.  Until bwm_sm_link_ready (or a fill)
 * another try would fail the same way, so the SM is not active for it. */
static inline int bwm_sm_waits_for_link(const bwm_sm *sm)
{
    return sm->ldst.wait_link;
}

/* The link may have room now (the caller's superset of the events that
 * give it room): the load/store unit tries again at cycle now.  The cycles
 * it waited count as stalls, as if it had tried in each. */
void bwm_sm_link_ready(bwm_sm *sm, int64_t now);

/* The data of the sectors (what the L1D fetched) of line_addr came back at
 * cycle now: fills the L1D and wakes its waiters.  Fails (BWM_EFAIL) for a
 * line the L1D was not waiting for. */
int bwm_sm_fill(bwm_sm *sm, uint64_t line_addr, unsigned sectors, int64_t now, bwm_err *err);

/* Warp warp's page vpage is translated at core cycle now, in a large page
 * or not: fills the L1 TLB's large-page or base-page entries, and the warp
 * issues its instruction once all its pages are. */
void bwm_sm_translated(bwm_sm *sm, int warp, uint64_t vpage, int large, int64_t now);

/* The L2 answered one access of warp warp's atomic (BWM_WOP_ATOMIC) at
 * cycle now: once all are back its registers are ready and it may issue
 * again from the next cycle, as after a load's fill. */
void bwm_sm_atomic_done(bwm_sm *sm, int warp, int64_t now);

/* The L2 answered, at cycle now, one access of warp warp's load that
 * skipped the L1D (BWM_SM_LOAD_L2), sent for scoreboard entry `entry`:
 * once all its accesses are back its registers are ready from the next
 * cycle, as after a fill; the L1D keeps nothing. */
void bwm_sm_load_done(bwm_sm *sm, int warp, int entry, int64_t now);

/* The GPU acknowledges the sectors of a store warp sent (only when
 * wait_stores): a finished warp whose loads and stores are all done exits
 * at cycle now. */
void bwm_sm_store_acked(bwm_sm *sm, int warp, unsigned sectors, int64_t now);

/* Memory-stall cycles (bwm_sm_stats.mem_stall) up to core cycle now
 * (exclusive), counting a stall still going on. */
uint64_t bwm_sm_mem_stall(const bwm_sm *sm, int64_t now);

/* Stops (halted = 1) or resumes issuing; the load/store unit still drains. */
void bwm_sm_halt(bwm_sm *sm, int halted, int64_t now);

#endif
