/* report_model.c — the model against the simulation in REPORT.md (see
 * report_model.h). */
#include "study/report_model.h"

#include <stdio.h>

#include "io/table.h"
#include "study/report_text.h"

static void perf_part(const bwm_study_fits *fits, bwm_buf *out)
{
    if (!fits->have_perf) {
        bwm_buf_puts(out, "No application ran alone on the two-way SM share: no performance-model fit.\n\n");
        return;
    }
    char a[32], l[32], h[32];
    bwm_report_percent(a, sizeof a, fits->perf.mare_model.all);
    bwm_report_percent(l, sizeof l, fits->perf.mare_model.light);
    bwm_report_percent(h, sizeof h, fits->perf.mare_model.heavy);
    bwm_buf_printf(out,
                   "Performance model (paper 000, Eq. 1-3) on %zu applications alone: MARE %s over all, %s "
                   "without heavy scratchpad use, %s with it.  Least squares puts the bytes moved per miss at "
                   "%.1f (the model's 128); the plain model's errors, the least-squares and the extended fit "
                   "are in `fit_perf.csv` and `fit_perf_params.csv` (as `bwmpki fit perf` prints them).\n\n",
                   fits->nsamples, a, l, h, fits->perf.line_fit);
}

/* A row of the table: a group of one engine (NULL: paper 000's model alone). */
static void class_row(bwm_table *t, const bwm_pfit_summary *s, const char *engine)
{
    char v[9][48];
    bwm_report_percent(v[0], sizeof v[0], s->mare_ipc);
    bwm_report_percent(v[1], sizeof v[1], s->mare_bw);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_report_percent(v[2 + m], sizeof v[2 + m], s->mare[m]);
    bwm_report_percent(v[5], sizeof v[5], s->agree[BWM_PM_IT]);
    bwm_report_percent(v[6], sizeof v[6], s->agree[BWM_PM_WS]);
    for (int m = 0; m < 2; m++) { /* it, ws over the decisive workloads, with their number */
        char pct[32];
        bwm_report_percent(pct, sizeof pct, s->agree_decisive[m]);
        snprintf(v[7 + m], sizeof v[7 + m], "%s (%zu)", pct, s->decisive[m]);
    }
    bwm_table_str(t, s->group);
    if (engine)
        bwm_table_str(t, engine);
    bwm_table_int(t, (long long)s->count);
    for (int k = 0; k < (engine ? 9 : 5); k++)
        bwm_table_str(t, v[k]);
}

/* Paper 000's model beside the queueing model: every class, then the pairs
 * and the triples, a row per engine. */
static void both_table(const bwm_study_fits *fits, bwm_buf *out)
{
    static const char *const cols[] = {"class", "model", "workloads", "slowdown (ipc)", "bw", "it", "ws", "hs",
                                       "favour it", "favour ws", "favour it > 1 %", "favour ws > 1 %"};
    bwm_table t;
    bwm_table_init(&t, "", cols, sizeof cols / sizeof cols[0]);
    for (int g = 0; g < BWM_PG_COUNT; g++) {
        class_row(&t, &fits->sum[g], "paper");
        class_row(&t, &fits->sum_q[g], "queueing");
    }
    for (size_t napps = 2; napps <= 3; napps++) {
        const char *name = napps == 2 ? "pairs" : "triples";
        bwm_pfit_summary p, q;
        bwm_pfit_summarise_napps(fits->res, fits->nw, napps, name, &p);
        bwm_pfit_summarise_napps(fits->res_q, fits->nw, napps, name, &q);
        if (!p.count)
            continue;
        class_row(&t, &p, "paper");
        class_row(&t, &q, "queueing");
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

static void paper_table(const bwm_study_fits *fits, bwm_buf *out)
{
    static const char *const cols[] = {"class", "workloads", "slowdown (ipc)", "bw", "it", "ws", "hs"};
    bwm_table t;
    bwm_table_init(&t, "", cols, sizeof cols / sizeof cols[0]);
    for (int g = 0; g < BWM_PG_COUNT; g++)
        class_row(&t, &fits->sum[g], NULL);
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

void bwm_report_model(const bwm_study_fits *fits, bwm_buf *out)
{
    perf_part(fits, out);
    bwm_buf_printf(out,
                   "Closed-form schedulers against the simulated ones (as `bwmpki fit policy --model both`), %zu "
                   "workloads, every scheduler of theirs with a closed form; classes here from the alone runs; "
                   "MARE = mean absolute relative error over every (workload, scheduler, application) for "
                   "slowdown and bw, every (workload, scheduler) for it, ws and hs; slowdown = ipc / ipc alone, so "
                   "its error is the ipc's; favour = how often the model's choice of the application to favour for "
                   "IT (WS) is the simulation's best static priority, over the workloads that ran every prior-K; "
                   "favour > 1 %%: the same over the workloads where that best priority beats the other by more "
                   "than 1 %% (their number in brackets; elsewhere the choice hardly matters).  "
                   "Two models on the same runs: paper 000's (bandwidth shared out of the peak by each policy) and "
                   "the queueing model (model/queue.h: the controller's queue below saturation, docs/model.md), fed "
                   "only what each application does alone.\n\n",
                   fits->nw);
    if (!fits->have_queue) {
        bwm_buf_printf(out, "Paper 000's model only: the queueing model was not fitted (%s).\n\n", fits->queue_note);
        paper_table(fits, out);
    } else {
        both_table(fits, out);
        const bwm_qcal_fit *q = &fits->qfit;
        bwm_buf_printf(out,
                       "\nThe queueing model's inputs come from alone runs only, never from these workloads: "
                       "each application's residual service in the controller's queue read back from its own "
                       "queue wait alone (lat_mc_queue; column w_app), and its latency share from its latency "
                       "probe (the queue_probe runs: alone once more, every DRAM request 100 L2 cycles later).  "
                       "A GPU-wide form, w_miss %.4g and w_hit %.4g core cycles by least squares of the queue wait "
                       "of the %zu alone runs (rms %.3g cycles, mean |err| %.3g, measured mean %.3g), would miss "
                       "those waits; it serves only applications without a measured wait.  Per alone run: "
                       "`fit_policy_queue.csv`.\n",
                       q->g.w_miss, q->g.w_hit, q->used, q->rms, q->mean_abs, q->mean_meas);
    }
    bwm_buf_puts(out, "\nEvery prediction against the simulation: figure `model` (above).  Per workload and "
                      "scheduler: `fit_policy_apps.csv`, `fit_policy_scheds.csv`, `fit_policy_workloads.csv` (its "
                      "own MAREs per model); per class: `fit_policy_classes.csv`; each with an `engine` column when "
                      "both models were fitted.\n\n");
}
