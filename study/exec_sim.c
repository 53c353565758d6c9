/* exec_sim.c — the simulations of study runs that experiments share (see
 * exec_sim.h). */
#include "study/exec_sim.h"

#include <stdio.h>
#include <string.h>

#include "sim/gpu/gpu.h"
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

int bwm_study_sim_alone(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                        const bwm_run_params *len, int colors, const bwm_synth_app *app, bwm_run_rec *rec, bwm_err *err)
{
    int st = bwm_workload_alone(cfg, app, r->split[0], colors, len, e->seed, &rec->app[0], err);
    const bwm_app_result *a = &rec->app[0];
    rec->alone[0] = (bwm_alone_profile){a->ipc, a->mpki, a->bw};
    return st;
}

int bwm_study_sim_workload(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                           const bwm_run_params *len, const bwm_synth_app *const *apps, bwm_run_rec *rec, bwm_err *err)
{
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
    s.run = *len;
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
