/* report_stages.c — where each interfering pair's slowdown comes from (see
 * report_stages.h). */
#include "study/report_stages.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"
#include "plots/stages.h"

/* A pair interferes when its WS under FR-FCFS is below this (the study's
 * "WS < 1.9" count). */
#define INTERFERES_WS 1.9
/* An application counts in the stage tally when slowed by more than 5 %. */
#define SLOWED_SD 0.95

static const char *const columns[] = {BWM_STAGE_COLUMNS};

static const char *stage_name(int s)
{
    return columns[BWM_PL_STAGE(s)] + strlen("lat_");
}

/* "from -> to" with `digits` decimals. */
static void change(char *dst, size_t n, double from, double to, int digits)
{
    snprintf(dst, n, "%.*f -> %.*f", digits, from, digits, to);
}

/* "mc_queue +120 (64 %)": stage s's growth and its share of the round trip's. */
static void growth_cell(bwm_table *t, const bwm_pl_growth *g, int s)
{
    if (s < 0) {
        bwm_table_str(t, "-");
        return;
    }
    double total = g->run->stage[BWM_PL_ROUND_TRIP] - g->alone->stage[BWM_PL_ROUND_TRIP];
    char text[64];
    if (total > 0)
        snprintf(text, sizeof text, "%s %+.0f (%.0f %%)", stage_name(s), g->grow[s], 100 * g->grow[s] / total);
    else
        snprintf(text, sizeof text, "%s %+.0f", stage_name(s), g->grow[s]);
    bwm_table_str(t, text);
}

static void pair_row(bwm_table *t, const bwm_pl_run *x, const bwm_pl_growth *g, size_t a)
{
    char cell[64];
    bwm_table_str(t, x->workload);
    bwm_table_str(t, x->app[a].app);
    bwm_table_num(t, x->app[a].sd);
    change(cell, sizeof cell, g->alone->stage[BWM_PL_ROUND_TRIP], g->run->stage[BWM_PL_ROUND_TRIP], 0);
    bwm_table_str(t, cell);
    change(cell, sizeof cell, g->alone->stage[BWM_PL_MEM_STALL], g->run->stage[BWM_PL_MEM_STALL], 2);
    bwm_table_str(t, cell);
    growth_cell(t, g, g->top[0]);
    growth_cell(t, g, g->top[1]);
}

void bwm_report_stages(const bwm_pl_results *r, bwm_buf *out)
{
    static const char *const cols[] = {"pair", "app", "sd", "round trip", "memory stall", "grew most", "next"};
    bwm_table t;
    bwm_table_init(&t, "", cols, sizeof cols / sizeof cols[0]);
    size_t pairs = 0, interfering = 0, slowed = 0, tally[BWM_STAGE_COUNT] = {0};
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "main") != 0 || strcmp(x->sched, "frfcfs") != 0 || x->napps != 2)
            continue;
        pairs++;
        if (!(x->ws < INTERFERES_WS))
            continue;
        interfering++;
        for (size_t a = 0; a < x->napps; a++) {
            bwm_pl_growth g;
            if (!bwm_pl_growth_of(r, &x->app[a], &g))
                continue;
            pair_row(&t, x, &g, a);
            if (x->app[a].sd < SLOWED_SD && g.top[0] >= 0) {
                slowed++;
                tally[g.top[0]]++;
            }
        }
    }
    if (interfering == 0) {
        bwm_buf_printf(out, "None of the main experiment's %zu pairs has WS below %.1f under FR-FCFS.\n\n", pairs,
                       INTERFERES_WS);
        bwm_table_free(&t);
        return;
    }
    bwm_buf_printf(out,
                   "%zu of the main experiment's %zu pairs interfere (WS below %.1f under FR-FCFS).  For each of "
                   "their applications: its slowdown (sd), its loads' round trip in core cycles per load and the "
                   "share of its SM cycles stalled on memory, alone on its SM share -> paired, and the two "
                   "stages whose time per load grew most (core cycles per load, and their share of the round "
                   "trip's growth).  The stages are those of `sim run`'s lat_* columns (docs/sim.md, \"Where the time "
                   "goes\"); `figures/fig_stages` draws them for the paper's named pairs.\n\n",
                   interfering, pairs, INTERFERES_WS);
    static const char *const tcols[] = {"stage", "applications"};
    bwm_table tt;
    bwm_table_init(&tt, "", tcols, 2);
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        if (tally[s]) {
            bwm_table_str(&tt, stage_name(s));
            bwm_table_int(&tt, (long long)tally[s]);
        }
    bwm_buf_printf(out, "The stage that grew most, over the %zu applications these pairs slow by more than 5 %%:\n\n",
                   slowed);
    bwm_table_render(&tt, BWM_FMT_TABLE, out);
    bwm_buf_puts(out, "\nEvery application of every interfering pair:\n\n");
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_buf_puts(out, "\n");
    bwm_table_free(&tt);
    bwm_table_free(&t);
}
