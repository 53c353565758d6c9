/* block_fields.h — what an application's statistics hold besides the
 * columns every run has, when it ran as thread blocks: its DRAM locality
 * (blp, act_per_access, local_access, dram_delay, the pages' sharing by
 * thread batch, ctas; paper 002's, see app_stats.h) and its DRAM energy part by part with the column commands
 * and the interval it covers (sim/dram/energy.h), as named fields of the
 * kind of xlat_fields.h, in the order every output lists them.  The first
 * BWM_LOCALITY_NFIELDS are sim run's locality columns; all of them are
 * the study's run-file columns, written and read through this one list. */
#ifndef BWM_BLOCK_FIELDS_H
#define BWM_BLOCK_FIELDS_H

#include "sim/gpu/app_stats.h"
#include "sim/gpu/xlat_fields.h"

#define BWM_LOCALITY_NFIELDS 8
#define BWM_BLOCK_NFIELDS (BWM_LOCALITY_NFIELDS + BWM_E_COUNT + 2)

/* The fields of r; returns BWM_BLOCK_NFIELDS. */
int bwm_block_fields(bwm_app_result *r, bwm_xlat_field out[BWM_BLOCK_NFIELDS]);

#endif
