/* sched_ctx.c — parameter checks shared by the policies (see sched_ctx.h). */
#include "sim/mc/sched/sched_ctx.h"

#include <math.h>

int bwm_sched_params_get(const bwm_mc *mc, const char *policy, const bwm_sched_params **out,
                         bwm_err *err)
{
    const bwm_sched_params *p = mc->sched_ctx;
    if (!p)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s needs its parameters (sched_ctx is NULL)",
                        policy);
    if (p->n_apps != mc->n_apps)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s: parameters for %d applications, but the "
                        "controller serves %d", policy, p->n_apps, mc->n_apps);
    *out = p;
    return BWM_OK;
}

int bwm_sched_need_window(const bwm_mc *mc, const char *policy, bwm_err *err)
{
    if (mc->window <= 0)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s ranks applications every window: the "
                        "window must be > 0 cycles (got %lld)", policy, (long long)mc->window);
    return BWM_OK;
}

void bwm_sched_knobs_read(const bwm_mc *mc, const bwm_sched_ops *ops, double *out)
{
    const bwm_sched_params *p = mc->sched_ctx;
    bwm_sched_knob_values(ops, p ? p->settings : NULL, out);
    double ratio = p && p->dram_per_core > 0 ? p->dram_per_core : 1.0;
    for (int j = 0; j < ops->n_knobs; j++)
        if (ops->knobs[j].kind == BWM_KNOB_CYCLES)
            out[j] = fmax(1.0, round(out[j] * ratio));
}
