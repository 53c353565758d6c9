/* key_pick.c — smallest key, then oldest (see key_pick.h). */
#include "sim/mc/sched/key_pick.h"

int32_t bwm_key_pick(const void *state, const bwm_mc *mc, int bank, bwm_key_fn key)
{
    int32_t best = -1;
    uint64_t best_key = UINT64_MAX;
    for (int32_t q = mc->banks[bank].head; q >= 0; q = mc->slots[q].next) {
        uint64_t k = key(state, mc, q);
        if (best < 0 || k < best_key) {
            best = q;
            best_key = k;
            if (k == 0)
                break;
        }
    }
    return best;
}
