/* fig9.c — paper 000, Fig. 9: WS normalised to FR-FCFS against the
 * bandwidth difference for NW_FWT, BLK_3DS, BLK_MM, 3DS_RED and BLK_NW
 * under FR-FCFS, RR and WEIS. */
#include <stdio.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

static const char *const pairs[] = {"NW_FWT", "BLK_3DS", "BLK_MM", "3DS_RED", "BLK_NW"};
static const char *const scheds[] = {"frfcfs", "rr", "weis"};

static void point(const bwm_pl_run *x, double *px, double *py)
{
    *px = x->app[0].bw - x->app[1].bw;
    *py = x->ws_norm;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_POINTS, "", "BW_1 - BW_2 (GB/s)", "WS normalised to FR-FCFS");
    snprintf(c->title, sizeof c->title, "Fig. 9: FR-FCFS, RR and WEIS on WS and BW_1 - BW_2");
    int st = bwm_fig_points(r, p, pairs, sizeof pairs / sizeof pairs[0], scheds, sizeof scheds / sizeof scheds[0],
                            point, err);
    p->yref = 1;
    return st;
}

const bwm_figure bwm_fig9 = {"fig9", "paper 000, Fig. 9",
                             "WEIS serves the application with less attained bandwidth first: it narrows the "
                             "bandwidth gap (towards the y axis) and raises WS.",
                             build};
