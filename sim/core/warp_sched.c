/* warp_sched.c — the two orders warp schedulers choose in, on bit masks
 * (see warp_sched.h). */
#include "sim/core/warp_sched.h"

static int lowest(uint64_t m)
{
    return __builtin_ctzll(m);
}

int bwm_warp_pick(int round_robin, uint64_t candidates, int last)
{
    if (last >= 0 && last < 64) {
        uint64_t bit = 1ULL << last;
        if (!round_robin && (candidates & bit))
            return last;
        if (round_robin) {
            uint64_t after = last == 63 ? 0 : candidates & ~((bit << 1) - 1);
            if (after)
                return lowest(after);
        }
    }
    return lowest(candidates);
}
