/* translation_test.c — the translation experiment's measure, by hand: a
 * design's performance relative to Ideal is its weighted speedup over
 * Ideal's on the same workload, both over the same alone IPCs (ws_norm of
 * study/outcome.h), and the figure's and report's averages are GMs of it
 * per design and number of applications (plots/xlat_summary.h); the
 * walks' DRAM latency is averaged over the applications whose walk reads
 * reached DRAM only (study/xlat_runs.h). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "io/outfile.h"
#include "plots/xlat_summary.h"
#include "study/outcome.h"
#include "study/xlat_runs.h"
#include "tests/support/study_dir.h"

/* A pair run of SCAN (alone IPC 100) and SAD (alone IPC 50) under design. */
static bwm_study_run pair(const char *design, const char *key)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_TRANSLATION;
    snprintf(r.workload, sizeof r.workload, "SCAN_SAD");
    r.napps = 2;
    snprintf(r.app[0], sizeof r.app[0], "SCAN");
    snprintf(r.app[1], sizeof r.app[1], "SAD");
    r.split[0] = r.split[1] = 15;
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = 1024;
    snprintf(r.design, sizeof r.design, "%s", design);
    snprintf(r.key, sizeof r.key, "%064d", atoi(key));
    return r;
}

static void write_rec(const char *dir, const bwm_study_run *r, double ipc0, double ipc1)
{
    bwm_run_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.napps = 2;
    const double ipc[2] = {ipc0, ipc1}, alone[2] = {100, 50};
    for (int i = 0; i < 2; i++) {
        snprintf(rec.app[i].abbr, sizeof rec.app[i].abbr, "%s", r->app[i]);
        rec.app[i].sms = 15;
        rec.app[i].ipc = ipc[i];
        rec.alone[i] = (bwm_alone_profile){alone[i], 1, 10};
    }
    bwm_err err;
    cr_assert_eq(bwm_run_file_write(dir, r->key, &rec, &err), BWM_OK, "%s", err.msg);
}

Test(translation, relative_to_ideal_is_ws_over_ideals_ws)
{
    char dir[BWM_DIR_MAX];
    bwm_tmp_runs_dir(dir);
    bwm_study_files f;
    memset(&f, 0, sizeof f);
    bwm_study_run runs[] = {pair("mask/ideal", "1"), pair("mask/shared_tlb", "2"), pair("mask/mask", "3")};
    for (size_t k = 0; k < 3; k++)
        cr_assert_eq(bwm_study_plan_add(&f.plan, &runs[k]), 0);
    /* Ideal: 80/100 + 40/50 = 1.6; SharedTLB: 40/100 + 30/50 = 1.0;
     * MASK: 60/100 + 35/50 = 1.3 */
    write_rec(dir, &runs[0], 80, 40);
    write_rec(dir, &runs[1], 40, 30);
    write_rec(dir, &runs[2], 60, 35);
    bwm_study_outcome o;
    bwm_err err;
    cr_assert_eq(bwm_outcome_load(dir, &f, &o, &err), BWM_OK, "%s", err.msg);
    cr_assert_float_eq(o.o[0].m.ws, 1.6, 1e-12);
    cr_assert_float_eq(o.o[0].ws_norm, 1.0, 1e-12);
    cr_assert_float_eq(o.o[1].ws_norm, 1.0 / 1.6, 1e-12);
    cr_assert_float_eq(o.o[2].ws_norm, 1.3 / 1.6, 1e-12);
    bwm_outcome_free(&o);
    bwm_study_plan_free(&f.plan);
    bwm_rm_rf(dir);
}

