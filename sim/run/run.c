/* run.c — the run modes, the time series and the final drain (see run.h). */
#include "sim/run/run.h"
#include "sim/run/run_kernels.h"
#include "sim/mc/energy_snap.h"
#include "util/grow.h"

#include <limits.h>
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
        s->v[s->n++] = (bwm_series_point){now.cycle, a, r.ipc, r.mpki, r.bw, r.bw_frac, r.no_den};
    }
    return BWM_OK;
}

/* What runs beside the cycles: the time series, and the traced
 * applications' kernels. */
typedef struct run_state {
    series_state s;
    bwm_run_kernels k;
} run_state;

/* Runs core cycles until `until`, recording the series; the traced
 * applications' kernels step at the start of each cycle (bwm_run_kernels
 * ticks once the core cycle has moved on, before the cycle runs). */
static int advance(bwm_gpu *g, int64_t until, run_state *rs, bwm_err *err)
{
    while (g->clk.cycle[BWM_CLK_CORE] < until) {
        int64_t c = g->clk.cycle[BWM_CLK_CORE];
        while (g->clk.cycle[BWM_CLK_CORE] == c)
            if (bwm_gpu_step(g, err) != BWM_OK)
                return BWM_EFAIL;
        if (rs->k.any) {
            int st = bwm_run_kernels_tick(&rs->k, g, err);
            if (st != BWM_OK)
                return st;
        }
        if (series_tick(&rs->s, g, err) != BWM_OK)
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

/* The kernels still running join the recorded ones, cut, and every
 * traced application's total follows (bwm_run hands them to the result). */
static int kernels_end(bwm_gpu *g, run_state *rs, bwm_err *err)
{
    if (!rs->k.any)
        return BWM_OK;
    if (bwm_run_kernels_cut(&rs->k, g, err) != BWM_OK)
        return BWM_EFAIL;
    return bwm_run_kernels_totals(&rs->k, g, err);
}

static int run_cycles(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, run_state *rs, energy_state *e,
                      bwm_err *err)
{
    int st = advance(g, p->warmup, rs, err);
    if (st != BWM_OK)
        return st;
    if (energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_app_counters from[BWM_GPU_MAX_APPS];
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &from[a]);
    if ((st = advance(g, p->warmup + p->cycles, rs, err)) != BWM_OK)
        return st;
    if (apps_since(g, from, e, out, err) != BWM_OK || kernels_end(g, rs, err) != BWM_OK)
        return BWM_EFAIL;
    out->cycles = p->cycles;
    return BWM_OK;
}

/* Application a's counters at its first finish into *to: a synthetic one
 * at its budget, a traced one at its list's first end; 0 while it runs. */
static int first_finish(const bwm_gpu *g, const bwm_run_params *p, const run_state *rs, int a,
                        const bwm_app_counters *from, bwm_app_counters *to)
{
    if (g->traces.app[a]) {
        if (!rs->k.k[a].first_pass_done)
            return 0;
        *to = rs->k.k[a].first_pass;
        return 1;
    }
    if (g->app_insts[a] - from->insts < p->budget)
        return 0;
    bwm_app_counters_take(g, a, to);
    to->insts = from->insts + p->budget; /* the budget, not the overshoot of this cycle */
    return 1;
}

static int run_paper(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, run_state *rs, energy_state *e,
                     bwm_err *err)
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
            return bwm_fail(err, BWM_EFAIL, "not every application finished its budget of %llu instructions%s "
                            "within %lld core cycles (raise --max-cycles)", (unsigned long long)p->budget,
                            rs->k.any ? " (a traced one: its kernels once)" : "", (long long)p->max_cycles);
        int st = advance(g, g->clk.cycle[BWM_CLK_CORE] + 1, rs, err);
        if (st != BWM_OK)
            return st;
        for (int a = 0; a < g->n_apps; a++) {
            if (finished[a] || !first_finish(g, p, rs, a, &from[a], &to))
                continue;
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
    if (kernels_end(g, rs, err) != BWM_OK)
        return BWM_EFAIL;
    out->cycles = g->clk.cycle[BWM_CLK_CORE];
    return BWM_OK;
}

static int run_traced(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, run_state *rs, energy_state *e,
                      bwm_err *err)
{
    bwm_app_counters from[BWM_GPU_MAX_APPS];
    int64_t limit = p->cycles > 0 ? p->cycles : p->max_cycles;
    if (energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &from[a]);
    while (bwm_run_kernels_left(&rs->k, g) > 0) {
        if (g->clk.cycle[BWM_CLK_CORE] >= limit) {
            if (p->cycles <= 0)
                return bwm_fail(err, BWM_EFAIL, "the traces did not end within %lld core cycles (raise "
                                "--max-cycles, or give --cycles to stop there)", (long long)limit);
            out->truncated = 1;
            break;
        }
        int st = advance(g, g->clk.cycle[BWM_CLK_CORE] + 1, rs, err);
        if (st != BWM_OK)
            return st;
    }
    if (kernels_end(g, rs, err) != BWM_OK || apps_since(g, from, e, out, err) != BWM_OK)
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
    run_state rs;
    energy_state e;
    memset(&e, 0, sizeof e);
    series_start(&rs.s, g, p->series_every);
    /* a traced list starts again while others run on, except in the trace
     * mode; paper mode records its first pass's kernels, the others all */
    int st = bwm_run_kernels_start(&rs.k, g, !p->traced, p->paper_mode && !p->traced ? 1 : INT_MAX, err);
    if (st == BWM_OK && rs.k.any)
        st = bwm_run_kernels_tick(&rs.k, g, err);
    if (st == BWM_OK)
        st = p->traced       ? run_traced(g, p, out, &rs, &e, err)
             : p->paper_mode ? run_paper(g, p, out, &rs, &e, err)
                             : run_cycles(g, p, out, &rs, &e, err);
    energy_free(&e);
    bwm_run_kernels_free(&rs.k);
    out->kernels = rs.k.done;
    out->n_kernels = rs.k.n_done;
    if (st == BWM_OK)
        st = drain(g, err);
    out->series = rs.s.v;
    out->n_series = rs.s.n;
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
