/* req_life.c — a load's stages: their names and durations (see req_life.h). */
#include "sim/mem/req_life.h"

const char *const bwm_stage_names[BWM_STAGE_COUNT] = {
    "inject", "req_xbar", "l2_queue", "l2_blocked", "l2_mshr", "dram_queue",
    "mc_queue", "dram", "fill", "reply_queue", "reply_xbar",
};

void bwm_life_add(const bwm_req_life *l, int64_t end_fs, uint64_t fs[BWM_STAGE_COUNT])
{
    int64_t until = end_fs;
    for (int s = BWM_STAGE_COUNT - 1; s >= 0; s--) /* each lasts until the next one entered */
        if (l->at[s] >= 0) {
            fs[s] += (uint64_t)(until - l->at[s]);
            until = l->at[s];
        }
}
