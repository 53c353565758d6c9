/* fig5.c — paper 000, Fig. 5: BLK_QTC, BLK_NN and HISTO_TRD under FR-FCFS,
 * each application prioritised (Prior_App_1, Prior_App_2) and RR: (a) WS,
 * (b) IT normalised to FR-FCFS. */
#include <math.h>
#include <stdio.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

static const char *const pairs[] = {"BLK_QTC", "BLK_NN", "HISTO_TRD"};
static const char *const scheds[] = {"frfcfs", "prior-1", "prior-2", "rr"};
#define NS (sizeof scheds / sizeof scheds[0])

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) weighted speedup", "workload", "WS (sum of slowdowns)");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) instruction throughput", "workload",
                                   "IT normalised to FR-FCFS");
    snprintf(c->title, sizeof c->title, "Fig. 5: static priorities and RR against FR-FCFS");
    for (size_t k = 0; k < NS; k++) {
        bwm_panel_series(a, bwm_sched_label(scheds[k]));
        bwm_panel_series(b, bwm_sched_label(scheds[k]));
    }
    for (size_t w = 0; w < sizeof pairs / sizeof pairs[0]; w++) {
        if (!bwm_pl_find(r, NULL, pairs[w], "frfcfs"))
            continue;
        int g = bwm_panel_group(a, pairs[w]);
        bwm_panel_group(b, pairs[w]);
        for (size_t k = 0; k < NS; k++) {
            const bwm_pl_run *x = bwm_pl_find(r, NULL, pairs[w], scheds[k]);
            a->y[g][k] = x ? x->ws : NAN;
            b->y[g][k] = x ? x->it_norm : NAN;
        }
    }
    if (a->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "none of BLK_QTC, BLK_NN, HISTO_TRD was run");
    a->yref = 2;
    a->ymax = 2.3;
    b->yref = 1;
    b->zoom = 1;
    return BWM_OK;
}

const bwm_figure bwm_fig5 = {"fig5", "paper 000, Fig. 5",
                             "Prioritising either application of a pair, or RR, against FR-FCFS: WS and IT.",
                             build};
