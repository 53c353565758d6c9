/* gpu_traces.h — the GPU's traced applications (sim/traced/trace_app.h)
 * and their SMs' warp sources' state (sim/traced/trace_source.h).  A
 * traced application's SMs start with no CTA slots: kernel_launch.h gives
 * them their kernels.
 *
 * Every traced application has an address space of its own, as the
 * processes sharing a real GPU have: application a's addresses are the
 * trace's plus (a + 1) << BWM_TRACE_ADDR_SHIFT (trace_app.h's addr_tag), above
 * every address a GPU's 49-bit virtual space holds and every synthetic
 * application's (from bwm_app_base), and above every bit the caches' set
 * indexing and the DRAM address mapping read, so that two applications
 * never share a line and each one's lines map to the sets, channels, banks
 * and rows they map to alone (-gpgpu_memory_partition_indexing 4, a hash of
 * every bit above the channel's, is the one exception: the tag moves lines
 * between channels, evenly as before). */
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
