/* variation.h — the study's variation experiment gathered from its run
 * files: paper 003's measure (sim/run/variation.h) with each case a run of
 * the plan, put back together as sim variation would have computed it, and
 * written as variation.csv (per partitioning and application),
 * variation_runs.csv (per interferer) and variation_summary.csv (per
 * partitioning) — the tables of sim/run/variation_table.h.
 *
 * A partitioning with a refused run (cmp on a GPU without page colours) is
 * left out, its first refusal kept as the reason. */
#ifndef BWM_STUDY_VARIATION_H
#define BWM_STUDY_VARIATION_H

#include "sim/run/variation_table.h"
#include "study/outcome.h"
#include "study/plan_file.h"

typedef struct bwm_study_variation {
    int present;                        /* the plan has variation runs */
    bwm_variation_layout layout;
    bwm_variation_result result;
    int n_refused;                      /* partitionings left out */
    char refused_how[2][8];
    char refused[2][BWM_ERR_MAX];
} bwm_study_variation;

/* Gathers the variation from f's plan and o's records.  BWM_EINPUT when
 * the plan's variation runs do not form the measure (a case missing). */
int bwm_study_variation_gather(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_variation *v,
                               bwm_err *err);

/* The three files' names without extension (each is written as .txt, .csv
 * and .json), in the order of bwm_variation_tables. */
extern const char *const bwm_study_variation_files[BWM_VARIATION_NTABLES];

#endif
