/* run_kernels.c — the traced applications' kernels during a run (see
 * run_kernels.h). */
#include "sim/run/run_kernels.h"

#include <stdio.h>
#include <string.h>

#include "sim/gpu/kernel_launch.h"
#include "sim/run/run_streams.h"

/* Application a's kernel is over at cycle end (complete, or cut by the
 * run's end): its statistics are recorded unless its pass is not. */
static int end_kernel(bwm_run_kernels *ks, const bwm_gpu *g, int a, int64_t end, int complete, bwm_err *err)
{
    bwm_run_kernel *t = &ks->k[a];
    t->active = 0;
    if (g->traces.app[a]->passes >= ks->record_passes)
        return BWM_OK;
    bwm_kernel_result k;
    bwm_kernel_result_ending(g, a, &t->from, end, t->name, &k);
    k.kernel = g->traces.app[a]->kernel;
    k.complete = complete;
    k.stream = g->traces.app[a]->kern[0].open ? g->traces.app[a]->kern[0].k.h.cuda_stream_id : 0;
    return bwm_run_kernels_add(ks, &k, err);
}

/* Starts application a's next kernel at the current cycle: its blocks
 * follow after the launch latencies (kernel_launch.h). */
static void begin_kernel(const bwm_gpu *g, int a, bwm_run_kernel *t)
{
    bwm_kernel_counters_take(g, a, &t->from);
    t->active = 1;
    t->dispatched = 0;
    t->launch_at = g->clk.cycle[BWM_CLK_CORE] + bwm_gpu_kernel_launch_delay(g, a);
}

int bwm_run_kernels_start(bwm_run_kernels *ks, const bwm_gpu *g, int restart, int record_passes, bwm_err *err)
{
    memset(ks, 0, sizeof *ks);
    ks->restart = restart;
    ks->record_passes = record_passes;
    for (int a = 0; a < g->n_apps; a++) {
        if (!g->traces.app[a])
            continue;
        ks->any = 1;
        if (!g->cfg.exec.concurrent_kernel_sm)
            begin_kernel(g, a, &ks->k[a]);
        else if (bwm_run_streams_start(ks, g, a, err) != BWM_OK)
            return BWM_EFAIL;
    }
    return BWM_OK;
}

void bwm_run_kernels_free(bwm_run_kernels *ks)
{
    for (int a = 0; a < BWM_GPU_MAX_APPS; a++) {
        bwm_run_streams_free(ks->k[a].streams);
        ks->k[a].streams = NULL;
    }
}

/* Launches application a's begun kernel if its launch latencies are over. */
static int launch_if_due(bwm_run_kernels *ks, bwm_gpu *g, int a, bwm_err *err)
{
    bwm_run_kernel *t = &ks->k[a];
    bwm_trace_app *app = g->traces.app[a];
    if (t->active && !t->dispatched && g->clk.cycle[BWM_CLK_CORE] >= t->launch_at) {
        int st = bwm_gpu_launch_kernel(g, a, err);
        if (st != BWM_OK)
            return st;
        t->dispatched = 1;
        snprintf(t->name, sizeof t->name, "%.*s", (int)sizeof t->name - 1, app->kern[0].k.h.kernel_name);
        if (app->state == BWM_TRACE_FINISHED) { /* the list ended in copies: no kernel */
            t->active = 0;
            bwm_run_kernels_list_ended(ks, g, a);
        }
    }
    return BWM_OK;
}

/* One step of application a's kernels at the current cycle. */
static int kernel_step(bwm_run_kernels *ks, bwm_gpu *g, int a, bwm_err *err)
{
    bwm_run_kernel *t = &ks->k[a];
    bwm_trace_app *app = g->traces.app[a];
    if (app->failed) {
        *err = app->fault;
        return BWM_EINPUT;
    }
    int st = launch_if_due(ks, g, a, err);
    if (st != BWM_OK)
        return st;
    if (t->active && t->dispatched && app->state != BWM_TRACE_RUNNING) {
        if (g->cfg.exec.flush_l2) /* no thread of the kernel left: its dirty L2 lines go */
            bwm_gpu_flush_l2_app(g, a);
        st = end_kernel(ks, g, a, app->done_at, 1, err);
        if (st != BWM_OK)
            return st;
        if (app->state == BWM_TRACE_FINISHED)
            bwm_run_kernels_list_ended(ks, g, a);
    }
    if (!t->active && app->state == BWM_TRACE_IDLE) {
        begin_kernel(g, a, t);
        /* without launch latencies its blocks start in the cycle it
           begins, as the first kernel's do: a kernel's cycles do not
           depend on its place in the list */
        return launch_if_due(ks, g, a, err);
    }
    return BWM_OK;
}

int bwm_run_kernels_tick(bwm_run_kernels *ks, bwm_gpu *g, bwm_err *err)
{
    for (int a = 0; a < g->n_apps; a++) {
        if (!g->traces.app[a])
            continue;
        int st = ks->k[a].streams ? bwm_run_streams_tick(ks, g, a, err) : kernel_step(ks, g, a, err);
        if (st != BWM_OK)
            return st;
    }
    return BWM_OK;
}

int bwm_run_kernels_left(const bwm_run_kernels *ks, const bwm_gpu *g)
{
    int left = 0;
    for (int a = 0; a < g->n_apps; a++)
        left += g->traces.app[a] && !ks->k[a].first_pass_done;
    return left;
}

int bwm_run_kernels_cut(bwm_run_kernels *ks, const bwm_gpu *g, bwm_err *err)
{
    for (int a = 0; a < g->n_apps; a++) {
        if (!g->traces.app[a])
            continue;
        int st = ks->k[a].streams ? bwm_run_streams_cut(ks, g, a, err)
                 : ks->k[a].active ? end_kernel(ks, g, a, g->clk.cycle[BWM_CLK_CORE], 0, err)
                                   : BWM_OK;
        if (st != BWM_OK)
            return BWM_EFAIL;
    }
    return BWM_OK;
}

int bwm_run_kernels_totals(bwm_run_kernels *ks, const bwm_gpu *g, bwm_err *err)
{
    size_t n = ks->n_done;
    for (int a = 0; a < g->n_apps; a++) {
        if (!g->traces.app[a])
            continue;
        bwm_kernel_result t;
        memset(&t, 0, sizeof t);
        snprintf(t.name, sizeof t.name, "total");
        t.app = a;
        t.complete = ks->k[a].first_pass_done;
        int first = 1;
        for (size_t i = 0; i < n; i++) {
            const bwm_kernel_result *k = &ks->done[i];
            if (k->app != a)
                continue;
            bwm_kernel_result_add(&t, k);
            t.start = first || k->start < t.start ? k->start : t.start;
            t.end = first || k->end > t.end ? k->end : t.end;
            first = 0;
        }
        if (ks->k[a].streams)
            bwm_run_streams_total(ks->k[a].streams, &t);
        if (bwm_run_kernels_add(ks, &t, err) != BWM_OK)
            return BWM_EFAIL;
    }
    return BWM_OK;
}
