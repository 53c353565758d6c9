/* prior.c — Prior_App (paper 000 Sec. 4.2): strict static priority for one
 * application K (bwm_sched_params.prior_app, 0-based; prior-1 is K = 0).
 * While K has any request in the bank's queue, the bank serves K's oldest
 * row hit, else K's oldest request, even if other applications hold row
 * hits; when K has none there, FR-FCFS among the others. */
#include "sim/mc/sched/sched_ctx.h"

static int prior_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "prior", &p, err);
    if (st != BWM_OK)
        return st;
    if (p->prior_app < 0 || p->prior_app >= mc->n_apps)
        return bwm_fail(err, BWM_EINPUT, "scheduler prior: application %d to prioritise does not "
                        "exist (prior-1 .. prior-%d with %d applications)", p->prior_app + 1,
                        mc->n_apps, mc->n_apps);
    *state = NULL; /* pick reads prior_app from mc->sched_ctx */
    return BWM_OK;
}

static int32_t prior_pick(void *state, const bwm_mc *mc, int bank)
{
    (void)state;
    int k = ((const bwm_sched_params *)mc->sched_ctx)->prior_app;
    int32_t first = -1;
    for (int32_t q = mc->banks[bank].head; q >= 0; q = mc->slots[q].next) {
        if (mc->slots[q].req.app != k)
            continue;
        if (bwm_mc_is_hit(mc, q))
            return q;
        if (first < 0)
            first = q;
    }
    if (first >= 0)
        return first;
    int32_t hit = bwm_mc_oldest_hit(mc, bank);
    return hit >= 0 ? hit : bwm_mc_oldest(mc, bank);
}

const bwm_sched_ops bwm_sched_prior = {
    "prior", "application K's requests first (prior-K), then FR-FCFS", prior_init, NULL,
    prior_pick, NULL, NULL, NULL, 0, 0, NULL, "prior-K", 0,
};
