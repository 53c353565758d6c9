/* sched_params.h — what the application-aware memory schedulers are told.
 *
 * The simulator fills one bwm_sched_params and hands the same pointer to
 * every controller (bwm_mc_params.sched_ctx); the policies of sim/mc/sched/
 * read it in init and while they run.  It holds the static choices (which
 * application to prioritise, the alone profiles, every policy's knob
 * settings) and read-only views of
 * live simulator state that hardware would broadcast to the controllers (the
 * instructions each application has committed, the warps assigned to each
 * SM).  Policies never write through it.  Policies that need a field that is
 * missing (NULL or out of range) fail in init with a clear message. */
#ifndef BWM_SCHED_PARAMS_H
#define BWM_SCHED_PARAMS_H

#include <stdint.h>

#include "sim/mc/sched_knobs.h"

struct bwm_warp_types;
struct bwm_mmu;

typedef struct bwm_sched_params {
    int n_apps;                      /* applications, as in bwm_mc_params.n_apps */
    /* prior-K */
    int prior_app;                   /* K, 0-based */
    /* prior-low-mpki, prior-low-bw: each application's alone profile */
    const double *alone_mpki;        /* n_apps values > 0, or NULL */
    const double *alone_bw;          /* n_apps values > 0, or NULL */
    /* its: thread instructions committed so far by each application (n_apps
       counters owned by the simulator, updated as it runs) */
    const uint64_t *committed_insts;
    /* asjf, asjfw (their alpha and m are knobs) */
    int n_sms;                       /* SMs; requests carry req.sm in 0..n_sms-1 */
    const int *warps_per_sm;         /* warps assigned to each SM (tolerance), n_sms values */
    /* the knobs of asjf, asjfw, parbs, atlas, tcm, bliss, sms, medic (NULL: the defaults) */
    const bwm_sched_settings *settings;
    double dram_per_core;            /* DRAM cycles per core cycle, for knobs in core
                                        cycles (0: taken as 1) */
    uint64_t seed;                   /* for policies that draw random numbers */
    /* medic: every warp's type (sim/mem/warp_type.h), kept by the L2s
       (its hooks set it, sched.h); NULL outside a whole-GPU run */
    const struct bwm_warp_types *warp_types;
    /* mask: the translation hardware's live counters (sim/tlb/mmu.h: active_of,
       stalled_max); NULL when the GPU does not translate */
    const struct bwm_mmu *mmu;
} bwm_sched_params;

#endif
