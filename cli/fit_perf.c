/* fit_perf.c — "bwmpki fit perf": the single-application performance model
 * (paper 000, Sec. 3) against measured runs: plain-model errors, the
 * least-squares bytes-per-miss constant and the extended model, from alone
 * simulations of the synthetic applications or from a results CSV. */
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/fit_cmds.h"
#include "cli/opts.h"
#include "io/out_dir.h"
#include "cli/progress.h"
#include "cli/sim_opts.h"
#include "fit/perf_samples.h"
#include "cli/result_out.h"
#include "fit/perf_table.h"

typedef struct perf_opts {
    bwm_sim_opts sim;
    const char *results, *apps, *apps_file, *sms, *clock, *line, *heavy, *out, *table;
    int progress, no_progress, provenance;
} perf_opts;

/* Options that only make sense when simulating, or only with --results. */
static int check_mode(const perf_opts *o, bwm_err *err)
{
    const char *sim_only[] = {o->apps, o->sms, o->sim.cycles, o->sim.warmup, o->sim.seed};
    const char *names[] = {"apps", "sms", "cycles", "warmup", "seed"};
    for (size_t i = 0; o->results && i < sizeof names / sizeof names[0]; i++)
        if (sim_only[i])
            return bwm_fail(err, BWM_EINPUT, "option --%s: only without --results (it steers the simulations)",
                            names[i]);
    if (!o->results && o->clock)
        return bwm_fail(err, BWM_EINPUT,
                        "option --clock: only with --results (simulations run at the config's core clock)");
    return bwm_cli_check_out_dir(o->out, err);
}

static int parse_model(const perf_opts *o, bwm_perf_opts *m, bwm_err *err)
{
    bwm_perf_opts_default(m);
    int st = o->line ? bwm_opt_double("line", o->line, &m->line_bytes, err) : BWM_OK;
    if (st == BWM_OK && !(m->line_bytes > 0))
        st = bwm_fail(err, BWM_EINPUT, "option --line: must be > 0 (got %g)", m->line_bytes);
    if (st == BWM_OK && o->heavy)
        st = bwm_opt_double("heavy", o->heavy, &m->heavy_smem, err);
    if (st == BWM_OK && !(m->heavy_smem >= 0 && m->heavy_smem <= 1))
        st = bwm_fail(err, BWM_EINPUT, "option --heavy: must be in 0..1 (got %g)", m->heavy_smem);
    return st;
}

/* The applications to simulate: --apps, else every row of the file.
 * *apps is allocated here (the caller frees it, also on error). */
static int pick_apps(const perf_opts *o, const bwm_synth_app *all, size_t n_all, const bwm_synth_app ***apps,
                     size_t *n, bwm_err *err)
{
    size_t max = n_all;
    if (o->apps)
        for (const char *p = o->apps, *q = o->apps; (q = strchr(p, ',')) != NULL; p = q + 1)
            max++;
    *n = 0;
    *apps = malloc((max + 1) * sizeof **apps);
    if (!*apps)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    if (!o->apps) {
        for (; *n < n_all; (*n)++)
            (*apps)[*n] = &all[*n];
        return BWM_OK;
    }
    for (const char *p = o->apps;; p++) {
        size_t len = strcspn(p, ",");
        char name[64];
        if (len == 0 || len >= sizeof name)
            return bwm_fail(err, BWM_EINPUT, "option --apps: item %zu is empty or too long", *n + 1);
        memcpy(name, p, len);
        name[len] = '\0';
        const bwm_synth_app *a = bwm_synth_find(all, n_all, name);
        if (!a)
            return bwm_fail(err, BWM_EINPUT, "option --apps: unknown application '%s' (see %s)", name,
                            o->apps_file);
        (*apps)[(*n)++] = a;
        p += len;
        if (*p == '\0')
            return BWM_OK;
    }
}

/* Runs each chosen application alone and appends its sample. */
static int simulate(const perf_opts *o, const bwm_gpu_config *cfg, const bwm_run_params *run, uint64_t seed,
                    const bwm_synth_app *all, size_t n_all, bwm_perf_samples *s, bwm_err *err)
{
    int64_t sms = bwm_gpu_pair_share(cfg->n_sms);
    int st = o->sms ? bwm_opt_i64("sms", o->sms, 1, cfg->n_sms, &sms, err) : BWM_OK;
    const bwm_synth_app **apps = NULL;
    size_t n = 0;
    if (st == BWM_OK)
        st = pick_apps(o, all, n_all, &apps, &n, err);
    bwm_err why;
    for (size_t i = 0; st == BWM_OK && i < n; i++) /* each runs alone */
        if (bwm_sim_apps_fit(cfg, &apps[i], 1, &why) != BWM_OK)
            st = bwm_fail(err, BWM_EINPUT, "option --%s: %s", o->apps ? "apps" : "apps-file", why.msg);
    bwm_progress pg = bwm_progress_start("fit perf", "applications", n, o->progress, o->no_progress);
    bwm_progress_show(&pg);
    for (size_t i = 0; st == BWM_OK && i < n; i++) {
        st = bwm_perf_samples_sim(s, cfg, &apps[i], 1, (int)sms, run, seed, err);
        bwm_progress_step(&pg);
    }
    bwm_progress_end(&pg);
    free(apps);
    return st;
}

