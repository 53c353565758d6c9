/* sim_run_xlat.h — the address-translation columns of "bwmpki sim run"
 * (sim/gpu/xlat_stats.h's quantities, named as in its header and the
 * Vocabulary): printed only when the run translates (-bwm_mmu other than
 * ideal), so an ideal run's output is what it always was.  walk_l2_hit_K
 * has one column per level of the walk. */
#ifndef BWM_SIM_RUN_XLAT_H
#define BWM_SIM_RUN_XLAT_H

#include "io/json.h"
#include "io/table.h"
#include "sim/gpu/app_stats.h"
#include "sim/gpu/xlat_fields.h"

#define BWM_XLAT_MAX_COLUMNS BWM_XLAT_MAX_FIELDS

/* The columns' names for walks of `levels` levels into names (static
 * strings); returns their number. */
int bwm_xlat_columns(int levels, const char *names[BWM_XLAT_MAX_COLUMNS]);

/* Application x's values as cells of t, in the columns' order. */
void bwm_xlat_cells(const bwm_app_result *x, bwm_table *t);

/* The same as fields of the JSON object being written. */
void bwm_xlat_json(const bwm_app_result *x, bwm_json *j);

#endif
