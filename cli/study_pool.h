/* study_pool.h — runs a list of tasks in N worker processes (fork), for the
 * study's simulations, with a progress line on standard error when it is a
 * terminal (tasks done / total, elapsed, estimated time left).
 *
 * Task t goes to worker t mod N.  A worker runs its tasks in order, tells
 * the parent after each (through a pipe, one message of at most PIPE_BUF
 * bytes, so messages never interleave) and stops at its first failure.
 * Workers die with the parent (a killed study leaves no simulation
 * running), and the task function must leave its result on disk: nothing
 * comes back but the status. */
#ifndef BWM_STUDY_POOL_H
#define BWM_STUDY_POOL_H

#include <stddef.h>

#include "cli/progress.h"
#include "util/status.h"

typedef int (*bwm_pool_task)(void *ctx, size_t task, bwm_err *err);

/* Runs tasks[0..n) with `jobs` workers.  Returns BWM_OK, or the first
 * failure's status with its message (the other workers finish their current
 * task and stop). */
int bwm_pool_run(const size_t *tasks, size_t n, int jobs, bwm_pool_task fn, void *ctx, bwm_progress *pg,
                 bwm_err *err);

#endif
