/* fig8.c — paper 000, Fig. 8: IT of every scheduler normalised to FR-FCFS
 * on the 25 workloads of the IT subset, with geometric means per MPKI
 * class (Prior_App_Low_BW left out, as in the paper). */
#include "plots/figure.h"
#include "plots/fig_util.h"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    return bwm_fig_subset_bars(r, c, "Fig. 8: IT normalised to FR-FCFS, IT subset (GM: geometric mean per MPKI class)",
                               BWM_PL_IT, BWM_PL_IT_SUBSET, 'm', "prior-low-bw", err);
}

const bwm_figure bwm_fig8 = {"fig8", "paper 000, Fig. 8",
                             "Instruction throughput of RR, WEIS, ITS and Prior_App_Low_MPKI over FR-FCFS on the "
                             "25 workloads spanning the MPKI classes.",
                             build};