/* The samples, from --results or from simulations. */
static int gather(const bwm_cmd *cmd, const perf_opts *o, bwm_perf_samples *s, bwm_err *err)
{
    bwm_gpu_config cfg;
    bwm_run_params run;
    uint64_t seed;
    bwm_synth_app *all = NULL;
    size_t n_all = 0;
    int st = bwm_sim_opts_load(cmd, &o->sim, &cfg, &run, &seed, err);
    if (st == BWM_OK)
        st = bwm_synth_load(o->apps_file, &all, &n_all, err);
    if (st == BWM_OK && o->results) {
        double clock = cfg.dram.core_mhz;
        if (o->clock && (st = bwm_opt_double("clock", o->clock, &clock, err)) == BWM_OK && !(clock > 0))
            st = bwm_fail(err, BWM_EINPUT, "option --clock: must be > 0 (got %g)", clock);
        if (st == BWM_OK)
            st = bwm_perf_samples_csv(s, o->results, all, n_all, o->apps_file, clock / 1000.0, err);
    } else if (st == BWM_OK) {
        st = simulate(o, &cfg, &run, seed, all, n_all, s, err);
    }
    free(all);
    return st;
}

/* Renders the fit for standard output and, with --out, the five files of
 * DIR; nothing is written unless everything rendered. */
static int emit(const bwm_common *common, const perf_opts *o, const bwm_provenance *prov,
                const bwm_table t[BWM_PERF_NTABLES], bwm_err *err)
{
    static const char *const names[] = {"perf.txt", "perf.csv", "perf_summary.csv", "perf_params.csv", "perf.json"};
    size_t pick;
    int st = bwm_result_pick_keyed(o->table, bwm_perf_table_key, BWM_PERF_NTABLES, &pick, err);
    if (st != BWM_OK)
        return st;
    bwm_buf b[5], out;
    for (int i = 0; i < 5; i++)
        bwm_buf_init(&b[i]);
    bwm_buf_init(&out);
    bwm_perf_render(t, BWM_FMT_TABLE, 0, NULL, NULL, &b[0]);
    for (int k = 0; k < BWM_PERF_NTABLES; k++)
        bwm_table_render(&t[k], BWM_FMT_CSV, &b[1 + k]);
    bwm_perf_render(t, BWM_FMT_JSON, 0, bwm_provenance_members, prov, &b[4]);
    if (common->format == BWM_FMT_CSV && o->provenance)
        bwm_provenance_comments(prov, &out);
    bwm_perf_render(t, common->format, (int)pick, bwm_provenance_members, prov, &out);
    for (int i = 0; i < 5; i++)
        if (!bwm_buf_ok(&b[i]))
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK && !bwm_buf_ok(&out))
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK && o->out)
        st = bwm_out_dir_files(o->out, names, b, 5, err);
    if (st == BWM_OK)
        st = bwm_cli_commit("-o", common->output, &out, err);
    for (int i = 0; i < 5; i++)
        bwm_buf_free(&b[i]);
    bwm_buf_free(&out);
    return st;
}

/* What produced the fit: the simulations' configuration, run and seed; with
 * --results no run, and the configuration (with --set) only when it gave the
 * core clock, i.e. without --clock. */
static int provenance(const bwm_cmd *cmd, int argc, char **argv, const perf_opts *o, bwm_provenance *p,
                      bwm_err *err)
{
    bwm_run_params run;
    uint64_t seed;
    int st = bwm_sim_opts_numbers(&o->sim, &run, &seed, err);
    if (st == BWM_OK)
        st = bwm_sim_provenance(cmd, argc, argv, &o->sim, o->apps_file, &run, seed, p, err);
    if (st == BWM_OK && o->results) {
        p->r.has_run = 0;
        if (o->clock) /* the configuration gave nothing to the fit */
            p->r.config[0] = p->r.set[0] = '\0';
    }
    return st;
}

