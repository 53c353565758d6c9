/* fig10.c — paper 000, Fig. 10: WS of every scheduler normalised to
 * FR-FCFS on the 25 workloads of the WS subset, with geometric means per
 * BW class (Prior_App_Low_MPKI left out, as in the paper). */
#include "plots/figure.h"
#include "plots/fig_util.h"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    return bwm_fig_subset_bars(r, c, "Fig. 10: WS normalised to FR-FCFS, WS subset (GM: geometric mean per BW class)",
                               BWM_PL_WS, BWM_PL_WS_SUBSET, 'b', "prior-low-mpki", err);
}

const bwm_figure bwm_fig10 = {"fig10", "paper 000, Fig. 10",
                              "Weighted speedup of RR, WEIS, ITS and Prior_App_Low_BW over FR-FCFS on the 25 "
                              "workloads spanning the BW classes.",
                              build};
