/* gpu_traces.c — the GPU's traced applications (see gpu_traces.h). */
#include "sim/gpu/gpu_traces.h"

#include <stdlib.h>

int bwm_gpu_traces_add(bwm_gpu_traces *t, int a, bwm_trace_app *app, int n_sms, const bwm_gpu_config *cfg,
                       bwm_err *err)
{
    t->app[a] = app;
    app->addr_tag = (uint64_t)(a + 1) << BWM_TRACE_ADDR_SHIFT;
    t->sm[a] = calloc((size_t)n_sms, sizeof *t->sm[a]);
    if (!t->sm[a])
        return bwm_fail(err, BWM_EFAIL, "out of memory for the SMs of %s", app->name);
    for (int k = 0; k < n_sms; k++)
        bwm_trace_sm_init(&t->sm[a][k], app, cfg);
    return BWM_OK;
}

void bwm_gpu_traces_free(bwm_gpu_traces *t, const int *n_sms_of)
{
    for (int a = 0; a < BWM_GPU_TRACE_APPS; a++) {
        if (!t->sm[a])
            continue;
        for (int k = 0; k < n_sms_of[a]; k++)
            bwm_trace_sm_free(&t->sm[a][k]);
        free(t->sm[a]);
        t->sm[a] = NULL;
    }
}
