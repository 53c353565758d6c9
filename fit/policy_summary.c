/* policy_summary.c — the policy fit per workload class (see
 * policy_summary.h). */
#include "fit/policy_summary.h"

#include <math.h>
#include <string.h>

/* A mean of the finite values added. */
typedef struct mean_acc {
    double sum;
    size_t n;
} mean_acc;

static void add(mean_acc *a, double v)
{
    if (isfinite(v)) {
        a->sum += v;
        a->n++;
    }
}

static double mean(const mean_acc *a)
{
    return a->n ? a->sum / (double)a->n : NAN;
}

typedef struct group_acc {
    size_t count;
    mean_acc bw, ipc, mare[BWM_PM_COUNT], agree[BWM_PM_COUNT], agree_decisive[BWM_PM_COUNT], rho[BWM_PM_COUNT];
} group_acc;

static void add_result(group_acc *g, const bwm_pfit_result *r)
{
    g->count++;
    for (size_t k = 0; k < r->nsched; k++) {
        for (size_t i = 0; i < r->n; i++) {
            add(&g->bw, fabs(r->s[k].bw_err[i])); /* MARE: mean of |err| */
            add(&g->ipc, fabs(r->s[k].ipc_err[i]));
        }
        for (int m = 0; m < BWM_PM_COUNT; m++)
            add(&g->mare[m], fabs(r->s[k].err[m]));
    }
    for (int m = 0; m < BWM_PM_COUNT; m++) {
        add(&g->agree[m], r->agree[m] < 0 ? NAN : r->agree[m]);
        if (r->margin_sim[m] > BWM_PFIT_DECISIVE)
            add(&g->agree_decisive[m], r->agree[m] < 0 ? NAN : r->agree[m]);
        add(&g->rho[m], r->rho[m]);
    }
}

static void finish(const group_acc *g, const char *name, bwm_pfit_summary *s)
{
    s->group = name;
    s->count = g->count;
    s->mare_bw = mean(&g->bw);
    s->mare_ipc = mean(&g->ipc);
    for (int m = 0; m < BWM_PM_COUNT; m++) {
        s->mare[m] = mean(&g->mare[m]);
        s->agree[m] = mean(&g->agree[m]);
        s->decisive[m] = g->agree_decisive[m].n;
        s->agree_decisive[m] = mean(&g->agree_decisive[m]);
        s->rho[m] = mean(&g->rho[m]);
    }
}

void bwm_pfit_summarise(const bwm_pfit_result *r, size_t n, bwm_pfit_summary out[BWM_PG_COUNT])
{
    static const char *const names[BWM_PG_COUNT] = {"all", "A-MPKI", "B-MPKI", "C-MPKI", "A-BW", "B-BW", "C-BW"};
    group_acc g[BWM_PG_COUNT];
    memset(g, 0, sizeof g);
    for (size_t w = 0; w < n; w++) {
        add_result(&g[BWM_PG_ALL], &r[w]);
        add_result(&g[BWM_PG_MPKI_A + (int)r[w].classes.mpki], &r[w]);
        add_result(&g[BWM_PG_BW_A + (int)r[w].classes.bw], &r[w]);
    }
    for (int k = 0; k < BWM_PG_COUNT; k++)
        finish(&g[k], names[k], &out[k]);
}

void bwm_pfit_summarise_napps(const bwm_pfit_result *r, size_t n, size_t napps, const char *group,
                              bwm_pfit_summary *out)
{
    group_acc g;
    memset(&g, 0, sizeof g);
    for (size_t w = 0; w < n; w++)
        if (napps == 0 || r[w].n == napps)
            add_result(&g, &r[w]);
    finish(&g, group, out);
}
