/* fig7.c — paper 000, Fig. 7: how FR-FCFS, RR and ITS move the bandwidth
 * difference of BLK_MUM, BLK_LUH, NW_SCP and QTC_SCP (x: MPKI_1 - MPKI_2,
 * y: BW_1 - BW_2). */
#include <stdio.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

static const char *const pairs[] = {"BLK_MUM", "BLK_LUH", "NW_SCP", "QTC_SCP"};
static const char *const scheds[] = {"frfcfs", "rr", "its"};

static void point(const bwm_pl_run *x, double *px, double *py)
{
    *px = x->app[0].mpki - x->app[1].mpki;
    *py = x->app[0].bw - x->app[1].bw;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_POINTS, "", "MPKI_1 - MPKI_2 (L2 misses per kilo-instruction)",
                                   "BW_1 - BW_2 (GB/s)");
    snprintf(c->title, sizeof c->title, "Fig. 7: FR-FCFS, RR and ITS on BW_1 - BW_2 against MPKI_1 - MPKI_2");
    return bwm_fig_points(r, p, pairs, sizeof pairs / sizeof pairs[0], scheds, sizeof scheds / sizeof scheds[0],
                          point, err);
}

const bwm_figure bwm_fig7 = {"fig7", "paper 000, Fig. 7",
                             "ITS gives the lower-MPKI application more bandwidth than FR-FCFS; RR shares "
                             "activations, so it favours the application with more row hits.",
                             build};
