/* fig_util.h — what several figures share: the paper's names for the
 * schedulers, bars of a normalised metric per workload of a subset with
 * geometric means per class (Figs. 8 and 10), bars of per-class geometric
 * means (Figs. 11 and 12), and points of named workloads under several
 * schedulers (Figs. 7 and 9), and a panel's series and groups found by name. */
#ifndef BWM_FIG_UTIL_H
#define BWM_FIG_UTIL_H

#include <stddef.h>

#include "plots/chart.h"
#include "plots/summary.h"
#include "util/status.h"

/* The index of p's series (group) called name, added when new; -1 when
 * the panel is full. */
int bwm_fig_series_named(bwm_panel *p, const char *name);
int bwm_fig_group_named(bwm_panel *p, const char *name);

/* The paper's label for a scheduler ("FR-FCFS", "ITS", "Prior_App_Low_MPKI",
 * ...), or the name itself. */
const char *bwm_sched_label(const char *sched);

/* The main experiment's schedulers but frfcfs (the baseline) and `skip`
 * (may be NULL) as series of p; returns how many, into names. */
size_t bwm_fig_series(const bwm_pl_results *r, bwm_panel *p, const char *skip, const char **names, size_t max);

/* Fig. 8/10: a wide chart titled `title`, one group per main-experiment
 * pair of the subset, ordered by class (by: 'm' or 'b'), labelled
 * "WORKLOAD (X)", then "GM X-MPKI" (or -BW) per class and "GM all"; the
 * metric normalised to FR-FCFS, a series per scheduler but frfcfs and
 * skip.  Fails (BWM_EINPUT) when the subset has no run. */
int bwm_fig_subset_bars(const bwm_pl_results *r, bwm_chart *c, const char *title, bwm_pl_metric m,
                        bwm_pl_subset subset, char by, const char *skip, bwm_err *err);

/* Fig. 11/12: groups A-MPKI, B-MPKI, C-MPKI, A-BW, B-BW, C-BW, all; the GM
 * of the metric over the main experiment's pairs of each. */
int bwm_fig_class_bars(const bwm_pl_results *r, bwm_panel *p, bwm_pl_metric m, bwm_err *err);

/* Fig. 7/9: one group per named workload found in the main experiment,
 * one series per scheduler; point (x, y) from fn.  Fails (BWM_EINPUT) when
 * no named workload was run. */
typedef void (*bwm_point_fn)(const bwm_pl_run *run, double *x, double *y);
int bwm_fig_points(const bwm_pl_results *r, bwm_panel *p, const char *const *workloads, size_t nw,
                   const char *const *scheds, size_t ns, bwm_point_fn fn, bwm_err *err);

#endif
