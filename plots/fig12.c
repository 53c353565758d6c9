/* fig12.c — paper 000, Fig. 12: harmonic speedup normalised to FR-FCFS
 * over all the pairs, geometric mean per class. */
#include <stdio.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    snprintf(c->title, sizeof c->title, "Fig. 12: HS normalised to FR-FCFS, all pairs (geometric means per class)");
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, "", "workload class", "HS normalised to FR-FCFS (GM)");
    return bwm_fig_class_bars(r, p, BWM_PL_HS, err);
}

const bwm_figure bwm_fig12 = {"fig12", "paper 000, Fig. 12",
                              "Harmonic speedup (throughput with fairness) of each scheduler over FR-FCFS, per "
                              "class.",
                              build};
