/* run_streams.c — a traced application's kernels of several CUDA streams
 * at once (see run_streams.h). */
#include "sim/run/run_streams.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/gpu/kernel_launch.h"

void bwm_run_streams_free(bwm_run_streams *s)
{
    if (!s)
        return;
    free(s->rec);
    free(s->order);
    free(s->bound);
    free(s->sm_from);
    free(s->slots);
    free(s);
}

/* Record i may give its next block: launched, latency over, blocks left. */
static int ready(const bwm_run_streams *s, const bwm_trace_app *app, int i, int64_t now)
{
    const bwm_trace_kernel *r = &app->kern[i];
    return s->rec[i].state == BWM_STREAM_LAUNCHED && s->rec[i].launch_at <= now && r->open && !r->over &&
           !r->exhausted && r->blocks < app->grid_blocks[r->cmd];
}

/* The kernel an empty SM takes (GPGPU-Sim's select_kernel), or -1. */
static int select_kernel(bwm_run_streams *s, const bwm_trace_app *app, int64_t now)
{
    if (ready(s, app, s->last, now))
        return s->last;
    for (int n = 0; n < s->n; n++) {
        int i = (s->last + 1 + n) % s->n;
        if (ready(s, app, i, now))
            return s->last = i;
    }
    return -1;
}

/* SM k's own counts since they were last settled go to its kernel. */
static void settle(bwm_run_streams *s, const bwm_gpu *g, int a, int k)
{
    bwm_kernel_counters now;
    bwm_kernel_counters_take_sm(g, a, k, &now);
    if (s->bound[k] >= 0)
        bwm_kernel_counters_settle(&s->rec[s->bound[k]].acc, &s->sm_from[k], &now);
    s->sm_from[k] = now;
}

/* Record i ends at cycle end (complete, or cut): recorded unless its pass
 * is not, its SMs let go, its file closed, and it leaves the window. */
static int end_record(bwm_run_kernels *ks, const bwm_gpu *g, int a, int i, int64_t end, int complete, bwm_err *err)
{
    bwm_run_streams *s = ks->k[a].streams;
    bwm_trace_app *app = g->traces.app[a];
    bwm_stream_kernel *rec = &s->rec[i];
    for (int k = 0; k < s->n_sms; k++)
        if (s->bound[k] == i) {
            settle(s, g, a, k);
            s->bound[k] = -1;
        }
    int st = BWM_OK;
    s->n_live--;
    if (app->passes < ks->record_passes) {
        bwm_kernel_result r;
        bwm_kernel_result_ending(g, a, &rec->from, end, rec->name, &r);
        bwm_kernel_result_sm_counts(&r, &rec->acc);
        r.kernel = app->kern[i].index;
        r.complete = complete;
        r.stream = rec->stream;
        if (s->n_live == 0) { /* a busy interval ends */
            bwm_kernel_result b;
            bwm_kernel_result_ending(g, a, &s->busy_from, end, "", &b);
            bwm_kernel_result_add(&s->busy, &b);
        }
        st = bwm_run_kernels_add(ks, &r, err);
    }
    bwm_trace_app_release(&app->kern[i]);
    rec->state = BWM_STREAM_EMPTY;
    int j = 0;
    while (s->order[j] != i)
        j++;
    memmove(s->order + j, s->order + j + 1, (size_t)(s->n_order - j - 1) * sizeof *s->order);
    s->n_order--;
    return st;
}

/* The list's next kernels enter the window while it has room. */
static void fill(bwm_run_streams *s, bwm_trace_app *app)
{
    while (s->n_order < s->n && !s->list_done) {
        long cmd = bwm_trace_app_take_kernel(app);
        if (cmd < 0) {
            s->list_done = 1;
            break;
        }
        int i = 0;
        while (s->rec[i].state != BWM_STREAM_EMPTY)
            i++;
        s->rec[i].state = BWM_STREAM_WAITING;
        s->rec[i].cmd = cmd;
        s->rec[i].stream = app->stream[cmd];
        s->order[s->n_order++] = i;
    }
}

static int stream_busy(const bwm_run_streams *s, uint64_t stream)
{
    for (int i = 0; i < s->n; i++)
        if (s->rec[i].state == BWM_STREAM_LAUNCHED && s->rec[i].stream == stream)
            return 1;
    return 0;
}

/* Every kernel of the window whose stream runs nothing launches now, in
 * list order (Accel-Sim's launch loop). */
static int launch(bwm_run_streams *s, const bwm_gpu *g, int a, bwm_err *err)
{
    bwm_trace_app *app = g->traces.app[a];
    const bwm_exec_config *x = &g->cfg.exec;
    int64_t now = g->clk.cycle[BWM_CLK_CORE];
    for (int j = 0; j < s->n_order; j++) {
        int i = s->order[j];
        bwm_stream_kernel *rec = &s->rec[i];
        if (rec->state != BWM_STREAM_WAITING || stream_busy(s, rec->stream))
            continue;
        int st = bwm_trace_app_start(app, &app->kern[i], (size_t)rec->cmd, err);
        if (st != BWM_OK)
            return st;
        rec->state = BWM_STREAM_LAUNCHED;
        bwm_kernel_counters_take(g, a, &rec->from);
        if (s->n_live++ == 0)
            s->busy_from = rec->from;
        memset(&rec->acc, 0, sizeof rec->acc);
        rec->launch_at = now + x->kernel_launch_latency + (int64_t)app->grid_blocks[rec->cmd] * x->tb_launch_latency;
        snprintf(rec->name, sizeof rec->name, "%.*s", (int)sizeof rec->name - 1, app->kern[i].k.h.kernel_name);
    }
    return BWM_OK;
}

