/* run.c — the run modes, the time series and the final drain (see run.h). */
#include "sim/run/run.h"
#include "sim/mc/energy_snap.h"
#include "util/grow.h"

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

static int run_cycles(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, series_state *s,
                      energy_state *e, bwm_err *err)
{
    if (advance(g, p->warmup, s, err) != BWM_OK || energy_start(g, e, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_app_counters from[BWM_GPU_MAX_APPS], to;
    for (int a = 0; a < g->n_apps; a++)
        bwm_app_counters_take(g, a, &from[a]);
    if (advance(g, p->warmup + p->cycles, s, err) != BWM_OK)
        return BWM_EFAIL;
    bwm_energy per_app[BWM_GPU_MAX_APPS];
    if (energy_now(g, e, per_app, 1, out, err) != BWM_OK)
        return BWM_EFAIL;
    for (int a = 0; a < g->n_apps; a++) {
        bwm_app_counters_take(g, a, &to);
        bwm_app_result_from(g, a, &from[a], &to, &out->apps[a]);
        out->apps[a].dram_energy = per_app[a];
    }
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
    if (p->paper_mode ? p->budget == 0 || p->max_cycles <= 0 : p->cycles <= 0 || p->warmup < 0)
        return bwm_fail(err, BWM_EINPUT, p->paper_mode ? "paper mode needs an instruction budget > 0"
                                                       : "the run needs cycles > 0 and warmup >= 0");
    if (p->timed_apps < 0 || p->timed_apps > g->n_apps)
        return bwm_fail(err, BWM_EINPUT, "%d timed applications of %d", p->timed_apps, g->n_apps);
    series_state s;
    energy_state e;
    memset(&e, 0, sizeof e);
    series_start(&s, g, p->series_every);
    int st = p->paper_mode ? run_paper(g, p, out, &s, &e, err) : run_cycles(g, p, out, &s, &e, err);
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
    r->n_channels = 0;
}
