/* fig_stages.c — where the time goes (not a figure of the papers): for
 * each of paper 000's named pairs the study ran, each application's loads'
 * time per stage (sim/mem/req_life.h) in core cycles per load, alone on its
 * SM share beside paired under FR-FCFS, as stacked bars. */
#include <stdio.h>
#include <string.h>

#include "plots/figure.h"
#include "plots/stages.h"

/* Paper 000's pairs named in its text and figures (Secs. 4 and 8). */
static const char *const pairs[] = {"BLK_QTC", "BLK_GUPS", "BLK_NN", "HISTO_TRD", "NW_FWT",
                                    "BLK_MUM", "BLK_LUH",  "NW_SCP", "QTC_SCP"};
static const char *const columns[] = {BWM_STAGE_COLUMNS};

/* One bar: app's stages, or nothing when a is NULL. */
static void bar(bwm_panel *p, const char *label, const bwm_pl_app *a)
{
    int g = bwm_panel_group(p, label);
    for (int s = 0; g >= 0 && a && s < BWM_STAGE_COUNT; s++)
        p->y[g][s] = a->stage[BWM_PL_STAGE(s)];
}

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    snprintf(c->title, sizeof c->title, "Where the loads' time goes: alone on the SM share and paired (FR-FCFS)");
    c->width = 1800;
    c->height = 700;
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_STACKED, "", "pair: application alone | paired",
                                   "core cycles per L1D-missing load");
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        bwm_panel_series(p, columns[BWM_PL_STAGE(s)] + strlen("lat_"));
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        const bwm_pl_run *x = bwm_pl_find(r, "main", pairs[k], "frfcfs");
        for (size_t a = 0; x && a < x->napps; a++) {
            char label[BWM_CHART_LABEL];
            snprintf(label, sizeof label, "%s %s alone", pairs[k], x->app[a].app);
            bar(p, label, bwm_pl_alone_of(r, x->app[a].app, x->app[a].sms));
            snprintf(label, sizeof label, "%s %s paired", pairs[k], x->app[a].app);
            bar(p, label, &x->app[a]);
        }
    }
    if (p->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "none of paper 000's named pairs (BLK_QTC, ...) ran under frfcfs");
    return BWM_OK;
}

const bwm_figure bwm_fig_stages = {
    "fig_stages", "where the time goes (not in the papers)",
    "Each load's time per stage, alone on the SM share beside paired under FR-FCFS, for paper 000's named "
    "pairs: the stages that grow are where the slowdown comes from.",
    build};
