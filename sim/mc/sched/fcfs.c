/* fcfs.c — first-come first-served: each bank serves its requests in arrival
 * order, whatever row is open (GPGPU-Sim's -gpgpu_dram_scheduler 0, applied
 * per bank so that banks still work in parallel). */
#include "sim/mc/mc.h"

static int32_t fcfs_pick(void *state, const bwm_mc *mc, int bank)
{
    (void)state;
    return bwm_mc_oldest(mc, bank);
}

const bwm_sched_ops bwm_sched_fcfs = {
    "fcfs", "first-come first-served per bank", NULL, NULL, fcfs_pick, NULL, NULL, NULL, 0, 1, NULL, NULL, 0,
};
