/* policy_run.h — the simulations behind the policy fit (policy_fit.h): which
 * schedulers a workload runs under, and the workload simulated under each of
 * them, its applications' alone profiles taken from a shared cache (one alone
 * run per application and SM share, whatever the workload or scheduler). */
#ifndef BWM_POLICY_RUN_H
#define BWM_POLICY_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "fit/policy_fit.h"
#include "sim/run/alone_cache.h"

typedef struct bwm_prun {
    const bwm_gpu_config *cfg;
    bwm_run_params run;                 /* cycles mode */
    uint64_t seed;
    int64_t window;                     /* its, weis */
    const bwm_sched_settings *settings; /* scheduler knobs (NULL: the defaults) */
    bwm_alone_cache *alone;             /* built with the same cfg, run and seed */
    bwm_alone_cache *probe;             /* the queueing model's latency probe (queue_calib.h): alone runs on
                                           cfg with longer DRAM latency, same run and seed; NULL: none */
} bwm_prun;

/* The schedulers for a workload of n applications, into in->sim[].sched and
 * in->nsched: "prior" becomes prior-1 .. prior-n, a name given twice counts
 * once.  Each must be a simulator scheduler with a closed form
 * (fit/sched_policy.h); errors (BWM_EINPUT) name the scheduler. */
int bwm_prun_scheds(const char *const *names, size_t nnames, size_t n, bwm_pfit_input *in, bwm_err *err);

/* Simulates the n applications (catalogue rows or traces; equal SM split) under each scheduler of in
 * (set by bwm_prun_scheds) and fills in's n, peak (the DRAM peak in GB/s),
 * alone profiles (with qalone's round trip and queue wait; its latency share
 * from the probe's alone run when p->probe is set, else 0) and simulated bw
 * (GB/s) and ipc. */
int bwm_prun_workload(const bwm_prun *p, const bwm_app_ref *apps, size_t n, bwm_pfit_input *in,
                      bwm_err *err);

#endif
