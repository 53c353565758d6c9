/* block_fields.c — thread-block statistics and DRAM energy as named fields
 * (see block_fields.h). */
#include "sim/gpu/block_fields.h"

/* The energy parts in bwm_energy_part's order. */
static const char *const part_names[] = {"dram_energy_act", "dram_energy_pre", "dram_energy_read",
                                         "dram_energy_write", "dram_energy_refresh", "dram_energy_bg_active",
                                         "dram_energy_bg_precharged"};
_Static_assert(sizeof part_names / sizeof part_names[0] == BWM_E_COUNT, "a name per energy part");

int bwm_block_fields(bwm_app_result *r, bwm_xlat_field out[BWM_BLOCK_NFIELDS])
{
    int n = 0;
    out[n++] = (bwm_xlat_field){"blp", &r->blp, NULL};
    out[n++] = (bwm_xlat_field){"act_per_access", &r->act_per_access, NULL};
    out[n++] = (bwm_xlat_field){"local_access", &r->local_access, NULL};
    out[n++] = (bwm_xlat_field){"dram_delay", &r->dram_delay, NULL};
    out[n++] = (bwm_xlat_field){"pages_private", &r->pages_private, NULL};
    out[n++] = (bwm_xlat_field){"pages_next_batch", &r->pages_next_batch, NULL};
    out[n++] = (bwm_xlat_field){"pages_wider", &r->pages_wider, NULL};
    out[n++] = (bwm_xlat_field){"ctas", NULL, &r->ctas};
    for (int k = 0; k < BWM_E_COUNT; k++)
        out[n++] = (bwm_xlat_field){part_names[k], &r->dram_energy.part[k], NULL};
    out[n++] = (bwm_xlat_field){"dram_energy_accesses", NULL, &r->dram_energy.accesses};
    out[n++] = (bwm_xlat_field){"dram_energy_seconds", &r->dram_energy.seconds, NULL};
    return n;
}
