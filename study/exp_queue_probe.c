/* exp_queue_probe.c — the queueing model's latency probes (fit/queue_calib.h,
 * docs/model.md): every application of the policy fit's workloads (the
 * main, prior and three experiments) alone on its SM share once more, under
 * FR-FCFS on the main GPU with every DRAM request BWM_QCAL_PROBE_DELAY L2
 * cycles later (-dram_latency + 100; the study's env.probe_cfg).  Beside the
 * application's alone run it gives its latency share, which the queueing
 * model of the study's fits reads (study/fits.h); fit policy --model
 * queueing runs the same probes itself.  Last in the registry: its runs
 * follow every other in the plan, so no other run changed its place. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fit/queue_calib.h"
#include "sim/gpu/gpu.h"
#include "study/exec_sim.h"
#include "study/experiment.h"
#include "study/plan_build.h"

extern const bwm_study_experiment bwm_exp_queue_probe;

/* Whether the plan has the probe of app on sms SMs already. */
static int have_probe(const bwm_study_plan *p, int exp, const char *app, int sms)
{
    for (size_t k = 0; k < p->n; k++)
        if (p->r[k].exp == exp && p->r[k].split[0] == sms && strcmp(p->r[k].app[0], app) == 0)
            return 1;
    return 0;
}

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int exp = bwm_study_exp_id(&bwm_exp_queue_probe);
    size_t n = b->p->n; /* the runs planned before: the probes' own are not looked at */
    int st = BWM_OK;
    for (size_t k = 0; k < n && st == BWM_OK; k++) {
        const bwm_study_run w = b->p->r[k]; /* a copy: adding runs may move the plan */
        if (w.exp != BWM_EXP_MAIN && w.exp != BWM_EXP_PRIOR && w.exp != BWM_EXP_THREE)
            continue;
        for (size_t i = 0; i < w.napps && st == BWM_OK; i++) {
            if (have_probe(b->p, exp, w.app[i], w.split[i]))
                continue;
            bwm_study_run r;
            memset(&r, 0, sizeof r);
            r.exp = exp;
            snprintf(r.workload, sizeof r.workload, "%s", w.app[i]);
            r.napps = 1;
            snprintf(r.app[0], sizeof r.app[0], "%s", w.app[i]);
            r.split[0] = w.split[i];
            snprintf(r.sched, sizeof r.sched, "frfcfs");
            r.window = b->s->window;
            st = bwm_plan_add(b, &r, err);
        }
    }
    return st;
}

/* The main GPU's head with the probe's added DRAM latency. */
static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    (void)r;
    bwm_buf_printf(t, "bwmpki study queue_probe run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                   " warmup %" PRId64 "\ndram_latency +%d\n", s->binary, s->config, s->seed, s->cycles, s->warmup,
                   BWM_QCAL_PROBE_DELAY);
    return 1;
}

static const bwm_gpu_config *gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    (void)r;
    return e->probe_cfg;
}

static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                    const bwm_run_params *len, const bwm_synth_app *const *apps, struct bwm_run_rec *rec, bwm_err *err)
{
    return bwm_study_sim_alone(e, r, cfg, len, bwm_gpu_pair_colors(cfg), apps[0], rec, err);
}

const bwm_study_experiment bwm_exp_queue_probe = {
    .name = "queue_probe", .plan = plan, .key_head = key_head, .key_sched = "alone", .gpu = gpu,
    .simulate = simulate, .unnormalised = 1, .no_alone = 1,
    .ran = "latency probes of the queueing model (alone, DRAM latency + 100 L2 cycles)",
    .files = "- `fit_policy_queue.*`: the queueing model's alone side: per alone run of the policy fit its queue wait "
             "measured and fitted, its latency probe and latency share, and the scales w_miss, w_hit.\n"};
