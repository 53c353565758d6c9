/* req_life.c — the names of a load's stages (see req_life.h). */
#include "sim/mem/req_life.h"

const char *const bwm_stage_names[BWM_STAGE_COUNT] = {
    "inject", "req_xbar", "l2_queue", "l2_blocked", "l2_mshr", "dram_queue",
    "mc_queue", "dram", "fill", "reply_queue", "reply_xbar",
};
