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
    return (model - sim) / fabs(sim);
}

#define IDLE ((size_t)-1)

/* The applications that take part in the sharing (with DRAM traffic alone),
 * as the model sees them. */
typedef struct active_set {
    size_t n;
    size_t idx[BWM_PFIT_MAX_APPS];      /* their positions in the workload */
    size_t pos[BWM_PFIT_MAX_APPS];      /* position among them, IDLE for the others */
    bwm_app apps[BWM_PFIT_MAX_APPS];
} active_set;

static int check_app(const bwm_pfit_alone *a, size_t i, double peak, bwm_err *err)
{
    if (!isfinite(a->ipc) || a->ipc <= 0)
        return bwm_fail(err, BWM_EINPUT, "application %zu: ipc alone must be > 0 (got %g)", i + 1, a->ipc);
    if (!isfinite(a->mpki) || a->mpki < 0)
        return bwm_fail(err, BWM_EINPUT, "application %zu: mpki alone must be >= 0 (got %g)", i + 1, a->mpki);
    if (!isfinite(a->bw) || a->bw < 0)
        return bwm_fail(err, BWM_EINPUT, "application %zu: bw alone must be >= 0 (got %g)", i + 1, a->bw);
    if (a->bw > peak)
        return bwm_fail(err, BWM_EINPUT, "application %zu: bw alone %g exceeds the peak bandwidth %g", i + 1,
                        a->bw, peak);
    if (!(a->row_hit_rate >= 0 && a->row_hit_rate <= 1))
        return bwm_fail(err, BWM_EINPUT, "application %zu: row_hit_rate must be in [0, 1] (got %g)", i + 1,
                        a->row_hit_rate);
    return BWM_OK;
}

