/* batch_test.c — the thread-batching experiment (paper 002): a design's
 * ratios are over the same application's baseline run, the summary's are
 * GMs of them per group of applications, the report says each direction
 * holds or not from the values it lists, a run file keeps the DRAM locality
 * and energy of a thread-block run, and on a short simulation TEMP moves
 * the batch-friendly stream the way the paper says. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/batch_summary.h"
#include "sim/config/gpu_read.h"
#include "sim/run/workload_run.h"
#include "study/batch.h"
#include "study/outcome.h"
#include "study/report_batch.h"
#include "tests/support/study_dir.h"

/* (The CLI test helpers' bwm_run would clash with the simulator's.) */
static void expect_in(const char *hay, const char *needle)
{
    cr_assert(hay && strstr(hay, needle), "'%s' not found in:\n%s", needle, hay ? hay : "(null)");
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "no %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

/* A row of batching.csv: ipc, rbhr, blp, act_per_access, local_access,
 * dram_delay, energy per access. */
static bwm_pl_batch row(const char *design, const char *app, const char *pattern, const double *v)
{
    bwm_pl_batch b;
    memset(&b, 0, sizeof b);
    snprintf(b.design, sizeof b.design, "%s", design);
    snprintf(b.app, sizeof b.app, "%s", app);
    snprintf(b.pattern, sizeof b.pattern, "%s", pattern);
    for (int m = 0; m < BWM_BM_COUNT; m++)
        b.v[m] = NAN;
    static const bwm_pl_bm at[] = {BWM_BM_IPC, BWM_BM_ROW_HIT_RATE, BWM_BM_BLP, BWM_BM_ACT_PER_ACCESS,
                                   BWM_BM_LOCAL_ACCESS, BWM_BM_DRAM_DELAY, BWM_BM_ENERGY_PER_ACCESS};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++)
        b.v[at[k]] = v[k];
    return b;
}

/* Two batch-friendly applications (A, B) and a control (GUPS) under the
 * baseline and TEMP; with tbas, TEMP+TBAS too. */
static bwm_pl_batch rows[9];

static bwm_pl_results results(int tbas)
{
    static const double base_a[] = {100, 0.5, 2, 0.5, 0.1, 100, 4}, temp_a[] = {110, 0.6, 3, 0.4, 0.95, 80, 3.6};
    static const double base_b[] = {50, 0.8, 4, 0.2, 0.1, 50, 3}, temp_b[] = {40, 0.7, 2, 0.3, 0.85, 60, 3.3};
    static const double base_g[] = {10, 0.04, 8, 0.96, 0.1, 200, 5}, temp_g[] = {10.3, 0.05, 9, 0.95, 0.7, 190, 5.1};
    static const double tbas_a[] = {120, 0.66, 2.7, 0.35, 0.95, 70, 3.4}, tbas_b[] = {45, 0.7, 2, 0.25, 0.9, 55, 3.2};
    static const double tbas_g[] = {10.1, 0.05, 8, 0.95, 0.7, 195, 4.9};
    size_t n = 0;
    rows[n++] = row("baseline", "A", "cta", base_a);
    rows[n++] = row("baseline", "B", "cta", base_b);
    rows[n++] = row("baseline", "GUPS", "random", base_g);
    rows[n++] = row("temp", "A", "cta", temp_a);
    rows[n++] = row("temp", "B", "cta", temp_b);
    rows[n++] = row("temp", "GUPS", "random", temp_g);
    if (tbas) {
        rows[n++] = row("temp_tbas", "A", "cta", tbas_a);
        rows[n++] = row("temp_tbas", "B", "cta", tbas_b);
        rows[n++] = row("temp_tbas", "GUPS", "random", tbas_g);
    }
    bwm_pl_results r;
    memset(&r, 0, sizeof r);
    r.batch = rows;
    r.nbatch = n;
    return r;
}

