/* medic.c — MeDiC, Memory Divergence Correction (Ausavarungnirun et al.,
 * PACT 2015; seed 001 Ch. 4): warps are sorted by their L2 hit ratio into
 * all-hit, mostly-hit, balanced, mostly-miss and all-miss (warp_type.h), and
 * three components act on the type:
 *   - bypass (L2, sim/mem/subpart.c): loads of mostly-miss and all-miss
 *     warps leave the ROP queue for the DRAM queue without taking an L2
 *     access slot, a lookup or a fill, and DRAM's data go straight back;
 *   - insertion (L2): a line takes the rank of the warp whose miss brought
 *     it in; mostly-miss lines are evicted first, then balanced ones, then
 *     mostly-hit ones, by age among equals (the 2 type bits above the
 *     replacement bits of Sec. 4.3.3);
 *   - this memory scheduler: two queues, the requests of all-hit and
 *     mostly-hit warps first, FR-FCFS within each (Sec. 4.3.4).
 * Choosing `--sched medic` turns on all three (the L2 components and the
 * warp-type table attach through the scheduler's hooks, sched.h); the
 * knobs bypass and insertion turn the L2 components off one by one.
 *
 * Knobs (thesis defaults): sampling interval 100000 cycles, 30 profiling
 * accesses, mostly-hit >= 0.7, mostly-miss <= 0.2, boundary tuning on.
 * Choices the thesis leaves open:
 *   - a warp's hit ratio counts its loads only (a store does not stall the
 *     warp); a request merged into a pending miss counts as a miss;
 *   - a warp is PROFILING (treated as balanced by all three components)
 *     until its first 30 loads of each interval, and its type is then fixed
 *     for the rest of the interval;
 *   - the L2 here is write-back (the thesis assumes write-through): stores
 *     never bypass, and a bypassed load of a line that is dirty in the L2 is
 *     served from DRAM (the simulator models timing, not data);
 *   - the scheduler reads a request's warp type when it picks, not when the
 *     request was sent (types change only at interval boundaries); writes
 *     (L2 write-backs) are never urgent.
 * Cost: one table lookup per pick candidate; the L2 side is off (no table)
 * under every other scheduler. */
#include "sim/mc/sched/medic.h"

#include <math.h>
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/sched_ctx.h"

enum { K_INTERVAL, K_PROFILE, K_MOSTLY_HIT, K_MOSTLY_MISS, K_TUNE, K_BYPASS, K_INSERTION, K_COUNT };

static const char *const on_off[] = {"off", "on", NULL};

static const bwm_sched_knob medic_knobs[K_COUNT] = {
    {"sampling-interval", BWM_KNOB_CYCLES, 100000, 1, 1e12, NULL,
     "warp hit ratios are resampled this often (MeDiC: 100000 cycles)"},
    {"profile-accesses", BWM_KNOB_WHOLE, 30, 1, 1e6, NULL,
     "L2 loads of a warp that fix its type in each interval (MeDiC: 30)"},
    {"mostly-hit", BWM_KNOB_REAL, 0.7, 0.01, 1, NULL, "lowest hit ratio of a mostly-hit warp (MeDiC: 0.7)"},
    {"mostly-miss", BWM_KNOB_REAL, 0.2, 0, 0.99, NULL,
     "highest hit ratio of a mostly-miss warp, below mostly-hit (MeDiC: 0.2)"},
    {"tune", BWM_KNOB_CHOICE, 1, 0, 1, on_off,
     "the mostly-miss boundary drops 0.05 per 5 % rise of the L2 miss rate (MeDiC: on)"},
    {"bypass", BWM_KNOB_CHOICE, 1, 0, 1, on_off, "loads of mostly-miss and all-miss warps skip the L2 (on)"},
    {"insertion", BWM_KNOB_CHOICE, 1, 0, 1, on_off,
     "L2 lines of mostly-miss warps are evicted first, of mostly-hit warps last (on)"},
};

