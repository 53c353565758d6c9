/* fig2.c — paper 000, Fig. 2: each application's IPC alone, simulated and
 * from the performance model P = BW / (128 B x MPKI/1000) (fit_perf.csv);
 * scratchpad-heavy applications are marked with '*'. */
#include <stdio.h>

#include "plots/figure.h"

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    if (r->nperf == 0)
        return bwm_fail(err, BWM_EINPUT, "no application alone on the two-way SM share (fit_perf.csv is empty)");
    char title[192];
    snprintf(title, sizeof title,
             "Fig. 2: IPC alone (half of the SMs), simulated and modelled; MARE %.1f %% (all), %.1f %% (no heavy "
             "scratchpad)", r->mare[0] * 100, r->mare[1] * 100);
    snprintf(c->title, sizeof c->title, "%s", title);
    c->width = 1100;
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, "", "application (* heavy scratchpad use)",
                                   "IPC (thread instructions per core cycle, log scale)");
    bwm_panel_series(p, "simulated");
    bwm_panel_series(p, "model: BW / (128 B x MPKI / 1000) / clock");
    for (size_t k = 0; k < r->nperf; k++) {
        char label[BWM_CHART_LABEL];
        snprintf(label, sizeof label, "%s%s", r->perf[k].app, r->perf[k].heavy ? "*" : "");
        int g = bwm_panel_group(p, label);
        if (g < 0)
            break;
        p->y[g][0] = r->perf[k].ipc > 0 ? r->perf[k].ipc : 0.0 / 0.0;
        p->y[g][1] = r->perf[k].ipc_model > 0 ? r->perf[k].ipc_model : 0.0 / 0.0;
    }
    p->logy = 1;
    return BWM_OK;
}

const bwm_figure bwm_fig2 = {"fig2", "paper 000, Fig. 2",
                             "IPC of every application alone on its SM share, simulated and as the model "
                             "P = BW/MPKI predicts from the simulated bandwidth and MPKI.",
                             build};
