/* source.h — what the application-aware policies of seed 001 (parbs, atlas,
 * bliss, sms) call a "source": the unit they rank, count and blacklist.  The
 * original papers rank CPU threads (SMS: cores and the GPU); here a source is
 * an application by default, or an SM (knob source=sm), which is the GPU's
 * closest analogue of a hardware thread context.  Requests without an SM
 * (sm = -1, e.g. from traces) form one extra source of their own. */
#ifndef BWM_SCHED_SOURCE_H
#define BWM_SCHED_SOURCE_H

#include "sim/mc/mc.h"

enum { BWM_SOURCE_APP, BWM_SOURCE_SM };

typedef struct bwm_sched_source {
    int kind; /* BWM_SOURCE_APP or BWM_SOURCE_SM */
    int n;    /* sources: applications, or SMs + 1 */
} bwm_sched_source;

/* The names of the knob's choices: "app", "sm". */
extern const char *const bwm_source_choices[];

/* The knob row every such policy lists. */
#define BWM_SOURCE_KNOB                                                                                    \
    {"source", BWM_KNOB_CHOICE, BWM_SOURCE_APP, 0, 1, bwm_source_choices,                                  \
     "what the policy ranks: app (each application) or sm (each SM); the papers rank CPU threads"}

/* Sources of kind for controller mc (the SM count comes from its
 * bwm_sched_params; sm without them is BWM_EINPUT naming the policy). */
int bwm_sched_source_init(const bwm_mc *mc, int kind, const char *policy, bwm_sched_source *out, bwm_err *err);

/* The source of a request: 0..n-1. */
static inline int bwm_source_of(const bwm_sched_source *s, const bwm_mc_req *r)
{
    if (s->kind == BWM_SOURCE_APP)
        return r->app;
    return r->sm >= 0 && r->sm < s->n - 1 ? r->sm : s->n - 1;
}

#endif
