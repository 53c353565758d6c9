/* fig_batching.c — paper 002, Figs. 10, 12 and 13 as one chart: each
 * application's IPC, row-buffer hit rate, bank-level parallelism and DRAM
 * energy per access under each design over the same under the baseline
 * design (plots/batch_summary.h), one bar per design, then the GMs of the
 * batch-friendly applications, the controls and all; the baseline is the
 * dashed line at 1, named; the x label is under the last panel. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/batch_summary.h"
#include "plots/fig_util.h"
#include "plots/figure.h"

static const struct {
    bwm_pl_bm m;
    const char *title, *ylabel;
} panels[] = {
    {BWM_BM_IPC, "IPC (Fig. 10)", "IPC over the baseline"},
    {BWM_BM_ROW_HIT_RATE, "row-buffer hit rate (Fig. 12)", "RBHR over the baseline"},
    {BWM_BM_BLP, "bank-level parallelism (Fig. 12)", "BLP over the baseline"},
    {BWM_BM_ENERGY_PER_ACCESS, "DRAM energy per access (Fig. 13)", "energy over the baseline"},
};
#define NPANELS (sizeof panels / sizeof panels[0])
#define XLABEL "application (each alone on the GPU), then the GM of each set of applications"

static void bar(bwm_panel *p, const char *group, const char *design, double v)
{
    int g = bwm_fig_group_named(p, group), s = bwm_fig_series_named(p, design);
    if (g >= 0 && s >= 0)
        p->y[g][s] = v;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    if (r->nbatch == 0)
        return bwm_fail(err, BWM_EINPUT, "no thread-batching run (a study folder from before the batch experiment)");
    snprintf(c->title, sizeof c->title, "Paper 002, Figs. 10, 12, 13: each design over the baseline, per "
             "application and GM");
    c->vertical = 1;
    c->width = 1100;
    c->height = 1500;
    bwm_pl_batch_point pts[BWM_PL_BATCH_MAX_POINTS];
    size_t np = bwm_pl_batch_points(r, pts, BWM_PL_BATCH_MAX_POINTS);
    for (size_t k = 0; k < NPANELS; k++) {
        /* the x label under the last panel: the panels share their groups */
        bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, panels[k].title, k + 1 == NPANELS ? XLABEL : "",
                                       panels[k].ylabel);
        p->yref = 1;
        snprintf(p->yref_label, sizeof p->yref_label, "baseline");
        for (size_t i = 0; i < r->nbatch; i++) {
            const bwm_pl_batch *b = &r->batch[i];
            if (strcmp(b->design, BWM_PL_BATCH_BASELINE) != 0)
                bar(p, b->app, b->design, bwm_pl_batch_ratio(r, b, panels[k].m));
        }
        static const int sets[] = {BWM_PL_BATCH_FRIENDLY, BWM_PL_BATCH_CONTROLS, BWM_PL_BATCH_ALL};
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
            for (size_t i = 0; i < np; i++) {
                char group[BWM_CHART_LABEL];
                snprintf(group, sizeof group, "GM %s", bwm_pl_batch_set_name(sets[s]));
                if (pts[i].set == sets[s] && strcmp(pts[i].design, BWM_PL_BATCH_BASELINE) != 0)
                    bar(p, group, pts[i].design, pts[i].gm_ratio[panels[k].m]);
            }
    }
    return BWM_OK;
}

const bwm_figure bwm_fig_batching = {"batching", "paper 002, Figs. 10, 12 and 13",
                                     "Each thread-batching design's IPC, row-buffer hit rate, bank-level "
                                     "parallelism and DRAM energy per access over the baseline's (dashed line) for "
                                     "each application alone on the GPU, and their GMs over the batch-friendly "
                                     "applications (pattern cta), the controls and all.",
                                     build};
