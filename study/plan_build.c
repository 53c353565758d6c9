/* plan_build.c — the plan built over the experiments' registry, and the
 * helpers they plan their runs with (see plan_build.h). */
#include "study/plan_build.h"

#include <stdio.h>
#include <string.h>

#include "model/classify.h"
#include "sim/gpu/gpu.h"
#include "sim/run/workload_run.h"
#include "study/experiment.h"
#include "study/key.h"

const bwm_synth_app *bwm_plan_synth(const bwm_plan_builder *b, const char *abbr)
{
    return bwm_synth_find(b->s->apps, b->s->n_apps, abbr);
}

int bwm_plan_push(bwm_plan_builder *b, const bwm_synth_app *const *apps, bwm_study_run *r, bwm_err *err)
{
    bwm_study_key(b->s, apps, r);
    if (bwm_study_plan_add(b->p, r) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    return BWM_OK;
}

int bwm_plan_add(bwm_plan_builder *b, bwm_study_run *r, bwm_err *err)
{
    if (r->exp == BWM_EXP_ALONE && bwm_study_plan_alone(b->p, r->app[0], r->split[0], r->design) >= 0)
        return BWM_OK;
    const bwm_synth_app *apps[BWM_STUDY_MAX_APPS];
    for (size_t i = 0; i < r->napps; i++)
        if (!(apps[i] = bwm_plan_synth(b, r->app[i])))
            return bwm_fail(err, BWM_EINPUT, "workload %s: application '%s' is not in the applications file",
                            r->workload, r->app[i]);
    return bwm_plan_push(b, apps, r, err);
}

int bwm_plan_add_alone(bwm_plan_builder *b, const char *app, int sms, const char *design, bwm_err *err)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_ALONE;
    snprintf(r.design, sizeof r.design, "%s", design);
    snprintf(r.workload, sizeof r.workload, "%s", app);
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "%s", app);
    r.split[0] = sms;
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = b->s->window;
    return bwm_plan_add(b, &r, err);
}

void bwm_plan_set_classes(bwm_study_run *r, const double *mpki, const double *bw)
{
    if (r->napps < 2)
        return;
    bwm_classes c = bwm_classify(mpki, bw, r->napps);
    snprintf(r->mpki_class, sizeof r->mpki_class, "%s", bwm_class_letter(c.mpki));
    snprintf(r->bw_class, sizeof r->bw_class, "%s", bwm_class_letter(c.bw));
}

int bwm_plan_add_run(bwm_plan_builder *b, const bwm_plan_spec *spec, size_t w, bwm_err *err)
{
    const bwm_workload *x = &b->s->list->l.w[w];
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = spec->exp;
    snprintf(r.workload_id, sizeof r.workload_id, "%s", x->id);
    snprintf(r.workload, sizeof r.workload, "%s", x->name);
    r.napps = x->napps;
    int given[BWM_GPU_MAX_APPS] = {0};
    for (size_t i = 0; spec->split && i < x->napps; i++)
        given[i] = spec->split[i];
    int shares[BWM_GPU_MAX_APPS];
    bwm_gpu_shares(b->s->cfg, (int)x->napps, given, shares);
    double mpki[BWM_STUDY_MAX_APPS], bw[BWM_STUDY_MAX_APPS];
    for (size_t i = 0; i < x->napps; i++) {
        snprintf(r.app[i], sizeof r.app[i], "%s", x->apps[i]->abbr);
        r.split[i] = spec->whole ? b->s->cfg->n_sms : shares[i];
        mpki[i] = x->apps[i]->mpki;
        bw[i] = x->apps[i]->bw_frac;
        int st = bwm_plan_add_alone(b, r.app[i], r.split[i], "", err);
        if (st != BWM_OK)
            return st;
    }
    bwm_plan_set_classes(&r, mpki, bw);
    snprintf(r.sched, sizeof r.sched, "%s", spec->sched);
    r.window = spec->window;
    r.alpha = spec->alpha;
    r.m = spec->m;
    r.flags = b->s->list->flags[w];
    const char *policy;
    int prior;
    int st = bwm_workload_sched(spec->sched, (int)x->napps, &policy, &prior, err);
    if (st != BWM_OK)
        return st;
    return bwm_plan_add(b, &r, err);
}

int bwm_plan_in_study(const bwm_plan_builder *b, size_t w, size_t napps)
{
    return b->s->list->l.w[w].napps == napps && (!b->s->quick || b->s->list->flags[w].quick);
}

long bwm_plan_find_pair(const bwm_plan_builder *b, const char *name)
{
    for (size_t w = 0; w < b->s->list->l.n; w++)
        if (bwm_plan_in_study(b, w, 2) && strcmp(b->s->list->l.w[w].name, name) == 0)
            return (long)w;
    return -1;
}

/* frfcfs first (every figure normalises to it), then the given schedulers,
 * each once. */
static int main_scheds(bwm_plan_builder *b, bwm_err *err)
{
    b->scheds[b->nsched++] = "frfcfs";
    for (size_t k = 0; k < b->s->nsched; k++) {
        int dup = 0;
        for (size_t j = 0; j < b->nsched; j++)
            dup |= strcmp(b->scheds[j], b->s->scheds[k]) == 0;
        if (dup)
            continue;
        if (b->nsched == BWM_STUDY_MAX_SCHEDS)
            return bwm_fail(err, BWM_EINPUT, "more than %d schedulers", BWM_STUDY_MAX_SCHEDS);
        const char *policy;
        int prior;
        int st = bwm_workload_sched(b->s->scheds[k], 2, &policy, &prior, err);
        if (st != BWM_OK)
            return st;
        b->scheds[b->nsched++] = b->s->scheds[k];
    }
    return BWM_OK;
}

int bwm_study_plan_build(const bwm_study_setup *s, bwm_study_plan *p, bwm_err *err)
{
    memset(p, 0, sizeof *p);
    bwm_plan_builder b = {s, p, {0}, 0};
    int st = main_scheds(&b, err);
    for (int e = 0; st == BWM_OK && e < bwm_study_exp_count(); e++)
        st = bwm_study_exp_at(e)->plan(&b, err);
    if (st != BWM_OK)
        bwm_study_plan_free(p);
    return st;
}
