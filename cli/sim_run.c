/* sim_run.c — "bwmpki sim run": N synthetic applications on the simulated
 * GPU under one memory scheduler; per-application statistics, slowdowns and
 * workload metrics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/extra_apps.h"
#include "cli/progress.h"
#include "cli/result_out.h"
#include "cli/sched_args.h"
#include "cli/sim_cmds.h"
#include "cli/sim_opts.h"
#include "cli/sim_run_out.h"
#include "cli/sim_run_trace.h"
#include "cli/trace_set.h"
#include "sim/gpu/gpu.h"
#include "sim/run/alone_file.h"
#include "sim/run/workload_run.h"
#include "util/num.h"

typedef struct run_opts {
    bwm_sim_opts sim;
    const char *apps, *apps_file, *sched, *split, *colors, *window, *alpha, *m, *series, *series_every, *alone;
    bwm_paper_opts paper;
    const char *sched_param; /* the last one; all of them: bwm_sched_args_collect */
    int progress, no_progress, provenance, energy;
    const char *table, *columns;
    const char *extra_apps; /* added to apps_file's (cli/extra_apps.h) */
} run_opts;

/* One simulation of the command finished (bwm_workload_spec.run_done). */
static void progress_step(void *ctx)
{
    bwm_progress_step(ctx);
}

/* The applications --apps names beyond the catalogue's rows: trace
 * folders, checked once here (and named), opened afresh by each run. */
typedef struct picked_traces {
    bwm_trace_set set;
    bwm_app_names names[BWM_GPU_MAX_APPS]; /* every application's, for --alone */
} picked_traces;

/* Item i of --apps, trace:PATH or trace:NAME=PATH, into the workload. */
static int pick_trace(const char *item, int i, const bwm_gpu_config *cfg, picked_traces *pt, bwm_workload_spec *s,
                      bwm_err *err)
{
    const bwm_trace_spec *spec;
    int st = bwm_trace_set_add(&pt->set, item + strlen(BWM_TRACE_ITEM_PREFIX), "--apps", cfg, &spec, err);
    if (st != BWM_OK)
        return st;
    s->traced[i] = spec;
    pt->names[i] = (bwm_app_names){spec->name, spec->name};
    return BWM_OK;
}

/* Resolves --apps: names in the synthetic application file, and trace
 * folders. */
