/* energy_out.h — DRAM energy (sim/dram/energy.h) as output fields, the
 * same in every command that prints it (sim dram, sim run): their names in
 * column order, table cells and JSON members.  Energies in nJ, power in W;
 * a figure with nothing to divide by is null. */
#ifndef BWM_ENERGY_OUT_H
#define BWM_ENERGY_OUT_H

#include "io/json.h"
#include "io/table.h"
#include "sim/dram/energy.h"

#define BWM_ENERGY_COLUMNS                                                                                    \
    "dram_energy", "dram_energy_act_pre", "dram_energy_read", "dram_energy_write", "dram_energy_refresh",     \
        "dram_energy_bg_active", "dram_energy_bg_precharged", "dram_energy_per_access", "dram_power"
#define BWM_ENERGY_NCOLUMNS 9

/* The fields' values, in the order of BWM_ENERGY_COLUMNS (NaN: null). */
void bwm_energy_values(const bwm_energy *e, double v[BWM_ENERGY_NCOLUMNS]);
/* Appends e's cells to the current row of t; NULL: null cells. */
void bwm_energy_cells(bwm_table *t, const bwm_energy *e);
/* Writes e's members into the open JSON object. */
void bwm_energy_json(bwm_json *j, const bwm_energy *e);

#endif
