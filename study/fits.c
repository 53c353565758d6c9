/* fits.c — the fits of "bwmpki fit" on a study's runs (see fits.h). */
#include "study/fits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/queue_calib.h"
#include "fit/sched_policy.h"
#include "sim/gpu/gpu.h"
#include "study/experiment.h"

int bwm_study_pair_share(const bwm_study_info *i)
{
    return bwm_gpu_pair_share(i->n_sms);
}

static int perf_fit(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_fits *x, bwm_err *err)
{
    int sms = bwm_study_pair_share(&f->info);
    x->samples = calloc(f->plan.n ? f->plan.n : 1, sizeof *x->samples);
    if (!x->samples)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (r->exp != BWM_EXP_ALONE || r->design[0] || r->split[0] != sms || o->o[k].rec.error[0])
            continue;
        const bwm_app_result *a = &o->o[k].rec.app[0];
        long app = bwm_plan_app(f, r->app[0]);
        bwm_perf_sample *s = &x->samples[x->nsamples++];
        snprintf(s->name, sizeof s->name, "%s", r->app[0]);
        s->ipc = a->ipc;
        s->mpki = a->mpki;
        s->bw = a->bw;
        s->clock_ghz = f->info.core_mhz / 1000.0;
        s->f_smem = app >= 0 ? f->apps[app].smem_frac : 0;
    }
    if (x->nsamples == 0)
        return BWM_OK;
    bwm_perf_opts po;
    bwm_perf_opts_default(&po);
    int st = bwm_perf_fit_run(x->samples, x->nsamples, &po, &x->perf, err);
    x->have_perf = st == BWM_OK;
    return st == BWM_EINPUT ? BWM_OK : st; /* no usable sample: no fit, not a failure */
}

static int in_policy_fit(const bwm_study_files *f, const bwm_study_run *r)
{
    bwm_policy p;
    bwm_err e;
    return (r->exp == BWM_EXP_MAIN || r->exp == BWM_EXP_PRIOR || r->exp == BWM_EXP_THREE) &&
           r->window == f->info.window && bwm_sched_policy(r->sched, r->napps, &p, &e) == BWM_OK;
}

/* The queue_probe run of app on sms SMs that the simulator did not refuse,
 * or NULL. */
static const bwm_app_result *probe_of(const bwm_study_files *f, const bwm_study_outcome *o, const char *app, int sms)
{
    int exp = bwm_study_exp_parse("queue_probe");
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (r->exp == exp && r->split[0] == sms && strcmp(r->app[0], app) == 0)
            return o->o[k].rec.error[0] ? NULL : &o->o[k].rec.app[0];
    }
    return NULL;
}

/* Adds alone run a (with its probe) to the queue's rows unless it is there. */
static void add_qrow(const bwm_study_files *f, const bwm_study_outcome *o, long a, bwm_study_fits *x)
{
    const bwm_study_run *r = &f->plan.r[a];
    for (size_t q = 0; q < x->nq; q++)
        if (x->qrows[q].alone == &o->o[a].rec.app[0])
            return;
    x->qrows[x->nq++] = (bwm_qcal_row){r->app[0], r->split[0], &o->o[a].rec.app[0],
                                       probe_of(f, o, r->app[0], r->split[0])};
}

/* The policy-fit input of the workload of run k: its alone profiles (with
 * what the queueing model adds: round trip, queue wait, and the latency
 * share from the probe, 0 without one) and every run of the same workload
 * in the fit that the simulator did not refuse; *usable is 0 when an alone
 * run was refused. */
static int policy_input(const bwm_study_files *f, const bwm_study_outcome *o, size_t k, bwm_pfit_input *in,
                        int *usable, bwm_study_fits *fx, bwm_err *err)
{
    *usable = 1;
    const bwm_study_run *r = &f->plan.r[k];
    memset(in, 0, sizeof *in);
    in->n = r->napps;
    in->peak = f->info.peak_gbs;
    for (size_t i = 0; i < r->napps; i++) {
        long a = bwm_study_plan_alone_of(&f->plan, r, i);
        if (a < 0)
            return bwm_fail(err, BWM_EINPUT, "no alone run of %s on %d SMs", r->app[i], r->split[i]);
        if (o->o[a].rec.error[0]) {
            *usable = 0;
            return BWM_OK;
        }
        const bwm_app_result *x = &o->o[a].rec.app[0];
        in->alone[i] = (bwm_pfit_alone){x->ipc, x->mpki, x->bw, x->row_hit_rate};
        const bwm_app_result *p = probe_of(f, o, r->app[i], r->split[i]);
        in->qalone[i] = (bwm_pfit_qalone){x->mem_round_trip, x->lat[BWM_STAGE_MC_QUEUE],
                                          p ? bwm_qcal_lat_share(x->ipc, x->mem_round_trip, p->ipc, p->mem_round_trip)
                                            : 0};
    }
    for (size_t j = k; j < f->plan.n && in->nsched < BWM_PFIT_MAX_SCHEDS; j++) {
        const bwm_study_run *s = &f->plan.r[j];
        int dup = 0;
        for (size_t q = 0; q < in->nsched; q++)
            dup |= strcmp(in->sim[q].sched, s->sched) == 0;
        if (dup || !in_policy_fit(f, s) || strcmp(s->workload, r->workload) != 0 || o->o[j].rec.error[0])
            continue;
        bwm_pfit_sim *x = &in->sim[in->nsched++];
        snprintf(x->sched, sizeof x->sched, "%s", s->sched);
        for (size_t i = 0; i < s->napps; i++) {
            x->bw[i] = o->o[j].rec.app[i].bw;
            x->ipc[i] = o->o[j].rec.app[i].ipc;
        }
    }
    for (size_t i = 0; in->nsched > 0 && i < r->napps; i++)
        add_qrow(f, o, bwm_study_plan_alone_of(&f->plan, r, i), fx);
    return BWM_OK;
}

