/* fig_translation.c — thesis 001, Table 6.3 as a chart: each translation
 * design's performance relative to its group's Ideal (plots/xlat_summary.h,
 * in %), by the number of applications sharing the GPU, one bar per design;
 * one panel per group of designs (study/xlat_designs.h: MASK's, and
 * Mosaic's when it has runs), Ideal itself being the dashed line at 100,
 * named; the panels share one y range, which holds the line. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/fig_util.h"
#include "plots/figure.h"
#include "plots/xlat_summary.h"

static int group_of(bwm_panel *p, size_t napps)
{
    char label[BWM_CHART_LABEL];
    snprintf(label, sizeof label, "%zu app%s", napps, napps == 1 ? "" : "s");
    return bwm_fig_group_named(p, label);
}

/* The panel of a group of designs, added on its first point; NULL when
 * the chart has no room for another. */
static bwm_panel *panel_of(bwm_chart *c, const char *group /* at most 15 characters */)
{
    for (size_t k = 0; k < c->npanels; k++)
        if (strstr(c->panel[k].title, group) == c->panel[k].title)
            return &c->panel[k];
    if (c->npanels == BWM_CHART_MAX_PANELS)
        return NULL;
    char title[128];
    snprintf(title, sizeof title, "%.15s designs", group);
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, title, "applications sharing the GPU",
                                   "performance relative to Ideal (%)");
    p->yref = 100;
    snprintf(p->yref_label, sizeof p->yref_label, "Ideal");
    return p;
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    bwm_pl_xlat_point pts[BWM_PL_XLAT_MAX_POINTS];
    size_t n = bwm_pl_xlat_points(r, pts, BWM_PL_XLAT_MAX_POINTS);
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no translation run (a study folder from before the translation experiment)");
    snprintf(c->title, sizeof c->title, "Thesis 001, Table 6.3 and Figs. 7.8-7.9: weighted speedup relative to Ideal "
             "(GM over workloads)");
    for (size_t napps = 1; napps <= BWM_PL_MAX_APPS; napps++) /* groups in order of size */
        for (size_t k = 0; k < n; k++) {
            bwm_panel *p = pts[k].napps == napps ? panel_of(c, pts[k].group) : NULL;
            if (!p || strcmp(pts[k].name, "ideal") == 0)
                continue;
            int g = group_of(p, napps), s = bwm_fig_series_named(p, pts[k].name);
            if (g >= 0 && s >= 0)
                p->y[g][s] = isfinite(pts[k].rel_ideal) ? 100 * pts[k].rel_ideal : NAN;
        }
    bwm_chart_same_y(c); /* the panels compare alike, and Ideal's line is inside both */
    return BWM_OK;
}

const bwm_figure bwm_fig_translation = {"translation", "thesis 001, Table 6.3",
                                        "Each translation design's weighted speedup relative to Ideal's on the same "
                                        "workload (both over the applications' alone IPCs under SharedTLB), GM over "
                                        "the workloads of 1 to 4 applications; the dashed line is Ideal.",
                                        build};
