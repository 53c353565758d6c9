/* asjf.c — α-SJF (paper 004 Sec. III-IV): tolerance-aware core selection,
 * then the shortest warp queue unless a row hit's queue is at most k times
 * longer (asjf_pick.h).  Writes are served only when the bank has no read
 * waiting (paper 004 Sec. V: "services writes only after all reads are
 * serviced"), each counted in the queue of the warp that wrote it.
 * Knobs: alpha, m (asjf_pick.h); parameters: n_sms, warps_per_sm. */
#include "sim/mc/sched/asjf_pick.h"

static int asjf_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    return bwm_asjf_sched_init(mc, 0, &bwm_sched_asjf, state, err);
}

const bwm_sched_ops bwm_sched_asjf = {
    "asjf", "alpha-SJF: least-tolerant SM, then shortest warp queue vs row hit (reads first)",
    asjf_init, bwm_asjf_sched_enqueue, bwm_asjf_sched_pick, NULL, bwm_asjf_sched_free, bwm_asjf_knobs,
    BWM_ASJF_NKNOBS, 0, NULL, NULL, 0,
};
