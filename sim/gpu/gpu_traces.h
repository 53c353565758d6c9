/* gpu_traces.h — the GPU's traced applications (sim/traced/trace_app.h)
 * and their SMs' warp sources' state (sim/traced/trace_source.h).  A
 * traced application's SMs start with no CTA slots: kernel_launch.h gives
 * them their kernels. */
#ifndef BWM_GPU_TRACES_H
#define BWM_GPU_TRACES_H

#include "sim/config/gpu_config.h"
#include "sim/traced/trace_app.h"
#include "sim/traced/trace_source.h"
#include "util/status.h"

#define BWM_GPU_TRACE_APPS 4 /* = BWM_GPU_MAX_APPS (gpu_state.h) */

typedef struct bwm_gpu_traces {
    bwm_trace_app *app[BWM_GPU_TRACE_APPS]; /* NULL: a synthetic application */
    bwm_trace_sm *sm[BWM_GPU_TRACE_APPS];   /* its SMs' sources' state, one per SM */
} bwm_gpu_traces;

/* Application a runs trace app on n_sms SMs: their sources' state. */
int bwm_gpu_traces_add(bwm_gpu_traces *t, int a, bwm_trace_app *app, int n_sms, const bwm_gpu_config *cfg,
                       bwm_err *err);
void bwm_gpu_traces_free(bwm_gpu_traces *t, const int *n_sms_of);

#endif
