/* fig11.c — paper 000, Fig. 11: IT and WS normalised to FR-FCFS over all
 * the pairs, geometric mean per class. */
#include <stdio.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    snprintf(c->title, sizeof c->title, "Fig. 11: IT and WS normalised to FR-FCFS, all pairs (geometric means per class)");
    c->width = 1300;
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) instruction throughput", "workload class",
                                   "IT normalised to FR-FCFS (GM)");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) weighted speedup", "workload class",
                                   "WS normalised to FR-FCFS (GM)");
    int st = bwm_fig_class_bars(r, a, BWM_PL_IT, err);
    if (st == BWM_OK)
        st = bwm_fig_class_bars(r, b, BWM_PL_WS, err);
    return st;
}

const bwm_figure bwm_fig11 = {"fig11", "paper 000, Fig. 11",
                              "Summary over every pair: IT and WS of each scheduler over FR-FCFS, per class.",
                              build};