static int pick_apps(const run_opts *o, const bwm_gpu_config *cfg, const bwm_synth_app *all, size_t n_all,
                     bwm_workload_spec *s, picked_traces *pt, char *workload, size_t wlen, bwm_err *err)
{
    char *names[BWM_GPU_MAX_APPS + 1];
    char buf[2048];
    int k = bwm_split(o->apps, ',', buf, sizeof buf, names, BWM_GPU_MAX_APPS);
    size_t n = k < 0 ? 0 : (size_t)k;
    if (n < 1 || n > BWM_GPU_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "option --apps: give 1 to %d application names", BWM_GPU_MAX_APPS);
    workload[0] = '\0';
    const bwm_synth_app *synth[BWM_GPU_MAX_APPS];
    size_t n_synth = 0;
    for (size_t i = 0; i < n; i++) {
        if (bwm_sim_item_traced(names[i])) {
            int st = pick_trace(names[i], (int)i, cfg, pt, s, err);
            if (st != BWM_OK)
                return st;
        } else {
            const bwm_synth_app *a = bwm_synth_find(all, n_all, names[i]);
            if (!a)
                return bwm_fail(err, BWM_EINPUT, "option --apps: unknown application '%s' (see %s%s%s)", names[i],
                                o->apps_file, o->extra_apps ? " and " : "", o->extra_apps ? o->extra_apps : "");
            s->apps[i] = synth[n_synth++] = a;
            pt->names[i] = (bwm_app_names){a->abbr, a->name};
        }
        snprintf(workload + strlen(workload), wlen - strlen(workload), "%s%s", i ? "_" : "", pt->names[i].abbr);
    }
    s->n_apps = (int)n;
    bwm_err sub;
    if (bwm_sim_apps_fit(cfg, s->apps, n, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --apps: %s", sub.msg);
    char note[512];
    if (bwm_gpu_warps_limit(cfg, (int)n_synth, synth, note, sizeof note) > 0)
        fprintf(stderr, "bwmpki sim run: note: %s (-gpgpu_shader_core_pipeline)\n", note);
    return BWM_OK;
}

static int parse_split(const char *text, const bwm_gpu_config *cfg, bwm_workload_spec *s, bwm_err *err)
{
    int64_t v[BWM_GPU_MAX_APPS + 1];
    size_t n;
    int st = bwm_opt_wholes("sm-split", text, "a whole number of SMs", 1, cfg->n_sms, v, BWM_GPU_MAX_APPS + 1, &n,
                            err);
    if (st != BWM_OK)
        return st;
    if ((int)n != s->n_apps)
        return bwm_fail(err, BWM_EINPUT, "option --sm-split: %zu values for %d applications", n, s->n_apps);
    int64_t sum = 0; /* of at most 4 values, each at most the SM count */
    for (size_t i = 0; i < n; i++) {
        s->split[i] = (int)v[i];
        sum += v[i];
    }
    if (sum > cfg->n_sms) /* fewer leave the rest idle, as the alone runs do */
        return bwm_fail(err, BWM_EINPUT, "option --sm-split: the SMs add up to %lld, the GPU has %d", (long long)sum,
                        cfg->n_sms);
    return BWM_OK;
}

/* --colors: page colours per application; places pages by colour (-bwm_vm
 * color) where the configuration places none (identity), so that compute
 * partitioning (--sm-split) and compute and memory partitioning are one
 * option apart.  A placement of the configuration's own (first-touch,
 * cocoa, large-only, temp) would be replaced: refused, naming both. */
static int parse_colors(const char *text, bwm_gpu_config *cfg, bwm_workload_spec *s, bwm_err *err)
{
    bwm_vm_policy own = cfg->vm.policy;
    if (own != BWM_VM_IDENTITY && own != BWM_VM_COLOR) {
        char large[64] = "";
        if (cfg->vm.large_shift)
            snprintf(large, sizeof large, " -bwm_large_page %llu", 1ULL << cfg->vm.large_shift);
        return bwm_fail(err, BWM_EINPUT, "option --colors places pages by colour, but the configuration places them "
                        "by -bwm_vm %s%s: give one of them", bwm_vm_policy_name(own), large);
    }
    int64_t v[BWM_GPU_MAX_APPS + 1];
    size_t n;
    int st = bwm_opt_wholes("colors", text, "a whole number of colours", 1, 1 << 16, v, BWM_GPU_MAX_APPS + 1, &n,
                            err);
    if (st != BWM_OK)
        return st;
    if ((int)n != s->n_apps)
        return bwm_fail(err, BWM_EINPUT, "option --colors: %zu values for %d applications", n, s->n_apps);
    for (size_t i = 0; i < n; i++)
        s->colors[i] = (int)v[i];
    cfg->vm.policy = BWM_VM_COLOR;
    int share[BWM_GPU_MAX_APPS];
    bwm_err sub;
    if (bwm_gpu_color_shares(cfg, s->n_apps, s->colors, share, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --colors: %s", sub.msg);
    return BWM_OK;
}

/* The options beyond the shared ones (s->run and s->seed are already set). */
static int parse_run(const run_opts *o, bwm_workload_spec *s, bwm_err *err)
{
    int st = bwm_paper_opts_apply(&o->paper, &s->run, err);
    if (st != BWM_OK)
        return st;
    if ((st = bwm_opt_i64("window", o->window, 1, 1 << 30, &s->window, err)) != BWM_OK)
        return st;
    if (o->series && (st = bwm_opt_i64("series-every", o->series_every, 1, 1 << 30, &s->run.series_every,
                                       err)) != BWM_OK)
        return st;
    return BWM_OK;
}

/* --alpha and --m: the old spellings of the knobs alpha and m of asjf and
 * asjfw, added to the settings (after --sched-param, which they must not
 * contradict), with a note on stderr as for a renamed option. */
static int asjf_shorthands(const char *cmd, const run_opts *o, const char *policy, bwm_sched_settings *settings,
                           bwm_err *err)
{
    static const bwm_sched_ops *const asjf[] = {&bwm_sched_asjf, &bwm_sched_asjfw};
    const char *names[] = {"alpha", "m"}, *values[] = {o->alpha, o->m};
    for (int k = 0; k < 2; k++) {
        if (!values[k])
            continue;
        int st = bwm_sched_args_shorthand(settings, asjf, 2, policy, names[k], values[k], err);
        if (st != BWM_OK)
            return st;
        fprintf(stderr, "%s: option --%s is now --sched-param %s=%s; the old spelling will be removed in the next "
                "release\n", cmd, names[k], names[k], values[k]);
    }
    return BWM_OK;
}

/* A scheduler that ranks by the alone profiles (prior-low-mpki,
 * prior-low-bw): those read from --alone must give it a key > 0. */
static int check_alone_keys(const char *policy, const char *path, const bwm_workload_spec *s,
                            const bwm_app_names *names, bwm_err *err)
{
    const bwm_sched_ops *ops;
    bwm_err sub;
    int by = bwm_sched_lookup(policy, &ops, &sub) == BWM_OK ? ops->ranks_by_alone : 0;
    int by_mpki = by == BWM_SCHED_BY_ALONE_MPKI, by_bw = by == BWM_SCHED_BY_ALONE_BW;
    for (int a = 0; (by_mpki || by_bw) && a < s->n_apps; a++) {
        double v = by_mpki ? s->alone[a].mpki : s->alone[a].bw;
        if (!(v > 0))
            return bwm_fail(err, BWM_EINPUT, "option --alone: %s: application %s has an alone %s of %g, but --sched "
                            "%s ranks by it (needs > 0)", path, names[a].abbr, by_mpki ? "mpki" : "bw", v,
                            policy);
    }
    return BWM_OK;
}

static int write_outputs(const bwm_common *common, const run_opts *o,
                         const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_err *err)
{
    bwm_buf out, series;
    bwm_buf_init(&out);
    bwm_buf_init(&series);
    bwm_sim_run_render(info, r, common->format, &out);
    int st = BWM_OK;
    if (o->series) {
        bwm_sim_run_series(&r->run, &series);
        st = bwm_cli_commit("--series", o->series, &series, err);
    }
    if (st == BWM_OK)
        st = bwm_cli_commit("-o", common->output, &out, err); /* the caller reports a failure */
    bwm_buf_free(&out);
    bwm_buf_free(&series);
    return st;
}

int bwm_cmd_sim_run(int argc, char **argv)
{
    char apps_default[4096];
    bwm_data_path(BWM_CALIBRATED_APPS, apps_default, sizeof apps_default);
    run_opts o = {.sim = BWM_SIM_OPTS_NONE, .apps_file = apps_default, .sched = "frfcfs", .window = "1024",
                  .series_every = "1024"};
    char sched_help[512] = "memory scheduler: ";
    bwm_sched_list(sched_help + strlen(sched_help), sizeof sched_help - strlen(sched_help), o.sched, 0);
    const bwm_opt opts[] = {
        BWM_SIM_OPT_ROWS(o.sim),
        {"apps", "A,B,..", "1 to 4 applications by abbreviation or name, or Accel-Sim trace folders as trace:FOLDER "
         "or trace:NAME=FOLDER (required; docs/traces.md)", &o.apps, NULL},
        {"apps-file", "FILE", "synthetic applications (default: the shipped data/apps_calibrated.csv)", &o.apps_file, NULL},
        {"extra-apps", "FILE", "more synthetic applications, added to those of --apps-file (same columns; a name "
         "already there is refused; docs/own-application.md)", &o.extra_apps, NULL},
        {"sched", "NAME", sched_help, &o.sched, NULL},
        BWM_SCHED_PARAM_OPT(o.sched_param),
        {"sm-split", "N,N,..", "SMs per application, in order; SMs beyond their sum stay idle (default: an equal split of every SM; "
         "--apps X --sm-split 15: X alone on its share of a pair, as the alone runs are)", &o.split, NULL},
        {"colors", "N,N,..", "page colours per application, in order (places pages by colour, -bwm_vm color, "
         "paper 003's memory partitioning); colours beyond their sum stay unused; the alone runs keep them",
         &o.colors, NULL},
        BWM_PAPER_OPT_ROWS(o.paper),
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
        BWM_PROVENANCE_OPT(o.provenance),
        {"window", "N", "its/weis window in core cycles (default 1024)", &o.window, NULL},
        {"alpha", "A", "old spelling of --sched-param alpha=A (asjf/asjfw: alpha in (0, 1], default 0.5)", &o.alpha,
         NULL},
        {"m", "M", "old spelling of --sched-param m=M (asjf/asjfw: row-miss/row-hit service-time ratio, >= "
         "1, default 3)", &o.m, NULL},
        {"alone", "FILE", "alone profiles (CSV with abbr, ipc, mpki, bw, e.g. an earlier sim run's CSV) "
         "instead of simulating each application alone", &o.alone, NULL},
        {"series", "FILE", "write a CSV time series of ipc, mpki, bw per application", &o.series, NULL},
        {"series-every", "N", "series window in core cycles (default 1024)", &o.series_every, NULL},
        {"energy", NULL, "also report DRAM energy (nJ) by Micron's method from the config's -bwm_dram_idd* and "
         "-bwm_dram_vdd: per application and per channel", NULL, &o.energy},
        BWM_TABLE_OPT(o.table, "CSV table: apps (default; one row per application), dram (one row per channel, "
                      "with --energy) or kernels (one row per kernel of the traced applications)"),
        {"columns", "LIST", BWM_SIM_RUN_COLUMNS_HELP, &o.columns, NULL},
    };
    bwm_buf details;
    bwm_buf_init(&details);
    bwm_sched_args_details(
        "Slowdowns need each application's alone IPC: by default each one is also simulated alone on its\n"
        "SM share (FR-FCFS, same length), or read with --alone.  avg_mem_latency: core cycles of a load that\n"
        "missed the L1D, from leaving its SM to its fill; mem_round_trip adds the wait to leave the SM\n"
        "(lat_inject) and is the sum of the lat_* stages, core cycles per load in each (docs/sim.md, \"Where the\n"
        "time goes\"); mem_stall_frac: share of the SM cycles in which every warp waited on memory.  bw in GB/s.\n"
        "Example: bwmpki sim run --apps BLK,GUPS --sched its --format json\n"
        "         bwmpki sim run --apps BLK,GUPS --sched atlas --sched-param quantum=10000",
        &details);
    const bwm_cmd cmd = {
        "bwmpki sim run",
        "Simulates applications sharing the GPU under a memory scheduler: per-application ipc, mpki, bw, "
        "row hits, latency, slowdowns and it/ws/hs.",
        bwm_buf_str(&details), opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    bwm_sched_settings settings;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0) {
        bwm_buf_free(&details);
        return 0;
    }
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, argc, argv, &o.sim, &err);
    if (st == BWM_OK && !o.apps)
        st = bwm_fail(&err, BWM_EINPUT, "option --apps is required");
    if (st == BWM_OK) {
        const char *what[] = {"-o", "--series"}, *paths[] = {common.output, o.series};
        st = bwm_cli_check_outputs(what, paths, 2, &err);
    }
    if (st == BWM_OK)
        st = bwm_sched_args_collect(&cmd, argc, argv, &settings, &err);
    size_t table = BWM_SIM_RUN_APPS;
    if (st == BWM_OK) {
        static const char *const tables[] = BWM_SIM_RUN_TABLES;
        st = bwm_result_pick(o.table, tables, 3, &table, &err);
    }
    if (st == BWM_OK && table == BWM_SIM_RUN_DRAM && !o.energy)
        st = bwm_fail(&err, BWM_EINPUT, "option --table: dram is the DRAM energy table: give --energy too");
    bwm_sim_run_columns columns;
    if (st == BWM_OK)
        st = bwm_sim_run_columns_parse(o.columns, o.energy, &columns, &err);
    if (st == BWM_OK && o.columns && (table != BWM_SIM_RUN_APPS || (bwm_sim_apps_traced(o.apps) && !o.paper.paper_mode &&
                                                                      !o.split)))
        st = bwm_fail(&err, BWM_EINPUT, "option --columns: chooses the applications table's columns, and this "
                      "output is a table of %s", table == BWM_SIM_RUN_DRAM ? "channels (--table dram)" : "kernels");
    /* one trace alone: its kernels (trace mode); with --paper-mode or
       --sm-split it runs as a workload of one, with its alone run */
    if (st == BWM_OK && bwm_sim_apps_traced(o.apps) && !o.paper.paper_mode && !o.split) {
        bwm_sim_run_trace_args ta = {&o.sim, o.apps, o.sched, o.series, o.series_every};
        st = bwm_sim_run_trace(&cmd, &common, &ta, &err);
        st = st == BWM_OK ? BWM_OK : bwm_cli_report(&cmd, st, &err);
        bwm_buf_free(&details);
        return st;
    }
    if (st != BWM_OK) {
        st = bwm_cli_report(&cmd, st, &err);
        bwm_buf_free(&details);
        return st;
    }

    bwm_gpu_config cfg;
    bwm_synth_app *all = NULL;
    size_t n_all = 0;
    bwm_workload_spec s;
    memset(&s, 0, sizeof s);
    picked_traces traces;
    memset(&traces, 0, sizeof traces);
    char workload[256];
    bwm_alone_profile alone[BWM_GPU_MAX_APPS];
    st = bwm_sim_opts_load(&cmd, &o.sim, &cfg, &s.run, &s.seed, &err);
    if (st == BWM_OK)
        st = bwm_synth_load(o.apps_file, &all, &n_all, &err);
    if (st == BWM_OK && o.extra_apps)
        st = bwm_extra_apps_append(&all, &n_all, o.apps_file, o.extra_apps, "extra-apps", &err);
    if (st == BWM_OK)
        st = pick_apps(&o, &cfg, all, n_all, &s, &traces, workload, sizeof workload, &err);
    if (st == BWM_OK && !traces.set.n && table == BWM_SIM_RUN_KERNELS)
        st = bwm_fail(&err, BWM_EINPUT, "option --table: kernels lists the traced applications' kernels, and --apps "
                      "names none (trace:PATH)");
    if (st == BWM_OK && o.split)
        st = parse_split(o.split, &cfg, &s, &err);
    if (st == BWM_OK && o.colors)
        st = parse_colors(o.colors, &cfg, &s, &err);
    if (st == BWM_OK)
        st = parse_run(&o, &s, &err);
    const char *policy;
    int prior;
    if (st == BWM_OK) {
        bwm_err sub;
        if ((st = bwm_workload_sched(o.sched, s.n_apps, &policy, &prior, &sub)) != BWM_OK)
            bwm_fail(&err, st, "option --sched: %s", sub.msg);
        else if ((st = bwm_sched_args_check(&settings, &o.sched, 1, s.n_apps, &err)) == BWM_OK)
            st = asjf_shorthands(cmd.path, &o, policy, &settings, &err);
    }
    if (st == BWM_OK && o.alone) {
        st = bwm_alone_load(o.alone, traces.names, s.n_apps, alone, &err);
        s.alone = alone;
        if (st == BWM_OK)
            st = check_alone_keys(policy, o.alone, &s, traces.names, &err);
    }
    bwm_provenance prov;
    if (st == BWM_OK)
        st = bwm_sim_provenance(&cmd, argc, argv, &o.sim, o.apps_file, &s.run, s.seed, &prov, &err);
    if (st == BWM_OK)
        st = bwm_provenance_extra_apps(&prov, o.extra_apps, &err);
    char note[320];
    if (st == BWM_OK && !s.run.paper_mode &&
        bwm_sched_args_quantum_note(policy, &settings, s.run.warmup + s.run.cycles, note, sizeof note))
        fprintf(stderr, "bwmpki sim run: %s\n", note);
    bwm_workload_result r;
    if (st == BWM_OK) {
        s.cfg = &cfg;
        s.sched = o.sched;
        s.settings = &settings;
        bwm_progress pg = bwm_progress_start("sim run", "simulations",
                                             (size_t)(o.alone ? 1 : s.n_apps + 1), o.progress, o.no_progress);
        s.run_done = progress_step;
        s.run_done_ctx = &pg;
        bwm_progress_show(&pg);
        st = bwm_workload_run(&s, &r, &err);
        bwm_progress_end(&pg);
        for (int a = 0; st == BWM_OK && a < s.n_apps; a++)
            if (s.traced[a])
                bwm_sim_trace_report(cmd.path, traces.names[a].abbr, &r.report[a], &cfg);
        if (st == BWM_OK) {
            bwm_sim_run_info info = {workload, o.sched, o.paper.paper_mode, s.seed, &prov, o.provenance, o.energy,
                                     (int)table, &columns};
            st = write_outputs(&common, &o, &info, &r, &err);
            bwm_workload_result_free(&r);
        }
    }
    free(all);
    st = st == BWM_OK ? BWM_OK : bwm_cli_report(&cmd, st, &err);
    bwm_buf_free(&details);
    return st;
}
