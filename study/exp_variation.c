/* exp_variation.c — paper 003's isolation measure on its own GPU (the
 * setup's var_cfg, GTX 1080 by default; sim/run/variation.h): MM, SCP,
 * FWT, CFD and VA each alone on the whole GPU, then on one of two
 * partitions under cp and under cmp, alone and beside MM, FWT and VA; each
 * timed to var_insts thread instructions (paper mode).  Its runs are
 * compared with each other (study/variation.h), not normalised. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/run/variation.h"
#include "study/exec.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/report.h"
#include "study/report_variation.h"
#include "study/setup.h"
#include "study/variation.h"

static const char *const variation_apps[] = {"MM", "SCP", "FWT", "CFD", "VA"};
static const char *const variation_interferers[] = {"MM", "FWT", "VA"};
static const char *const variation_partitionings[] = {"cp", "cmp"};
#define VARIATION_PARTS 2

/* One variation run: app alone on every SM (partition "whole"), or on one
 * of the partitions beside interferer (NULL: the others idle). */
static int add_variation(bwm_plan_builder *b, const char *partition, const char *app, const char *interferer,
                         bwm_err *err)
{
    const char *names[2] = {app, interferer};
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_VARIATION;
    snprintf(r.partition, sizeof r.partition, "%s", partition);
    int whole = strcmp(partition, "whole") == 0;
    r.parts = whole ? 0 : VARIATION_PARTS;
    r.napps = interferer ? 2 : 1;
    snprintf(r.workload, sizeof r.workload, interferer ? "%s_%s" : "%s", app, interferer);
    for (size_t i = 0; i < r.napps; i++) {
        snprintf(r.app[i], sizeof r.app[i], "%s", names[i]);
        r.split[i] = whole ? b->s->var_cfg->n_sms : b->s->var_cfg->n_sms / VARIATION_PARTS;
    }
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = 1024;
    const bwm_synth_app *apps[2];
    for (size_t i = 0; i < r.napps; i++)
        if (!(apps[i] = bwm_plan_synth(b, names[i])))
            return bwm_fail(err, BWM_EINPUT, "the variation experiment (paper 003) needs application '%s': it is "
                            "in neither the applications file nor the variation's", names[i]);
    return bwm_plan_push(b, apps, &r, err);
}

/* Its GPU takes its runs: sim variation's check of the same measure (cmp
 * needs as many page colours as partitions, ...). */
static int check(const bwm_study_inputs *in, const bwm_study_setup *s, bwm_err *err)
{
    bwm_variation_spec v;
    memset(&v, 0, sizeof v);
    v.cfg = s->var_cfg;
    v.n_apps = (int)BWM_COUNT(variation_apps);
    v.n_interferers = (int)BWM_COUNT(variation_interferers);
    v.n_partitionings = (int)BWM_COUNT(variation_partitionings);
    for (int k = 0; k < v.n_partitionings; k++)
        bwm_partitioning_parse(variation_partitionings[k], &v.partitionings[k]);
    v.parts = VARIATION_PARTS;
    bwm_err sub;
    int st = bwm_variation_check(&v, &sub);
    if (st != BWM_OK)
        bwm_fail(err, st, "option --variation-config: %s: %s", in->path[BWM_IN_VAR_CONFIG], sub.msg);
    return st;
}

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t a = 0; st == BWM_OK && a < BWM_COUNT(variation_apps); a++)
        st = add_variation(b, "whole", variation_apps[a], NULL, err);
    for (size_t k = 0; k < BWM_COUNT(variation_partitionings); k++)
        for (size_t a = 0; st == BWM_OK && a < BWM_COUNT(variation_apps); a++) {
            st = add_variation(b, variation_partitionings[k], variation_apps[a], NULL, err);
            for (size_t i = 0; st == BWM_OK && i < BWM_COUNT(variation_interferers); i++)
                st = add_variation(b, variation_partitionings[k], variation_apps[a], variation_interferers[i], err);
        }
    return st;
}

/* Its own GPU, timed to a budget. */
static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    bwm_buf_printf(t, "bwmpki study variation run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " insts %" PRIu64
                   " max_cycles %" PRId64 "\npartition %s parts %d\n", s->binary, s->var_config, s->seed,
                   s->var_insts, s->var_max_cycles, r->partition, r->parts);
    return 1;
}

static const bwm_gpu_config *gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    (void)r;
    return e->var_cfg;
}

/* One case of the variation: app[0] timed, app[1] (if any) interfering. */
static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg, const bwm_run_params *len,
                    const bwm_synth_app *const *apps,
                          struct bwm_run_rec *rec, bwm_err *err)
{
    bwm_variation_spec s;
    memset(&s, 0, sizeof s);
    (void)len;
    s.cfg = cfg;
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


static void report(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_variation(&c->f->info, c->r, out);
}

/* variation.*, variation_runs.*, variation_summary.*. */
static int tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_exp_tables *out, bwm_err *err)
{
    bwm_study_variation *v = malloc(sizeof *v);
    if (!v)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = bwm_study_variation_gather(f, o, v, err);
    if (st == BWM_OK && v->present) {
        bwm_variation_tables(&v->layout, &v->result, out->t);
        out->n = BWM_VARIATION_NTABLES;
        for (int k = 0; k < BWM_VARIATION_NTABLES; k++)
            out->name[k] = bwm_study_variation_files[k];
    }
    free(v);
    return st;
}

const bwm_study_experiment bwm_exp_variation = {
    .name = "variation", .check = check, .plan = plan, .key_head = key_head, .gpu = gpu, .simulate = simulate,
    .unnormalised = 1, .ran = "of paper 003's variation", .place = 6,
    .heading = "## Isolation by partitioning (paper 003)", .report = report,
    .files = "- `variation.*`, `variation_runs.*`, `variation_summary.*`: paper 003's variation per "
             "application, per interferer and per partitioning (text, CSV, JSON).\n",
    .tables = tables};
