/* sim_run_trace.h — "bwmpki sim run" with a traced application
 * (--apps trace:PATH or trace:NAME=PATH): the trace folder's kernels on the
 * simulated GPU, per kernel and in total (sim_run_trace.c). */
#ifndef BWM_SIM_RUN_TRACE_H
#define BWM_SIM_RUN_TRACE_H

#include "cli/opts.h"
#include "cli/sim_opts.h"
#include "util/status.h"

/* The options of "sim run" a traced run reads. */
typedef struct bwm_sim_run_trace_args {
    const bwm_sim_opts *sim;
    const char *apps, *sched, *series, *series_every;
} bwm_sim_run_trace_args;

/* Whether --apps names a traced application. */
int bwm_sim_apps_traced(const char *apps);

/* Runs it and writes the kernels' table (and --series); BWM_OK or the
 * error to report. */
int bwm_sim_run_trace(const bwm_cmd *cmd, const bwm_common *common, const bwm_sim_run_trace_args *a, bwm_err *err);

#endif