Test(batch, ratios_are_over_the_baseline_and_summaries_are_gms_per_group)
{
    bwm_pl_results r = results(0);
    const bwm_pl_batch *a = bwm_pl_batch_find(&r, "temp", "A");
    cr_assert(a);
    cr_assert_float_eq(bwm_pl_batch_ratio(&r, a, BWM_BM_IPC), 1.1, 1e-12);
    cr_assert_float_eq(bwm_pl_batch_ratio(&r, a, BWM_BM_DRAM_DELAY), 0.8, 1e-12);
    cr_assert(isnan(bwm_pl_batch_ratio(&r, a, BWM_BM_SPEEDUP)), "no value, no ratio");
    const char *designs[4];
    cr_assert_eq(bwm_pl_batch_designs(&r, designs, 4), 2);
    cr_assert_str_eq(designs[0], "baseline");
    bwm_pl_batch_point p[BWM_PL_BATCH_MAX_POINTS];
    size_t n = bwm_pl_batch_points(&r, p, BWM_PL_BATCH_MAX_POINTS);
    cr_assert_eq(n, 6, "two designs, three groups each");
    const bwm_pl_batch_point *f = bwm_pl_batch_point_find(p, n, "temp", BWM_PL_BATCH_FRIENDLY);
    const bwm_pl_batch_point *c = bwm_pl_batch_point_find(p, n, "temp", BWM_PL_BATCH_CONTROLS);
    const bwm_pl_batch_point *all = bwm_pl_batch_point_find(p, n, "temp", BWM_PL_BATCH_ALL);
    cr_assert(f && c && all);
    cr_assert_eq(f->n, 2);
    cr_assert_eq(c->n, 1);
    cr_assert_eq(all->n, 3);
    cr_assert_float_eq(f->gm_ratio[BWM_BM_IPC], sqrt(1.1 * 0.8), 1e-12);
    cr_assert_float_eq(f->gm_ratio[BWM_BM_BLP], sqrt(1.5 * 0.5), 1e-12);
    cr_assert_float_eq(c->gm_ratio[BWM_BM_IPC], 1.03, 1e-12);
    cr_assert_float_eq(all->gm_ratio[BWM_BM_IPC], cbrt(1.1 * 0.8 * 1.03), 1e-12);
    cr_assert_float_eq(f->mean[BWM_BM_LOCAL_ACCESS], 0.9, 1e-12, "a share is averaged, not divided");
    cr_assert_float_eq(bwm_pl_batch_point_find(p, n, "baseline", BWM_PL_BATCH_ALL)->gm_ratio[BWM_BM_ROW_HIT_RATE], 1,
                       1e-12);
    cr_assert_str_eq(bwm_pl_batch_set_name(BWM_PL_BATCH_FRIENDLY), "batch-friendly");
    /* paper 002's numbers where it gives them, and none where it does not */
    cr_assert_float_eq(bwm_batch_paper("temp", BWM_PL_BATCH_ALL, BWM_BP_SPEEDUP), 1.057, 1e-12);
    cr_assert_float_eq(bwm_batch_paper("temp_tbas", BWM_PL_BATCH_ALL, BWM_BP_SPEEDUP), 1.103, 1e-12);
    cr_assert_float_eq(bwm_batch_paper("temp", BWM_PL_BATCH_FRIENDLY, BWM_BP_BLP), 1.583, 1e-12);
    cr_assert_float_eq(bwm_batch_paper("temp_tbas", BWM_PL_BATCH_FRIENDLY, BWM_BP_ROW_HIT_RATE), 1.331, 1e-12);
    cr_assert(isnan(bwm_batch_paper("temp", BWM_PL_BATCH_CONTROLS, BWM_BP_SPEEDUP)));
    cr_assert(isnan(bwm_batch_paper("baseline", BWM_PL_BATCH_ALL, BWM_BP_SPEEDUP)));
}

static char *report(int tbas)
{
    bwm_pl_results r = results(tbas);
    bwm_study_info info;
    memset(&info, 0, sizeof info);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_report_batch(&info, &r, &b);
    char *text = strdup(bwm_buf_str(&b));
    bwm_buf_free(&b);
    return text;
}

