/* gpu_state.h — what the simulated GPU owns (gpu.h assembles and clocks
 * it): its SMs, crossbars, L2 sub-partitions, memory controllers, request
 * pool, translation hardware and the statistics its parts count, and the
 * times of its four clock domains.  The GPU's parts (cluster.h,
 * translation.h, gpu_requests.h) work on this state, below the GPU's
 * assembly and clocking. */
#ifndef BWM_GPU_STATE_H
#define BWM_GPU_STATE_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/core/sm.h"
#include "sim/gpu/req_stats.h"
#include "sim/gpu/sm_calendar.h"
#include "sim/icnt/xbar.h"
#include "sim/mc/memsys.h"
#include "sim/mc/sched_params.h"
#include "sim/mem/req_pool.h"
#include "sim/mem/subpart.h"
#include "sim/tlb/mmu.h"
#include "util/status.h"

#define BWM_GPU_MAX_APPS 4
_Static_assert(BWM_GPU_MAX_APPS == BWM_REQ_STATS_APPS, "the request observer counts every application");

enum { BWM_CLK_CORE, BWM_CLK_ICNT, BWM_CLK_L2, BWM_CLK_DRAM, BWM_CLK_COUNT };

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
    bwm_subpart_sink mc_sink;   /* where the controllers' completions go (subpart.h) */
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
    int *warps_per_sm;
    uint64_t app_insts[BWM_GPU_MAX_APPS];   /* thread instructions committed so far */
    uint64_t sweep[BWM_GPU_MAX_APPS];       /* each application's shared sweep cursor */
    bwm_cta_dispatch dispatch[BWM_GPU_MAX_APPS]; /* applications with thread blocks: their CTAs */
    bwm_page_sharing pages[BWM_GPU_MAX_APPS];    /* and the batches touching each of their pages */
    bwm_req_stats req;          /* the per-request statistics: the request observer (req_stats.h) */
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
    return bwm_req_time_fs(g->period_fs[d], c);
}


#endif
