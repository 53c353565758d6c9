/* sched.h — the memory-scheduler interface and the registry of policies.
 *
 * A policy is one file in sim/mc/sched/ defining a const bwm_sched_ops, and
 * one line in sim/mc/sched/list.h.  The controller (mc.h) owns the requests
 * and the per-bank queues; whenever a bank has no request in service and
 * requests waiting, it asks the policy to pick one of that bank's requests.  The policy sees the whole controller
 * (every bank's queue in arrival order, open rows, the count of queued row
 * hits per bank, per-application statistics) through a const bwm_mc.  It may
 * keep private state (per-application or per-warp queues, priorities) that
 * it builds in init, updates in enqueue and pick, and refreshes in on_window
 * (called every bwm_mc_params.window cycles).  Any function but pick may be
 * NULL.  A policy's tunable parameters are its knobs (sched_knobs.h), read in
 * init.  Policies hold no global state: several controllers, several
 * simulations, each have their own.
 *
 * A policy that acts beyond the controller (on the L2 slices, on the
 * translation hardware) does so through its hooks (bwm_sched_hooks): the
 * GPU calls attach once, before the controllers' init, with what a policy
 * may attach to, and calls nothing else by the policy's name. */
#ifndef BWM_SCHED_H
#define BWM_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "sim/mem/l2_policy.h"
#include "util/status.h"

struct bwm_mc;
struct bwm_mmu;
struct bwm_sched_knob;     /* sched_knobs.h */
struct bwm_sched_settings; /* sched_knobs.h */
struct bwm_sched_params;

/* What a policy may attach to in a whole-GPU run (bwm_sched_hooks). */
typedef struct bwm_sched_attach {
    const struct bwm_sched_settings *settings; /* the knobs' settings (NULL: the defaults) */
    double l2_per_core;                 /* L2 cycles per core cycle */
    int n_sms, max_warps_per_sm;
    struct bwm_mmu *mmu;                /* the translation hardware, built (NULL: none) */
    struct bwm_sched_params *params;    /* what the controllers' init will read: the policy
                                           may add the views of its own state it needs */
    bwm_l2_policy l2;                   /* out: the L2's hooks (zero: none) */
} bwm_sched_attach;

typedef struct bwm_sched_hooks {
    /* Sets up what the policy keeps outside the controllers (its state in
       *ext, may stay NULL), fills at->l2 and at->params as it needs, and
       configures at->mmu.  Returns BWM_OK or an error. */
    int (*attach)(bwm_sched_attach *at, void **ext, bwm_err *err);
    void (*detach)(void *ext); /* may be NULL */
} bwm_sched_hooks;

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
    int trace_mode;              /* needs no applications: runs on a trace (sim dram) */
    const bwm_sched_hooks *hooks; /* acts beyond the controller (NULL: it does not) */
    const char *usage;           /* how help texts list it when its name alone does not say:
                                    its spelling and what it needs (NULL: its name) */
    int ranks_by_alone;          /* BWM_SCHED_BY_ALONE_MPKI or _BW: ranks the applications by that
                                    value of their alone profiles, which must be > 0 (0: it
                                    does not) */
} bwm_sched_ops;

enum { BWM_SCHED_BY_ALONE_MPKI = 1, BWM_SCHED_BY_ALONE_BW = 2 };

/* The policies of this build, in registry order. */
size_t bwm_sched_count(void);
const bwm_sched_ops *bwm_sched_at(size_t i);
/* Finds a policy by name; an unknown name is BWM_EINPUT with the list of
 * known ones. */
int bwm_sched_lookup(const char *name, const bwm_sched_ops **out, bwm_err *err);
/* The policies' list for help texts, into out (size bytes, truncated to
 * fit): each by its usage, or its name followed by " (default)" when it is
 * dflt (may be NULL); only the trace-mode ones when trace_only. */
void bwm_sched_list(char *out, size_t size, const char *dflt, int trace_only);

/* The policies (application-aware ones read sched_params.h). */
#define BWM_SCHED(n) extern const bwm_sched_ops bwm_sched_##n;
#include "sim/mc/sched/list.h"
#undef BWM_SCHED

#endif
