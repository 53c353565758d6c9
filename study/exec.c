/* exec.c — one run of the study (see exec.h). */
#include "study/exec.h"

#include <stdio.h>
#include <string.h>

#include "study/exec_sim.h"
#include "study/experiment.h"
#include "study/run_file.h"

/* The GPU run r simulates and for how long (its experiment's, or the main
 * ones); NULL for a design that is not in its table. */
static const bwm_gpu_config *gpu_of(const bwm_study_experiment *x, const bwm_study_env *e, const bwm_study_run *r)
{
    return x->gpu ? x->gpu(e, r) : e->cfg;
}

static const bwm_run_params *length_of(const bwm_study_experiment *x, const bwm_study_env *e, const bwm_study_run *r)
{
    return x->length ? x->length(e, r) : &e->run;
}

static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_synth_app *const *apps,
                    bwm_run_rec *rec, bwm_err *err)
{
    const bwm_study_experiment *x = bwm_study_exp_at(r->exp);
    rec->napps = r->napps;
    const bwm_gpu_config *cfg = gpu_of(x, e, r);
    if (!cfg)
        return bwm_fail(err, BWM_EFAIL, "unknown %s design '%s'", bwm_study_exp_name(r->exp), r->design);
    if (x->simulate)
        return x->simulate(e, r, cfg, length_of(x, e, r), apps, rec, err);
    return bwm_study_sim_workload(e, r, cfg, length_of(x, e, r), apps, rec, err);
}

int bwm_study_exec(const bwm_study_env *e, size_t i, bwm_err *err)
{
    const bwm_study_run *r = &e->plan->r[i];
    const bwm_synth_app *apps[BWM_STUDY_MAX_APPS];
    const bwm_study_experiment *x = bwm_study_exp_at(r->exp);
    for (size_t k = 0; k < r->napps; k++) {
        apps[k] = NULL;
        if (x->own_apps) /* its simulate resolves them */
            continue;
        if (!(apps[k] = x->app ? x->app(e, r->app[k]) : bwm_synth_find(e->apps, e->n_apps, r->app[k])))
            return bwm_fail(err, BWM_EINPUT, "application '%s' is not in the %s", r->app[k],
                            x->apps_file ? x->apps_file : "applications file");
    }
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
