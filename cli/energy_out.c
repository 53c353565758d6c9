/* energy_out.c — DRAM energy as output fields (see energy_out.h). */
#include "cli/energy_out.h"

static const char *const names[BWM_ENERGY_NCOLUMNS] = {BWM_ENERGY_COLUMNS};

void bwm_energy_values(const bwm_energy *e, double v[BWM_ENERGY_NCOLUMNS])
{
    v[0] = bwm_energy_total(e);
    v[1] = e->part[BWM_E_ACT] + e->part[BWM_E_PRE];
    v[2] = e->part[BWM_E_RD];
    v[3] = e->part[BWM_E_WR];
    v[4] = e->part[BWM_E_REF];
    v[5] = e->part[BWM_E_BG_ACT];
    v[6] = e->part[BWM_E_BG_PRE];
    v[7] = bwm_energy_per_access(e);
    v[8] = bwm_energy_power(e);
}

void bwm_energy_cells(bwm_table *t, const bwm_energy *e)
{
    double v[BWM_ENERGY_NCOLUMNS];
    if (e)
        bwm_energy_values(e, v);
    for (int k = 0; k < BWM_ENERGY_NCOLUMNS; k++)
        if (e)
            bwm_table_num(t, v[k]);
        else
            bwm_table_null(t);
}

void bwm_energy_json(bwm_json *j, const bwm_energy *e)
{
    double v[BWM_ENERGY_NCOLUMNS];
    bwm_energy_values(e, v);
    for (int k = 0; k < BWM_ENERGY_NCOLUMNS; k++)
        bwm_json_kv_num(j, names[k], v[k]); /* NaN prints as null */
}
