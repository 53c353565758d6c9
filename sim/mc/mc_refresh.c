/* mc_refresh.c — the memory controller's refresh (see mc_refresh.h). */
#include "sim/mc/mc_refresh.h"

void bwm_mc_refresh_init(bwm_mc_refresh *r, const bwm_dram_spec *spec)
{
    r->next = spec->refi > 0 ? spec->refi : BWM_DRAM_NEVER;
    r->due = 0;
    r->pre = 0;
}

int bwm_mc_refresh_step(bwm_mc_refresh *r, bwm_dram_channel *ch, int64_t now, int64_t *next)
{
    if (ch->n_open == 0) {
        int64_t t = bwm_dram_ready(ch, BWM_CMD_REF, 0);
        if (t <= now) {
            bwm_dram_issue(ch, BWM_CMD_REF, 0, -1, now);
            r->due = 0;
            r->next += ch->spec->refi;
            return BWM_MC_REFRESH_REF;
        }
        if (t < *next)
            *next = t;
        return BWM_MC_REFRESH_WAIT;
    }
    for (int b = 0; b < ch->n_banks; b++) {
        if (ch->banks[b].open_row < 0)
            continue;
        int64_t t = bwm_dram_ready(ch, BWM_CMD_PRE, b);
        if (t <= now) {
            bwm_dram_issue(ch, BWM_CMD_PRE, b, -1, now);
            r->pre++;
            return b;
        }
        if (t < *next)
            *next = t;
    }
    return BWM_MC_REFRESH_WAIT;
}
