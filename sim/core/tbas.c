/* tbas.c — the running thread batch: demotion and oldest-first promotion
 * (see tbas.h). */
#include "sim/core/tbas.h"

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
