/* gpu_state.h — what the simulated GPU owns (gpu_build.h assembles it,
 * gpu.h clocks it): what every run needs — its SMs, crossbars, L2
 * sub-partitions, memory controllers, request pool and the statistics its
 * parts count — and its features, each in a struct of its own: the clock
 * domains (clocks.h), what waits at the crossbar ports (links.h), the
 * memory scheduler's attachments (sched_attach.h), the applications' thread
 * blocks (gpu_ctas.h) and the translation hardware (sim/vm, sim/tlb).  The
 * GPU's parts (cluster.h, translation.h, gpu_requests.h) work on this
 * state, below the GPU's assembly and clocking. */
#ifndef BWM_GPU_STATE_H
#define BWM_GPU_STATE_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/core/sm.h"
#include "sim/gpu/clocks.h"
#include "sim/gpu/gpu_ctas.h"
#include "sim/gpu/links.h"
#include "sim/gpu/req_stats.h"
#include "sim/gpu/sched_attach.h"
#include "sim/gpu/shares.h"
#include "sim/gpu/sm_calendar.h"
#include "sim/icnt/xbar.h"
#include "sim/gpu/gpu_traces.h"
#include "sim/mc/memsys.h"
#include "sim/mc/sched_params.h"
#include "sim/mem/req_pool.h"
#include "sim/mem/subpart.h"
#include "sim/tlb/mmu.h"
#include "util/status.h"

_Static_assert(BWM_GPU_MAX_APPS == BWM_REQ_STATS_APPS, "the request observer counts every application");
_Static_assert(BWM_GPU_MAX_APPS == BWM_GPU_TRACE_APPS, "any application may be traced");

typedef struct bwm_gpu {
    bwm_gpu_config cfg;
    /* the applications on their SMs */
    int n_apps;
    int first_sm[BWM_GPU_MAX_APPS], n_sms_of[BWM_GPU_MAX_APPS];
    double warps_of[BWM_GPU_MAX_APPS];      /* warps per SM each application runs: its own
                                               number, limited to what the SM holds */
    uint64_t app_insts[BWM_GPU_MAX_APPS];   /* thread instructions committed so far */
    uint64_t sweep[BWM_GPU_MAX_APPS];       /* each application's shared sweep cursor */
    int n_sms;
    int n_busy_sms;             /* SMs running an application: the first n_busy_sms */
    int n_busy_clusters;        /* clusters holding one of them: the first n_busy_clusters */
    bwm_sm *sms;
    int *warps_per_sm;
    int64_t sm_wake;            /* no SM has work before this core cycle unless a reply
                                   arrives or the link gets room (0: look at every SM) */
    bwm_sm_calendar calendar;   /* the busy SMs by their bwm_sm_next_active */
    /* the memory system */
    int n_subparts;
    bwm_subpart *subparts;
    int64_t *subpart_wake;      /* per sub-partition: its wake cycle (bwm_subpart_init) */
    bwm_xbar *req_net, *reply_net;
    bwm_subpart_sink mc_sink;   /* where the controllers' completions go (subpart.h) */
    bwm_memsys mem;
    bwm_req_pool pool;
    bwm_sched_params sched_params;
    /* what the SMs' requests came to */
    bwm_req_stats req;          /* the per-request statistics: the request observer (req_stats.h) */
    uint64_t replies;           /* loads the SMs sent, answered (a load a sector L2 split: once
                                   all its sectors are back) */
    uint64_t stores;            /* store requests the SMs sent */
    uint64_t acks;              /* write acknowledgements delivered to SMs (one per store
                                   request, one per sector of a store a sector L2 split) */
    /* the features, each its own struct */
    bwm_gpu_clocks clk;         /* the four clock domains (clocks.h) */
    bwm_gpu_links links;        /* SMs waiting for the link, replies in the clusters' response
                                   FIFOs (links.h) */
    bwm_gpu_sched sched;        /* the memory scheduler's attachments (sched_attach.h) */
    bwm_gpu_traces traces;      /* traced applications and their SMs' sources (gpu_traces.h) */
    bwm_gpu_ctas ctas;          /* applications with thread blocks: their CTAs and pages
                                   (gpu_ctas.h) */
    bwm_vm vm;                  /* the applications' pages (-bwm_vm; unused under identity unless
                                   translating: the page tables) */
    bwm_mmu mmu;                /* the shared translation hardware (translation.h; mmu.waiters
                                   NULL: ideal) */
    /* the first internal fault, if any (reported by bwm_gpu_step) */
    int failed;
    bwm_err fault;
} bwm_gpu;

/* The global time, in femtoseconds, of cycle c of clock domain d: the end
 * of its edge (bwm_gpu_step ticks cycle c of d at this time). */
static inline int64_t bwm_gpu_time_fs(const bwm_gpu *g, int d, int64_t c)
{
    return bwm_req_time_fs(g->clk.period_fs[d], c);
}

#endif
