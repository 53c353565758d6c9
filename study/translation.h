/* translation.h — the translation experiment's tables (thesis 001, Ch. 6):
 *
 *   translation          one row per (run, application) of the translation
 *                        experiment and the page-reuse probes: design,
 *                        workload, n_apps, app, sms, ipc, ipc_alone, sd, then
 *                        the translation statistics of sim/stats/stat_table.h
 *                        (empty for a design that does not translate)
 *   translation_summary  one row per design and number of applications:
 *                        workloads, rel_ideal (plots/xlat_summary.h) and
 *                        the thesis's Table 6.3 value where it gives one
 *
 * and the thesis's numbers the report compares with.  Each is written as
 * .txt, .csv and .json. */
#ifndef BWM_STUDY_TRANSLATION_H
#define BWM_STUDY_TRANSLATION_H

#include "io/table.h"
#include "plots/results.h"
#include "study/outcome.h"

#define BWM_XLAT_NTABLES 2

extern const char *const bwm_study_xlat_files[BWM_XLAT_NTABLES];

/* Thesis 001, Table 6.3: design GROUP/NAME's performance relative to Ideal
 * with napps applications (a fraction), or NaN where the thesis gives none. */
double bwm_xlat_thesis_rel(const char *design, size_t napps);

/* The walk levels of the study's translated runs (0 when none). */
int bwm_xlat_levels(const bwm_study_files *f, const bwm_study_outcome *o);

/* Fills both tables (initialised here; free with bwm_table_free). */
void bwm_study_xlat_tables(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                           bwm_table t[BWM_XLAT_NTABLES]);

#endif
