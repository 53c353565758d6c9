/* xlat_summary.h — the translation experiment's performance relative to
 * Ideal by design and number of applications (thesis 001, Table 6.3): the
 * GM over a design's workloads of N applications of ws_norm (its weighted
 * speedup over its group's Ideal on the same workload, both over the same
 * alone IPCs; study/outcome.h).  Read from metrics.csv's translation rows
 * (and page_reuse's, its probes),
 * so the figure, the report and translation_summary.csv give one number. */
#ifndef BWM_PL_XLAT_SUMMARY_H
#define BWM_PL_XLAT_SUMMARY_H

#include <stddef.h>

#include "plots/results.h"

#define BWM_PL_XLAT_MAX_POINTS 96

typedef struct bwm_pl_xlat_point {
    char group[16], name[16];           /* the design GROUP/NAME, split */
    size_t napps;                       /* applications per workload */
    size_t n;                           /* workloads with a value */
    double rel_ideal;                   /* GM of ws_norm; NaN over none */
} bwm_pl_xlat_point;

/* The points of every design (in order of first appearance) and number of
 * applications (ascending) of the translation experiment, at most max;
 * returns how many. */
size_t bwm_pl_xlat_points(const bwm_pl_results *r, bwm_pl_xlat_point *out, size_t max);

/* The same over experiment exp's runs ("translation" or "page_reuse"),
 * only those whose every application is app when app is not NULL (the
 * copies of one probe). */
size_t bwm_pl_xlat_points_of(const bwm_pl_results *r, const char *exp, const char *app, bwm_pl_xlat_point *out,
                             size_t max);

/* Point p's design as GROUP/NAME into dst. */
void bwm_pl_xlat_id(const bwm_pl_xlat_point *p, char *dst, size_t n);

/* The point of design GROUP/NAME with napps applications, or NULL. */
const bwm_pl_xlat_point *bwm_pl_xlat_find(const bwm_pl_xlat_point *p, size_t n, const char *design, size_t napps);

#endif
