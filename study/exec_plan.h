/* exec_plan.h — a study's plan run in its folder: DIR, DIR/plan and
 * DIR/runs made and the plan files written (and no half-written run file
 * left from an interrupted study); the runs of one shard not done yet, its
 * tasks; and their simulation (study/exec.h), alone runs first, since the
 * others read their profiles, by the caller's runner (the command runs
 * them in worker processes: cli/study_pool.h). */
#ifndef BWM_STUDY_EXEC_PLAN_H
#define BWM_STUDY_EXEC_PLAN_H

#include <stddef.h>

#include "study/setup.h"
#include "util/status.h"

/* A shard's runs to simulate: indices into the plan; free with
 * bwm_study_tasks_free. */
typedef struct bwm_study_tasks {
    size_t *alone, *rest;               /* the alone runs, the others */
    size_t nalone, nrest;
    size_t distinct, done_before;       /* the shard's distinct runs, of which done before */
} bwm_study_tasks;

/* Makes dir, dir/plan and dir/runs, removes dir/runs' temporary files and
 * writes j's plan files (study/plan_file.h).  Errors name option --out. */
int bwm_study_write_plan(const char *dir, const bwm_study_job *j, bwm_err *err);

/* The distinct runs of shard k of n (1-based) of plan p that have no result
 * file in dir yet: non-alone run u (the u-th distinct one) belongs to shard
 * u mod n; an alone run to the shards whose runs need it, and to shard
 * a mod n (so that every one is in some shard). */
int bwm_study_tasks_of(const char *dir, const bwm_study_plan *p, int k, int n, bwm_study_tasks *t, bwm_err *err);
void bwm_study_tasks_free(bwm_study_tasks *t);

/* One task: run number task of the plan simulated and its file written. */
typedef int (*bwm_study_task_fn)(void *ctx, size_t task, bwm_err *err);
/* Runs fn(ctx, tasks[i]) for i < n, in any order; the first failure's
 * status (runner_ctx: the runner's own). */
typedef int (*bwm_study_runner)(void *runner_ctx, const size_t *tasks, size_t n, bwm_study_task_fn fn, void *ctx,
                                bwm_err *err);

/* Simulates t's runs of j's plan into dir/runs with run: the alone runs,
 * then the others. */
int bwm_study_simulate(const char *dir, const bwm_study_job *j, const bwm_study_tasks *t, bwm_study_runner run,
                       void *runner_ctx, bwm_err *err);

#endif
