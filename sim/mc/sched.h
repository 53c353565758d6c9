/* sched.h — the memory-scheduler interface and the registry of policies.
 *
 * A policy is one file in sim/mc/sched/ defining a const bwm_sched_ops.  The
 * controller (mc.h) owns the requests and the per-bank queues; whenever a
 * bank has no request in service and requests waiting, it asks the policy to
 * pick one of that bank's requests.  The policy sees the whole controller
 * (every bank's queue in arrival order, open rows, the count of queued row
 * hits per bank, per-application statistics) through a const bwm_mc.  It may
 * keep private state (per-application or per-warp queues, priorities) that
 * it builds in init, updates in enqueue and pick, and refreshes in on_window
 * (called every bwm_mc_params.window cycles).  Any function but pick may be
 * NULL.  A policy's tunable parameters are its knobs (sched_knobs.h), read in
 * init.  Policies hold no global state: several controllers, several
 * simulations, each have their own. */
#ifndef BWM_SCHED_H
#define BWM_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

struct bwm_mc;
struct bwm_sched_knob; /* sched_knobs.h */

typedef struct bwm_sched_ops {
    const char *name;    /* as given to --sched */
    const char *summary; /* one line for help texts */
    /* Sets *state (may leave it NULL); the policy's parameters, if any, are
     * in mc->sched_ctx.  Returns BWM_OK or an error. */
    int (*init)(const struct bwm_mc *mc, void **state, bwm_err *err);
    /* A request entered the queue (slot index into mc->slots). */
    void (*enqueue)(void *state, const struct bwm_mc *mc, int32_t slot);
    /* Chooses the next request for an idle bank with a non-empty queue: a
     * slot from mc->banks[bank]'s queue, or -1 to leave the bank idle for
     * now (the controller asks again next cycle).  The chosen request
     * leaves the queue when pick returns. */
    int32_t (*pick)(void *state, const struct bwm_mc *mc, int bank);
    /* End of a statistics window (for policies that adapt). */
    void (*on_window)(void *state, const struct bwm_mc *mc, int64_t now);
    void (*free)(void *state);
    const struct bwm_sched_knob *knobs; /* the policy's parameters (NULL: none) */
    int n_knobs;
} bwm_sched_ops;

/* The policies of this build, in registry order. */
size_t bwm_sched_count(void);
const bwm_sched_ops *bwm_sched_at(size_t i);
/* Finds a policy by name; an unknown name is BWM_EINPUT with the list of
 * known ones. */
int bwm_sched_lookup(const char *name, const bwm_sched_ops **out, bwm_err *err);

/* One line per policy (application-aware ones read sched_params.h). */
extern const bwm_sched_ops bwm_sched_fcfs;
extern const bwm_sched_ops bwm_sched_frfcfs;
extern const bwm_sched_ops bwm_sched_rr;
extern const bwm_sched_ops bwm_sched_prior;
extern const bwm_sched_ops bwm_sched_prior_low_mpki;
extern const bwm_sched_ops bwm_sched_prior_low_bw;
extern const bwm_sched_ops bwm_sched_its;
extern const bwm_sched_ops bwm_sched_weis;
extern const bwm_sched_ops bwm_sched_asjf;
extern const bwm_sched_ops bwm_sched_asjfw;
extern const bwm_sched_ops bwm_sched_parbs;
extern const bwm_sched_ops bwm_sched_atlas;
extern const bwm_sched_ops bwm_sched_tcm;
extern const bwm_sched_ops bwm_sched_bliss;
extern const bwm_sched_ops bwm_sched_sms;
extern const bwm_sched_ops bwm_sched_medic;
extern const bwm_sched_ops bwm_sched_mask;

#endif
