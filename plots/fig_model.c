/* fig_model.c — the closed-form models against the simulation
 * (fit_policy_apps.csv, REPORT.md's "The model against the simulation"):
 * each application's slowdown (ipc / ipc alone) in every pair (a) and
 * triple (b) under every scheduler of the policy fit, predicted (y) against
 * simulated (x), one marker per model: paper 000's and, when the study
 * fitted it, the queueing model.  On the diagonal a model is exact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"

/* The policy fit's run of workload under sched (main, prior or three), or NULL. */
static const bwm_pl_run *fit_run(const bwm_pl_results *r, const char *workload, const char *sched)
{
    static const char *const exps[] = {"main", "prior", "three"};
    for (size_t k = 0; k < sizeof exps / sizeof exps[0]; k++) {
        const bwm_pl_run *x = bwm_pl_find(r, exps[k], workload, sched);
        if (x)
            return x;
    }
    return NULL;
}

static double top_of(const bwm_panel *p)
{
    double hi = 1.05;
    for (size_t g = 0; g < p->ngroups; g++)
        for (size_t s = 0; s < p->nseries; s++) {
            if (isfinite(p->x[g][s]))
                hi = fmax(hi, p->x[g][s]);
            if (isfinite(p->y[g][s]))
                hi = fmax(hi, p->y[g][s]);
        }
    return ceil(hi * 10) / 10;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    c->width = 1100;
    c->height = 600;
    bwm_panel *pn[2] = {
        bwm_chart_panel(c, BWM_CHART_SCATTER, "(a) pairs", "simulated slowdown (IPC together / IPC alone)",
                        "predicted slowdown"),
        bwm_chart_panel(c, BWM_CHART_SCATTER, "(b) triples", "simulated slowdown (IPC together / IPC alone)",
                        "predicted slowdown")};
    int queueing = 0;
    for (size_t k = 0; k < r->npfit; k++)
        queueing |= strcmp(r->pfit[k].engine, "queueing") == 0;
    snprintf(c->title, sizeof c->title, "Each application's slowdown, predicted against simulated: paper 000's model%s",
             queueing ? " and the queueing model" : "");
    for (int p = 0; p < 2; p++) {
        bwm_panel_series(pn[p], "paper 000's model");
        if (queueing)
            bwm_panel_series(pn[p], "queueing model");
    }
    size_t drawn = 0;
    int g[2] = {-1, -1};
    for (size_t k = 0; k < r->npfit; k++) {
        const bwm_pl_pfit *f = &r->pfit[k];
        const bwm_pl_run *x = fit_run(r, f->workload, f->sched);
        size_t i = 0;
        while (x && i < x->napps && strcmp(x->app[i].app, f->app) != 0)
            i++;
        if (!x || i == x->napps || x->napps < 2 || x->napps > 3 || !(x->app[i].ipc_alone > 0))
            continue;
        int p = x->napps == 2 ? 0 : 1, s = strcmp(f->engine, "queueing") == 0;
        const bwm_pl_pfit *prev = k ? &r->pfit[k - 1] : NULL;
        int same = prev && g[p] >= 0 && strcmp(prev->workload, f->workload) == 0 &&
                   strcmp(prev->sched, f->sched) == 0 && strcmp(prev->app, f->app) == 0;
        if (!same) { /* a new application of a run: the models' rows of one follow each other */
            char label[BWM_CHART_LABEL];
            snprintf(label, sizeof label, "%.20s %.14s %.10s", f->workload, f->sched, f->app);
            if ((g[p] = bwm_panel_group(pn[p], label)) < 0)
                continue; /* full: the rest are left out */
        }
        pn[p]->x[g[p]][s] = f->ipc_sim / x->app[i].ipc_alone;
        pn[p]->y[g[p]][s] = f->ipc_model / x->app[i].ipc_alone;
        drawn++;
    }
    if (drawn == 0)
        return bwm_fail(err, BWM_EINPUT, "no policy fit of a pair or triple (fit_policy_apps.csv is empty or absent)");
    for (int p = 0; p < 2; p++) {
        pn[p]->ymin = 0;
        pn[p]->ymax = top_of(pn[p]);
    }
    return BWM_OK;
}

const bwm_figure bwm_fig_model = {"model", "the closed-form models against the simulation (study)",
                                  "Each application's slowdown in every pair and triple under every scheduler with a "
                                  "closed form, as paper 000's model and the queueing model predict it (y) against "
                                  "the simulation (x); on the dashed diagonal a model is exact.",
                                  build};
