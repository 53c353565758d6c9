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
#include "sim/gpu/gpu_state.h"
#include "sim/mc/sched_params.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

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

/* Stops (1) or resumes (0) instruction issue on every SM; requests in
 * flight still complete (used to drain the memory system). */
void bwm_gpu_halt(bwm_gpu *g, int halted);

/* Every request created has been answered and nothing is queued anywhere. */
int bwm_gpu_quiet(const bwm_gpu *g);

#endif
