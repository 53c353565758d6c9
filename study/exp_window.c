/* exp_window.c — the ITS/WEIS window sensitivity (paper 000, Sec. 6,
 * footnote 4): its on the IT subset and weis on the WS subset with windows
 * of 256 and 2048 core cycles (quick: two workloads each), against the main
 * experiment's default window. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"
#include "plots/summary.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/report.h"
#include "study/report_text.h"

static const int64_t windows[] = {256, 2048};
#define QUICK_WINDOW_WORKLOADS 2

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (int ws = 0; ws < 2; ws++) {
        size_t taken = 0;
        for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++) {
            const bwm_study_flags *f = &b->s->list->flags[w];
            if (!bwm_plan_in_study(b, w, 2) || !(ws ? f->ws_subset : f->it_subset))
                continue;
            if (b->s->quick && taken++ == QUICK_WINDOW_WORKLOADS)
                break;
            for (size_t k = 0; st == BWM_OK && k < BWM_COUNT(windows); k++) {
                bwm_plan_spec x = {BWM_EXP_WINDOW, ws ? "weis" : "its", NULL, 0, windows[k], 0, 0};
                st = bwm_plan_add_run(b, &x, w, err);
            }
        }
    }
    return st;
}

/* The GM over the window experiment's workloads of sched's metric with
 * window w (the main experiment's run for the default window). */
static double window_gm(const bwm_pl_results *r, const char *sched, bwm_pl_metric m, long w, long base, size_t *n)
{
    double logs = 0;
    *n = 0;
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "window") != 0 || strcmp(x->sched, sched) != 0 || bwm_pl_find(r, "window", x->workload, sched) != x)
            continue;
        const bwm_pl_run *y = NULL;
        for (size_t j = 0; j < r->nruns && !y; j++) {
            const bwm_pl_run *z = &r->runs[j];
            if (strcmp(z->workload, x->workload) == 0 && strcmp(z->sched, sched) == 0 && z->window == w &&
                strcmp(z->exp, w == base ? "main" : "window") == 0)
                y = z;
        }
        double v = y ? bwm_pl_norm(y, m) : NAN;
        if (isfinite(v) && v > 0) {
            logs += log(v);
            (*n)++;
        }
    }
    return *n ? exp(logs / (double)*n) : NAN;
}

static void report(const bwm_report_ctx *c, bwm_buf *out)
{
    const bwm_study_info *info = &c->f->info;
    const bwm_pl_results *r = c->r;
    static const char *const cols[] = {"window (core cycles)", "IT of ITS over FR-FCFS", "WS of WEIS over FR-FCFS"};
    const long windows[] = {256, info->window, 2048};
    bwm_table t;
    bwm_table_init(&t, "", cols, 3);
    size_t nits = 0, nweis = 0;
    for (int k = 0; k < 3; k++) {
        if (k == 1 && (windows[1] == 256 || windows[1] == 2048))
            continue;
        char a[32], b[32];
        bwm_report_percent_change(a, sizeof a, window_gm(r, "its", BWM_PL_IT, windows[k], info->window, &nits));
        bwm_report_percent_change(b, sizeof b, window_gm(r, "weis", BWM_PL_WS, windows[k], info->window, &nweis));
        bwm_table_int(&t, windows[k]);
        bwm_table_str(&t, a);
        bwm_table_str(&t, b);
    }
    bwm_buf_printf(out,
                   "Paper 000 (Sec. 6, footnote 4) tried windows of 256, 1024 and 2048 cycles and found less than "
                   "1 %% difference in average performance.  Here: GM over %zu workloads of the IT subset (ITS) and "
                   "%zu of the WS subset (WEIS).\n\n",
                   nits, nweis);
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    bwm_buf_puts(out, "\n");
}

const bwm_study_experiment bwm_exp_window = {.name = "window", .plan = plan, .ran = "with other ITS/WEIS windows",
                                             .place = 4, .heading = "## ITS and WEIS window", .report = report};
