/* sched_policy.h — the closed-form sharing policy (model/share.h) that stands
 * for a simulator memory scheduler, and the row-buffer locality rr weighs by.
 *
 *   frfcfs          -> frfcfs          (bandwidth in proportion to demand)
 *   rr              -> rr with rbl_i   (equal activation opportunities: shares
 *                                       in proportion to column accesses per
 *                                       activation, water-filled)
 *   its             -> prior-low-mpki  (ITS in closed form, paper 000 Sec. 6)
 *   weis            -> weis            (max-min fair share)
 *   atlas           -> weis            (least attained service first: served
 *                                       long enough, every source that wants
 *                                       more than the others is held to the
 *                                       same attained service, the max-min
 *                                       fair share WEIS gives)
 *   prior-K, prior-low-mpki, prior-low-bw -> the same static priority
 * fcfs, asjf, asjfw, parbs, tcm, bliss, sms and medic have no closed form and
 * are refused by name; model-only policies (opt-it, ...) are not schedulers.
 *
 * rbl_i is measured, not guessed: in the application's alone run a fraction
 * row_hit_rate of its column accesses found their row open, so each activation
 * served 1 / (1 - row_hit_rate) column accesses on average. */
#ifndef BWM_SCHED_POLICY_H
#define BWM_SCHED_POLICY_H

#include <stddef.h>

#include "model/share.h"
#include "util/status.h"

/* The policy for scheduler `sched` in a workload of n applications.  Errors
 * (BWM_EINPUT) name the scheduler: no closed form, unknown, or prior-K with K
 * outside 1..n. */
int bwm_sched_policy(const char *sched, size_t n, bwm_policy *p, bwm_err *err);

/* Column accesses per activation, 1 / (1 - row_hit_rate), for a rate in
 * [0, 1); 0 (unknown: rr falls back to the equal split) for a rate of 1 or
 * anything outside [0, 1]. */
double bwm_rbl_of_hit_rate(double row_hit_rate);

#endif
