/* sim_run_trace.c — "bwmpki sim run --apps trace:PATH": an Accel-Sim trace
 * folder run on the simulated GPU (sim/traced), its kernels one after
 * another until the trace ends or --cycles; per-kernel and total
 * statistics with Accel-Sim's names beside ours (docs/traces.md). */
#include "cli/sim_run_trace.h"
#include "cli/trace_set.h"

#include <stdio.h>
#include <string.h>

#include "cli/result_out.h"
#include "cli/sim_run_out.h"
#include "io/table.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"
#include "util/num.h"

#define TRACE_MAX_CYCLES 1000000000LL /* without --cycles: a trace that has not ended by then is refused */

int bwm_sim_item_traced(const char *item)
{
    return item && strncmp(item, BWM_TRACE_ITEM_PREFIX, strlen(BWM_TRACE_ITEM_PREFIX)) == 0;
}

int bwm_sim_apps_traced(const char *apps)
{
    return bwm_sim_item_traced(apps) && !strchr(apps, ',');
}

int bwm_sim_trace_item(const char *item, char *buf, size_t n, const char **name, const char **path, bwm_err *err)
{
    return bwm_trace_item_split(item + strlen(BWM_TRACE_ITEM_PREFIX), "--apps", buf, n, name, path, err);
}

void bwm_sim_trace_report(const char *cmd, const char *app, const bwm_op_report *report, const bwm_gpu_config *cfg)
{
    bwm_buf note;
    bwm_buf_init(&note);
    bwm_op_report_text(report, cfg, &note);
    if (bwm_buf_str(&note)[0])
        fprintf(stderr, "%s: %s: %s", cmd, app, bwm_buf_str(&note));
    bwm_buf_free(&note);
}

static void render(const bwm_run_result *r, bwm_format fmt, bwm_buf *out)
{
    bwm_table t;
    bwm_sim_kernels_table(r, &t);
    bwm_table_render(&t, fmt, out);
    bwm_table_free(&t);
}

static int run_trace(const char *sched, bwm_trace_app *app, const bwm_gpu_config *cfg, bwm_run_params *run,
                     uint64_t seed, bwm_run_result *r, bwm_err *err)
{
    bwm_gpu_params gp;
    memset(&gp, 0, sizeof gp);
    gp.n_apps = 1;
    gp.traces[0] = app;
    gp.sched = sched;
    gp.window = 1024;
    gp.seed = seed;
    bwm_gpu g;
    int st = bwm_gpu_init(&g, cfg, &gp, err);
    if (st != BWM_OK)
        return st;
    run->traced = 1;
    st = bwm_run(&g, run, r, err);
    bwm_gpu_free(&g);
    return st;
}

/* Opens the trace at path (named name, NULL: the folder's) on the GPU of
 * cfg and runs it as run says; the notes on its opcodes go to stderr,
 * after the command's name. */
static int open_and_run(const bwm_cmd *cmd, const char *path, const char *name, const char *sched,
                        const bwm_gpu_config *cfg, bwm_run_params *run, uint64_t seed, bwm_trace_app *app,
                        bwm_run_result *r, bwm_err *err)
{
    int st = bwm_trace_app_open(app, path, name, cfg, err);
    if (st != BWM_OK)
        return st;
    st = run_trace(sched, app, cfg, run, seed, r, err);
    bwm_sim_trace_report(cmd->path, app->name, &app->report, cfg);
    if (st != BWM_OK)
        bwm_trace_app_close(app);
    return st;
}

int bwm_sim_trace_run(const bwm_cmd *cmd, const bwm_sim_opts *sim, const char *path, const char *sched,
                      bwm_run_result *r, bwm_err *err)
{
    bwm_gpu_config cfg;
    bwm_run_params run;
    uint64_t seed;
    int st = bwm_sim_opts_load(cmd, sim, &cfg, &run, &seed, err);
    if (st != BWM_OK)
        return st;
    run.cycles = 0;
    run.max_cycles = TRACE_MAX_CYCLES;
    run.series_every = 0;
    bwm_trace_app app;
    st = open_and_run(cmd, path, NULL, sched, &cfg, &run, seed, &app, r, err);
    if (st == BWM_OK)
        bwm_trace_app_close(&app);
    return st;
}

int bwm_sim_run_trace(const bwm_cmd *cmd, const bwm_common *common, const bwm_sim_run_trace_args *a, bwm_err *err)
{
    char buf[4096];
    const char *name = NULL, *path = NULL;
    int st = bwm_sim_trace_item(a->apps, buf, sizeof buf, &name, &path, err);
    bwm_gpu_config cfg;
    bwm_run_params run;
    uint64_t seed;
    if (st == BWM_OK)
        st = bwm_sim_opts_load(cmd, a->sim, &cfg, &run, &seed, err);
    if (st != BWM_OK)
        return st;
    run.cycles = 0;
    run.max_cycles = TRACE_MAX_CYCLES;
    if (a->sim->cycles && bwm_parse_i64(a->sim->cycles, &run.cycles) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --cycles: '%s' is not a whole number", a->sim->cycles);
    if (a->series_every && bwm_parse_i64(a->series_every, &run.series_every) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --series-every: '%s' is not a whole number", a->series_every);
    if (!a->series)
        run.series_every = 0;
    bwm_trace_app app;
    bwm_run_result r;
    if ((st = open_and_run(cmd, path, name, a->sched, &cfg, &run, seed, &app, &r, err)) != BWM_OK)
        return st;
    if (r.truncated)
        fprintf(stderr, "bwmpki sim run: %s: stopped at --cycles %lld before the trace ended (complete = false)\n",
                app.name, (long long)run.cycles);
    bwm_buf out, series;
    bwm_buf_init(&out);
    bwm_buf_init(&series);
    render(&r, common->format, &out);
    if (a->series) {
        bwm_sim_run_series(&r, &series);
        st = bwm_cli_commit("--series", a->series, &series, err);
    }
    if (st == BWM_OK)
        st = bwm_cli_commit("-o", common->output, &out, err);
    bwm_buf_free(&out);
    bwm_buf_free(&series);
    bwm_run_result_free(&r);
    bwm_trace_app_close(&app);
    return st;
}
