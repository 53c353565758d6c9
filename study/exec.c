/* exec.c — one run of the study (see exec.h). */
#include "study/exec.h"

#include <stdio.h>
#include <string.h>

#include "sim/run/variation.h"
#include "sim/mc/sched.h"
#include "study/run_file.h"

static int alone_profiles(const bwm_study_env *e, const bwm_study_run *r, bwm_alone_profile *out, bwm_err *err)
{
    for (size_t i = 0; i < r->napps; i++) {
        long a = bwm_study_plan_alone_of(e->plan, r, i);
        if (a < 0)
            return bwm_fail(err, BWM_EFAIL, "no alone run of %s on %d SMs in the plan", r->app[i], r->split[i]);
        bwm_run_rec rec;
        bwm_err sub;
        if (bwm_run_file_read(e->dir, e->plan->r[a].key, &rec, &sub) != BWM_OK ||
            bwm_run_file_matches(e->dir, &e->plan->r[a], &rec, &sub) != BWM_OK)
            return bwm_fail(err, BWM_EFAIL, "the alone run of %s on %d SMs: %s", r->app[i], r->split[i], sub.msg);
        if (rec.error[0])
            return bwm_fail(err, BWM_EINPUT, "the alone run of %s on %d SMs was refused: %s", r->app[i], r->split[i],
                            rec.error);
        out[i] = rec.alone[0];
    }
    return BWM_OK;
}

/* The run's knob settings of its scheduler, checked as --sched-param is:
 * the alpha-SJF sweep's alpha and m, or a translation design's knobs (a run
 * with neither has none). */
static int run_settings(const bwm_study_run *r, bwm_sched_settings *set, bwm_err *err)
{
    memset(set, 0, sizeof *set);
    char text[256] = "";
    long d = bwm_xlat_design_find(r->design);
    if (d >= 0) {
        snprintf(text, sizeof text, "%s", bwm_xlat_design_at((size_t)d)->params);
    } else if (r->alpha > 0) {
        int n = snprintf(text, sizeof text, "alpha=%.17g", r->alpha);
        if (r->m > 0)
            snprintf(text + n, sizeof text - (size_t)n, ",m=%.17g", r->m);
    }
    if (!text[0])
        return BWM_OK;
    const bwm_sched_ops *ops;
    int st = bwm_sched_lookup(r->sched, &ops, err);
    if (st == BWM_OK)
        st = bwm_sched_settings_add(set, text, err);
    return st == BWM_OK ? bwm_sched_settings_check(set, &ops, 1, err) : st;
}

/* One case of the variation: app[0] timed, app[1] (if any) interfering. */
static int variation_case(const bwm_study_env *e, const bwm_study_run *r, const bwm_synth_app *const *apps,
                          bwm_run_rec *rec, bwm_err *err)
{
    bwm_variation_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = e->var_cfg;
    s.parts = r->parts;
    s.budget = e->var_insts;
    s.max_cycles = e->var_max_cycles;
    s.seed = e->seed;
    bwm_variation_case c = {strcmp(r->partition, "whole") == 0, BWM_PARTITION_CP, apps[0],
                            r->napps > 1 ? apps[1] : NULL};
    if (!c.whole && bwm_partitioning_parse(r->partition, &c.how) != 0)
        return bwm_fail(err, BWM_EFAIL, "unknown partitioning '%s'", r->partition);
    bwm_app_result out[BWM_GPU_MAX_APPS];
    int n;
    int st = bwm_variation_case_run(&s, &c, out, &n, err);
    if (st != BWM_OK)
        return st;
    for (size_t i = 0; i < r->napps; i++) /* the interferer's first copy stands for all */
        rec->app[i] = out[i];
    return BWM_OK;
}

/* The GPU run r simulates: its design's, or the main one; NULL for a
 * design that is not in the table. */
