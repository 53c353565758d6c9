/* source.c — applications or SMs as scheduling sources (see source.h). */
#include "sim/mc/sched/source.h"

#include "sim/mc/sched_params.h"

const char *const bwm_source_choices[] = {"app", "sm", NULL};

int bwm_sched_source_init(const bwm_mc *mc, int kind, const char *policy, bwm_sched_source *out, bwm_err *err)
{
    out->kind = kind;
    out->n = mc->n_apps;
    if (kind == BWM_SOURCE_APP)
        return BWM_OK;
    const bwm_sched_params *p = mc->sched_ctx;
    if (!p || p->n_sms < 1)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s: source=sm needs the SM count (n_sms)", policy);
    out->n = p->n_sms + 1;
    return BWM_OK;
}