static int run(const bwm_cmd *cmd, int argc, char **argv, const bwm_common *common, const perf_opts *o,
               bwm_err *err)
{
    bwm_perf_opts m;
    int st = parse_model(o, &m, err);
    bwm_perf_samples s;
    bwm_perf_samples_init(&s);
    if (st == BWM_OK)
        st = gather(cmd, o, &s, err);
    bwm_perf_fit f;
    bwm_err sub;
    if (st == BWM_OK && (st = bwm_perf_fit_run(s.v, s.n, &m, &f, &sub)) != BWM_OK) {
        /* samples that cannot be fitted came from --results, or from the simulations */
        if (o->results)
            bwm_fail(err, st, "option --results: %s: %s", o->results, sub.msg);
        else
            *err = sub;
    }
    if (st == BWM_OK) {
        bwm_table t[BWM_PERF_NTABLES];
        bwm_provenance prov;
        st = provenance(cmd, argc, argv, o, &prov, err);
        if (st == BWM_OK)
            st = bwm_perf_tables(&f, s.v, t, err);
        if (st == BWM_OK) {
            st = emit(common, o, &prov, t, err);
            for (int k = 0; k < BWM_PERF_NTABLES; k++)
                bwm_table_free(&t[k]);
        }
        bwm_perf_fit_free(&f);
    }
    bwm_perf_samples_free(&s);
    return st;
}

int bwm_cmd_fit_perf(int argc, char **argv)
{
    char apps_default[4096];
    bwm_data_path(BWM_CALIBRATED_APPS, apps_default, sizeof apps_default);
    perf_opts o;
    memset(&o, 0, sizeof o);
    o.apps_file = apps_default;
    const bwm_opt opts[] = {
        {"results", "FILE", "fit these runs instead of simulating: CSV with app (or abbr or name), ipc, mpki, bw (GB/s), "
         "e.g. the CSV of 'bwmpki sim run'", &o.results, NULL},
        {"apps-file", "FILE", "synthetic applications: what is simulated, and f_smem (= smem_frac) of every "
         "application (default: data/" BWM_CALIBRATED_APPS ")", &o.apps_file, NULL},
        {"apps", "A,B,..", "simulate only these applications (default: every row of --apps-file)", &o.apps, NULL},
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
        BWM_PROVENANCE_OPT(o.provenance),
        {"sms", "N", "SMs each application runs alone on (default: its share of a pair, half of the GPU's rounded up)", &o.sms, NULL},
        BWM_SIM_OPT_ROWS(o.sim),
        {"clock", "MHZ", "with --results: core clock of the runs (default: the config's core clock)", &o.clock,
         NULL},
        {"line", "BYTES", "bytes per L2 miss of the plain model (default 128)", &o.line, NULL},
        {"heavy", "F", "heavy scratchpad use: f_smem >= F (default 0.1)", &o.heavy, NULL},
        {"out", "DIR", "also write DIR/perf.txt, perf.csv (errors), perf_summary.csv, perf_params.csv and perf.json",
         &o.out, NULL},
        BWM_TABLE_OPT(o.table, "CSV table: errors (default; one row per application), summary (MAREs), params"),
    };
    const bwm_cmd cmd = {
        "bwmpki fit perf",
        "Fits the performance model ipc = bw / (line x mpki/1000) / clock to single-application runs: "
        "per-application errors and MAREs of the plain model, of a least-squares bytes-per-miss constant "
        "and of an extended model.",
        "Least squares: ipc = x / L through the origin, x = bw x 1000 / (mpki x clock GHz); L_fit with its\n"
        "standard error beside the theoretical line size, and R2 = 1 - SS_res/SS_tot about the mean ipc.\n"
        "Extended model: ipc = 1 / (1 / (k P (1 + s f_smem)) + u), P the plain model: k bandwidth efficiency,\n"
        "s scratchpad boost, u = 1/compute ceiling; fitted on relative errors (Levenberg-Marquardt), each\n"
        "parameter with its standard error; a parameter the data cannot determine is dropped, with the reason.\n"
        "MAREs over all applications and over those without and with heavy scratchpad use (--heavy).\n"
        "Samples with mpki, bw or ipc <= 0 are excluded (named).  Without --results every application is\n"
        "simulated alone.  *_err = (model - measured) / measured, signed; mare_* = mean |*_err|.\n"
        "Output: the errors, summary and parameters tables; CSV prints the one --table names; JSON is one\n"
        "object {\"errors\":[...],\"summary\":[...],\"params\":[...],\"provenance\":{...}}.\n"
        "Example: bwmpki fit perf --out results/",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, argc, argv, &o.sim, &err);
    if (st == BWM_OK)
        st = check_mode(&o, &err);
    size_t pick;
    if (st == BWM_OK) /* before the simulations, as -o */
        st = bwm_result_pick_keyed(o.table, bwm_perf_table_key, BWM_PERF_NTABLES, &pick, &err);
    if (st == BWM_OK)
        st = run(&cmd, argc, argv, &common, &o, &err);
    return bwm_cli_report(&cmd, st, &err);
}
