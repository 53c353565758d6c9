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

#endif
