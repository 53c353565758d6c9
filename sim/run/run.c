/* run.c — the run modes, the time series and the final drain (see run.h). */
#include "sim/run/run.h"
#include "sim/gpu/kernel_launch.h"
#include "sim/mc/energy_snap.h"
#include "util/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Core cycles allowed for the memory system to drain after a run. */
#define DRAIN_LIMIT 10000000

typedef struct series_state {
    int64_t every, next;
    bwm_app_counters last[BWM_GPU_MAX_APPS];
    bwm_series_point *v;
    size_t n, cap;
} series_state;

static void series_start(series_state *s, const bwm_gpu *g, int64_t every)
{
    memset(s, 0, sizeof *s);
    s->every = every;
    if (every <= 0)
        return;
    s->next = g->clk.cycle[BWM_CLK_CORE] + every;
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &s->last[a]);
}

static int series_tick(series_state *s, const bwm_gpu *g, bwm_err *err)
{
    if (s->every <= 0 || g->clk.cycle[BWM_CLK_CORE] < s->next)
        return BWM_OK;
    s->next += s->every;
    for (int a = 0; a < g->n_apps; a++) {
        bwm_app_counters now;
        bwm_app_result r;
        bwm_app_counters_take(g, a, &now);
        bwm_app_result_from(g, a, &s->last[a], &now, &r);
        s->last[a] = now;
        bwm_series_point *v = bwm_grow(s->v, &s->cap, s->n, sizeof *v);
        if (!v)
            return bwm_fail(err, BWM_EFAIL, "out of memory for the time series");
        s->v = v;
        s->v[s->n++] = (bwm_series_point){now.cycle, a, r.ipc, r.mpki, r.bw, r.bw_frac};
    }
    return BWM_OK;
}

/* Runs core cycles until `until`, recording the series. */
static int advance(bwm_gpu *g, int64_t until, series_state *s, bwm_err *err)
{
    while (g->clk.cycle[BWM_CLK_CORE] < until) {
        int64_t c = g->clk.cycle[BWM_CLK_CORE];
        while (g->clk.cycle[BWM_CLK_CORE] == c)
            if (bwm_gpu_step(g, err) != BWM_OK)
                return BWM_EFAIL;
        if (series_tick(s, g, err) != BWM_OK)
            return BWM_EFAIL;
    }
    return BWM_OK;
}

/* DRAM energy snapshots: at the interval's start, and now. */
typedef struct energy_state {
    bwm_energy_snap from, to;
} energy_state;

static int energy_start(const bwm_gpu *g, energy_state *e, bwm_err *err)
{
    memset(e, 0, sizeof *e);
    return bwm_energy_snap_take(&g->mem, g->clk.cycle[BWM_CLK_DRAM], &e->from, err);
}

/* The energy from the start to now: per application into per_app
 * (may be NULL) and, with channels, per channel into out. */