Test(translation, averages_are_gms_per_design_and_number_of_applications)
{
    static bwm_pl_results r;
    static bwm_pl_run runs[5];
    memset(runs, 0, sizeof runs);
    const char *design[] = {"mask/shared_tlb", "mask/shared_tlb", "mask/shared_tlb", "mask/mask", "main"};
    const size_t napps[] = {2, 2, 1, 2, 2};
    const double ws_norm[] = {0.5, 0.8, 0.9, 0.7, 0.1};
    for (int k = 0; k < 5; k++) {
        snprintf(runs[k].exp, sizeof runs[k].exp, "%s", k == 4 ? "main" : "translation");
        snprintf(runs[k].design, sizeof runs[k].design, "%s", k == 4 ? "" : design[k]);
        runs[k].napps = napps[k];
        runs[k].ws_norm = ws_norm[k];
    }
    r.runs = runs;
    r.nruns = 5;
    bwm_pl_xlat_point p[BWM_PL_XLAT_MAX_POINTS];
    size_t n = bwm_pl_xlat_points(&r, p, BWM_PL_XLAT_MAX_POINTS);
    cr_assert_eq(n, 3, "shared_tlb with 1 and 2 applications, mask with 2; the main run is none");
    const bwm_pl_xlat_point *x = bwm_pl_xlat_find(p, n, "mask/shared_tlb", 2);
    cr_assert(x);
    cr_assert_eq(x->n, 2);
    cr_assert_float_eq(x->rel_ideal, sqrt(0.5 * 0.8), 1e-12);
    cr_assert_eq(p[0].napps, 1, "ascending number of applications");
    cr_assert_float_eq(bwm_pl_xlat_find(p, n, "mask/mask", 2)->rel_ideal, 0.7, 1e-12);
    cr_assert_null(bwm_pl_xlat_find(p, n, "mask/mask", 1));
}

Test(translation, walk_dram_latency_is_averaged_where_walk_reads_reached_dram)
{
    char dir[BWM_DIR_MAX];
    bwm_tmp_runs_dir(dir);
    bwm_study_files f;
    memset(&f, 0, sizeof f);
    bwm_study_run run = pair("mask/shared_tlb", "7");
    run.exp = BWM_EXP_PAGE_REUSE;
    cr_assert_eq(bwm_study_plan_add(&f.plan, &run), 0);
    bwm_run_rec rec;
    memset(&rec, 0, sizeof rec);
    rec.napps = 2;
    /* SCAN's walk reads reached DRAM (100 cycles, its data 50); SAD walked
       but the L2 served every walk read (latency 0: nothing measured) */
    const double walk_lat[2] = {100, 0}, data_lat[2] = {50, 70}, walk_bw[2] = {0.1, 0};
    for (int i = 0; i < 2; i++) {
        snprintf(rec.app[i].abbr, sizeof rec.app[i].abbr, "%s", run.app[i]);
        rec.app[i].sms = 15;
        rec.app[i].ipc = 10;
        rec.app[i].translated = 1;
        rec.app[i].xlat.levels = 4;
        rec.app[i].xlat.walks = 5;
        rec.app[i].xlat.walk_dram_latency = walk_lat[i];
        rec.app[i].xlat.data_dram_latency = data_lat[i];
        rec.app[i].xlat.walk_bw_frac = walk_bw[i];
        rec.alone[i] = (bwm_alone_profile){20, 1, 10};
    }
    bwm_err err;
    cr_assert_eq(bwm_run_file_write(dir, run.key, &rec, &err), BWM_OK, "%s", err.msg);
    bwm_study_outcome o;
    cr_assert_eq(bwm_outcome_load(dir, &f, &o, &err), BWM_OK, "%s", err.msg);
    bwm_xlat_sel s = {BWM_EXP_PAGE_REUSE, "mask/shared_tlb", 0, NULL, NULL};
    bwm_xlat_means m = bwm_xlat_means_of(&f, &o, &s);
    cr_assert_eq(m.n, 2);
    cr_assert_eq(m.n_walk_dram, 1);
    cr_assert_float_eq(m.walk_lat, 100, 1e-9);
    cr_assert_float_eq(m.data_lat, 50, 1e-9, "the data latency of the same applications");
    bwm_outcome_free(&o);
    bwm_study_plan_free(&f.plan);
    bwm_rm_rf(dir);
}
