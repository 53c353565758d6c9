/* asjfw.c — α-SJFW (paper 004 Sec. V): α-SJF (asjf_pick.h) with reads and
 * writes treated equally; a write counts in the queue of the warp that
 * caused it.  Knobs: alpha, m (asjf_pick.h); parameters: n_sms, warps_per_sm. */
#include "sim/mc/sched/asjf_pick.h"

static int asjfw_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    return bwm_asjf_sched_init(mc, 1, &bwm_sched_asjfw, state, err);
}

const bwm_sched_ops bwm_sched_asjfw = {
    "asjfw", "alpha-SJF with reads and writes equal, writes charged to their warp",
    asjfw_init, bwm_asjf_sched_enqueue, bwm_asjf_sched_pick, NULL, bwm_asjf_sched_free, bwm_asjf_knobs,
    BWM_ASJF_NKNOBS, 0, NULL, NULL, 0,
};
