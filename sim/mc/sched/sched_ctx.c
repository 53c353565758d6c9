/* sched_ctx.c — parameter checks shared by the policies (see sched_ctx.h). */
#include "sim/mc/sched/sched_ctx.h"

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
