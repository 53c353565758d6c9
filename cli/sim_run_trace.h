/* sim_run_trace.h — "bwmpki sim run" with a traced application
 * (--apps trace:PATH or trace:NAME=PATH): the trace folder's kernels on the
 * simulated GPU, per kernel and in total (sim_run_trace.c). */
#ifndef BWM_SIM_RUN_TRACE_H
#define BWM_SIM_RUN_TRACE_H

#include "cli/opts.h"
#include "cli/sim_opts.h"
#include "sim/run/run.h"
#include "sim/traced/op_decode.h"
#include "util/status.h"

/* The options of "sim run" a traced run reads. */
typedef struct bwm_sim_run_trace_args {
    const bwm_sim_opts *sim;
    const char *apps, *sched, *series, *series_every;
} bwm_sim_run_trace_args;

/* Whether --apps names one traced application and nothing else (the
 * trace mode below; a group with traced applications runs as synthetic
 * groups do, sim_run.c). */
int bwm_sim_apps_traced(const char *apps);

#define BWM_TRACE_ITEM_PREFIX "trace:"

/* Whether one item of --apps is a trace folder (trace:...). */
int bwm_sim_item_traced(const char *item);

/* "trace:PATH" or "trace:NAME=PATH" (an = before the path's first /) into
 * buf (n bytes), *name (NULL: the folder's) and *path. */
int bwm_sim_trace_item(const char *item, char *buf, size_t n, const char **name, const char **path, bwm_err *err);

/* The opcodes of a traced application's run that were unknown or sent to
 * a fallback unit, as a note on stderr (nothing when there were none). */
void bwm_sim_trace_report(const char *cmd, const char *app, const bwm_op_report *report, const bwm_gpu_config *cfg);


/* Runs it and writes the kernels' table (and --series); BWM_OK or the
 * error to report. */
int bwm_sim_run_trace(const bwm_cmd *cmd, const bwm_common *common, const bwm_sim_run_trace_args *a, bwm_err *err);

/* Runs the trace at path (a folder holding kernelslist.g, the list or one
 * kernel file) alone to its end on the GPU of sim's --config and --set,
 * under the memory scheduler sched; r (bwm_run_result_free) gets its
 * kernels.  What sim run --apps trace:PATH computes, for commands that set
 * its figures beside others' (fit import --accelsim-log). */
int bwm_sim_trace_run(const bwm_cmd *cmd, const bwm_sim_opts *sim, const char *path, const char *sched,
                      bwm_run_result *r, bwm_err *err);

#endif
