/* prior_low_bw.c — Prior_App_Low_BW (paper 000 Sec. 8, the static
 * comparison point of WEIS): a fixed priority order by ascending alone
 * bandwidth (bwm_sched_params.alone_bw; ties: lower application index),
 * applied as in Sec. 6: row hits first, then the oldest request of the
 * highest-priority application present in the bank, then the next one. */
#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"

static int plb_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "prior-low-bw", &p, err);
    return st != BWM_OK ? st
                        : bwm_rank_static_init(mc, p, p->alone_bw, "prior-low-bw", "alone_bw",
                                               state, err);
}

const bwm_sched_ops bwm_sched_prior_low_bw = {
    "prior-low-bw", "row hits first, then applications by ascending alone bandwidth", plb_init,
    NULL, bwm_rank_pick, NULL, bwm_rank_state_free, NULL, 0, 0, NULL, NULL, BWM_SCHED_BY_ALONE_BW,
};
