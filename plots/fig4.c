/* fig4.c — paper 000, Fig. 4: BLK with GUPS, QTC and NN under FR-FCFS:
 * (a) WS as the stack of the two slowdowns, (b) IT relative to the sum of
 * the applications' alone IPCs. */
#include <math.h>
#include <stdio.h>

#include "plots/figure.h"

static const char *const pairs[] = {"BLK_GUPS", "BLK_QTC", "BLK_NN"};

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_STACKED, "(a) weighted speedup", "workload (FR-FCFS)",
                                   "WS = SD-App-1 + SD-App-2 (SD = IPC / IPC alone)");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) instruction throughput", "workload (FR-FCFS)",
                                   "IT / (IPC alone of App-1 + App-2)");
    snprintf(c->title, sizeof c->title, "Fig. 4: BLK co-scheduled with GUPS, QTC and NN under FR-FCFS");
    bwm_panel_series(a, "SD-App-1");
    bwm_panel_series(a, "SD-App-2");
    bwm_panel_series(b, "IT relative to alone");
    for (size_t w = 0; w < sizeof pairs / sizeof pairs[0]; w++) {
        const bwm_pl_run *x = bwm_pl_find(r, "main", pairs[w], "frfcfs");
        if (!x || x->napps != 2)
            continue;
        int g = bwm_panel_group(a, pairs[w]);
        bwm_panel_group(b, pairs[w]);
        a->y[g][0] = x->app[0].sd;
        a->y[g][1] = x->app[1].sd;
        double alone = x->app[0].ipc_alone + x->app[1].ipc_alone;
        b->y[g][0] = alone > 0 ? x->it / alone : NAN;
    }
    if (a->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "none of BLK_GUPS, BLK_QTC, BLK_NN was run under frfcfs");
    a->yref = 2;
    a->ymax = 2.3;
    b->yref = 1;
    b->ymax = 1.15;
    return BWM_OK;
}

const bwm_figure bwm_fig4 = {"fig4", "paper 000, Fig. 4",
                             "BLK with a memory-hungry (GUPS), a high-MPKI (QTC) and a compute-bound (NN) "
                             "partner under FR-FCFS: slowdowns and throughput.",
                             build};
