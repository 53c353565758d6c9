/* gpu.h — the whole simulated GPU: N applications on their SMs, the two
 * crossbars, the L2 sub-partitions, the memory controllers and DRAM, and the
 * four clock domains that drive them.
 *
 * Assembly: SMs are handed to applications in order (the first split[0] SMs
 * run application 0, ...), each with the application's warps per SM, or as
 * many as the SM holds when the application asks for more (warps_of says
 * which; bwm_gpu_warps_limit reports it).  Loads
 * that miss in an L1D and every store travel as pool requests (req_pool.h)
 * over the request crossbar to the sub-partition their address maps to;
 * replies come back over the reply crossbar.  A crossbar node is an SM
 * cluster (cluster.h: its SMs share the node's input and output ports) or
 * a sub-partition: SM cluster c is input c of the request crossbar and
 * output c of the reply crossbar, sub-partition j output j and input j.
 * Each memory channel has one controller with the chosen scheduler; its
 * completions go back to the sub-partition (reads) or free the write.
 * With address translation (-bwm_mmu other than ideal) the SMs' L1 TLB
 * misses go to the shared MMU (sim/tlb/mmu.h), whose page walks read the
 * page tables through the same crossbars, slices and controllers
 * (translation.h).
 *
 * Time: every domain (core, interconnect, L2, DRAM) has a period in
 * femtoseconds from -gpgpu_clock_domains; bwm_gpu_step advances global time
 * to the next edge and ticks the domains whose edge it is, in the order core,
 * interconnect, L2, DRAM — as GPGPU-Sim does.  Everything is deterministic:
 * the seed feeds every warp's instruction stream and nothing else is random.
 * The GPU owns all its parts; it must not be moved after init. */
#ifndef BWM_GPU_H
#define BWM_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/core/sm.h"
#include "sim/gpu/sm_calendar.h"
#include "sim/icnt/xbar.h"
#include "sim/mc/memsys.h"
#include "sim/mc/sched_params.h"
#include "sim/mem/req_pool.h"
#include "sim/mem/subpart.h"
#include "sim/tlb/mmu.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

#define BWM_GPU_MAX_APPS 4

enum { BWM_CLK_CORE, BWM_CLK_ICNT, BWM_CLK_L2, BWM_CLK_DRAM, BWM_CLK_COUNT };

typedef struct bwm_gpu_params {
    int n_apps;                                 /* 1..BWM_GPU_MAX_APPS */
    const bwm_synth_app *apps[BWM_GPU_MAX_APPS]; /* must outlive the GPU */
    int split[BWM_GPU_MAX_APPS];                /* SMs per application, in order; SMs beyond their
                                                   sum stay idle (an alone run of one application
                                                   on its share); all zero: the SMs split equally,
                                                   the remainder to the first applications */
    int colors[BWM_GPU_MAX_APPS];               /* under -bwm_vm color: page colours per application,
                                                   in order (vm.h); colours beyond their sum stay
                                                   unused; all zero: an equal split of every colour */
    const char *sched;                          /* memory scheduler name (sched.h) */
    int64_t window;                             /* scheduler window in core cycles (its, weis) */
    bwm_sched_params sched_params;              /* prior_app, alone profiles, knob settings; the GPU
                                                   fills n_apps, committed_insts, n_sms and
                                                   warps_per_sm */
    uint64_t seed;
} bwm_gpu_params;

/* Per-application latency of the loads answered (L1D misses): SM to SM in
 * core cycles, and their lives by stage (req_life.h) from the load/store
 * unit's first try, in femtoseconds; the stages after inject add up to sum
 * core cycles exactly. */
typedef struct bwm_gpu_latency {
    uint64_t sum, n;
    uint64_t stage_fs[BWM_STAGE_COUNT];
} bwm_gpu_latency;

