/* list.h — the warp schedulers of this build, in registry order (the order
 * their knobs are read in), one line each: BWM_WARP_SCHED(x) names the
 * bwm_warp_sched_ops bwm_warp_sched_x of file x.c.  Expanded by
 * warp_sched.h (declarations) and registry.c (the table). */
BWM_WARP_SCHED(gto)
BWM_WARP_SCHED(lrr)
BWM_WARP_SCHED(ccws)
BWM_WARP_SCHED(tbas)