static int energy_now(const bwm_gpu *g, energy_state *e, bwm_energy per_app[BWM_GPU_MAX_APPS], int channels,
                      bwm_run_result *out, bwm_err *err)
{
    if (bwm_energy_snap_take(&g->mem, g->clk.cycle[BWM_CLK_DRAM], &e->to, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_energy *ch = NULL;
    if (channels) {
        ch = calloc((size_t)e->to.n_channels, sizeof *ch);
        if (!ch)
            return bwm_fail(err, BWM_EFAIL, "out of memory for DRAM energy");
        out->channel_energy = ch;
        out->n_channels = e->to.n_channels;
    }
    bwm_energy_between(&g->mem, &e->from, &e->to, ch, per_app);
    return BWM_OK;
}

static void energy_free(energy_state *e)
{
    bwm_energy_snap_free(&e->from);
    bwm_energy_snap_free(&e->to);
}

/* Every application's statistics from its snapshot in from[] to now, and
 * the DRAM energy since energy_start, per application and per channel. */
static int apps_since(const bwm_gpu *g, const bwm_app_counters *from, energy_state *e, bwm_run_result *out,
                      bwm_err *err)
{
    bwm_energy per_app[BWM_GPU_MAX_APPS];
    if (energy_now(g, e, per_app, 1, out, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = 0; a < g->n_apps; a++) {
        bwm_app_counters to;
        bwm_app_counters_take(g, a, &to);
        bwm_app_result_from(g, a, &from[a], &to, &out->apps[a]);
        out->apps[a].dram_energy = per_app[a];
    }
    return BWM_OK;
}

static int run_cycles(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, series_state *s,
                      energy_state *e, bwm_err *err)
{
    if (advance(g, p->warmup, s, err) != BWM_OK || energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_app_counters from[BWM_GPU_MAX_APPS];
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &from[a]);
    if (advance(g, p->warmup + p->cycles, s, err) != BWM_OK)
        return BWM_EFAIL;
    if (apps_since(g, from, e, out, err) != BWM_OK)
        return BWM_EFAIL;
    out->cycles = p->cycles;
    return BWM_OK;
}

static int run_paper(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, series_state *s,
                     energy_state *e, bwm_err *err)
{
    bwm_app_counters from[BWM_GPU_MAX_APPS], to;
    bwm_energy per_app[BWM_GPU_MAX_APPS];
    int timed = p->timed_apps > 0 && p->timed_apps < g->n_apps ? p->timed_apps : g->n_apps;
    int finished[BWM_GPU_MAX_APPS] = {0}, left = timed;
    if (energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &from[a]);
    while (left > 0) {
        if (g->clk.cycle[BWM_CLK_CORE] >= p->max_cycles)
            return bwm_fail(err, BWM_EFAIL, "not every application finished its budget of %llu "
                            "instructions within %lld core cycles (raise --max-cycles)",
                            (unsigned long long)p->budget, (long long)p->max_cycles);
        if (advance(g, g->clk.cycle[BWM_CLK_CORE] + 1, s, err) != BWM_OK)
            return BWM_EFAIL;
        for (int a = 0; a < g->n_apps; a++) {
            if (finished[a] || g->app_insts[a] - from[a].insts < p->budget)
                continue;
            bwm_app_counters_take(g, a, &to);
            to.insts = from[a].insts + p->budget; /* the budget, not the overshoot of this cycle */
            if (energy_now(g, e, per_app, 0, out, err) != BWM_OK)
                return BWM_EFAIL;
            bwm_app_result_from(g, a, &from[a], &to, &out->apps[a]);
            out->apps[a].dram_energy = per_app[a];
            finished[a] = 1;
            left -= a < timed;
        }
    }
    if (energy_now(g, e, per_app, 1, out, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = timed; a < g->n_apps; a++) /* interferers still short of the budget */
        if (!finished[a]) {
            bwm_app_counters_take(g, a, &to);
            bwm_app_result_from(g, a, &from[a], &to, &out->apps[a]);
            out->apps[a].dram_energy = per_app[a];
        }
    out->cycles = g->clk.cycle[BWM_CLK_CORE];
    return BWM_OK;
}

/* A traced application's kernel in the trace mode: launched (its
 * statistics counted from here), its blocks dispatched from launch_at. */
typedef struct traced_state {
    int active;                 /* a kernel is launched or waits for its blocks' launch */
    int dispatched;             /* its blocks are on the SMs */
    int64_t launch_at;
    bwm_kernel_counters from;
    char name[BWM_KERNEL_NAME];
} traced_state;

static int add_kernel(bwm_run_result *out, size_t *cap, const bwm_kernel_result *k, bwm_err *err)
{
    bwm_kernel_result *v = bwm_grow(out->kernels, cap, out->n_kernels, sizeof *v);
    if (!v)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the kernels' statistics");
    out->kernels = v;
    out->kernels[out->n_kernels++] = *k;
    return BWM_OK;
}

/* Application a's kernel is over at cycle end (complete, or cut by the
 * limit): its statistics join the result. */
static int end_kernel(const bwm_gpu *g, int a, traced_state *t, int64_t end, int complete, bwm_run_result *out,
                      size_t *cap, bwm_err *err)
{
    bwm_kernel_counters to;
    bwm_kernel_counters_take(g, a, &to);
    to.cycle = end;
    bwm_kernel_result k;
    memset(&k, 0, sizeof k);
    bwm_kernel_result_from(&t->from, &to, &k);
    snprintf(k.name, sizeof k.name, "%s", t->name);
    k.app = a;
    k.kernel = g->traces.app[a]->kernel;
    k.complete = complete;
    t->active = 0;
    return add_kernel(out, cap, &k, err);
}

/* Starts application a's next kernel at the current cycle: its blocks
 * follow after the launch latency. */
static void begin_kernel(const bwm_gpu *g, int a, traced_state *t)
{
    bwm_kernel_counters_take(g, a, &t->from);
    t->active = 1;
    t->dispatched = 0;
    t->launch_at = g->clk.cycle[BWM_CLK_CORE] + g->cfg.exec.kernel_launch_latency;
}

/* One step of application a's kernels at the current cycle. */
static int kernel_step(bwm_gpu *g, int a, traced_state *t, bwm_run_result *out, size_t *cap, bwm_err *err)
{
    bwm_trace_app *app = g->traces.app[a];
    if (app->failed) {
        *err = app->fault;
        return BWM_EINPUT;
    }
    if (t->active && !t->dispatched && g->clk.cycle[BWM_CLK_CORE] >= t->launch_at) {
        int st = bwm_gpu_launch_kernel(g, a, err);
        if (st != BWM_OK)
            return st;
        t->dispatched = 1;
        snprintf(t->name, sizeof t->name, "%.*s", (int)sizeof t->name - 1, bwm_trace_app_header(app)->kernel_name);
        if (app->state == BWM_TRACE_FINISHED) /* the list ended in copies: no kernel */
            t->active = 0;
    }
    if (t->active && t->dispatched && app->state != BWM_TRACE_RUNNING) {
        int st = end_kernel(g, a, t, app->done_at, 1, out, cap, err);
        if (st != BWM_OK)
            return st;
    }
    if (!t->active && app->state == BWM_TRACE_IDLE)
        begin_kernel(g, a, t);
    return BWM_OK;
}

/* Every traced application's total, after its kernels. */
static int add_totals(const bwm_gpu *g, bwm_run_result *out, size_t *cap, bwm_err *err)
{
    size_t n = out->n_kernels;
    for (int a = 0; a < g->n_apps; a++) {
        if (!g->traces.app[a])
            continue;
        bwm_kernel_result t;
        memset(&t, 0, sizeof t);
        snprintf(t.name, sizeof t.name, "total");
        t.app = a;
        t.complete = g->traces.app[a]->state == BWM_TRACE_FINISHED;
        for (size_t i = 0; i < n; i++)
            if (out->kernels[i].app == a)
                bwm_kernel_result_add(&t, &out->kernels[i]);
        if (add_kernel(out, cap, &t, err) != BWM_OK)
            return BWM_EFAIL;
    }
    return BWM_OK;
}

static int run_traced(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, series_state *s,
                      energy_state *e, bwm_err *err)
{
    bwm_app_counters from[BWM_GPU_MAX_APPS];
    traced_state t[BWM_GPU_MAX_APPS];
    memset(t, 0, sizeof t);
    size_t cap = 0;
    int64_t limit = p->cycles > 0 ? p->cycles : p->max_cycles;
    if (energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = 0; a < g->n_apps; a++) {
        bwm_app_counters_take(g, a, &from[a]);
        if (g->traces.app[a])
            begin_kernel(g, a, &t[a]);
    }
    for (;;) {
        int left = 0;
        for (int a = 0; a < g->n_apps; a++) {
            if (!g->traces.app[a])
                continue;
            int st = kernel_step(g, a, &t[a], out, &cap, err);
            if (st != BWM_OK)
                return st;
            left += g->traces.app[a]->state != BWM_TRACE_FINISHED || t[a].active;
        }
        if (!left)
            break;
        if (g->clk.cycle[BWM_CLK_CORE] >= limit) {
            if (p->cycles <= 0)
                return bwm_fail(err, BWM_EFAIL, "the traces did not end within %lld core cycles (raise "
                                "--max-cycles, or give --cycles to stop there)", (long long)limit);
            out->truncated = 1;
            for (int a = 0; a < g->n_apps; a++)
                if (g->traces.app[a] && t[a].active &&
                    end_kernel(g, a, &t[a], g->clk.cycle[BWM_CLK_CORE], 0, out, &cap, err) != BWM_OK)
                    return BWM_EFAIL;
            break;
        }
        if (advance(g, g->clk.cycle[BWM_CLK_CORE] + 1, s, err) != BWM_OK)
            return BWM_EFAIL;
    }
    if (add_totals(g, out, &cap, err) != BWM_OK)
        return BWM_EFAIL;
    if (apps_since(g, from, e, out, err) != BWM_OK)
        return BWM_EFAIL;
    out->cycles = g->clk.cycle[BWM_CLK_CORE];
    return BWM_OK;
}

static int drain(bwm_gpu *g, bwm_err *err)
{
    bwm_gpu_halt(g, 1);
    int64_t limit = g->clk.cycle[BWM_CLK_CORE] + DRAIN_LIMIT;
    while (!bwm_gpu_quiet(g)) {
        if (g->clk.cycle[BWM_CLK_CORE] >= limit)
            return bwm_fail(err, BWM_EFAIL, "the memory system did not drain: %d requests still in "
                            "flight after %d core cycles", g->pool.used, DRAIN_LIMIT);
        if (bwm_gpu_step(g, err) != BWM_OK)
            return BWM_EFAIL;
    }
    if (g->pool.created != g->pool.freed)
        return bwm_fail(err, BWM_EFAIL, "conservation: %llu requests created, %llu answered",
                        (unsigned long long)g->pool.created, (unsigned long long)g->pool.freed);
    return BWM_OK;
}

int bwm_run(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    out->n_apps = g->n_apps;
    if (p->traced ? p->cycles < 0 || (p->cycles == 0 && p->max_cycles <= 0)
        : p->paper_mode ? p->budget == 0 || p->max_cycles <= 0 : p->cycles <= 0 || p->warmup < 0)
        return bwm_fail(err, BWM_EINPUT, p->traced       ? "the trace run needs cycles >= 0 and a cycle limit"
                                         : p->paper_mode ? "paper mode needs an instruction budget > 0"
                                                         : "the run needs cycles > 0 and warmup >= 0");
    if (p->timed_apps < 0 || p->timed_apps > g->n_apps)
        return bwm_fail(err, BWM_EINPUT, "%d timed applications of %d", p->timed_apps, g->n_apps);
    series_state s;
    energy_state e;
    memset(&e, 0, sizeof e);
    series_start(&s, g, p->series_every);
    int st = p->traced       ? run_traced(g, p, out, &s, &e, err)
             : p->paper_mode ? run_paper(g, p, out, &s, &e, err)
                             : run_cycles(g, p, out, &s, &e, err);
    energy_free(&e);
    if (st == BWM_OK)
        st = drain(g, err);
    out->series = s.v;
    out->n_series = s.n;
    out->requests = g->pool.created;
    out->seconds_simulated = (double)out->cycles / (g->cfg.dram.core_mhz * 1e6);
    if (st != BWM_OK)
        bwm_run_result_free(out);
    return st;
}

void bwm_run_result_free(bwm_run_result *r)
{
    free(r->series);
    r->series = NULL;
    r->n_series = 0;
    free(r->channel_energy);
    r->channel_energy = NULL;
    free(r->kernels);
    r->kernels = NULL;
    r->n_kernels = 0;
    r->n_channels = 0;
}