static int check_input(const bwm_pfit_input *in, active_set *set, bwm_err *err)
{
    if (in->n < 2 || in->n > BWM_PFIT_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications: the policy fit compares 2 or 3", in->n);
    if (in->nsched < 1 || in->nsched > BWM_PFIT_MAX_SCHEDS)
        return bwm_fail(err, BWM_EINPUT, "%zu schedulers: give 1 to %d", in->nsched, BWM_PFIT_MAX_SCHEDS);
    if (!isfinite(in->peak) || in->peak <= 0)
        return bwm_fail(err, BWM_EINPUT, "peak bandwidth must be > 0 (got %g)", in->peak);
    set->n = 0;
    for (size_t i = 0; i < in->n; i++) {
        const bwm_pfit_alone *a = &in->alone[i];
        int st = check_app(a, i, in->peak, err);
        if (st != BWM_OK)
            return st;
        set->pos[i] = IDLE;
        if (a->mpki > 0 && a->bw > 0) {
            set->idx[set->n] = i;
            set->pos[i] = set->n;
            set->apps[set->n++] = (bwm_app){a->mpki, a->bw, 0};
        }
    }
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

/* p over the active applications only: an explicit order keeps its sequence
 * without the idle ones. */
static void restrict_policy(const bwm_policy *p, const active_set *set, bwm_policy *q)
{
    *q = *p;
    if (p->kind != BWM_POL_ORDER)
        return;
    q->norder = 0;
    for (size_t k = 0; k < p->norder; k++)
        if (set->pos[p->order[k]] != IDLE)
            q->order[q->norder++] = set->pos[p->order[k]];
}

/* The allocation of policy q over the active applications apps, by the
 * input's model. */
static int share(const bwm_pfit_input *in, const active_set *set, const bwm_policy *q, const bwm_app *apps,
                 double *bw, bwm_err *err)
{
    if (!in->queueing) {
        bwm_share(q, apps, set->n, in->peak, bw);
        return BWM_OK;
    }
    bwm_qapp qa[BWM_PFIT_MAX_APPS];
    for (size_t j = 0; j < set->n; j++) {
        size_t i = set->idx[j];
        qa[j] = (bwm_qapp){in->qalone[i].round_trip, in->qalone[i].lat_share, in->alone[i].row_hit_rate,
                           in->qalone[i].mc_queue};
    }
    bwm_err sub;
    if (bwm_queue_check(apps, qa, set->n, in->peak, &in->q, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "queueing model: %s", sub.msg);
    bwm_qresult r;
    bwm_queue_share(q, apps, qa, set->n, in->peak, &in->q, &r);
    for (size_t j = 0; j < set->n; j++)
        bw[j] = r.bw[j];
    return BWM_OK;
}

/* The model's side of one scheduler, and the errors against the simulation. */
static int fit_sched(const bwm_pfit_input *in, const active_set *set, const bwm_pfit_sim *sim, bwm_pfit_sched *s,
                     bwm_err *err)
{
    bwm_policy p, q;
    int st = bwm_sched_policy(sim->sched, in->n, &p, err);
    if (st != BWM_OK)
        return st;
    restrict_policy(&p, set, &q);
    bwm_app apps[BWM_PFIT_MAX_APPS];
    int rbl = p.kind == BWM_POL_RR;
    for (size_t j = 0; j < set->n; j++) {
        apps[j] = set->apps[j];
        if (rbl)
            apps[j].rbl = bwm_rbl_of_hit_rate(in->alone[set->idx[j]].row_hit_rate);
        rbl &= apps[j].rbl > 0; /* one unknown locality: share() falls back to the equal split */
    }
    memset(s, 0, sizeof *s);
    snprintf(s->sched, sizeof s->sched, "%s", sim->sched);
    bwm_policy_name(&p, s->form, sizeof s->form - 4);
    if (rbl && set->n > 1)
        strcat(s->form, "+rbl");
    double bw[BWM_PFIT_MAX_APPS];
    if (set->n > 0 && (st = share(in, set, &q, apps, bw, err)) != BWM_OK)
        return st;
    for (size_t i = 0; i < in->n; i++) {
        int idle = set->pos[i] == IDLE;
        s->bw_sim[i] = sim->bw[i];
        s->ipc_sim[i] = sim->ipc[i];
        s->bw_model[i] = idle ? 0 : bw[set->pos[i]];
        s->ipc_model[i] = idle ? in->alone[i].ipc : in->alone[i].ipc * s->bw_model[i] / in->alone[i].bw;
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
 * metric m; 0 if some prior-K was not run or the best is tied.  *margin: the
 * best over the runner-up, less 1 (NaN when some prior-K was not run). */
static int best_priority(const bwm_pfit_result *r, int m, double *margin)
{
    int best = 0, tie = 0;
    double top = -INFINITY, second = -INFINITY;
    *margin = NAN;
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
            second = top;
            top = v;
            best = (int)k;
            tie = 0;
        } else {
            tie |= v == top;
            second = fmax(second, v);
        }
    }
    *margin = second > 0 ? top / second - 1 : NAN;
    return tie ? 0 : best;
}

/* The queueing model's favour per metric: the 1-based application whose
 * static priority (prior-K) the model predicts best; 0 on a tie. */
static void queue_favour(const bwm_pfit_input *in, const active_set *set, int *favour)
{
    double best[BWM_PM_COUNT];
    for (int m = 0; m < BWM_PM_COUNT; m++) {
        best[m] = -INFINITY;
        favour[m] = 0;
    }
    for (size_t k = 0; k < set->n; k++) {
        bwm_policy p;
        char name[BWM_PFIT_NAME];
        snprintf(name, sizeof name, "prior-%zu", k + 1);
        double bw[BWM_PFIT_MAX_APPS], ipc[BWM_PFIT_MAX_APPS], v[BWM_PM_COUNT];
        if (bwm_policy_parse(name, set->n, &p, NULL) != BWM_OK ||
            share(in, set, &p, set->apps, bw, NULL) != BWM_OK)
            return;
        for (size_t i = 0; i < in->n; i++)
            ipc[i] = in->alone[i].ipc;
        for (size_t j = 0; j < set->n; j++)
            ipc[set->idx[j]] = in->alone[set->idx[j]].ipc * bw[j] / set->apps[j].bw_alone;
        metrics_of(ipc, in->alone, in->n, v);
        for (int m = 0; m < BWM_PM_COUNT; m++) {
            if (v[m] > best[m]) {
                best[m] = v[m];
                favour[m] = (int)set->idx[k] + 1;
            } else if (v[m] == best[m]) {
                favour[m] = 0;
            }
        }
    }
}

static void favour_and_rank(const bwm_pfit_input *in, const active_set *set, bwm_pfit_result *r)
{
    static const bwm_metric_id mv[BWM_PM_COUNT] = {BWM_MV_IT, BWM_MV_WS, BWM_MV_HS};
    bwm_transfer t;
    memset(&t, 0, sizeof t); /* fewer than two applications share: no favour */
    if (set->n >= 2) {
        bwm_policy frfcfs;
        bwm_policy_parse("frfcfs", set->n, &frfcfs, NULL);
        double bw[BWM_PFIT_MAX_APPS];
        bwm_share(&frfcfs, set->apps, set->n, in->peak, bw);
        bwm_transfer_eval(set->apps, set->n, in->peak, bw, &t);
    }
    r->bandwidth_bound = t.bandwidth_bound;
    int qf[BWM_PM_COUNT] = {0};
    if (in->queueing && set->n >= 2)
        queue_favour(in, set, qf);
    for (int m = 0; m < BWM_PM_COUNT; m++) {
        int f = t.favour[mv[m]];
        r->favour_model[m] = in->queueing ? qf[m] : f ? (int)set->idx[f - 1] + 1 : 0;
        r->favour_sim[m] = best_priority(r, m, &r->margin_sim[m]);
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
    active_set set;
    int st = check_input(in, &set, err);
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
        if ((st = fit_sched(in, &set, &in->sim[k], &out->s[k], err)) != BWM_OK)
            return st;
    favour_and_rank(in, &set, out);
    return BWM_OK;
}