/* The queueing model on the workloads' inputs in (paper 000's fitted
 * already): its scales from the alone runs, then each workload; no fit
 * (have_queue 0, queue_note why) when a probe is missing or the scales or a
 * workload cannot be fitted. */
static int queue_fit(const bwm_study_files *f, bwm_pfit_input *in, bwm_study_fits *x, bwm_err *err)
{
    for (size_t q = 0; q < x->nq; q++)
        if (!x->qrows[q].probe) {
            snprintf(x->queue_note, sizeof x->queue_note, "no latency probe of %s on %d SMs (the queue_probe "
                     "experiment's runs)", x->qrows[q].app, x->qrows[q].sms);
            return BWM_OK;
        }
    bwm_err sub;
    if (bwm_qcal_fit_rows(x->qrows, x->nq, f->info.peak_gbs, &x->qfit, &sub) != BWM_OK) {
        snprintf(x->queue_note, sizeof x->queue_note, "%s", sub.msg);
        return BWM_OK;
    }
    x->res_q = calloc(x->nw ? x->nw : 1, sizeof *x->res_q);
    if (!x->res_q)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t w = 0; w < x->nw; w++) {
        in[w].queueing = 1;
        in[w].q = x->qfit.g;
        if (bwm_policy_fit(&in[w], &x->res_q[w], &sub) != BWM_OK) {
            snprintf(x->queue_note, sizeof x->queue_note, "workload %s: %.1800s", x->w[w].name, sub.msg);
            free(x->res_q);
            x->res_q = NULL;
            return BWM_OK;
        }
    }
    bwm_pfit_summarise(x->res_q, x->nw, x->sum_q);
    x->have_queue = 1;
    return BWM_OK;
}

static int policy_fit(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_fits *x, bwm_err *err)
{
    size_t cap = f->plan.n ? f->plan.n : 1;
    x->cat.e = calloc(f->n_apps ? f->n_apps : 1, sizeof *x->cat.e);
    x->w = calloc(cap, sizeof *x->w);
    x->res = calloc(cap, sizeof *x->res);
    x->qrows = calloc(cap, sizeof *x->qrows);
    bwm_pfit_input *in = calloc(cap, sizeof *in);
    if (!x->cat.e || !x->w || !x->res || !x->qrows || !in) {
        free(in);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    for (size_t a = 0; a < f->n_apps; a++) {
        bwm_catalog_entry *e = &x->cat.e[x->cat.n++];
        snprintf(e->name, sizeof e->name, "%s", f->apps[a].name);
        snprintf(e->abbr, sizeof e->abbr, "%s", f->apps[a].abbr);
        e->mpki = f->apps[a].mpki;
        e->bw_frac = f->apps[a].bw_frac;
    }
    int st = BWM_OK;
    for (size_t k = 0; k < f->plan.n && st == BWM_OK; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        int seen = 0;
        for (size_t w = 0; w < x->nw; w++)
            seen |= strcmp(x->w[w].name, r->workload) == 0;
        if (seen || !in_policy_fit(f, r) || r->napps < 2)
            continue;
        bwm_workload *w = &x->w[x->nw];
        snprintf(w->id, sizeof w->id, "%s", r->workload_id);
        bwm_err sub;
        st = bwm_workload_parse(w, r->workload, &x->cat, "plan", &sub);
        int usable = 0;
        if (st == BWM_OK)
            st = policy_input(f, o, k, &in[x->nw], &usable, x, &sub);
        if (st == BWM_OK && (!usable || in[x->nw].nsched == 0))
            continue; /* refused runs take no part */
        if (st == BWM_OK)
            st = bwm_policy_fit(&in[x->nw], &x->res[x->nw], &sub);
        if (st != BWM_OK)
            st = bwm_fail(err, st, "policy fit of %s: %s", r->workload, sub.msg);
        else
            x->nw++;
    }
    if (st == BWM_OK) {
        bwm_pfit_summarise(x->res, x->nw, x->sum);
        st = queue_fit(f, in, x, err);
    }
    free(in);
    return st;
}

int bwm_study_fits_run(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_fits *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    int st = perf_fit(f, o, out, err);
    if (st == BWM_OK)
        st = policy_fit(f, o, out, err);
    if (st != BWM_OK)
        bwm_study_fits_free(out);
    return st;
}

void bwm_study_fits_free(bwm_study_fits *x)
{
    if (x->have_perf)
        bwm_perf_fit_free(&x->perf);
    free(x->samples);
    bwm_catalog_free(&x->cat);
    free(x->w);
    free(x->res);
    free(x->res_q);
    free(x->qrows);
    memset(x, 0, sizeof *x);
}
