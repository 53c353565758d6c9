/* list.h — the memory-scheduling policies of this build, in registry order
 * (the order help texts list them in), one line each: BWM_SCHED(x) names
 * the bwm_sched_ops bwm_sched_x of this folder's file for it.  Expanded by
 * sched.h (declarations) and registry.c (the table). */
BWM_SCHED(fcfs)
BWM_SCHED(frfcfs)
BWM_SCHED(rr)
BWM_SCHED(prior)
BWM_SCHED(prior_low_mpki)
BWM_SCHED(prior_low_bw)
BWM_SCHED(its)
BWM_SCHED(weis)
BWM_SCHED(asjf)
BWM_SCHED(asjfw)
BWM_SCHED(parbs)
BWM_SCHED(atlas)
BWM_SCHED(tcm)
BWM_SCHED(bliss)
BWM_SCHED(sms)
BWM_SCHED(medic)
BWM_SCHED(mask)
