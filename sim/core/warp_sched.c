/* warp_sched.c — GTO and LRR warp selection on bit masks (see warp_sched.h). */
#include "sim/core/warp_sched.h"

static int lowest(uint64_t m)
{
    return __builtin_ctzll(m);
}

int bwm_warp_pick(bwm_warp_sched_kind kind, uint64_t candidates, int last)
{
    if (last >= 0 && last < 64) {
        uint64_t bit = 1ULL << last;
        if (kind != BWM_WARP_SCHED_LRR && (candidates & bit))
            return last;
        if (kind == BWM_WARP_SCHED_LRR) {
            uint64_t after = last == 63 ? 0 : candidates & ~((bit << 1) - 1);
            if (after)
                return lowest(after);
        }
    }
    return lowest(candidates);
}
