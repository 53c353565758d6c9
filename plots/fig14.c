/* fig14.c — paper 000, Fig. 14: three-application workloads, (a) IT and
 * (b) WS of ITS and WEIS normalised to FR-FCFS, with geometric means. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"
#include "plots/summary.h"
#include "plots/fig_util.h"

static const char *const scheds[] = {"its", "weis"};

static void fill(const bwm_pl_results *r, bwm_panel *p, bwm_pl_metric m)
{
    for (size_t k = 0; k < 2; k++)
        bwm_panel_series(p, bwm_sched_label(scheds[k]));
    for (size_t i = 0; i < r->nruns; i++) {
        const bwm_pl_run *x = &r->runs[i];
        if (strcmp(x->exp, "three") != 0 || strcmp(x->sched, "frfcfs") != 0)
            continue;
        int g = bwm_panel_group(p, x->workload);
        for (size_t k = 0; g >= 0 && k < 2; k++) {
            const bwm_pl_run *y = bwm_pl_find(r, "three", x->workload, scheds[k]);
            p->y[g][k] = y ? bwm_pl_norm(y, m) : NAN;
        }
    }
    int g = bwm_panel_group(p, "GM");
    for (size_t k = 0; g >= 0 && k < 2; k++) {
        bwm_pl_sel s = {"three", scheds[k], BWM_PL_ALL, 0, 0};
        p->y[g][k] = bwm_pl_gm(r, &s, m, NULL);
    }
    p->yref = 1;
    p->zoom = 1;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    if (bwm_pl_count(r, "three") == 0)
        return bwm_fail(err, BWM_EINPUT, "no three-application workload was run");
    snprintf(c->title, sizeof c->title, "Fig. 14: three applications, ITS and WEIS normalised to FR-FCFS");
    c->width = 1300;
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) instruction throughput", "workload",
                                   "IT normalised to FR-FCFS");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) weighted speedup", "workload", "WS normalised to FR-FCFS");
    fill(r, a, BWM_PL_IT);
    fill(r, b, BWM_PL_WS);
    return BWM_OK;
}

const bwm_figure bwm_fig14 = {"fig14", "paper 000, Fig. 14",
                              "Three applications at once: IT and WS of ITS and WEIS over FR-FCFS.", build};
