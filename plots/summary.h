/* summary.h — geometric means of normalised metrics over a selection of a
 * study's runs (paper 000 reports every average as a geometric mean, GM):
 * the experiment, the scheduler, a subset flag and a workload class (or
 * any test of a run). */
#ifndef BWM_PL_SUMMARY_H
#define BWM_PL_SUMMARY_H

#include <stddef.h>

#include "plots/results.h"

typedef enum bwm_pl_metric { BWM_PL_IT, BWM_PL_WS, BWM_PL_HS } bwm_pl_metric;

typedef enum bwm_pl_subset { BWM_PL_ALL, BWM_PL_IT_SUBSET, BWM_PL_WS_SUBSET } bwm_pl_subset;

typedef struct bwm_pl_sel {
    const char *exp;                    /* experiment, e.g. "main" */
    const char *sched;
    bwm_pl_subset subset;
    char by;                            /* 0: every class; 'm': MPKI class; 'b': BW class */
    char klass;                         /* 'A', 'B' or 'C' with by */
} bwm_pl_sel;

/* "IT", "WS", "HS". */
const char *bwm_pl_metric_name(bwm_pl_metric m);
/* The run's it_norm, ws_norm or hs_norm. */
double bwm_pl_norm(const bwm_pl_run *r, bwm_pl_metric m);
/* 1 if run r is in selection s. */
int bwm_pl_selected(const bwm_pl_run *r, const bwm_pl_sel *s);
/* The GM of the metric's normalised value over the selected runs where it
 * is a positive number; *n (may be NULL) their count; NaN over none. */
double bwm_pl_gm(const bwm_pl_results *r, const bwm_pl_sel *s, bwm_pl_metric m, size_t *n);
/* The same over the runs for which keep(run, ctx) is 1. */
double bwm_pl_gm_where(const bwm_pl_results *r, int (*keep)(const bwm_pl_run *, const void *), const void *ctx,
                       bwm_pl_metric m, size_t *n);

/* The runs of experiment exp. */
size_t bwm_pl_count(const bwm_pl_results *r, const char *exp);

/* The schedulers of experiment exp in order of first appearance, at most
 * max; returns how many. */
size_t bwm_pl_scheds(const bwm_pl_results *r, const char *exp, const char **out, size_t max);
/* The same for the translation designs (GROUP/NAME). */
size_t bwm_pl_designs(const bwm_pl_results *r, const char *exp, const char **out, size_t max);
/* The runs for which keep(run, ctx) is 1. */
size_t bwm_pl_count_where(const bwm_pl_results *r, int (*keep)(const bwm_pl_run *, const void *), const void *ctx);

#endif
