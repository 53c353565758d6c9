/* gto.c — greedy then oldest: the last warp again while it can issue, else
 * the oldest (warp_sched.h). */
#include "sim/core/warp_sched.h"

const bwm_warp_sched_ops bwm_warp_sched_gto = {.name = "gto", .summary = "greedy then oldest"};
