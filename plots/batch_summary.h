/* batch_summary.h — the thread-batching experiment (paper 002, Sec. 6.1)
 * from batching.csv's rows: an application's measure under a design over
 * the same under the baseline design (study/batch_designs.h), and, per
 * design and set of applications (all; the batch-friendly ones, whose
 * CTAs sweep chunks of their own, pattern cta; the others, the controls),
 * the GM of those ratios and the plain mean of each measure.  The figure,
 * the report and batching_summary.csv read these, so they give one
 * number. */
#ifndef BWM_PL_BATCH_SUMMARY_H
#define BWM_PL_BATCH_SUMMARY_H

#include <stddef.h>

#include "plots/results.h"

typedef enum bwm_pl_batch_set {
    BWM_PL_BATCH_ALL, BWM_PL_BATCH_FRIENDLY, BWM_PL_BATCH_CONTROLS, BWM_PL_BATCH_NSETS
} bwm_pl_batch_set;

#define BWM_PL_BATCH_MAX_POINTS 48

typedef struct bwm_pl_batch_point {
    char design[32];
    int set;                            /* bwm_pl_batch_set */
    size_t n;                           /* the set's applications run under the design */
    double gm_ratio[BWM_BM_COUNT];      /* GM over them of each measure over the baseline's; NaN over none */
    double mean[BWM_BM_COUNT];          /* the plain mean of each measure; NaN over none */
} bwm_pl_batch_point;

/* "all", "batch-friendly", "controls". */
const char *bwm_pl_batch_set_name(int set);
/* Whether row b's application is in set. */
int bwm_pl_batch_in_set(const bwm_pl_batch *b, int set);

/* The row of design and app, or NULL. */
const bwm_pl_batch *bwm_pl_batch_find(const bwm_pl_results *r, const char *design, const char *app);
/* b's measure m over the same application's under the baseline design;
 * NaN without a baseline row or when either value is not > 0. */
double bwm_pl_batch_ratio(const bwm_pl_results *r, const bwm_pl_batch *b, bwm_pl_bm m);

/* The designs in order of first appearance (the baseline's first, as the
 * study writes them), at most max; returns how many. */
size_t bwm_pl_batch_designs(const bwm_pl_results *r, const char **out, size_t max);

/* Every design's point for every set that has applications under it, at
 * most max, design by design; returns how many. */
size_t bwm_pl_batch_points(const bwm_pl_results *r, bwm_pl_batch_point *out, size_t max);
/* The point of design and set, or NULL. */
const bwm_pl_batch_point *bwm_pl_batch_point_find(const bwm_pl_batch_point *p, size_t n, const char *design, int set);

#endif
