/* results_pfit.c — fit_policy_apps.csv of a study folder (or its table in
 * memory) into its results (see results.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/results.h"
#include "util/grow.h"

typedef struct pfit_loader {
    bwm_pl_results *r;
    size_t cap;
    int engine;                         /* the file has the engine column (the last one asked for) */
} pfit_loader;

static int pfit_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    pfit_loader *l = ctx;
    bwm_pl_pfit *g = bwm_grow(l->r->pfit, &l->cap, l->r->npfit, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->pfit = g;
    bwm_pl_pfit *p = &g[l->r->npfit++];
    memset(p, 0, sizeof *p);
    snprintf(p->workload, sizeof p->workload, "%s", bwm_csv_field(c, idx[0]));
    snprintf(p->sched, sizeof p->sched, "%s", bwm_csv_field(c, idx[1]));
    snprintf(p->app, sizeof p->app, "%s", bwm_csv_field(c, idx[2]));
    snprintf(p->engine, sizeof p->engine, "%s", l->engine ? bwm_csv_field(c, idx[5]) : "paper");
    int st = bwm_csv_double_or_nan(c, idx[3], &p->ipc_sim, err);
    return st == BWM_OK ? bwm_csv_double_or_nan(c, idx[4], &p->ipc_model, err) : st;
}

int bwm_pl_load_pfit(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    static const char *const cols[] = {"workload", "sched", "app", "ipc_sim", "ipc_model", "engine"};
    if (!bwm_pl_has(s, "fit_policy_apps"))
        return BWM_OK;
    pfit_loader l = {r, 0, bwm_pl_has_col(s, "fit_policy_apps", "engine")};
    return bwm_pl_each_row(s, "fit_policy_apps", cols, l.engine ? 6 : 5, pfit_row, &l, err);
}