/* The empty SMs whose kernel has no block left take one. */
static int dispatch(bwm_run_streams *s, bwm_gpu *g, int a, bwm_err *err)
{
    bwm_trace_app *app = g->traces.app[a];
    int64_t now = g->clk.cycle[BWM_CLK_CORE];
    int any = 0;
    for (int i = 0; i < s->n && !any; i++)
        any = ready(s, app, i, now);
    if (!any)
        return BWM_OK;
    any = 0;
    for (int k = 0; k < s->n_sms; k++) {
        s->slots[k] = 0;
        int b = s->bound[k];
        if ((b >= 0 && ready(s, app, b, now)) || !bwm_gpu_sm_empty(g, a, k))
            continue;
        int i = select_kernel(s, app, now);
        if (i < 0)
            break;
        settle(s, g, a, k);
        s->bound[k] = i;
        int st = bwm_gpu_bind_sm(g, a, k, &app->kern[i], &s->slots[k], err);
        if (st != BWM_OK)
            return st;
        any = 1;
    }
    if (any)
        bwm_gpu_start_bound(g, a, s->slots, now);
    return app->failed ? (*err = app->fault, BWM_EINPUT) : BWM_OK;
}

/* Fills the window, ends the pass when nothing is left, and launches. */
static int refill(bwm_run_kernels *ks, const bwm_gpu *g, int a, bwm_err *err)
{
    bwm_run_streams *s = ks->k[a].streams;
    bwm_trace_app *app = g->traces.app[a];
    fill(s, app);
    if (s->n_order == 0 && s->list_done && (ks->restart || !ks->k[a].first_pass_done)) {
        bwm_run_kernels_list_ended(ks, g, a);
        if (ks->restart) {
            s->list_done = 0;
            fill(s, app);
        }
    }
    return launch(s, g, a, err);
}

int bwm_run_streams_start(bwm_run_kernels *ks, const bwm_gpu *g, int a, bwm_err *err)
{
    const bwm_trace_app *app = g->traces.app[a];
    bwm_run_streams *s = calloc(1, sizeof *s);
    int n_sms = g->n_sms_of[a];
    if (s) {
        s->n = app->n_kern;
        s->n_sms = n_sms;
        s->rec = calloc((size_t)s->n, sizeof *s->rec);
        s->order = calloc((size_t)s->n, sizeof *s->order);
        s->bound = calloc((size_t)n_sms, sizeof *s->bound);
        s->sm_from = calloc((size_t)n_sms, sizeof *s->sm_from);
        s->slots = calloc((size_t)n_sms, sizeof *s->slots);
    }
    if (!s || !s->rec || !s->order || !s->bound || !s->sm_from || !s->slots) {
        bwm_run_streams_free(s);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the kernels of %s", app->name);
    }
    for (int k = 0; k < n_sms; k++)
        s->bound[k] = -1;
    ks->k[a].streams = s;
    return refill(ks, g, a, err);
}

int bwm_run_streams_tick(bwm_run_kernels *ks, bwm_gpu *g, int a, bwm_err *err)
{
    bwm_run_streams *s = ks->k[a].streams;
    bwm_trace_app *app = g->traces.app[a];
    if (app->failed) {
        *err = app->fault;
        return BWM_EINPUT;
    }
    int st = dispatch(s, g, a, err);
    for (int j = 0; st == BWM_OK && j < s->n_order;) {
        int i = s->order[j];
        if (s->rec[i].state != BWM_STREAM_LAUNCHED || !app->kern[i].over) {
            j++;
            continue;
        }
        int others = 0; /* another kernel of the application still has a block on an SM */
        for (int o = 0; o < s->n; o++)
            others |= o != i && s->rec[o].state == BWM_STREAM_LAUNCHED && app->kern[o].running > 0;
        if (g->cfg.exec.flush_l2 && !others)
            bwm_gpu_flush_l2_app(g, a);
        st = end_record(ks, g, a, i, app->kern[i].done_at, 1, err);
    }
    if (st == BWM_OK)
        st = refill(ks, g, a, err);
    /* a kernel launched now without launch latencies gives its first blocks
       in this cycle, as the first kernel's do */
    return st == BWM_OK ? dispatch(s, g, a, err) : st;
}

int bwm_run_streams_cut(bwm_run_kernels *ks, const bwm_gpu *g, int a, bwm_err *err)
{
    bwm_run_streams *s = ks->k[a].streams;
    int64_t now = g->clk.cycle[BWM_CLK_CORE];
    for (int j = 0; j < s->n_order;) {
        int i = s->order[j];
        if (s->rec[i].state != BWM_STREAM_LAUNCHED) {
            j++;
            continue;
        }
        int st = end_record(ks, g, a, i, now, 0, err);
        if (st != BWM_OK)
            return st;
    }
    return BWM_OK;
}

void bwm_run_streams_total(const bwm_run_streams *s, bwm_kernel_result *t)
{
    const bwm_kernel_result *span = &s->busy;
    t->cycles = span->cycles;
    t->l2_reads = span->l2_reads;
    t->l2_writes = span->l2_writes;
    t->l2_read_misses = span->l2_read_misses;
    t->l2_write_misses = span->l2_write_misses;
    t->dram_reads = span->dram_reads;
    t->dram_writes = span->dram_writes;
    t->ipc = t->cycles > 0 ? (double)t->insts / (double)t->cycles : 0;
}