static const bwm_gpu_config *gpu_of(const bwm_study_env *e, const bwm_study_run *r)
{
    if (r->exp == BWM_EXP_BATCH) {
        long d = bwm_batch_design_find(r->design);
        return d >= 0 && (size_t)d < e->n_batch_cfgs ? &e->batch_cfgs[d] : NULL;
    }
    if (!r->design[0])
        return e->cfg;
    long d = bwm_xlat_design_find(r->design);
    return d >= 0 && (size_t)d < e->n_xlat_cfgs ? &e->xlat_cfgs[d] : NULL;
}

/* How long run r lasts: the translation GPU's runs their own length. */
static const bwm_run_params *run_of(const bwm_study_env *e, const bwm_study_run *r)
{
    return bwm_study_run_translated(r) ? &e->xlat_run : &e->run;
}

static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_synth_app *const *apps,
                    bwm_run_rec *rec, bwm_err *err)
{
    rec->napps = r->napps;
    if (r->exp == BWM_EXP_VARIATION)
        return variation_case(e, r, apps, rec, err);
    const bwm_gpu_config *cfg = gpu_of(e, r);
    if (!cfg)
        return bwm_fail(err, BWM_EFAIL, "unknown %s design '%s'", bwm_study_exp_name(r->exp), r->design);
    if (r->exp == BWM_EXP_ALONE || r->exp == BWM_EXP_BATCH) {
        int colors = r->exp == BWM_EXP_BATCH ? 0 : bwm_gpu_pair_colors(cfg); /* batch: the whole GPU's */
        int st = bwm_workload_alone(cfg, apps[0], r->split[0], colors, run_of(e, r), e->seed, &rec->app[0], err);
        const bwm_app_result *a = &rec->app[0];
        rec->alone[0] = (bwm_alone_profile){a->ipc, a->mpki, a->bw};
        return st;
    }
    bwm_sched_settings knobs;
    int st = alone_profiles(e, r, rec->alone, err);
    if (st == BWM_OK)
        st = run_settings(r, &knobs, err);
    if (st != BWM_OK)
        return st;
    bwm_workload_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    s.n_apps = (int)r->napps;
    for (size_t i = 0; i < r->napps; i++) {
        s.apps[i] = apps[i];
        s.split[i] = r->split[i];
    }
    s.sched = r->sched;
    s.window = r->window;
    s.settings = &knobs;
    s.run = *run_of(e, r);
    s.seed = e->seed;
    s.alone = rec->alone;
    bwm_workload_result w;
    if ((st = bwm_workload_run(&s, &w, err)) != BWM_OK)
        return st;
    for (size_t i = 0; i < r->napps; i++)
        rec->app[i] = w.run.apps[i];
    bwm_workload_result_free(&w);
    return BWM_OK;
}

int bwm_study_exec(const bwm_study_env *e, size_t i, bwm_err *err)
{
    const bwm_study_run *r = &e->plan->r[i];
    const bwm_synth_app *apps[BWM_STUDY_MAX_APPS];
    int batch = r->exp == BWM_EXP_BATCH;
    for (size_t k = 0; k < r->napps; k++)
        if (!(apps[k] = batch ? bwm_synth_find(e->batch_apps, e->n_batch_apps, r->app[k])
                              : bwm_synth_find(e->apps, e->n_apps, r->app[k])))
            return bwm_fail(err, BWM_EINPUT, "application '%s' is not in the %s", r->app[k],
                            batch ? "batch experiment's applications file" : "applications file");
    bwm_run_rec rec;
    memset(&rec, 0, sizeof rec);
    bwm_err sub;
    int st = simulate(e, r, apps, &rec, &sub);
    if (st == BWM_EINPUT) { /* refused: that is the run's result */
        memset(&rec, 0, sizeof rec);
        snprintf(rec.error, sizeof rec.error, "%s", sub.msg);
        st = BWM_OK;
    }
    if (st == BWM_OK)
        st = bwm_run_file_write(e->dir, r->key, &rec, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "run %zu (%s %s %s): %s", i + 1, bwm_study_exp_name(r->exp), r->workload, r->sched,
                        sub.msg);
    return BWM_OK;
}
