/* fit_policy.c — "bwmpki fit policy": workloads of 2 or 3 applications
 * simulated under several memory schedulers beside the closed-form model of
 * the same schedulers (fit/policy_fit.h), with per-class summaries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/fit_cmds.h"
#include "cli/opts.h"
#include "cli/progress.h"
#include "cli/result_out.h"
#include "cli/sched_args.h"
#include "cli/sim_opts.h"
#include "cli/trace_set.h"
#include "fit/policy_out.h"
#include "fit/policy_run.h"
#include "fit/policy_summary.h"
#include "fit/queue_calib.h"
#include "fit/queue_table.h"
#include "io/out_dir.h"
#include "io/workloads.h"
#include "sim/dram/dram_config.h"
#include "sim/run/synth_catalog.h"
#include "util/num.h"

#define MAX_SCHED_NAMES 32

typedef struct policy_opts {
    bwm_sim_opts sim;
    bwm_paper_opts paper;
    const char *workloads, *mixes, *scheds, *apps_file, *window, *out, *sched_param, *model, *traces;
    int progress, no_progress, provenance;
    const char *table;
} policy_opts;

/* Everything the command loads and computes; freed by state_free. */
typedef struct state {
    bwm_gpu_config cfg;
    bwm_synth_app *apps;
    size_t n_apps;
    bwm_trace_set traces;               /* --traces */
    bwm_catalog cat;                    /* over apps, then traces: cat.e[i] is apps[i], then
                                           cat.e[n_apps + j] is traces.spec[j] */
    bwm_workload_list list;
    bwm_pfit_input *in;                 /* one per workload */
    bwm_pfit_result *res;               /* the model's; with both models paper 000's */
    bwm_pfit_result *res_q;             /* both models: the queueing model's */
    bwm_prun run;
    bwm_sched_settings settings;        /* --sched-param */
    bwm_provenance prov;
    bwm_alone_cache alone;
    int queueing;                       /* --model queueing or both: the probes and the queue's scales */
    int both;                           /* --model both */
    bwm_gpu_config probe_cfg;           /* cfg with the latency probe's longer DRAM latency */
    bwm_alone_cache probe;
    bwm_qcal_fit qfit;
} state;

static void state_free(state *s)
{
    free(s->apps);
    bwm_catalog_free(&s->cat);
    bwm_workloads_free(&s->list);
    free(s->in);
    free(s->res);
    free(s->res_q);
    bwm_alone_cache_free(&s->alone);
    bwm_alone_cache_free(&s->probe);
}

/* The application a workload's catalogue entry stands for. */
static bwm_app_ref app_of(const state *s, const bwm_catalog_entry *e)
{
    size_t i = (size_t)(e - s->cat.e);
    if (i < s->n_apps)
        return (bwm_app_ref){&s->apps[i], NULL};
    return (bwm_app_ref){NULL, &s->traces.spec[i - s->n_apps]};
}

static int load_workloads(const policy_opts *o, state *s, bwm_err *err)
{
    char shipped[4096];
    const char *path = o->workloads;
    if (!path && !o->mixes) {
        bwm_data_path("workloads/paper.csv", shipped, sizeof shipped);
        path = shipped;
    }
    int st = path ? bwm_workloads_load(&s->list, path, &s->cat, err)
                  : bwm_workloads_parse_list(&s->list, o->mixes, &s->cat, "option --mixes", err);
    for (size_t w = 0; w < s->list.n && st == BWM_OK; w++) {
        const bwm_workload *x = &s->list.w[w];
        bwm_err why, fit;
        const bwm_synth_app *apps[BWM_WORKLOAD_MAX_APPS];
        size_t n_synth = 0;
        for (size_t i = 0; i < x->napps; i++)
            if ((apps[n_synth] = app_of(s, x->apps[i]).synth))
                n_synth++;
        if (x->napps < 2 || x->napps > BWM_PFIT_MAX_APPS)
            bwm_fail(&why, BWM_EINPUT, "has %zu application%s; fit policy compares 2 or 3", x->napps,
                     x->napps == 1 ? "" : "s");
        else if (bwm_sim_apps_fit(&s->cfg, apps, n_synth, &fit) == BWM_OK)
            continue;
        else
            bwm_fail(&why, BWM_EINPUT, "does not fit the GPU: %s", fit.msg);
        if (path)
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: workload '%s' %s", path, x->line, x->name, why.msg);
        else
            st = bwm_fail(err, BWM_EINPUT, "option --mixes: workload '%s' %s", x->name, why.msg);
    }
    return st;
}

