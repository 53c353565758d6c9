/* sched_ctx.h — how the application-aware policies of this folder obtain and
 * check their parameters (sched_params.h, passed as mc->sched_ctx).  Every
 * failure is BWM_EINPUT with a message that names the policy and the field. */
#ifndef BWM_SCHED_CTX_H
#define BWM_SCHED_CTX_H

#include "sim/mc/mc.h"
#include "sim/mc/sched_params.h"

/* The controller's bwm_sched_params: present, and for as many applications
 * as the controller serves. */
int bwm_sched_params_get(const bwm_mc *mc, const char *policy, const bwm_sched_params **out,
                         bwm_err *err);
/* The controller calls on_window (its window is > 0). */
int bwm_sched_need_window(const bwm_mc *mc, const char *policy, bwm_err *err);

/* The values of ops's knobs for this controller, in the order of its list
 * (sched_knobs.h): the settings of mc->sched_ctx over the defaults, times in
 * core cycles converted to the controller's DRAM cycles (rounded, at least
 * 1).  mc->sched_ctx may be NULL: the defaults, one DRAM cycle per core
 * cycle.  out has room for ops->n_knobs values. */
void bwm_sched_knobs_read(const bwm_mc *mc, const bwm_sched_ops *ops, double *out);

#endif