typedef struct bwm_gpu {
    bwm_gpu_config cfg;
    int n_apps;
    int first_sm[BWM_GPU_MAX_APPS], n_sms_of[BWM_GPU_MAX_APPS];
    double warps_of[BWM_GPU_MAX_APPS];      /* warps per SM each application runs: its own
                                               number, limited to what the SM holds */
    int n_sms;
    int n_busy_sms;             /* SMs running an application: the first n_busy_sms */
    int n_busy_clusters;        /* clusters holding one of them: the first n_busy_clusters */
    bwm_sm *sms;
    int n_subparts;
    bwm_subpart *subparts;
    int64_t *subpart_wake;      /* per sub-partition: its wake cycle (bwm_subpart_init) */
    bwm_xbar *req_net, *reply_net;
    bwm_memsys mem;
    bwm_req_pool pool;
    bwm_sched_params sched_params;
    const bwm_sched_ops *sched;  /* the memory scheduler, and what it attached beyond the
                                    controllers (sched.h: its hooks) */
    void *sched_ext;
    bwm_l2_policy l2_policy;     /* its L2 hooks */
    int l2_hooked;               /* it has any: the slices get l2_policy */
    bwm_vm vm;                   /* the applications' pages (-bwm_vm; unused under identity unless
                                    translating: the page tables) */
    bwm_mmu mmu;                 /* the shared translation hardware (mmu.waiters NULL: ideal) */
    uint64_t walk_dram_cycles[BWM_GPU_MAX_APPS];   /* walk reads DRAM served: DRAM cycles from
                                                      entering the controller to done, summed */
    uint64_t walk_dram_reads[BWM_GPU_MAX_APPS], walk_dram_bytes[BWM_GPU_MAX_APPS];
    uint64_t data_dram_cycles[BWM_GPU_MAX_APPS];   /* the same for loads' data reads */
    uint64_t data_dram_reads[BWM_GPU_MAX_APPS];
    int *warps_per_sm;
    uint64_t app_insts[BWM_GPU_MAX_APPS];   /* thread instructions committed so far */
    uint64_t sweep[BWM_GPU_MAX_APPS];       /* each application's shared sweep cursor */
    bwm_cta_dispatch dispatch[BWM_GPU_MAX_APPS]; /* applications with thread blocks: their CTAs */
    bwm_page_sharing pages[BWM_GPU_MAX_APPS];    /* and the batches touching each of their pages */
    /* local accesses (sim/vm/sm_banks.h): DRAM requests of the SMs' own
       loads and stores, and those to a bank colour their SM owns; a map
       without bank colours (bank_by_index) colours a bank by its index */
    bwm_colors bank_colors;
    int bank_by_index;
    int any_blocks;             /* an application has thread blocks: local accesses are counted */
    uint64_t sm_dram_accesses[BWM_GPU_MAX_APPS], local_dram_accesses[BWM_GPU_MAX_APPS];
    bwm_gpu_latency latency[BWM_GPU_MAX_APPS];
    uint64_t dram_bytes_read[BWM_GPU_MAX_APPS];    /* data bytes DRAM requests asked for */
    uint64_t dram_bytes_written[BWM_GPU_MAX_APPS];
    uint64_t replies;                        /* loads the SMs sent, answered (a load a sector L2
                                                split: once all its sectors are back) */
    uint64_t stores;                         /* store requests the SMs sent */
    uint64_t acks;                           /* write acknowledgements delivered to SMs (one per
                                                store request, one per sector of a store a
                                                sector L2 split) */
    int64_t sm_wake;                         /* no SM has work before this core cycle
                                                unless a reply arrives or the link gets room
                                                (0: look at every SM) */
    uint64_t *link_wait;                     /* SMs whose load/store unit waits for the link */
    int32_t *held_reply;                     /* per cluster: the reply in its response FIFO (-1: none) */
    uint64_t *held_mask;                     /* the clusters holding one */
    uint64_t *pool_wait;                     /* of those, the ones the request pool refused */
    bwm_sm_calendar calendar;                /* the busy SMs by their bwm_sm_next_active */
    /* clocks */
    int64_t period_fs[BWM_CLK_COUNT];
    int64_t next_fs[BWM_CLK_COUNT];
    int64_t cycle[BWM_CLK_COUNT];            /* cycles completed in each domain */
    int64_t now_fs;
    /* the first internal fault, if any (reported by bwm_gpu_step) */
    int failed;
    bwm_err fault;
} bwm_gpu;

/* The global time, in femtoseconds, of cycle c of clock domain d: the end
 * of its edge (bwm_gpu_step ticks cycle c of d at this time). */
static inline int64_t bwm_gpu_time_fs(const bwm_gpu *g, int d, int64_t c)
{
    return (c + 1) * g->period_fs[d];
}

/* The SMs each of n_apps applications gets: given (n_apps values) when any
 * is non-zero, else the equal split with the remainder to the first ones. */
void bwm_gpu_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *split);

/* The page colours each of n_apps applications gets (colors of
 * bwm_gpu_params) into share: all zero unless the configuration places
 * pages by colour.  BWM_EINPUT, saying why, when given colours break the
 * rule of bwm_vm_color_shares or the configuration has no colour policy. */
int bwm_gpu_color_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *share, bwm_err *err);

/* The page colours of an application alone on its share of a pair (the
 * first application's share of an equal split); 0 (every colour) unless the
 * configuration places pages by colour or when it has no colours. */
int bwm_gpu_pair_colors(const bwm_gpu_config *cfg);

/* The SMs the first application of a pair gets in the equal split of a GPU
 * of n_sms SMs (half, rounded up): the share paper 000 runs each application
 * of its pairs on, and so the share Table 1 characterises it on. */
int bwm_gpu_pair_share(int n_sms);

/* An application with warps_per_sm warps per SM on average places
 * bwm_warps_before(w, k) warps on its first k SMs (rounded to the nearest
 * whole number), so SM k holds bwm_warps_before(w, k + 1) - bwm_warps_before(w, k). */
uint64_t bwm_warps_before(double warps_per_sm, int k);

int bwm_gpu_init(bwm_gpu *g, const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_err *err);

/* Writes into msg (size bytes) a note naming each application whose warps per
 * SM were limited to what the SM holds; returns the number of them. */
int bwm_gpu_warps_limit(const bwm_gpu_config *cfg, int n_apps, const bwm_synth_app *const *apps, char *msg,
                        size_t size);
void bwm_gpu_free(bwm_gpu *g);

/* Advances to the next clock edge.  Fails (BWM_EFAIL) on an internal fault. */
int bwm_gpu_step(bwm_gpu *g, bwm_err *err);

/* Runs until the core domain has completed `cycles` more cycles. */
int bwm_gpu_run_core_cycles(bwm_gpu *g, int64_t cycles, bwm_err *err);

/* For the GPU's own parts (translation.c): whether the request pool may
 * take n requests from an SM (the reserve is for the L2's own requests). */
int bwm_gpu_pool_has_room(const bwm_gpu *g, int n);

/* For the GPU's own parts (translation.c): a request of `kind` for the
 * sectors of a line from SM sm, filled in and decoded, in the pool (the
 * caller checked its room) but not yet sent. */
int32_t bwm_gpu_new_request(bwm_gpu *g, int sm, int warp, int app, uint64_t line_addr, unsigned sectors, int kind,
                            int64_t now);

/* Stops (1) or resumes (0) instruction issue on every SM; requests in
 * flight still complete (used to drain the memory system). */
void bwm_gpu_halt(bwm_gpu *g, int halted);

/* Every request created has been answered and nothing is queued anywhere. */
int bwm_gpu_quiet(const bwm_gpu *g);

#endif
