/* batch.h — the thread-batching experiment's tables (paper 002, Sec. 6.1):
 *
 *   batching          one row per batch run: design, app, pattern, sms,
 *                     ipc, speedup (over the baseline design's run), bw_frac,
 *                     row_hit_rate, blp, act_per_access, local_access,
 *                     dram_delay, dram_energy, dram_energy_per_access, ctas
 *                     (plots/results.h's bwm_pl_batch_cols)
 *   batching_summary  one row per design and group of applications (all,
 *                     batch-friendly, controls; plots/batch_summary.h): n,
 *                     the GMs over the set of speedup and of each DRAM
 *                     measure over the baseline's, the mean local_access,
 *                     and paper 002's number for each where it gives one
 *
 * and paper 002's numbers the report compares with.  Each is written as
 * .txt, .csv and .json; batching first (the summary is read from it). */
#ifndef BWM_STUDY_BATCH_H
#define BWM_STUDY_BATCH_H

#include "io/table.h"
#include "plots/batch_summary.h"
#include "study/outcome.h"

extern const char *const bwm_study_batch_files[2];

/* The measures batching_summary gives paper 002's number of: speedup,
 * row_hit_rate, blp, dram_delay and energy (ratios to the baseline) and
 * local_access (a share). */
typedef enum bwm_batch_paper_measure {
    BWM_BP_SPEEDUP, BWM_BP_ROW_HIT_RATE, BWM_BP_BLP, BWM_BP_DRAM_DELAY, BWM_BP_LOCAL_ACCESS, BWM_BP_ENERGY,
    BWM_BP_COUNT
} bwm_batch_paper_measure;

/* Paper 002's number for design (temp, temp_tbas) and set: over CCWS for
 * every GPU application (all: Sec. 6.1.1's GMs, Sec. 6.1.2's energy), or
 * for its category C1 (batch-friendly: high local access and a gain under
 * TEMP); NaN where the paper gives none. */
double bwm_batch_paper(const char *design, int set, int measure);

/* Whether the plan has a batch run. */
int bwm_study_has_batch(const bwm_study_files *f);
/* The batching table (initialised here; free with bwm_table_free). */
void bwm_study_batch_runs(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *t);
/* The summary, from the loaded batching rows. */
void bwm_study_batch_summary(const bwm_pl_results *r, bwm_table *t);

#endif
