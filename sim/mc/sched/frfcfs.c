/* frfcfs.c — first-ready FCFS (paper 000's baseline): the oldest request
 * that hits the bank's open row, else the oldest request; reads and writes
 * are equal.  O(1) when the bank holds no row hit (the controller counts
 * them), otherwise a walk to the first hit. */
#include "sim/mc/mc.h"

static int32_t frfcfs_pick(void *state, const bwm_mc *mc, int bank)
{
    (void)state;
    int32_t hit = bwm_mc_oldest_hit(mc, bank);
    return hit >= 0 ? hit : bwm_mc_oldest(mc, bank);
}

const bwm_sched_ops bwm_sched_frfcfs = {
    "frfcfs", "row hits first, then oldest (reads and writes equal)", NULL, NULL, frfcfs_pick,
    NULL, NULL, NULL, 0, 1, NULL, NULL, 0,
};
