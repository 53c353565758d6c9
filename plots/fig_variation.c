/* fig_variation.c — paper 003, Fig. 9: each application's time on one of
 * the partitions, normalised to parts times its time alone on the whole
 * GPU, with the other partitions idle (none) and beside each interferer,
 * under compute (CP) and compute-and-memory (CMP) partitioning.  1 is a
 * partition as fast as its share of the GPU; a bar above its partitioning's
 * none bar is interference (the tallest over none is the variation). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/fig_util.h"
#include "plots/figure.h"

/* "CP_none", "CMP_VA", ...: the paper's legend. */
static int series_of(bwm_panel *p, const char *partitioning, const char *interferer)
{
    char name[BWM_CHART_LABEL];
    snprintf(name, sizeof name, "%s_%s", strcmp(partitioning, "cmp") == 0 ? "CMP" : "CP", interferer);
    return bwm_fig_series_named(p, name);
}

static void bar(bwm_panel *p, const char *partitioning, const char *app, const char *interferer, double t,
                double norm)
{
    int s = series_of(p, partitioning, interferer), g = bwm_fig_group_named(p, app);
    if (s >= 0 && g >= 0)
        p->y[g][s] = isfinite(norm) ? t / norm : NAN;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    if (r->nvar == 0)
        return bwm_fail(err, BWM_EINPUT, "no variation run (a study folder from before the variation experiment)");
    snprintf(c->title, sizeof c->title, "Paper 003, Fig. 9: time on 1 of %d partitions over %d x the time on the "
             "whole GPU", r->var[0].parts, r->var[0].parts);
    c->width = 1300;
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, "<partitioning>_<application on the other partitions>",
                                   "application", "normalised time");
    static const char *const partitionings[] = {"cp", "cmp"}; /* CP's bars first, as in the paper */
    for (size_t h = 0; h < 2; h++)
        for (size_t k = 0; k < r->nvar; k++) {
            const bwm_pl_variation *v = &r->var[k];
            const char *how = partitionings[h];
            if (strcmp(v->partitioning, how) != 0)
                continue;
            double norm = v->t_whole > 0 ? v->parts * v->t_whole : NAN; /* parts x T_whole */
            bar(p, how, v->app, "none", v->t_alone, norm);
            for (size_t i = 0; i < r->nvar_runs; i++) {
                const bwm_pl_variation_run *x = &r->var_runs[i];
                if (strcmp(x->partitioning, how) == 0 && strcmp(x->app, v->app) == 0)
                    bar(p, how, v->app, x->interferer, x->cycles, norm);
            }
        }
    p->yref = 1;
    return BWM_OK;
}

const bwm_figure bwm_fig_variation = {"variation", "paper 003, Fig. 9",
                                      "Each application's time on one of two partitions over twice its time on "
                                      "the whole GPU, alone (none) and beside MM, FWT and VA copies, under CP "
                                      "(SMs split, memory shared) and CMP (SMs and page colours split).",
                                      build};
