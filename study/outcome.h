/* outcome.h — the results of a whole study, in plan order: every run's
 * record read back from its file, its workload metrics (model/metrics.h)
 * and the metrics normalised to the baseline.
 *
 * Baseline: the frfcfs run of the same workload with the same SM split
 * (it_norm = it / it_frfcfs, likewise ws and hs) — paper 000 normalises
 * every figure to FR-FCFS; for a single application (the alpha-SJF sweep)
 * the application alone under FR-FCFS on the same SMs, so it_norm is the
 * ipc relative to FR-FCFS (paper 004, Fig. 1); for a translation run the
 * run of its group's ideal design on the same workload (ws_norm is then
 * the thesis's performance relative to Ideal: both weighted speedups over
 * the same alone IPCs); for a batch run the run of the same application
 * under the baseline design (it_norm is then the speedup over the
 * baseline).  NaN where there is none. */
#ifndef BWM_STUDY_OUTCOME_H
#define BWM_STUDY_OUTCOME_H

#include <stddef.h>

#include "model/metrics.h"
#include "study/plan_file.h"
#include "study/run_file.h"

typedef struct bwm_run_outcome {
    bwm_run_rec rec;
    int have_metrics;                   /* 0 when an alone ipc is 0 */
    double sd[BWM_STUDY_MAX_APPS];
    bwm_metrics m;
    double it_norm, ws_norm, hs_norm;
} bwm_run_outcome;

typedef struct bwm_study_outcome {
    size_t n;                           /* = the plan's runs */
    bwm_run_outcome *o;
} bwm_study_outcome;

/* Reads every run file of f's plan from DIR/runs/.  Missing files are
 * BWM_EFAIL saying how many and naming the first. */
int bwm_outcome_load(const char *dir, const bwm_study_files *f, bwm_study_outcome *out, bwm_err *err);
void bwm_outcome_free(bwm_study_outcome *o);

#endif