/* The scheduler list of every workload, checked before anything runs. */
static int plan_scheds(const policy_opts *o, state *s, bwm_err *err)
{
    char buf[1024];
    char *names[MAX_SCHED_NAMES];
    int k = bwm_split(o->scheds, ',', buf, sizeof buf, names, MAX_SCHED_NAMES);
    if (k < 0)
        return bwm_fail(err, BWM_EINPUT, "option --scheds: more than %d names or too long", MAX_SCHED_NAMES);
    for (int i = 0; i < k; i++)
        if (names[i][0] == '\0')
            return bwm_fail(err, BWM_EINPUT, "option --scheds: empty scheduler name (item %d)", i + 1);
    bwm_err sub;
    bwm_pfit_input probe;
    if (bwm_prun_scheds((const char *const *)names, (size_t)k, BWM_PFIT_MAX_APPS, &probe, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --scheds: %s", sub.msg);
    s->in = calloc(s->list.n, sizeof *s->in);
    s->res = calloc(s->list.n, sizeof *s->res);
    s->res_q = s->both ? calloc(s->list.n, sizeof *s->res_q) : NULL;
    if (!s->in || !s->res || (s->both && !s->res_q))
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t w = 0; w < s->list.n; w++)
        if (bwm_prun_scheds((const char *const *)names, (size_t)k, s->list.w[w].napps, &s->in[w], &sub) != BWM_OK)
            return bwm_fail(err, BWM_EINPUT, "option --scheds: workload %s: %s", s->list.w[w].name, sub.msg);
    return BWM_OK;
}

static int parse_numbers(const policy_opts *o, state *s, bwm_err *err)
{
    int st;
    if ((st = bwm_opt_i64("window", o->window, 1, 1 << 30, &s->run.window, err)) != BWM_OK)
        return st;
    if ((st = bwm_cli_check_out_dir(o->out, err)) != BWM_OK)
        return st;
    if (o->workloads && o->mixes)
        return bwm_fail(err, BWM_EINPUT, "give --workloads or --mixes, not both");
    s->both = strcmp(o->model, "both") == 0;
    s->queueing = s->both || strcmp(o->model, "queueing") == 0;
    if (!s->queueing && strcmp(o->model, "paper") != 0)
        return bwm_fail(err, BWM_EINPUT, "option --model: '%s' (expected paper, queueing or both)", o->model);
    return BWM_OK;
}

/* Loads and checks every input: nothing is simulated before all are good. */
static int prepare(const bwm_cmd *cmd, int argc, char **argv, const policy_opts *o, state *s, bwm_err *err)
{
    int st = parse_numbers(o, s, err);
    if (st == BWM_OK)
        st = bwm_sched_args_collect(cmd, argc, argv, &s->settings, err);
    if (st == BWM_OK)
        st = bwm_sim_opts_load(cmd, &o->sim, &s->cfg, &s->run.run, &s->run.seed, err);
    if (st == BWM_OK)
        st = bwm_paper_opts_apply(&o->paper, &s->run.run, err);
    if (st == BWM_OK)
        st = bwm_synth_load(o->apps_file, &s->apps, &s->n_apps, err);
    if (st == BWM_OK)
        st = bwm_synth_catalog(s->apps, s->n_apps, &s->cat, err);
    if (st == BWM_OK && o->traces) {
        st = bwm_trace_set_parse(&s->traces, o->traces, "--traces", &s->cfg, err);
        if (st == BWM_OK)
            st = bwm_trace_set_catalog(&s->traces, "--traces", &s->cat, err);
    }
    if (st == BWM_OK)
        st = load_workloads(o, s, err);
    if (st == BWM_OK)
        st = plan_scheds(o, s, err);
    if (st == BWM_OK && s->list.n > 0) {
        const char *names[BWM_PFIT_MAX_SCHEDS];
        for (size_t k = 0; k < s->in[0].nsched; k++)
            names[k] = s->in[0].sim[k].sched;
        st = bwm_sched_args_check(&s->settings, names, s->in[0].nsched, (int)s->list.w[0].napps, err);
        char note[320];
        for (size_t k = 0; st == BWM_OK && !s->run.run.paper_mode && k < s->in[0].nsched; k++)
            if (bwm_sched_args_quantum_note(names[k], &s->settings, s->run.run.warmup + s->run.run.cycles, note,
                                            sizeof note))
                fprintf(stderr, "bwmpki fit policy: %s\n", note);
    }
    s->run.settings = &s->settings;
    if (st == BWM_OK)
        st = bwm_sim_provenance(cmd, argc, argv, &o->sim, o->apps_file, &s->run.run, s->run.seed, &s->prov, err);
    return st;
}

/* The alone runs done, each with its probe (NULL: none), as the queue
 * table's rows (free()d by the caller); NULL when out of memory. */
static bwm_qcal_row *queue_rows(const state *s)
{
    bwm_qcal_row *rows = calloc(s->alone.n ? s->alone.n : 1, sizeof *rows);
    for (size_t k = 0; rows && k < s->alone.n; k++) {
        const bwm_alone_entry *e = &s->alone.e[k];
        const bwm_alone_entry *pe = bwm_alone_cache_find(&s->probe, &e->app, e->sms);
        rows[k] = (bwm_qcal_row){bwm_app_ref_name(&e->app), e->sms, &e->r, pe ? &pe->r : NULL};
    }
    return rows;
}

/* The queueing model's scales from every alone run done (queue_calib.h),
 * set into every workload's input. */
static int calibrate_queue(state *s, bwm_err *err)
{
    bwm_qcal_row *rows = queue_rows(s);
    if (!rows)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_err sub;
    int st = bwm_qcal_fit_rows(rows, s->alone.n, bwm_dram_peak_gbs(&s->cfg.dram), &s->qfit, &sub);
    free(rows);
    if (st != BWM_OK)
        return bwm_fail(err, st, "queueing model: %s", sub.msg);
    for (size_t w = 0; w < s->list.n; w++) {
        s->in[w].queueing = 1;
        s->in[w].q = s->qfit.g;
    }
    return BWM_OK;
}

/* Every workload's model against its simulations, by the model its inputs name. */
static int fit_all(const state *s, bwm_pfit_result *res, bwm_err *err)
{
    bwm_err sub;
    for (size_t w = 0; w < s->list.n; w++) {
        int st = bwm_policy_fit(&s->in[w], &res[w], &sub);
        if (st != BWM_OK)
            return bwm_fail(err, st, "workload %s (%s): %s", s->list.w[w].id, s->list.w[w].name, sub.msg);
    }
    return BWM_OK;
}

static int simulate_and_fit(const policy_opts *o, state *s, bwm_err *err)
{
    bwm_progress pg = bwm_progress_start("fit policy", "workloads", s->list.n, o->progress, o->no_progress);
    bwm_progress_show(&pg);
    s->run.cfg = &s->cfg;
    s->run.alone = &s->alone;
    bwm_alone_cache_init(&s->alone, &s->cfg, &s->run.run, s->run.seed);
    if (s->queueing) {
        s->probe_cfg = s->cfg;
        s->probe_cfg.dram_latency += BWM_QCAL_PROBE_DELAY;
        bwm_alone_cache_init(&s->probe, &s->probe_cfg, &s->run.run, s->run.seed);
        s->run.probe = &s->probe;
    }
    int st = BWM_OK;
    bwm_err sub;
    size_t w = 0;
    for (; w < s->list.n && st == BWM_OK; w++) {
        const bwm_workload *x = &s->list.w[w];
        bwm_app_ref apps[BWM_PFIT_MAX_APPS];
        for (size_t i = 0; i < x->napps; i++)
            apps[i] = app_of(s, x->apps[i]);
        st = bwm_prun_workload(&s->run, apps, x->napps, &s->in[w], &sub);
        bwm_progress_step(&pg);
    }
    bwm_progress_end(&pg);
    if (st != BWM_OK)
        return bwm_fail(err, st, "workload %s (%s): %s", s->list.w[w - 1].id, s->list.w[w - 1].name, sub.msg);
    if (!s->queueing || s->both) /* paper 000's model first: calibrate_queue turns the inputs to the queueing one */
        st = fit_all(s, s->res, err);
    if (st == BWM_OK && s->queueing && (st = calibrate_queue(s, &sub)) != BWM_OK)
        return bwm_fail(err, st, "%s", sub.msg);
    if (st == BWM_OK && s->queueing)
        st = fit_all(s, s->both ? s->res_q : s->res, err);
    return st;
}

/* The queueing model's alone side (fit/queue_table.h). */
static int queue_table(const state *s, bwm_table *t)
{
    bwm_qcal_row *rows = queue_rows(s);
    int st = rows ? bwm_qcal_table(rows, s->alone.n, &s->qfit, bwm_dram_peak_gbs(&s->cfg.dram), t) : -1;
    free(rows);
    return st;
}

/* Renders the standard output into out and writes the --out files. */
static int output(const bwm_common *common, const policy_opts *o, const state *s, bwm_buf *out, bwm_err *err)
{
    bwm_pfit_summary sum[BWM_PG_COUNT], sum_q[BWM_PG_COUNT];
    bwm_pfit_summarise(s->res, s->list.n, sum);
    if (s->both)
        bwm_pfit_summarise(s->res_q, s->list.n, sum_q);
    bwm_pfit_report r = {s->list.w, s->res, s->list.n, sum, &s->alone, bwm_dram_peak_gbs(&s->cfg.dram),
                         s->run.run.cycles, s->run.run.warmup, s->run.seed, &s->prov, o->provenance};
    size_t pick;
    int st = bwm_result_pick_keyed(o->table, bwm_pfit_table_key, BWM_PT_COUNT, &pick, err);
    if (st != BWM_OK)
        return st;
    bwm_table t[BWM_PT_COUNT];
    if (bwm_pfit_tables_both(&r, s->both ? s->res_q : NULL, sum_q, t) != 0) {
        bwm_pfit_tables_free(t);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the tables");
    }
    bwm_pfit_render(&r, t, common->format, (int)pick, out);
    bwm_table qt = {0};
    if (s->queueing && queue_table(s, &qt) != 0) {
        bwm_table_free(&qt);
        bwm_pfit_tables_free(t);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the tables");
    }
    if (s->queueing && common->format == BWM_FMT_TABLE) {
        bwm_buf_puts(out, "\n");
        bwm_table_render(&qt, BWM_FMT_TABLE, out);
    }
    if (st == BWM_OK && s->queueing && o->out) {
        bwm_out_table qf = {"policy_queue", &qt};
        st = bwm_out_dir_tables(o->out, &qf, 1, err);
    }
    if (st == BWM_OK && o->out) {
        bwm_out_table files[BWM_PT_COUNT];
        char names[BWM_PT_COUNT][32];
        for (int k = 0; k < BWM_PT_COUNT; k++) {
            snprintf(names[k], sizeof names[k], "policy_%s", bwm_pfit_table_key(k));
            files[k] = (bwm_out_table){names[k], &t[k]};
        }
        st = bwm_out_dir_tables(o->out, files, BWM_PT_COUNT, err);
    }
    bwm_table_free(&qt);
    bwm_pfit_tables_free(t);
    return st;
}

int bwm_cmd_fit_policy(int argc, char **argv)
{
    char apps_default[4096];
    bwm_data_path(BWM_CALIBRATED_APPS, apps_default, sizeof apps_default);
    policy_opts o = {.sim = BWM_SIM_OPTS_NONE, .scheds = "frfcfs,rr,its,weis,prior", .apps_file = apps_default,
                     .window = "1024", .model = "paper"};
    const bwm_opt opts[] = {
        {"workloads", "FILE", "workload list (id,apps; apps joined by '_'), 2 or 3 applications each "
         "(default: the shipped data/workloads/paper.csv)", &o.workloads, NULL},
        {"mixes", "A_B,C_D_E", "workloads given directly instead of --workloads, e.g. BLK_GUPS,BLK_NN_QTC", &o.mixes,
         NULL},
        {"scheds", "S,S,..", "schedulers (default frfcfs,rr,its,weis,prior; prior = prior-1 .. prior-N; also "
         "prior-K, prior-low-mpki, prior-low-bw, atlas)", &o.scheds, NULL},
        BWM_SCHED_PARAM_OPT(o.sched_param),
        {"apps-file", "FILE", "synthetic applications (default: the shipped data/" BWM_CALIBRATED_APPS ")",
         &o.apps_file, NULL},
        {"traces", "LIST", "Accel-Sim trace folders as applications, PATH or NAME=PATH, comma-separated: workloads "
         "name them beside catalogue rows (docs/traces.md; the GPU needs the traces' opcode latencies, e.g. a "
         "second --config with trace.config)", &o.traces, NULL},
        BWM_SIM_OPT_ROWS(o.sim),
        BWM_PAPER_OPT_ROWS(o.paper),
        {"window", "N", "its/weis window in core cycles (default 1024)", &o.window, NULL},
        {"model", "NAME", "the closed form: paper (default: paper 000's sharing), queueing (model/queue.h: "
         "the controller's queue below saturation; its constants fitted on the alone runs, plus one latency-probe "
         "alone run per application) or both (each fitted on the same runs: an engine column, a row per model)",
         &o.model, NULL},
        BWM_TABLE_OPT(o.table, "CSV table: apps (default), scheds, workloads, classes, alone, run"),
        {"out", "DIR", "also write every table as DIR/policy_{apps,scheds,workloads,classes,alone,run}.{txt,csv,json}",
         &o.out, NULL},
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
        BWM_PROVENANCE_OPT(o.provenance),
    };
    bwm_buf details;
    bwm_buf_init(&details);
    bwm_sched_args_details(
        "Model: frfcfs -> frfcfs, rr -> rr weighted by rbl = 1/(1 - alone row_hit_rate), its -> prior-low-mpki,\n"
        "weis -> weis, atlas -> weis (least attained service's max-min share), prior-K/prior-low-mpki/\n"
        "prior-low-bw -> the same; peak = the DRAM peak (GB/s); ipc_model = ipc_alone x bw_model / bw_alone.\n"
        "fcfs, asjf, asjfw, parbs, tcm, bliss, sms, medic and mask have no closed form.  Each\n"
        "application runs alone once per SM share (FR-FCFS, same length and seed) for all workloads.\n"
        "favour_*_model: the e-analysis (lowest mpki for it, lowest alone bw for ws and hs); favour_*_sim:\n"
        "the prior-K with the best simulated metric (needs every prior-K); margin_*_sim: how far it leads the\n"
        "runner-up; decisive_* / agree_*_decisive: the workloads where it leads by > 1 % and the agreement over\n"
        "them.  rho_*: Spearman, ties averaged.  The queueing model: each application's residual service read\n"
        "back from its alone lat_mc_queue (docs/model.md).\n"
        "--format csv prints the table --table names (default: per application); JSON has them all, the run's\n"
        "fields at the top; --out writes every table.  *_err = (model - sim) / sim, signed; mare_* = mean |*_err|.\n"
        "--model both: each model on the same runs; apps, scheds, workloads and classes get an engine column\n"
        "(paper, queueing) and a row per model, the workloads their own mare_*, the classes pairs and triples.\n"
        "Example: bwmpki fit policy --mixes BLK_GUPS,BLK_NN_QTC --scheds frfcfs,its,prior --out results/\n"
        "Traced: bwmpki fit policy --traces va=tests/fixtures/traces/vectoradd --mixes va_BLK --config GPU --config\n"
        "  trace.config (cycles mode: a traced application repeats its kernel list for the whole interval; with\n"
        "  --paper-mode each application's first pass counts, the traced ones' whole kernel list)\n"
        "Cross-check: bwmpki fit policy --scheds weis,atlas --sched-param quantum=10000",
        &details);
    const bwm_cmd cmd = {
        "bwmpki fit policy",
        "Workloads of 2 or 3 applications simulated under memory schedulers beside the closed-form model of "
        "the same schedulers: bw, ipc, it/ws/hs errors, the application to favour, rank agreement, per class.",
        bwm_buf_str(&details),
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, argc, argv, &o.sim, &err);
    if (st != BWM_OK) {
        st = st < 0 ? 0 : bwm_cli_report(&cmd, st, &err);
        bwm_buf_free(&details);
        return st;
    }
    state s;
    memset(&s, 0, sizeof s);
    size_t pick; /* before the simulations, as -o */
    st = bwm_result_pick_keyed(o.table, bwm_pfit_table_key, BWM_PT_COUNT, &pick, &err);
    if (st == BWM_OK)
        st = prepare(&cmd, argc, argv, &o, &s, &err);
    if (st == BWM_OK)
        st = simulate_and_fit(&o, &s, &err);
    bwm_buf out;
    bwm_buf_init(&out);
    if (st == BWM_OK)
        st = output(&common, &o, &s, &out, &err);
    state_free(&s);
    if (st == BWM_OK)
        st = bwm_cli_emit(&cmd, &common, &out);
    else
        bwm_cli_report(&cmd, st, &err);
    bwm_buf_free(&out);
    bwm_buf_free(&details);
    return st;
}