Test(batch, report_says_which_direction_holds_from_the_values)
{
    char *text = report(0);
    /* A's local access 0.95, B's 0.85 */
    expect_in(text, "- T1, local access at least 0.9 under TEMP: local_access (A 0.950, B 0.850): on 1 of 2: "
                              "**does not hold**.");
    /* RBHR: A 0.6/0.5, B 0.7/0.8 */
    expect_in(text, "(A 1.200, B 0.875): on 1 of 2: **does not hold**.");
    expect_in(text, "- T3, RBHR under TEMP+TBAS at least TEMP's: n/a (no batch-friendly application under "
                              "temp_tbas).");
    expect_in(text, "- T4, GUPS and MUM gain at most 2 % under every design: GUPS under temp +3.0 %: on 0 of "
                              "1: **does not hold**.");
    /* activations: A 0.4/0.5, B 0.3/0.2 */
    expect_in(text, "(A 0.800, B 1.500): on 1 of 2: **does not hold**.");
    /* row hits rose for A (energy -10 %) and GUPS (+2 %) */
    expect_in(text, "A under temp: RBHR +20.0 %, energy -10.0 %; GUPS under temp: RBHR +25.0 %, energy "
                              "+2.0 % — on 1 of 2: **does not hold**.");
    expect_in(text, "| TEMP's speedup, GM of every application ");
    expect_in(text, "| TEMP+TBAS's speedup, GM of every application ");
    expect_in(text, "contradict each other");
    free(text);
    text = report(1);
    /* RBHR over TEMP's: A 0.66/0.6, B 0.7/0.7 */
    expect_in(text, "- T3, RBHR under TEMP+TBAS at least TEMP's: RBHR over TEMP's (A 1.100, B 1.000): on 2 "
                              "of 2: holds.");
    expect_in(text, "GUPS under temp +3.0 %, GUPS under temp_tbas +1.0 %: on 1 of 2");
    char gm[64];
    snprintf(gm, sizeof gm, "%+.1f %%", 100 * (sqrt(1.2 * 0.9) - 1));
    expect_in(text, gm); /* TEMP+TBAS's speedup, C1 */
    free(text);
}

Test(batch, run_file_keeps_a_thread_block_run_s_locality_and_energy)
{
    char dir[BWM_DIR_MAX];
    bwm_tmp_runs_dir(dir);
    bwm_run_rec rec, back;
    memset(&rec, 0, sizeof rec);
    rec.napps = 1;
    bwm_app_result *a = &rec.app[0];
    snprintf(a->abbr, sizeof a->abbr, "BST");
    a->sms = 8;
    a->ipc = 48.5;
    a->blocks = 1;
    a->blp = 5.25;
    a->act_per_access = 0.083;
    a->local_access = 0.985;
    a->dram_delay = 289.5;
    a->pages_private = 0.99;
    a->ctas = 31;
    for (int k = 0; k < BWM_E_COUNT; k++)
        a->dram_energy.part[k] = 1000.5 * (k + 1);
    a->dram_energy.accesses = 123456;
    a->dram_energy.seconds = 7.5e-5;
    rec.alone[0] = (bwm_alone_profile){48.5, 12, 90};
    bwm_err err;
    cr_assert_eq(bwm_run_file_write(dir, "k1", &rec, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_run_file_read(dir, "k1", &back, &err), BWM_OK, "%s", err.msg);
    const bwm_app_result *b = &back.app[0];
    cr_assert(b->blocks && !b->translated);
    cr_assert_float_eq(b->blp, 5.25, 1e-12);
    cr_assert_float_eq(b->local_access, 0.985, 1e-12);
    cr_assert_float_eq(b->dram_delay, 289.5, 1e-12);
    cr_assert_float_eq(b->pages_private, 0.99, 1e-12);
    cr_assert_eq(b->ctas, 31);
    cr_assert_float_eq(bwm_energy_total(&b->dram_energy), bwm_energy_total(&a->dram_energy), 1e-6);
    cr_assert_float_eq(b->dram_energy.part[BWM_E_PRE], 2001, 1e-9);
    cr_assert_eq(b->dram_energy.accesses, 123456);
    cr_assert_float_eq(bwm_energy_per_access(&b->dram_energy), bwm_energy_per_access(&a->dram_energy), 1e-12);
    /* without thread blocks the file is what it was: no such column */
    a->blocks = 0;
    cr_assert_eq(bwm_run_file_write(dir, "k2", &rec, &err), BWM_OK, "%s", err.msg);
    char path[BWM_DIR_MAX + 32];
    snprintf(path, sizeof path, "%s/runs/k2.csv", dir);
    char *text = slurp(path);
    cr_assert(text && !strstr(text, "blp") && !strstr(text, "dram_energy"), "%s", text);
    free(text);
    cr_assert_eq(bwm_run_file_read(dir, "k2", &back, &err), BWM_OK, "%s", err.msg);
    cr_assert(!back.app[0].blocks);
    /* a count that is no count is refused at its line */
    snprintf(path, sizeof path, "%s/runs/k1.csv", dir);
    text = slurp(path);
    char *ctas = strstr(text, ",31,");
    cr_assert(ctas);
    memcpy(ctas, ",-1,", 4);
    FILE *fp = fopen(path, "w");
    fputs(text, fp);
    fclose(fp);
    free(text);
    cr_assert_eq(bwm_run_file_read(dir, "k1", &back, &err), BWM_EINPUT);
    expect_in(err.msg, "k1.csv:2: column 'ctas': -1 is not a count");
    bwm_rm_rf(dir);
}

/* A batch run of app under design, its record written with ipc. */
static bwm_study_run batch_run(const char *dir, const char *design, const char *app, const char *key, double ipc)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_BATCH;
    snprintf(r.workload, sizeof r.workload, "%s", app);
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "%s", app);
    r.split[0] = 8;
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    snprintf(r.design, sizeof r.design, "%s", design);
    snprintf(r.key, sizeof r.key, "%s", key);
    bwm_run_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.napps = 1;
    snprintf(rec.app[0].abbr, sizeof rec.app[0].abbr, "%s", app);
    rec.app[0].sms = 8;
    rec.app[0].ipc = ipc;
    rec.alone[0] = (bwm_alone_profile){ipc, 1, 10};
    bwm_err err;
    cr_assert_eq(bwm_run_file_write(dir, key, &rec, &err), BWM_OK, "%s", err.msg);
    return r;
}

