/* lrr.c — loose round-robin: the first ready warp after the last one,
 * cyclically (warp_sched.h). */
#include "sim/core/warp_sched.h"

const bwm_warp_sched_ops bwm_warp_sched_lrr = {.name = "lrr", .summary = "loose round-robin", .round_robin = 1};
