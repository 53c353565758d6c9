/* tbas.c — the running thread batch: demotion and oldest-first promotion
 * (see tbas.h), and the warp scheduler tbas that applies it to an SM
 * (warp_sched.h). */
#include "sim/core/warp/tbas.h"

#include <stdlib.h>

#include "sim/core/sm.h"
#include "sim/core/warp_sched.h"

void bwm_tbas_init(bwm_tbas *t, int min_active)
{
    *t = (bwm_tbas){.min_active = min_active, .running = -1};
}

/* Active warps of batch b on the SM. */
static int active_in(int slots, const uint64_t *seq, const uint64_t *slot_warps, int stride, uint64_t active,
                     int64_t b)
{
    int n = 0;
    for (int k = 0; k < slots; k++)
        if (slot_warps[k] && (int64_t)(seq[k] / (uint64_t)stride) == b)
            n += __builtin_popcountll(slot_warps[k] & active);
    return n;
}

/* The oldest batch with at least `need` active warps (-1: none). */
static int64_t oldest_with(int slots, const uint64_t *seq, const uint64_t *slot_warps, int stride, uint64_t active,
                           int need)
{
    int64_t best = -1;
    for (int k = 0; k < slots; k++) {
        if (!slot_warps[k] || !(slot_warps[k] & active))
            continue;
        int64_t b = (int64_t)(seq[k] / (uint64_t)stride);
        if ((best < 0 || b < best) && active_in(slots, seq, slot_warps, stride, active, b) >= need)
            best = b;
    }
    return best;
}

uint64_t bwm_tbas_may_access(bwm_tbas *t, int slots, const uint64_t *seq, const uint64_t *slot_warps,
                             int batch_stride, uint64_t active)
{
    int stride = batch_stride > 0 ? batch_stride : 1;
    if (t->running < 0 || active_in(slots, seq, slot_warps, stride, active, t->running) < t->min_active) {
        int64_t b = oldest_with(slots, seq, slot_warps, stride, active, t->min_active);
        if (b < 0)
            b = oldest_with(slots, seq, slot_warps, stride, active, 1);
        if (b >= 0 && b != t->running) {
            t->running = b;
            t->promotions++;
        }
    }
    uint64_t may = 0;
    for (int k = 0; k < slots; k++)
        if (slot_warps[k] && (int64_t)(seq[k] / (uint64_t)stride) == t->running)
            may |= slot_warps[k];
    return may;
}

/* The warp scheduler: gto, memory instructions only from the running batch. */

static const bwm_warp_knob tbas_knobs[] = {
    {"-bwm_tbas_min_active", "tbas_min_active", 1, 1, BWM_MAX_WARPS_PER_SM},
};

static int sched_init(bwm_sm *sm, const bwm_gpu_config *cfg, void **state, bwm_err *err)
{
    (void)sm;
    bwm_tbas *t = malloc(sizeof *t);
    if (!t)
        return bwm_fail(err, BWM_EFAIL, "out of memory for TBAS");
    bwm_tbas_init(t, cfg->warp_knob[0]);
    *state = t;
    return BWM_OK;
}

/* The warps that count as active (tbas.h) and the warps of each slot; then
 * the warps that may access memory. */
static uint64_t may_access(bwm_tbas *t, const bwm_sm *sm)
{
    uint64_t active = 0, slot_warps[BWM_SM_MAX_CTAS];
    for (uint64_t m = sm->live; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        const bwm_warp *wp = &sm->warps[w];
        if (!wp->blocked && !wp->finished && !wp->xlat_wait)
            active |= 1ULL << w;
    }
    uint64_t slot_mask = sm->ctas.warps >= 64 ? ~0ULL : (1ULL << sm->ctas.warps) - 1;
    for (int k = 0; k < sm->ctas.slots; k++)
        slot_warps[k] = sm->live & (slot_mask << (k * sm->ctas.warps));
    return bwm_tbas_may_access(t, sm->ctas.slots, sm->ctas.seq, slot_warps, sm->prog->batch_stride, active);
}

/* The loads and stores of ready warps outside the running batch. */
static uint64_t held_back(void *state, const bwm_sm *sm, int64_t now)
{
    (void)now;
    if (!sm->ctas.warps || !(sm->ready & sm->mem_next))
        return 0;
    return sm->ready & sm->mem_next & ~may_access(state, sm);
}

const bwm_warp_sched_ops bwm_warp_sched_tbas = {
    .name = "tbas",
    .summary = "gto, memory instructions only from the running thread batch",
    .knobs = tbas_knobs,
    .n_knobs = (int)(sizeof tbas_knobs / sizeof tbas_knobs[0]),
    .init = sched_init,
    .free = free,
    .held_back = held_back,
};
