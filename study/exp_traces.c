/* exp_traces.c — the traced experiment (docs/study.md, "Traced
 * applications"): Accel-Sim traces (--traces, by default the shipped
 * data/traces/) on their own GPU (--traces-config), every pair of them (each
 * with itself too: one folder twice is two applications) under the main
 * schedulers and prior-1, prior-2, and the same pairs of their synthetic
 * stand-ins (NAME-syn, --traces-standins; fit/standin.h).  Paper mode: a
 * traced application counts its kernel list's first pass, a stand-in its
 * --traces-insts budget.  Each run simulates its applications alone itself
 * (the traces are small), so it needs no alone run of the plan. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fit/standin.h"
#include "sim/gpu/gpu.h"
#include "study/exec.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/report_traces.h"
#include "study/run_file.h"

extern const bwm_study_experiment bwm_exp_traces;

/* The pair's runs under every scheduler: traced if stand_in is 0. */
static int add_pair(bwm_plan_builder *b, size_t i, size_t k, int stand_in, const char *const *scheds, size_t nsched,
                    bwm_err *err)
{
    const bwm_study_setup *s = b->s;
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = bwm_study_exp_id(&bwm_exp_traces);
    r.napps = 2;
    const bwm_study_trace *t[2] = {&s->traces[i], &s->traces[k]};
    double mpki[2], bw[2];
    int split[BWM_GPU_MAX_APPS], given[BWM_GPU_MAX_APPS] = {0};
    bwm_gpu_shares(s->traces_cfg, 2, given, split);
    for (size_t a = 0; a < 2; a++) {
        char standin[sizeof r.app[a]];
        bwm_standin_abbr(t[a]->name, standin, sizeof standin);
        snprintf(r.app[a], sizeof r.app[a], "%.15s", stand_in ? standin : t[a]->name);
        const bwm_synth_app *row = bwm_synth_find(s->standins, s->n_standins, standin);
        mpki[a] = row->mpki; /* the trace's alone profile (the stand-in's targets) */
        bw[a] = row->bw_frac;
        r.split[a] = split[a];
    }
    snprintf(r.workload, sizeof r.workload, "%s_%s", r.app[0], r.app[1]);
    snprintf(r.workload_id, sizeof r.workload_id, "%c%d.%d", stand_in ? 's' : 't', (int)i + 1, (int)k + 1);
    bwm_plan_set_classes(&r, mpki, bw);
    r.window = s->window;
    int st = BWM_OK;
    for (size_t q = 0; q < nsched && st == BWM_OK; q++) {
        snprintf(r.sched, sizeof r.sched, "%s", scheds[q]);
        const bwm_synth_app *none[2] = {NULL, NULL};
        st = bwm_plan_push(b, none, &r, err);
    }
    return st;
}

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    const char *scheds[BWM_STUDY_MAX_SCHEDS + 3];
    size_t n = 0;
    for (size_t q = 0; q < b->nsched; q++)
        scheds[n++] = b->scheds[q];
    static const char *const priors[] = {"prior-1", "prior-2"};
    for (size_t p = 0; p < BWM_COUNT(priors); p++) {
        int had = 0;
        for (size_t q = 0; q < n; q++)
            had |= strcmp(scheds[q], priors[p]) == 0;
        if (!had)
            scheds[n++] = priors[p];
    }
    int st = BWM_OK;
    for (size_t i = 0; i < b->s->n_traces; i++)
        for (size_t k = i; k < b->s->n_traces; k++)
            for (int stand_in = 0; stand_in < 2 && st == BWM_OK; stand_in++)
                st = add_pair(b, i, k, stand_in, scheds, n, err);
    return st;
}

/* Its own GPU and length, and what each application is: a trace's
 * content or a stand-in's row. */
static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    bwm_buf_printf(t, "bwmpki study traces run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " insts %" PRIu64
                   " max_cycles %" PRId64 "\n", s->binary, s->traces_config, s->seed, s->traces_insts,
                   s->traces_max_cycles);
    for (size_t i = 0; i < r->napps; i++) {
        const bwm_study_trace *tr = bwm_study_trace_find(s->traces, s->n_traces, r->app[i]);
        const bwm_synth_app *row = tr ? NULL : bwm_synth_find(s->standins, s->n_standins, r->app[i]);
        char h[BWM_SHA256_HEX] = "";
        if (row) {
            bwm_buf text;
            bwm_buf_init(&text);
            bwm_synth_write(row, 1, NULL, &text);
            bwm_sha256_of(bwm_buf_str(&text), text.len, h);
            bwm_buf_free(&text);
        }
        bwm_buf_printf(t, "%s %s %s\n", tr ? "trace" : "standin", r->app[i], tr ? tr->sha : h);
    }
    return 1;
}

static const bwm_gpu_config *gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    (void)r;
    return e->traces_cfg;
}

static const bwm_run_params *length(const bwm_study_env *e, const bwm_study_run *r)
{
    (void)r;
    return &e->traces_run;
}

/* The pair with its alone runs (bwm_workload_run simulates them). */
static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                    const bwm_run_params *len, const bwm_synth_app *const *apps, struct bwm_run_rec *rec, bwm_err *err)
{
    (void)apps;
    bwm_workload_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    s.n_apps = (int)r->napps;
    for (size_t i = 0; i < r->napps; i++) {
        const bwm_study_trace *t = bwm_study_trace_find(e->traces, e->n_traces, r->app[i]);
        if (t)
            s.traced[i] = &t->spec;
        else if (!(s.apps[i] = bwm_synth_find(e->standins, e->n_standins, r->app[i])))
            return bwm_fail(err, BWM_EFAIL, "application '%s' is neither a trace nor a stand-in", r->app[i]);
        s.split[i] = r->split[i];
    }
    s.sched = r->sched;
    s.window = r->window;
    s.run = *len;
    s.seed = e->seed;
    bwm_workload_result w;
    int st = bwm_workload_run(&s, &w, err);
    if (st != BWM_OK)
        return st;
    for (size_t i = 0; i < r->napps; i++) {
        rec->app[i] = w.run.apps[i];
        rec->alone[i] = w.alone[i];
    }
    bwm_workload_result_free(&w);
    return BWM_OK;
}

static void report(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_traces(c, out);
}

const bwm_study_experiment bwm_exp_traces = {
    .name = "traces", .plan = plan, .key_head = key_head, .own_apps = 1, .gpu = gpu, .length = length,
    .simulate = simulate, .no_alone = 1, .ran = "of traced applications and their stand-ins", .place = 4,
    .heading = "## Traced applications (Accel-Sim traces)", .report = report,
    .files = "- `traces.*`, `traces_scheds.*`: every traced pair beside its stand-in pair and the model, per "
             "application and per scheduler (text, CSV, JSON).\n",
    .tables = bwm_traces_tables};
