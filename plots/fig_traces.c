/* fig_traces.c — the study's traced experiment (study/exp_traces.c): (a)
 * each traced application's slowdown under FR-FCFS beside its synthetic
 * stand-in's in the same pair of stand-ins; (b) IT under ITS over FR-FCFS
 * per traced pair, beside the stand-in pair's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"
#include "plots/fig_util.h"

/* The stand-in pair's run of traced run t (workload_id sI.K for tI.K) under sched, or NULL. */
static const bwm_pl_run *twin(const bwm_pl_results *r, const bwm_pl_run *t, const char *sched)
{
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "traces") == 0 && x->workload_id[0] == 's' &&
            strcmp(x->workload_id + 1, t->workload_id + 1) == 0 && strcmp(x->sched, sched) == 0)
            return x;
    }
    return NULL;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) slowdown under FR-FCFS", "pair i.k: application (1 = trace i, 2 = trace k)",
                                   "IPC together / IPC alone");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) ITS against FR-FCFS", "pair", "IT normalised to FR-FCFS");
    snprintf(c->title, sizeof c->title, "Traced pairs beside their synthetic stand-in pairs");
    bwm_panel_series(a, "traced");
    bwm_panel_series(a, "stand-ins");
    bwm_panel_series(b, "traced");
    bwm_panel_series(b, "stand-ins");
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *t = &r->runs[k];
        if (strcmp(t->exp, "traces") != 0 || t->workload_id[0] != 't' || strcmp(t->sched, "frfcfs") != 0)
            continue;
        const bwm_pl_run *s = twin(r, t, "frfcfs");
        for (size_t i = 0; i < t->napps; i++) {
            char label[48];
            snprintf(label, sizeof label, "%s:%zu", t->workload_id + 1, i + 1);
            int g = bwm_panel_group(a, label);
            a->y[g][0] = t->app[i].sd;
            a->y[g][1] = s && i < s->napps ? s->app[i].sd : NAN;
        }
        const bwm_pl_run *ti = bwm_pl_find(r, "traces", t->workload, "its"), *si = twin(r, t, "its");
        int g = bwm_panel_group(b, t->workload_id + 1);
        b->y[g][0] = ti ? ti->it_norm : NAN;
        b->y[g][1] = si ? si->it_norm : NAN;
    }
    if (a->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "no traced pair was run");
    a->yref = 1;
    a->ymin = 0.8;
    a->ymax = 1.05;
    b->yref = 1;
    b->zoom = 1;
    return BWM_OK;
}

const bwm_figure bwm_fig_traces = {"traces", "traced applications beside synthetic stand-ins (study, \"Traced applications\")",
                                   "Traced pairs (pair i.k: traces i and k, in --traces order) against the same pairs of their "
                                   "synthetic stand-ins: slowdowns under FR-FCFS, and ITS's IT gain.",
                                   build};
