/* exp_batch.c — paper 002's thread batching (Sec. 6.1) on its own GPU (the
 * setup's batch_cfgs, cal12 with 8 SMs by default) with its own
 * applications (the setup's batch_apps, data/apps_cta.csv by default):
 * every application alone on the whole GPU under every design of
 * study/batch_designs.h (quick: BST and GUPS under the designs marked
 * quick).  No alone profile is needed, each design being measured against
 * the baseline design's run of the same application. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "study/batch.h"
#include "study/batch_designs.h"
#include "study/exec.h"
#include "study/exec_sim.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/report.h"
#include "study/report_batch.h"
#include "study/setup.h"

/* Paper 002: the --quick study's applications, a batch-friendly one and a
 * control (the first application when the file has neither). */
static const char *const batch_quick[] = {"BST", "GUPS"};

/* Application a of the batch experiment alone on the whole GPU of design
 * d. */
static int add_batch(bwm_plan_builder *b, size_t d, const bwm_synth_app *a, bwm_err *err)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_BATCH;
    snprintf(r.design, sizeof r.design, "%s", bwm_batch_design_at(d)->name);
    snprintf(r.workload, sizeof r.workload, "%s", a->abbr);
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "%s", a->abbr);
    r.split[0] = b->s->batch_cfgs[d].n_sms;
    snprintf(r.sched, sizeof r.sched, "%s", BWM_BATCH_SCHED);
    r.window = b->s->window;
    return bwm_plan_push(b, &a, &r, err);
}

/* Whether the batch experiment's application a runs in this study. */
static int app_in_study(const bwm_plan_builder *b, size_t a)
{
    if (!b->s->quick)
        return 1;
    int any = 0;
    for (size_t k = 0; k < BWM_COUNT(batch_quick); k++) {
        const bwm_synth_app *x = bwm_synth_find(b->s->batch_apps, b->s->n_batch_apps, batch_quick[k]);
        if (x == &b->s->batch_apps[a])
            return 1;
        any |= x != NULL;
    }
    return !any && a == 0;
}

/* Its GPU has the SMs its designs run on (paper 002's 8): a design sets
 * the count, which must not exceed the file's (a GPU of 4 SMs would run
 * on 8). */
static int check(const bwm_study_inputs *in, const bwm_study_setup *s, bwm_err *err)
{
    bwm_gpu_config *file = malloc(sizeof *file);
    if (!file)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_err sub;
    int st = bwm_gpu_config_load_with(in->path[BWM_IN_BATCH_CONFIG], NULL, NULL, file, NULL, &sub);
    if (st != BWM_OK)
        bwm_fail(err, st, "option --batch-config: %s", sub.msg);
    for (size_t d = 0; st == BWM_OK && d < bwm_batch_design_count(); d++)
        if (file->n_sms < s->batch_cfgs[d].n_sms)
            st = bwm_fail(err, BWM_EINPUT, "option --batch-config: %s: a GPU of %d SMs; the batch experiment "
                          "(paper 002) runs on %d (batch design %s): give a GPU of at least %d SMs",
                          in->path[BWM_IN_BATCH_CONFIG], file->n_sms, s->batch_cfgs[d].n_sms,
                          bwm_batch_design_at(d)->name, s->batch_cfgs[d].n_sms);
    free(file);
    return st;
}

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t d = 0; st == BWM_OK && d < bwm_batch_design_count(); d++)
        for (size_t a = 0; st == BWM_OK && a < b->s->n_batch_apps; a++)
            if ((!b->s->quick || bwm_batch_design_at(d)->quick) && app_in_study(b, a))
                st = add_batch(b, d, &b->s->batch_apps[a], err);
    return st;
}

/* Its own GPU and the design. */
static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    char text[512];
    long d = bwm_batch_design_find(r->design);
    bwm_batch_design_text(d >= 0 ? (size_t)d : 0, text, sizeof text);
    bwm_buf_printf(t, "bwmpki study batch run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                   " warmup %" PRId64 "\n%s\n", s->binary, s->batch_config, s->seed, s->cycles, s->warmup, text);
    return 1;
}

static const bwm_synth_app *app(const bwm_study_env *e, const char *abbr)
{
    return bwm_synth_find(e->batch_apps, e->n_batch_apps, abbr);
}

static const bwm_gpu_config *gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    long d = bwm_batch_design_find(r->design);
    return d >= 0 && (size_t)d < e->n_batch_cfgs ? &e->batch_cfgs[d] : NULL;
}

/* Alone on the whole GPU: its page colours are the whole GPU's. */
static int simulate(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                    const bwm_run_params *len, const bwm_synth_app *const *apps, struct bwm_run_rec *rec, bwm_err *err)
{
    return bwm_study_sim_alone(e, r, cfg, len, 0, apps[0], rec, err);
}

/* The baseline design's run of the same application. */
static long baseline(const bwm_study_plan *p, size_t i)
{
    for (size_t k = 0; k < p->n; k++)
        if (p->r[k].exp == BWM_EXP_BATCH && strcmp(p->r[k].design, BWM_BATCH_BASELINE) == 0 &&
            strcmp(p->r[k].workload, p->r[i].workload) == 0)
            return (long)k;
    return -1;
}

static void report(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_batch(&c->f->info, c->r, out);
}

/* batching.*: one row per run (the figures read it back). */
static int tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_exp_tables *out, bwm_err *err)
{
    (void)err;
    bwm_study_batch_runs(f, o, &out->t[0]);
    out->name[0] = bwm_study_batch_files[0];
    out->n = 1;
    return BWM_OK;
}

/* batching_summary.*: per design and set of applications. */
static int summary(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                   bwm_exp_tables *out, bwm_err *err)
{
    (void)f, (void)o, (void)err;
    bwm_study_batch_summary(r, &out->t[0]);
    out->name[0] = bwm_study_batch_files[1];
    out->n = 1;
    return BWM_OK;
}

const bwm_study_experiment bwm_exp_batch = {
    .name = "batch", .check = check, .plan = plan, .key_head = key_head, .app = app,
    .apps_file = "batch experiment's applications file", .gpu = gpu, .simulate = simulate, .baseline = baseline,
    .no_alone = 1, .design_find = bwm_batch_design_find, .designs = "batch",
    .ran = "of paper 002's thread batching", .place = 6, .heading = "## Thread batching (paper 002)",
    .report = report,
    .files = "- `batching.*`, `batching_summary.*`: paper 002's thread batching per design and application "
             "(DRAM locality and energy) and per design and set of applications, beside the paper's "
             "numbers (text, CSV, JSON).\n",
    .tables = tables, .summary = summary};
