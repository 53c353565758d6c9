/* fig_asjf.c — paper 004, Fig. 1: the IPC of each application alone on
 * the whole GPU under alpha-SJF and alpha-SJFW relative to FR-FCFS, for
 * alpha 0.25, 0.5, 0.75 and 1, with the geometric mean. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"
#include "plots/summary.h"

#define NALPHA 4
static const double alphas[NALPHA] = {0.25, 0.5, 0.75, 1.0};

static void fill(const bwm_pl_results *r, bwm_panel *p, const char *sched)
{
    for (int a = 0; a < NALPHA; a++) {
        char name[BWM_CHART_LABEL];
        snprintf(name, sizeof name, "alpha = %g", alphas[a]);
        bwm_panel_series(p, name);
    }
    double logs[NALPHA] = {0};
    size_t count[NALPHA] = {0};
    for (size_t i = 0; i < r->nruns; i++) {
        const bwm_pl_run *x = &r->runs[i];
        if (strcmp(x->exp, "asjf") != 0 || strcmp(x->sched, sched) != 0)
            continue;
        int g = -1;
        for (size_t k = 0; k < p->ngroups; k++)
            if (strcmp(p->group[k], x->workload) == 0)
                g = (int)k;
        if (g < 0 && (g = bwm_panel_group(p, x->workload)) < 0)
            continue;
        for (int a = 0; a < NALPHA; a++)
            if (fabs(x->alpha - alphas[a]) < 1e-9 && isfinite(x->it_norm) && x->it_norm > 0) {
                p->y[g][a] = x->it_norm;
                logs[a] += log(x->it_norm);
                count[a]++;
            }
    }
    int g = bwm_panel_group(p, "GM");
    for (int a = 0; g >= 0 && a < NALPHA; a++)
        p->y[g][a] = count[a] ? exp(logs[a] / (double)count[a]) : NAN;
    p->yref = 1;
    p->zoom = 1;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    if (bwm_pl_count(r, "asjf") == 0)
        return bwm_fail(err, BWM_EINPUT, "no alpha-SJF run");
    snprintf(c->title, sizeof c->title,
             "Paper 004, Fig. 1: IPC of alpha-SJF and alpha-SJFW relative to FR-FCFS (whole GPU, one application)");
    c->width = 1300;
    c->height = 900;
    c->vertical = 1;
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) alpha-SJF (writes after reads)", "",
                                   "IPC relative to FR-FCFS");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) alpha-SJFW (reads and writes equal)", "application",
                                   "IPC relative to FR-FCFS");
    fill(r, a, "asjf");
    fill(r, b, "asjfw");
    return BWM_OK;
}

const bwm_figure bwm_fig_asjf = {"asjf", "paper 004, Fig. 1",
                                 "alpha-SJF and alpha-SJFW on each application alone, for four values of alpha, "
                                 "relative to FR-FCFS.",
                                 build};
