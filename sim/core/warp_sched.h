/* warp_sched.h — the warp-scheduler interface and the registry of policies.
 *
 * A warp scheduler owns a subset of an SM's warps and issues at most one
 * instruction per cycle.  Given the warps that can issue now (a bit mask, bit
 * w for warp w) and the warp it issued last, it chooses one in one of two
 * orders (bwm_warp_pick, pure on masks, O(1)):
 *   - greedy then oldest: the last warp again while it can issue, else the
 *     oldest, i.e. the lowest-numbered (warps are launched in order);
 *   - loose round-robin: the first warp after the last one, cyclically.
 * A policy is one file in sim/core/warp/ defining a const bwm_warp_sched_ops
 * and one line in sim/core/warp/list.h.  Besides its order it may hold some
 * ready warps' instructions back (held_back: CCWS's loads, TBAS's memory
 * instructions) and watch the SM's events through its hooks, with state of
 * its own built in init.  Its parameters are knobs: integer options of the
 * configuration file, read whichever policy is chosen (sim/config), whose
 * values for the chosen one reach init in cfg->warp_knob.  The SM calls
 * each hook that is not NULL and names no policy. */
#ifndef BWM_WARP_SCHED_H
#define BWM_WARP_SCHED_H

#include <stdint.h>

#include "util/status.h"

#define BWM_WARP_MAX_KNOBS 4

struct bwm_sm;
struct bwm_gpu_config;
struct bwm_cache_result;

/* One integer option of a policy. */
typedef struct bwm_warp_knob {
    const char *option;   /* as the configuration file names it: "-bwm_ccws_kthrottle" */
    const char *key;      /* as `sim config` prints it: "ccws_kthrottle" */
    int def, min, max;
} bwm_warp_knob;

typedef struct bwm_warp_sched_ops {
    const char *name;     /* as -gpgpu_scheduler names it */
    const char *summary;  /* one line for help texts */
    int round_robin;      /* chooses in loose round-robin order (else greedy then oldest) */
    const bwm_warp_knob *knobs; /* its options (NULL: none), at most BWM_WARP_MAX_KNOBS */
    int n_knobs;
    /* Hooks, any of them NULL.  init sets *state (may leave it NULL) for SM
       sm, built but for its warps' instructions; free frees it. */
    int (*init)(struct bwm_sm *sm, const struct bwm_gpu_config *cfg, void **state, bwm_err *err);
    void (*free)(void *state);
    /* The ready warps whose next instruction it holds back at cycle now
       (asked while the load/store unit is free). */
    uint64_t (*held_back)(void *state, const struct bwm_sm *sm, int64_t now);
    /* A warp instruction was issued. */
    void (*issued)(void *state);
    /* Warp w's access to the L1D at cycle now had result r. */
    void (*l1_access)(void *state, struct bwm_sm *sm, int w, int is_write, const struct bwm_cache_result *r,
                      int64_t now);
    /* A line filled the L1D. */
    void (*l1_filled)(void *state, struct bwm_sm *sm);
    /* A new warp takes slot w at cycle now (thread blocks). */
    void (*warp_started)(void *state, int w, int64_t now);
} bwm_warp_sched_ops;

/* The warp to issue from candidates (non-zero), last being the previous
 * choice (-1 at start), in round-robin order or greedy then oldest. */
int bwm_warp_pick(int round_robin, uint64_t candidates, int last);

/* The policies of this build, in registry order. */
size_t bwm_warp_sched_count(void);
const bwm_warp_sched_ops *bwm_warp_sched_at(size_t i);
/* The policy of this name (NULL: none). */
const bwm_warp_sched_ops *bwm_warp_sched_find(const char *name);

#define BWM_WARP_SCHED(n) extern const bwm_warp_sched_ops bwm_warp_sched_##n;
#include "sim/core/warp/list.h"
#undef BWM_WARP_SCHED

#endif
