/* policy_fit.c — a workload's schedulers, model against simulation (see
 * policy_fit.h). */
#include "fit/policy_fit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/rank_corr.h"
#include "fit/sched_policy.h"
#include "model/metrics.h"
#include "model/share.h"
#include "model/transfer.h"

const char *bwm_pfit_metric_name(bwm_pfit_metric m)
{
    static const char *const names[BWM_PM_COUNT] = {"it", "ws", "hs"};
    return names[m];
}

double bwm_rel_err(double model, double sim)
{
    if (!isfinite(model) || !isfinite(sim) || sim == 0)
        return NAN;
    return fabs(model - sim) / fabs(sim);
}

static int check_input(const bwm_pfit_input *in, bwm_app *apps, bwm_err *err)
{
    if (in->n < 2 || in->n > BWM_PFIT_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications: the policy fit compares 2 or 3", in->n);
    if (in->nsched < 1 || in->nsched > BWM_PFIT_MAX_SCHEDS)
        return bwm_fail(err, BWM_EINPUT, "%zu schedulers: give 1 to %d", in->nsched, BWM_PFIT_MAX_SCHEDS);
    for (size_t i = 0; i < in->n; i++) {
        const bwm_pfit_alone *a = &in->alone[i];
        apps[i] = (bwm_app){a->mpki, a->bw, 0};
        if (!isfinite(a->ipc) || a->ipc <= 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: ipc alone must be > 0 (got %g)", i + 1, a->ipc);
        if (!(a->row_hit_rate >= 0 && a->row_hit_rate <= 1))
            return bwm_fail(err, BWM_EINPUT, "application %zu: row_hit_rate must be in [0, 1] (got %g)", i + 1,
                            a->row_hit_rate);
    }
    bwm_err sub;
    if (bwm_apps_check(apps, in->n, in->peak, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "alone profile: %s", sub.msg);
    for (size_t k = 0; k < in->nsched; k++)
        for (size_t i = 0; i < in->n; i++)
            if (!(in->sim[k].bw[i] >= 0 && in->sim[k].ipc[i] >= 0 && isfinite(in->sim[k].bw[i]) &&
                  isfinite(in->sim[k].ipc[i])))
                return bwm_fail(err, BWM_EINPUT, "scheduler %s, application %zu: simulated bw and ipc must be "
                                "finite and >= 0", in->sim[k].sched, i + 1);
    return BWM_OK;
}

/* it, ws, hs of ipc against the alone ipc (inputs already checked). */
static void metrics_of(const double *ipc, const bwm_pfit_alone *alone, size_t n, double *v)
{
    double ipc_alone[BWM_PFIT_MAX_APPS];
    for (size_t i = 0; i < n; i++)
        ipc_alone[i] = alone[i].ipc;
    bwm_metrics m;
    bwm_metrics_eval(ipc, ipc_alone, n, NULL, &m, NULL);
    v[BWM_PM_IT] = m.it;
    v[BWM_PM_WS] = m.ws;
    v[BWM_PM_HS] = m.hs;
}

/* The model's side of one scheduler, and the errors against the simulation. */
static int fit_sched(const bwm_pfit_input *in, const bwm_app *base, const bwm_pfit_sim *sim, bwm_pfit_sched *s,
                     bwm_err *err)
{
    bwm_policy p;
    int st = bwm_sched_policy(sim->sched, in->n, &p, err);
    if (st != BWM_OK)
        return st;
    bwm_app apps[BWM_PFIT_MAX_APPS];
    int rbl = p.kind == BWM_POL_RR;
    for (size_t i = 0; i < in->n; i++) {
        apps[i] = base[i];
        if (rbl)
            apps[i].rbl = bwm_rbl_of_hit_rate(in->alone[i].row_hit_rate);
        rbl &= apps[i].rbl > 0; /* one unknown locality: share() falls back to the equal split */
    }
    memset(s, 0, sizeof *s);
    snprintf(s->sched, sizeof s->sched, "%s", sim->sched);
    bwm_policy_name(&p, s->form, sizeof s->form - 4);
    if (rbl)
        strcat(s->form, "+rbl");
    bwm_share(&p, apps, in->n, in->peak, s->bw_model);
    for (size_t i = 0; i < in->n; i++) {
        s->bw_sim[i] = sim->bw[i];
        s->ipc_sim[i] = sim->ipc[i];
        s->ipc_model[i] = in->alone[i].ipc * s->bw_model[i] / in->alone[i].bw;
        s->bw_err[i] = bwm_rel_err(s->bw_model[i], s->bw_sim[i]);
        s->ipc_err[i] = bwm_rel_err(s->ipc_model[i], s->ipc_sim[i]);
    }
    metrics_of(s->ipc_sim, in->alone, in->n, s->sim);
    metrics_of(s->ipc_model, in->alone, in->n, s->model);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        s->err[m] = bwm_rel_err(s->model[m], s->sim[m]);
    return BWM_OK;
}

/* The 1-based application whose static priority gives the best simulated
 * metric m; 0 if some prior-K was not run or the best is tied. */
static int best_priority(const bwm_pfit_result *r, int m)
{
    int best = 0, tie = 0;
    double top = -INFINITY;
    for (size_t k = 1; k <= r->n; k++) {
        char name[BWM_PFIT_NAME];
        snprintf(name, sizeof name, "prior-%zu", k);
        size_t j = 0;
        while (j < r->nsched && strcmp(r->s[j].sched, name) != 0)
            j++;
        if (j == r->nsched)
            return 0;
        double v = r->s[j].sim[m];
        if (v > top) {
            top = v;
            best = (int)k;
            tie = 0;
        } else if (v == top) {
            tie = 1;
        }
    }
    return tie ? 0 : best;
}

static void favour_and_rank(const bwm_pfit_input *in, const bwm_app *apps, bwm_pfit_result *r)
{
    static const bwm_metric_id mv[BWM_PM_COUNT] = {BWM_MV_IT, BWM_MV_WS, BWM_MV_HS};
    bwm_policy frfcfs;
    bwm_policy_parse("frfcfs", in->n, &frfcfs, NULL);
    double bw[BWM_PFIT_MAX_APPS];
    bwm_share(&frfcfs, apps, in->n, in->peak, bw);
    bwm_transfer t;
    bwm_transfer_eval(apps, in->n, in->peak, bw, &t);
    r->bandwidth_bound = t.bandwidth_bound;
    for (int m = 0; m < BWM_PM_COUNT; m++) {
        r->favour_model[m] = t.favour[mv[m]];
        r->favour_sim[m] = best_priority(r, m);
        r->agree[m] = r->favour_model[m] && r->favour_sim[m] ? r->favour_model[m] == r->favour_sim[m] : -1;
        double x[BWM_PFIT_MAX_SCHEDS], y[BWM_PFIT_MAX_SCHEDS];
        for (size_t k = 0; k < r->nsched; k++) {
            x[k] = r->s[k].model[m];
            y[k] = r->s[k].sim[m];
        }
        r->rho[m] = bwm_spearman(x, y, r->nsched);
    }
}

int bwm_policy_fit(const bwm_pfit_input *in, bwm_pfit_result *out, bwm_err *err)
{
    bwm_app apps[BWM_PFIT_MAX_APPS];
    int st = check_input(in, apps, err);
    if (st != BWM_OK)
        return st;
    memset(out, 0, sizeof *out);
    out->n = in->n;
    out->nsched = in->nsched;
    double mpki[BWM_PFIT_MAX_APPS], bw_frac[BWM_PFIT_MAX_APPS];
    for (size_t i = 0; i < in->n; i++) {
        mpki[i] = in->alone[i].mpki;
        bw_frac[i] = in->alone[i].bw / in->peak;
    }
    out->classes = bwm_classify(mpki, bw_frac, in->n);
    for (size_t k = 0; k < in->nsched; k++)
        if ((st = fit_sched(in, apps, &in->sim[k], &out->s[k], err)) != BWM_OK)
            return st;
    favour_and_rank(in, apps, out);
    return BWM_OK;
}
