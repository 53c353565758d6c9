/* exec_plan_test.c — a study's plan run in its folder: the plan files
 * written, and the shards' tasks: every distinct run in exactly one shard
 * (an alone run also in the shards whose runs need it), alone runs apart,
 * a run with its result file not simulated again, and the runner given
 * the alone runs before the others. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/exec_plan.h"
#include "study/run_file.h"
#include "tests/support/study_dir.h"

static bwm_study_job job;
static char dir[BWM_DIR_MAX];

static void setup(void)
{
    static const char *const shipped[BWM_IN_COUNT] = {
        [BWM_IN_CONFIG] = "configs/memsys15.config",   [BWM_IN_APPS] = "apps_calibrated.csv",
        [BWM_IN_WORKLOADS] = "workloads/study.csv",    [BWM_IN_VAR_CONFIG] = "configs/gtx1080.config",
        [BWM_IN_VAR_APPS] = "apps_fgpu.csv",           [BWM_IN_XLAT_CONFIG] = "configs/mask17.config",
        [BWM_IN_BATCH_CONFIG] = "configs/cal12.config", [BWM_IN_BATCH_APPS] = "apps_cta.csv",
        [BWM_IN_XLAT_PROBES] = "apps_tlb_reuse.csv",   [BWM_IN_TRACES_CONFIG] = "configs/qv100_traces.config",
        [BWM_IN_TRACES_STANDINS] = "standins_traces.csv",
    };
    static char path[BWM_IN_COUNT][512];
    bwm_study_inputs in = {.version = "v", .revision = "r", .quick = 1, .seed = 1, .window = 1024,
                           .var_insts = 1000000, .xlat_cycles = 50000, .xlat_warmup = 5000,
                           .var_max_cycles = 100000000};
    in.run.cycles = 50000;
    in.run.warmup = 5000;
    for (int k = 0; k < BWM_IN_COUNT; k++) {
        snprintf(path[k], sizeof path[k], "%s/data/%s", BWM_SOURCE_DIR, shipped[k]);
        in.path[k] = path[k];
        in.shown[k] = shipped[k];
    }
    memset(&job, 0, sizeof job);
    snprintf(job.info.scheds, sizeof job.info.scheds, "frfcfs,its");
    snprintf(job.sched_buf, sizeof job.sched_buf, "frfcfs,its");
    job.sched_buf[6] = '\0';
    job.scheds[0] = job.sched_buf;
    job.scheds[1] = job.sched_buf + 7;
    job.nsched = 2;
    bwm_err err;
    cr_assert_eq(bwm_study_prepare(&in, &job, &err), BWM_OK, "%s", err.msg);
    bwm_tmp_dir(dir);
    cr_assert_eq(bwm_study_write_plan(dir, &job, &err), BWM_OK, "%s", err.msg);
}

static void teardown(void)
{
    bwm_study_job_free(&job);
    bwm_rm_rf(dir);
}

TestSuite(exec_plan, .init = setup, .fini = teardown);

Test(exec_plan, the_folder_holds_the_plan_files_and_no_run_yet)
{
    char path[4096];
    for (int k = 0; k < 3; k++) {
        snprintf(path, sizeof path, "%s/plan/%s", dir, bwm_plan_file_names[k]);
        cr_assert(bwm_exists(path), "%s", path);
    }
    snprintf(path, sizeof path, "%s/runs", dir);
    cr_assert_eq(bwm_count_files(path), 0);
}

Test(exec_plan, every_distinct_run_is_in_one_shard_with_its_alone_runs)
{
    const bwm_study_plan *p = &job.plan;
    enum { N = 3 };
    unsigned *in_shards = calloc(p->n, sizeof *in_shards);
    cr_assert(in_shards);
    size_t total = 0;
    for (int k = 1; k <= N; k++) {
        bwm_study_tasks t;
        bwm_err err;
        cr_assert_eq(bwm_study_tasks_of(dir, p, k, N, &t, &err), BWM_OK, "%s", err.msg);
        cr_assert_eq(t.done_before, 0);
        cr_assert_eq(t.distinct, t.nalone + t.nrest);
        for (size_t i = 0; i < t.nalone; i++) {
            cr_assert_eq(p->r[t.alone[i]].exp, BWM_EXP_ALONE);
            in_shards[t.alone[i]] |= 1u << k;
        }
        for (size_t i = 0; i < t.nrest; i++) {
            const bwm_study_run *r = &p->r[t.rest[i]];
            cr_assert_neq(r->exp, BWM_EXP_ALONE);
            cr_assert_lt(bwm_study_plan_same(p, t.rest[i]), 0, "a run the same as another is not run twice");
            in_shards[t.rest[i]] |= 1u << k;
            for (size_t a = 0; a < r->napps; a++) {
                long al = bwm_study_plan_alone_of(p, r, a);
                if (al >= 0)
                    cr_assert(in_shards[al] & (1u << k), "run %zu's alone run %ld in its shard", t.rest[i], al);
            }
            total++;
        }
        bwm_study_tasks_free(&t);
    }
    size_t distinct = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (bwm_study_plan_same(p, i) >= 0 || p->r[i].exp == BWM_EXP_ALONE)
            continue;
        distinct++;
        unsigned s = in_shards[i];
        cr_assert(s && !(s & (s - 1)), "run %zu in exactly one shard", i);
    }
    cr_assert_eq(total, distinct);
    cr_assert_gt(distinct, 0);
    free(in_shards);
}

Test(exec_plan, a_run_with_its_file_is_done)
{
    const bwm_study_plan *p = &job.plan;
    bwm_study_tasks before, after;
    bwm_err err;
    cr_assert_eq(bwm_study_tasks_of(dir, p, 1, 1, &before, &err), BWM_OK, "%s", err.msg);
    cr_assert_gt(before.nalone, 0);
    size_t first = before.alone[0];
    char path[4096];
    bwm_run_file_path(dir, p->r[first].key, path, sizeof path);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fclose(f);
    cr_assert_eq(bwm_study_tasks_of(dir, p, 1, 1, &after, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(after.done_before, 1);
    cr_assert_eq(after.distinct, before.distinct);
    cr_assert_eq(after.nalone, before.nalone - 1);
    for (size_t i = 0; i < after.nalone; i++)
        cr_assert_neq(after.alone[i], first);
    bwm_study_tasks_free(&before);
    bwm_study_tasks_free(&after);
}

/* A runner that records the tasks it is given, running none. */
typedef struct seen {
    size_t calls, n[2];
} seen;

static int record(void *ctx, const size_t *tasks, size_t n, bwm_study_task_fn fn, void *fn_ctx, bwm_err *err)
{
    seen *s = ctx;
    (void)tasks, (void)fn, (void)fn_ctx, (void)err;
    if (s->calls < 2)
        s->n[s->calls] = n;
    s->calls++;
    return BWM_OK;
}

Test(exec_plan, the_runner_gets_the_alone_runs_first)
{
    bwm_study_tasks t;
    bwm_err err;
    cr_assert_eq(bwm_study_tasks_of(dir, &job.plan, 1, 1, &t, &err), BWM_OK, "%s", err.msg);
    seen s = {0};
    cr_assert_eq(bwm_study_simulate(dir, &job, &t, record, &s, &err), BWM_OK);
    cr_assert_eq(s.calls, 2);
    cr_assert_eq(s.n[0], t.nalone);
    cr_assert_eq(s.n[1], t.nrest);
    bwm_study_tasks_free(&t);
}
