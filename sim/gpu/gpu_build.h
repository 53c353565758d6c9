/* gpu_build.h — assembling the simulated GPU (gpu.h runs it): the
 * parameters of a run, their checks, the SMs handed to the applications,
 * the memory system, the scheduler's attachments and the translation
 * hardware, and taking it all apart again.
 *
 * SMs are handed to applications in order (the first split[0] SMs run
 * application 0, ...), each with the application's warps per SM, or as many
 * as the SM holds when the application asks for more (warps_of says which;
 * bwm_gpu_warps_limit reports it); an application with thread blocks gets
 * whole CTAs (gpu_ctas.h), its first CTAs launched slot by slot in SM
 * order. */
#ifndef BWM_GPU_BUILD_H
#define BWM_GPU_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/gpu/gpu_state.h"
#include "sim/gpu/shares.h"
#include "sim/mc/sched_params.h"
#include "sim/traced/trace_app.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

typedef struct bwm_gpu_params {
    int n_apps;                                 /* 1..BWM_GPU_MAX_APPS */
    const bwm_synth_app *apps[BWM_GPU_MAX_APPS]; /* must outlive the GPU */
    bwm_trace_app *traces[BWM_GPU_MAX_APPS];    /* a traced application instead of apps[a] (NULL:
                                                   synthetic); must outlive the GPU, whose runs
                                                   advance it */
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

/* An application with warps_per_sm warps per SM on average places
 * bwm_warps_before(w, k) warps on its first k SMs (rounded to the nearest
 * whole number), so SM k holds bwm_warps_before(w, k + 1) - bwm_warps_before(w, k). */
uint64_t bwm_warps_before(double warps_per_sm, int k);

/* Builds the GPU in g (which must not move afterwards).  BWM_EINPUT,
 * saying why, for parameters the configuration cannot run. */
int bwm_gpu_init(bwm_gpu *g, const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_err *err);

/* Writes into msg (size bytes) a note naming each application whose warps per
 * SM were limited to what the SM holds; returns the number of them. */
int bwm_gpu_warps_limit(const bwm_gpu_config *cfg, int n_apps, const bwm_synth_app *const *apps, char *msg,
                        size_t size);
void bwm_gpu_free(bwm_gpu *g);

#endif
