/* compare.c — all policies on one workload (see compare.h). */
#include "model/compare.h"

#include <stdio.h>

static const char *const fixed_policies[BWM_COMPARE_FIXED_POLICIES] = {
    "prior-low-mpki", "prior-low-bw", "weis", "rr", "frfcfs", "opt-it", "opt-ws", "opt-hs",
};

typedef struct sharer {
    bwm_share_fn share;
    const void *ctx;
} sharer;

static int evaluate(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, const sharer *by,
                    const double *perf_alone, bwm_policy_result *r, bwm_err *err)
{
    bwm_policy_name(p, r->name, sizeof r->name);
    by->share(p, apps, n, peak, by->ctx, r->bw);
    for (size_t i = 0; i < n; i++)
        r->perf[i] = bwm_app_perf(&apps[i], r->bw[i]);
    return bwm_metrics_eval(r->perf, perf_alone, n, r->sd, &r->m, err);
}

static void paper_share(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, const void *ctx, double *bw)
{
    (void)ctx;
    bwm_share(p, apps, n, peak, bw);
}

int bwm_compare(const bwm_app *apps, size_t n, double peak, bwm_comparison *c, bwm_err *err)
{
    return bwm_compare_by(apps, n, peak, paper_share, NULL, c, err);
}

int bwm_compare_by(const bwm_app *apps, size_t n, double peak, bwm_share_fn share, const void *ctx,
                   bwm_comparison *c, bwm_err *err)
{
    const sharer by = {share, ctx};
    if (n > BWM_COMPARE_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications given; comparisons take at most %d",
                        n, BWM_COMPARE_MAX_APPS);
    int st = bwm_apps_check(apps, n, peak, err);
    if (st != BWM_OK)
        return st;
    c->n = n;
    c->peak = peak;
    for (size_t i = 0; i < n; i++)
        c->perf_alone[i] = bwm_app_perf_alone(&apps[i]);
    c->npolicies = 0;
    bwm_policy p;
    for (size_t k = 1; k <= n && st == BWM_OK; k++) {
        char name[32];
        snprintf(name, sizeof name, "prior-%zu", k);
        st = bwm_policy_parse(name, n, &p, err);
        if (st == BWM_OK)
            st = evaluate(&p, apps, n, peak, &by, c->perf_alone, &c->r[c->npolicies++], err);
    }
    const double *operating = NULL;
    for (size_t k = 0; k < BWM_COMPARE_FIXED_POLICIES && st == BWM_OK; k++) {
        st = bwm_policy_parse(fixed_policies[k], n, &p, err);
        if (st == BWM_OK)
            st = evaluate(&p, apps, n, peak, &by, c->perf_alone, &c->r[c->npolicies], err);
        if (p.kind == BWM_POL_FRFCFS)
            operating = c->r[c->npolicies].bw;
        c->npolicies++;
    }
    if (st != BWM_OK)
        return st;
    c->operating_point = "frfcfs";
    bwm_transfer_eval(apps, n, peak, operating, &c->transfer);
    return BWM_OK;
}
