/* fig13.c — paper 000, Fig. 13: IT of ITS over FR-FCFS for JPEG_GUPS with
 * the SMs split 1/3-2/3, equally and 2/3-1/3 (each split against FR-FCFS
 * with the same split). */
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"

#define WORKLOAD "JPEG_GUPS"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    snprintf(c->title, sizeof c->title, "Fig. 13: ITS on " WORKLOAD " with three SM splits (JPEG SMs / GUPS SMs)");
    c->width = 800;
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, "", "SM split (JPEG/GUPS)", "IT of ITS normalised to FR-FCFS");
    bwm_panel_series(p, "ITS");
    const bwm_pl_run *runs[8];
    size_t n = 0;
    for (size_t k = 0; k < r->nruns && n < 8; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->workload, WORKLOAD) == 0 && strcmp(x->sched, "its") == 0 &&
            (strcmp(x->exp, "split") == 0 || strcmp(x->exp, "main") == 0))
            runs[n++] = x;
    }
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no run of " WORKLOAD " under its");
    /* fewest SMs for JPEG first */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (runs[j]->app[0].sms < runs[i]->app[0].sms) {
                const bwm_pl_run *t = runs[i];
                runs[i] = runs[j];
                runs[j] = t;
            }
    for (size_t i = 0; i < n; i++) {
        int g = bwm_panel_group(p, runs[i]->split);
        p->y[g][0] = runs[i]->it_norm;
    }
    p->yref = 1;
    p->zoom = 1;
    return BWM_OK;
}

const bwm_figure bwm_fig13 = {"fig13", "paper 000, Fig. 13",
                              "ITS on JPEG_GUPS with the SMs split three ways, each against FR-FCFS with the same "
                              "split.",
                              build};
