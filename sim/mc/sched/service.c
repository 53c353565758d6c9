/* service.c — bank service time of a request (see service.h). */
#include "sim/mc/sched/service.h"

int64_t bwm_sched_service(const bwm_mc *mc, int32_t slot)
{
    const bwm_mc_entry *e = &mc->slots[slot];
    const bwm_dram_spec *sp = mc->spec;
    const int(*bank)[BWM_CMD_COUNT] = sp->lat[BWM_SCOPE_BANK];
    int col = e->req.is_write ? BWM_CMD_WR : BWM_CMD_RD;
    int per_burst = sp->burst_cycles;
    for (int scope = 0; scope < BWM_SCOPE_COUNT; scope++)
        if (sp->lat[scope][col][col] > per_burst)
            per_burst = sp->lat[scope][col][col];
    int64_t t = (int64_t)e->bursts_left * per_burst;
    int64_t open = mc->dram.banks[e->req.da.bank].open_row;
    if (open != (int64_t)e->req.da.row)
        t += bank[BWM_CMD_ACT][col];
    if (open >= 0 && open != (int64_t)e->req.da.row)
        t += bank[BWM_CMD_PRE][BWM_CMD_ACT];
    return t;
}
