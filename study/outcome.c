/* outcome.c — a study's results in plan order (see outcome.h). */
#include "study/outcome.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/experiment.h"

/* The run r's metrics are normalised to (outcome.h), or -1. */
static long baseline(const bwm_study_plan *p, size_t i)
{
    const bwm_study_run *r = &p->r[i];
    const bwm_study_experiment *x = bwm_study_exp_at(r->exp);
    if (x->unnormalised)
        return -1;
    if (x->baseline)
        return x->baseline(p, i);
    if (r->napps == 1)
        return bwm_study_plan_alone_of(p, r, 0);
    return bwm_study_plan_same_workload(p, r, "");
}

static void metrics(bwm_run_outcome *o)
{
    double ipc[BWM_STUDY_MAX_APPS], alone[BWM_STUDY_MAX_APPS];
    int ok = 1;
    for (size_t a = 0; a < o->rec.napps; a++) {
        ipc[a] = o->rec.app[a].ipc;
        alone[a] = o->rec.alone[a].ipc;
        ok &= alone[a] > 0;
    }
    bwm_err e;
    o->have_metrics = ok && bwm_metrics_eval(ipc, alone, o->rec.napps, o->sd, &o->m, &e) == BWM_OK;
    if (!o->have_metrics)
        for (size_t a = 0; a < o->rec.napps; a++)
            o->sd[a] = NAN;
}

/* A refused run: its applications, every number NaN. */
static void refused(const bwm_study_run *r, bwm_run_rec *rec)
{
    rec->napps = r->napps;
    for (size_t a = 0; a < r->napps; a++) {
        bwm_app_result *x = &rec->app[a];
        snprintf(x->abbr, sizeof x->abbr, "%s", r->app[a]);
        x->sms = r->split[a];
        x->ipc = x->mpki = x->bw = x->bw_frac = x->row_hit_rate = x->avg_mem_latency = NAN;
        rec->alone[a] = (bwm_alone_profile){NAN, NAN, NAN};
    }
}

static double ratio(double x, double base)
{
    return base > 0 && isfinite(x) ? x / base : NAN;
}

int bwm_outcome_load(const char *dir, const bwm_study_files *f, bwm_study_outcome *out, bwm_err *err)
{
    const bwm_study_plan *p = &f->plan;
    out->n = p->n;
    out->o = calloc(p->n ? p->n : 1, sizeof *out->o);
    if (!out->o)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    size_t missing = 0;
    long first = -1;
    for (size_t i = 0; i < p->n; i++) {
        if (!bwm_run_file_exists(dir, p->r[i].key)) {
            missing++;
            first = first < 0 ? (long)i : first;
            continue;
        }
        int st = bwm_run_file_read(dir, p->r[i].key, &out->o[i].rec, err);
        if (st == BWM_OK && out->o[i].rec.error[0])
            refused(&p->r[i], &out->o[i].rec);
        if (st == BWM_OK)
            st = bwm_run_file_matches(dir, &p->r[i], &out->o[i].rec, err);
        if (st != BWM_OK) {
            bwm_outcome_free(out);
            return st;
        }
        metrics(&out->o[i]);
    }
    if (missing) {
        const bwm_study_run *r = &p->r[first];
        bwm_fail(err, BWM_EFAIL, "%zu of %zu runs have no result in %s/runs (the first: %s %s %s, runs/%s.csv)",
                 missing, p->n, dir, bwm_study_exp_name(r->exp), r->workload, r->sched, r->key);
        bwm_outcome_free(out);
        return BWM_EFAIL;
    }
    for (size_t i = 0; i < p->n; i++) {
        bwm_run_outcome *o = &out->o[i];
        long b = baseline(p, i);
        o->it_norm = o->ws_norm = o->hs_norm = NAN;
        if (b < 0 || !o->have_metrics)
            continue;
        if (p->r[i].napps == 1 && !bwm_study_run_translated(&p->r[i])) {
            o->it_norm = ratio(o->rec.app[0].ipc, out->o[b].rec.app[0].ipc);
            continue;
        }
        if (!out->o[b].have_metrics)
            continue;
        o->it_norm = ratio(o->m.it, out->o[b].m.it);
        o->ws_norm = ratio(o->m.ws, out->o[b].m.ws);
        o->hs_norm = ratio(o->m.hs, out->o[b].m.hs);
    }
    return BWM_OK;
}

void bwm_outcome_free(bwm_study_outcome *o)
{
    free(o->o);
    o->o = NULL;
    o->n = 0;
}
