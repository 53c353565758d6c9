/* fits.h — the model-against-simulation fits of "bwmpki fit", on the
 * study's own runs (nothing is simulated again):
 *
 *   perf    the performance model (fit/perf_fit.h) on every application
 *           alone on the two-way SM share (paper 000, Fig. 2 and its MAREs)
 *   policy  the closed-form schedulers (fit/policy_fit.h) on every pair and
 *           triple, over the schedulers it ran that have a closed form
 *           (main, prior and three experiments, equal split, default
 *           window), summed up per class (fit/policy_summary.h), by both
 *           models on the same runs (as fit policy --model both): paper
 *           000's and the queueing model's (model/queue.h), whose scales
 *           are fitted on the alone runs of those workloads (each once) and
 *           whose latency shares come from the queue_probe experiment's
 *           runs (study/exp_queue_probe.c).  Without a probe of every
 *           application (or with fewer than two alone runs with traffic)
 *           there is no queueing fit: have_queue is 0 and queue_note says
 *           why. */
#ifndef BWM_STUDY_FITS_H
#define BWM_STUDY_FITS_H

#include <stddef.h>

#include "fit/perf_fit.h"
#include "fit/policy_summary.h"
#include "fit/queue_table.h"
#include "io/catalog.h"
#include "io/workloads.h"
#include "study/outcome.h"

typedef struct bwm_study_fits {
    bwm_perf_sample *samples;
    size_t nsamples;
    int have_perf;                      /* 0: no alone run on the two-way share */
    bwm_perf_fit perf;
    bwm_catalog cat;                    /* over the study's applications */
    bwm_workload *w;                    /* the workloads of the policy fit */
    bwm_pfit_result *res;
    size_t nw;
    bwm_pfit_summary sum[BWM_PG_COUNT];
    int have_queue;                     /* the queueing model's fit: */
    char queue_note[BWM_ERR_MAX];       /* why not, when have_queue is 0 */
    bwm_pfit_result *res_q;             /* nw results, the workloads' order */
    bwm_pfit_summary sum_q[BWM_PG_COUNT];
    bwm_qcal_fit qfit;                  /* its scales and their error on the alone runs */
    bwm_qcal_row *qrows;                /* those alone runs (each once) with their probes */
    size_t nq;
} bwm_study_fits;

int bwm_study_fits_run(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_fits *out, bwm_err *err);
void bwm_study_fits_free(bwm_study_fits *x);

/* The two-way SM share: the SMs of the first application of a pair. */
int bwm_study_pair_share(const bwm_study_info *i);

#endif