Test(batch, speedup_is_ipc_over_the_same_application_s_baseline_run)
{
    char dir[BWM_DIR_MAX];
    bwm_tmp_runs_dir(dir);
    bwm_study_files f;
    memset(&f, 0, sizeof f);
    bwm_study_run runs[] = {batch_run(dir, "baseline", "BST", "1", 40), batch_run(dir, "baseline", "GUPS", "2", 10),
                            batch_run(dir, "temp", "BST", "3", 50), batch_run(dir, "temp", "GUPS", "4", 9)};
    for (size_t k = 0; k < 4; k++)
        cr_assert_eq(bwm_study_plan_add(&f.plan, &runs[k]), 0);
    bwm_study_outcome o;
    bwm_err err;
    cr_assert_eq(bwm_outcome_load(dir, &f, &o, &err), BWM_OK, "%s", err.msg);
    cr_assert_float_eq(o.o[0].it_norm, 1, 1e-12);
    cr_assert_float_eq(o.o[2].it_norm, 1.25, 1e-12);
    cr_assert_float_eq(o.o[3].it_norm, 0.9, 1e-12);
    cr_assert(bwm_study_has_batch(&f));
    bwm_table t;
    bwm_study_batch_runs(&f, &o, &t);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    expect_in(bwm_buf_str(&b), "design,app,pattern,sms,ipc,speedup,");
    expect_in(bwm_buf_str(&b), "\ntemp,BST,,8,50,1.25,");
    bwm_buf_free(&b);
    bwm_table_free(&t);
    bwm_outcome_free(&o);
    bwm_study_plan_free(&f.plan);
    bwm_rm_rf(dir);
}

/* BST of data/apps_cta.csv alone on cal12 under design d's settings. */
static bwm_app_result bst_under(size_t d)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/cal12.config", bwm_batch_design_at(d)->settings,
                                          "batch", &cfg, NULL, &err),
                 BWM_OK, "%s", err.msg);
    bwm_synth_app *apps;
    size_t n;
    cr_assert_eq(bwm_synth_load(BWM_SOURCE_DIR "/data/apps_cta.csv", &apps, &n, &err), BWM_OK, "%s", err.msg);
    const bwm_synth_app *bst = bwm_synth_find(apps, n, "BST");
    cr_assert(bst);
    bwm_run_params run;
    memset(&run, 0, sizeof run);
    run.cycles = 20000;
    run.warmup = 2000;
    bwm_app_result out;
    cr_assert_eq(bwm_workload_alone(&cfg, bst, cfg.n_sms, 0, &run, 1, &out, &err), BWM_OK, "%s", err.msg);
    free(apps);
    return out;
}

Test(batch, temp_keeps_the_batch_friendly_stream_local_and_saves_activations)
{
    long temp = bwm_batch_design_find("temp");
    cr_assert(temp > 0);
    bwm_app_result base = bst_under(0), t = bst_under((size_t)temp);
    cr_assert_eq(base.sms, 8);
    cr_assert(base.blocks && t.blocks);
    cr_assert(t.local_access >= 0.9, "TEMP: local access %g", t.local_access);
    cr_assert(base.local_access < 0.5, "interleaved CTAs on the address map's banks: %g", base.local_access);
    cr_assert(t.act_per_access < base.act_per_access, "activations per access %g under TEMP, %g without",
              t.act_per_access, base.act_per_access);
}