void bwm_medic_setup_of(const bwm_sched_settings *s, double l2_per_core, bwm_medic_setup *out)
{
    double v[K_COUNT];
    bwm_sched_knob_values(&bwm_sched_medic, s, v);
    double interval = round(v[K_INTERVAL] * l2_per_core);
    out->types.interval = interval < 1 ? 1 : (int64_t)interval;
    out->types.profile_accesses = (int)v[K_PROFILE];
    out->types.mostly_hit = v[K_MOSTLY_HIT];
    out->types.mostly_miss = v[K_MOSTLY_MISS];
    out->types.tune = v[K_TUNE] != 0;
    out->bypass = v[K_BYPASS] != 0;
    out->insertion = v[K_INSERTION] != 0;
}

typedef struct medic_state {
    const bwm_warp_types *types;
} medic_state;

static int medic_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "medic", &p, err);
    if (st != BWM_OK)
        return st;
    if (!p->warp_types)
        return bwm_fail(err, BWM_EINPUT, "scheduler medic needs the warp types of a whole-GPU run (sim run)");
    medic_state *s = malloc(sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler medic");
    s->types = p->warp_types;
    *state = s;
    return BWM_OK;
}

/* What MeDiC keeps outside the controllers: the warp types the L2 slices
 * record and its L2 components' switches. */
typedef struct medic_ext {
    bwm_warp_types types;
    int bypass, insertion;
} medic_ext;

static int l2_bypass(void *ctx, int sm, int warp)
{
    const medic_ext *x = ctx;
    return x->bypass && bwm_warp_type_bypasses(bwm_warp_type_of(&x->types, sm, warp));
}

static void l2_read(void *ctx, int sm, int warp, int hit, int64_t now)
{
    medic_ext *x = ctx;
    bwm_warp_types_record(&x->types, sm, warp, hit, now);
}

static int l2_rank(void *ctx, int sm, int warp)
{
    const medic_ext *x = ctx;
    return x->insertion ? bwm_warp_type_rank(bwm_warp_type_of(&x->types, sm, warp)) : -1;
}

static void medic_detach(void *ext)
{
    medic_ext *x = ext;
    if (x)
        bwm_warp_types_free(&x->types);
    free(x);
}

static int medic_attach(bwm_sched_attach *at, void **ext, bwm_err *err)
{
    bwm_medic_setup m;
    bwm_medic_setup_of(at->settings, at->l2_per_core, &m);
    medic_ext *x = calloc(1, sizeof *x);
    if (!x)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler medic");
    int st = bwm_warp_types_init(&x->types, &m.types, at->n_sms, at->max_warps_per_sm, err);
    if (st != BWM_OK) {
        medic_detach(x);
        return st;
    }
    x->bypass = m.bypass;
    x->insertion = m.insertion;
    at->params->warp_types = &x->types;
    at->l2 = (bwm_l2_policy){l2_bypass, l2_read, l2_rank, x};
    *ext = x;
    return BWM_OK;
}

static const bwm_sched_hooks medic_hooks = {medic_attach, medic_detach};

static uint64_t medic_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const medic_state *s = state;
    const bwm_mc_req *r = &mc->slots[slot].req;
    int urgent = !r->is_write && bwm_warp_type_urgent(bwm_warp_type_of(s->types, r->sm, r->warp));
    return (uint64_t)!urgent << 1 | bwm_key_miss(mc, slot);
}

static int32_t medic_pick(void *state, const bwm_mc *mc, int bank)
{
    return bwm_key_pick(state, mc, bank, medic_key);
}

const bwm_sched_ops bwm_sched_medic = {
    "medic", "warp-type aware: requests of mostly-hit warps first, FR-FCFS within; L2 bypass and insertion (MeDiC)",
    medic_init, NULL, medic_pick, NULL, free, medic_knobs, K_COUNT, 0, &medic_hooks, NULL, 0,
};
