/* exp_alone.c — each application alone on an SM share under FR-FCFS: the
 * profiles every slowdown compares against.  Other experiments add the
 * alone runs they need (study/plan_build.h: once each, on their shares and,
 * for the translation experiment, under their group's alone design on its
 * GPU); this experiment's own plan adds every application of the
 * applications file on the two-way share, for the performance-model fit
 * (not in --quick). */
#include "sim/gpu/gpu.h"
#include "study/exec.h"
#include "study/exec_sim.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/xlat_gpu.h"

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t a = 0; st == BWM_OK && !b->s->quick && a < b->s->n_fit_apps; a++)
        st = bwm_plan_add_alone(b, b->s->apps[a].abbr, bwm_gpu_pair_share(b->s->cfg->n_sms), "", err);
    return st;
}

/* An alone run under a translation design is on that experiment's GPU, for
 * its length. */
static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    if (!r->design[0])
        return 0;
    bwm_xlat_key_head(s, r, t);
    return 1;
}

static const bwm_gpu_config *gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    return r->design[0] ? bwm_xlat_gpu(e, r) : e->cfg;
}

static const bwm_run_params *length(const bwm_study_env *e, const bwm_study_run *r)
{
    return r->design[0] ? &e->xlat_run : &e->run;
}

static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                    const bwm_run_params *len, const bwm_synth_app *const *apps, struct bwm_run_rec *rec, bwm_err *err)
{
    return bwm_study_sim_alone(e, r, cfg, len, bwm_gpu_pair_colors(cfg), apps[0], rec, err);
}

const bwm_study_experiment bwm_exp_alone = {.name = "alone", .plan = plan, .key_head = key_head,
                                            .key_sched = "alone", .gpu = gpu, .length = length,
                                            .simulate = simulate, .unnormalised = 1, .ran = "alone"};
