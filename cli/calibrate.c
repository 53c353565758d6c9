/* calibrate.c — "bwmpki calibrate": tunes the synthetic applications to
 * Table 1 and writes the calibrated file; with --check, re-runs the alone
 * cases of a calibrated file and says which are out of tolerance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/area.h"
#include "cli/data_path.h"
#include "cli/opts.h"
#include "io/out_dir.h"
#include "cli/result_out.h"
#include "cli/progress.h"
#include "cli/sim_opts.h"
#include "fit/calibrate.h"
#include "fit/standin.h"
#include "cli/trace_set.h"
#include "fit/sensitivity.h"
#include "io/table.h"
#include "util/num.h"

#define MAX_PICK 64

typedef struct calib_opts {
    bwm_sim_opts sim;
    const char *apps, *apps_file, *write, *sms, *max_evals, *tol, *bw_abs, *out, *traces, *like;
    int check, progress, no_progress, provenance;
} calib_opts;

typedef struct calib_job {
    bwm_gpu_config cfg;
    bwm_calib_setup setup;
    bwm_calib_tol tol;
    int max_evals;
    bwm_synth_app *apps;     /* the whole file */
    size_t n_apps;
    int pick[MAX_PICK];      /* indices of the applications to run */
    size_t n_pick;
    int progress;            /* a line per application on stderr */
    bwm_trace_set traces;    /* --traces: stand-ins for these */
    bwm_synth_app standin[BWM_TRACE_SET_MAX];
} calib_job;

static int parse_numbers(const calib_opts *o, calib_job *j, bwm_err *err)
{
    int64_t v;
    int st;
    if ((st = bwm_opt_i64("max-evals", o->max_evals, 1, 10000, &v, err)) != BWM_OK)
        return st;
    j->max_evals = (int)v;
    if ((st = bwm_opt_double("tol", o->tol, &j->tol.rel, err)) != BWM_OK ||
        (st = bwm_opt_double("bw-abs", o->bw_abs, &j->tol.bw_abs, err)) != BWM_OK)
        return st;
    if (!(j->tol.rel > 0 && j->tol.rel < 1))
        return bwm_fail(err, BWM_EINPUT, "option --tol: must be in (0, 1) (got %g)", j->tol.rel);
    if (!(j->tol.bw_abs >= 0 && j->tol.bw_abs < 1))
        return bwm_fail(err, BWM_EINPUT, "option --bw-abs: must be in [0, 1) (got %g)", j->tol.bw_abs);
    return BWM_OK;
}

static int parse_sms(const calib_opts *o, calib_job *j, bwm_err *err)
{
    int64_t v = bwm_gpu_pair_share(j->cfg.n_sms);
    if (o->sms) {
        int st = bwm_opt_i64("sms", o->sms, 1, j->cfg.n_sms, &v, err);
        if (st != BWM_OK)
            return st;
    }
    j->setup.sms = (int)v;
    return BWM_OK;
}

/* --apps (default: every row), each an application of the file. */
static int pick_apps(const calib_opts *o, calib_job *j, bwm_err *err)
{
    if (!o->apps) {
        if (j->n_apps > MAX_PICK)
            return bwm_fail(err, BWM_EINPUT, "%s: more than %d applications", o->apps_file, MAX_PICK);
        for (size_t i = 0; i < j->n_apps; i++)
            j->pick[i] = (int)i;
        j->n_pick = j->n_apps;
        return BWM_OK;
    }
    char buf[2048];
    char *names[MAX_PICK];
    int n = bwm_split(o->apps, ',', buf, sizeof buf, names, MAX_PICK);
    if (n < 1)
        return bwm_fail(err, BWM_EINPUT, "option --apps: give 1 to %d application names", MAX_PICK);
    for (int i = 0; i < n; i++) {
        const bwm_synth_app *a = bwm_synth_find(j->apps, j->n_apps, names[i]);
        if (!a)
            return bwm_fail(err, BWM_EINPUT, "option --apps: unknown application '%s' (see %s)", names[i],
                            o->apps_file);
        j->pick[j->n_pick++] = (int)(a - j->apps);
    }
    return BWM_OK;
}

/* Each chosen application runs alone, so its warps must fit an SM, and is
 * measured against its targets (the file's mpki and bw_frac), which must
 * be > 0. */
static int check_picked(const calib_opts *o, const calib_job *j, bwm_err *err)
{
    bwm_err why;
    for (size_t i = 0; i < j->n_pick; i++) {
        const bwm_synth_app *a = &j->apps[j->pick[i]];
        if (bwm_sim_apps_fit(&j->cfg, &a, 1, &why) != BWM_OK)
            return bwm_fail(err, BWM_EINPUT, "option --%s: %s", o->apps ? "apps" : "apps-file", why.msg);
        if (!(a->mpki > 0) || !(a->bw_frac > 0))
            return bwm_fail(err, BWM_EINPUT, "%s: application '%s' has no Table 1 target (mpki %g, bw_frac %g): "
                            "both must be > 0", o->apps_file, a->abbr, a->mpki, a->bw_frac);
    }
    return BWM_OK;
}

static const char *const check_cols[] = {"app", "app_class", "mpki_target", "mpki", "mpki_err", "bw_frac_target",
                                         "bw_frac", "bw_frac_err", "ipc", "ok", "elasticity",
                                         "latency_sensitivity", "row_hit_rate", "rbl", "class_ok"};
static const char *const calib_cols[] = {"app", "app_class", "mpki_target", "mpki", "mpki_err", "bw_frac_target",
                                         "bw_frac", "bw_frac_err", "ipc", "ok", "runs", "mem_frac", "warps"};

static void put_point(bwm_table *t, const bwm_synth_app *a, const bwm_calib_point *p)
{
    bwm_table_str(t, a->abbr);
    bwm_table_str(t, bwm_app_class_name(a->cls));
    bwm_table_num(t, p->mpki_target);
    bwm_table_num(t, p->mpki);
    bwm_table_num(t, p->mpki_err);
    bwm_table_num(t, p->bw_target);
    bwm_table_num(t, p->bw);
    bwm_table_num(t, p->bw_err);
    bwm_table_num(t, p->ipc);
    bwm_table_bool(t, p->ok);
}

/* Appends abbr to the comma-separated list in dst. */
static void append_abbr(char *dst, size_t n, const char *abbr)
{
    size_t len = strlen(dst);
    snprintf(dst + len, n - len, "%s%s", len ? ", " : "", abbr);
}

/* Each application alone against its targets, and its sensitivities
 * against its class. */
static int run_check(const calib_job *j, bwm_table *t, char *failed, size_t nfailed, bwm_err *err)
{
    for (size_t i = 0; i < j->n_pick; i++) {
        const bwm_synth_app *a = &j->apps[j->pick[i]];
        int st = bwm_calib_targets_ok(a, err);
        bwm_sensitivity sens;
        bwm_app_result base;
        if (st == BWM_OK)
            st = bwm_sensitivity_measure(&j->setup, a, &sens, &base, err);
        if (st != BWM_OK)
            return st;
        bwm_calib_point p;
        bwm_calib_point_from(&j->tol, a, &base, &p);
        put_point(t, a, &p);
        bwm_table_num(t, sens.elasticity);
        bwm_table_num(t, sens.latency_sensitivity);
        bwm_table_num(t, sens.row_hit_rate);
        bwm_table_num(t, sens.rbl);
        bwm_table_bool(t, sens.ok);
        if (!sens.ok)
            fprintf(stderr, "bwmpki calibrate: %s is %s-bound but %s\n", a->abbr, bwm_app_class_name(a->cls),
                    sens.why);
        if (!p.ok || !sens.ok)
            append_abbr(failed, nfailed, a->abbr);
    }
    return BWM_OK;
}

static int run_calibration(calib_job *j, bwm_table *t, char *failed, size_t nfailed, bwm_err *err)
{
    for (size_t i = 0; i < j->n_pick; i++) {
        bwm_synth_app *a = &j->apps[j->pick[i]];
        bwm_calib_report rep;
        int st = bwm_calibrate_app(&j->setup, &j->tol, j->max_evals, a, &rep, err);
        if (st != BWM_OK)
            return st;
        if (j->progress || !rep.final.ok)
            fprintf(stderr, "bwmpki calibrate: %-5s %s after %d runs (mpki %+.1f %%, BW/C %+.1f %%)\n", a->abbr,
                    rep.final.ok ? "within tolerance" : "OUT OF TOLERANCE", rep.evals, 100 * rep.final.mpki_err,
                    100 * rep.final.bw_err);
        a->calibrated = rep.final.ok;
        put_point(t, a, &rep.final);
        bwm_table_int(t, rep.evals);
        bwm_table_num(t, a->mem_frac);
        bwm_table_num(t, a->warps);
        if (!rep.final.ok)
            append_abbr(failed, nfailed, a->abbr);
    }
    return BWM_OK;
}

static const char *const standin_cols[] = {"app", "standin", "like", "app_class", "mpki_trace", "mpki", "mpki_err",
                                           "bw_frac_trace", "bw_frac", "bw_frac_err", "ipc_trace", "ipc", "ipc_err",
                                           "row_hit_trace", "row_hit_rate", "ok", "runs", "mem_frac", "warps"};

/* The starting row of a stand-in for the profile p: --like, else the
 * nearest (the rows' row-hit rates measured on first use into row_hit). */
static int standin_like(const calib_opts *o, const calib_job *j, const bwm_standin_profile *p, double *row_hit,
                        int *measured, const bwm_synth_app **like, bwm_err *err)
{
    *like = NULL;
    if (o->like) {
        *like = bwm_synth_find(j->apps, j->n_apps, o->like);
        return BWM_OK;
    }
    if (!*measured) {
        int st = bwm_standin_row_hits(&j->setup, j->apps, j->n_apps, row_hit, err);
        if (st != BWM_OK)
            return st;
        *measured = 1;
    }
    size_t k = bwm_standin_nearest(j->apps, row_hit, j->n_apps, p);
    if (k == j->n_apps)
        return bwm_fail(err, BWM_EINPUT, "%s: no row with targets to start a stand-in from", o->apps_file);
    *like = &j->apps[k];
    return BWM_OK;
}

/* Trace i's stand-in: made, measured and put in the table. */
static int standin_one(const calib_opts *o, calib_job *j, size_t i, double *row_hit, int *measured, bwm_table *t,
                       char *failed, size_t nfailed, bwm_err *err)
{
    const bwm_trace_spec *tr = &j->traces.spec[i];
    bwm_standin_profile p;
    const bwm_synth_app *like;
    int st = bwm_standin_trace_profile(&j->setup, tr, &p, err);
    if (st == BWM_OK)
        st = standin_like(o, j, &p, row_hit, measured, &like, err);
    if (st != BWM_OK)
        return st;
    bwm_synth_app *a = &j->standin[i];
    bwm_standin rep;
    if ((st = bwm_standin_make(&j->setup, &j->tol, j->max_evals, &p, tr->name, like, a, &rep, err)) != BWM_OK)
        return st;
    if (j->progress || !rep.rep.final.ok)
        fprintf(stderr, "bwmpki calibrate: %s from %s %s after %d runs (mpki %+.1f %%, BW/C %+.1f %%)\n", a->abbr,
                rep.like, rep.rep.final.ok ? "within tolerance" : "OUT OF TOLERANCE", rep.rep.evals,
                100 * rep.rep.final.mpki_err, 100 * rep.rep.final.bw_err);
    bwm_table_str(t, tr->name);
    bwm_table_str(t, a->abbr);
    bwm_table_str(t, rep.like);
    bwm_table_str(t, bwm_app_class_name(a->cls));
    bwm_table_num(t, rep.trace.mpki);
    bwm_table_num(t, rep.synth.mpki);
    bwm_table_num(t, rep.synth.mpki / rep.trace.mpki - 1);
    bwm_table_num(t, rep.trace.bw_frac);
    bwm_table_num(t, rep.synth.bw_frac);
    bwm_table_num(t, rep.synth.bw_frac / rep.trace.bw_frac - 1);
    bwm_table_num(t, rep.trace.ipc);
    bwm_table_num(t, rep.synth.ipc);
    bwm_table_num(t, rep.synth.ipc / rep.trace.ipc - 1);
    bwm_table_num(t, rep.trace.row_hit_rate);
    bwm_table_num(t, rep.synth.row_hit_rate);
    bwm_table_bool(t, rep.rep.final.ok);
    bwm_table_int(t, rep.rep.evals);
    bwm_table_num(t, a->mem_frac);
    bwm_table_num(t, a->warps);
    if (!rep.rep.final.ok)
        append_abbr(failed, nfailed, a->abbr);
    return BWM_OK;
}

static int run_standins(const calib_opts *o, calib_job *j, bwm_table *t, char *failed, size_t nfailed, bwm_err *err)
{
    double *row_hit = calloc(j->n_apps ? j->n_apps : 1, sizeof *row_hit);
    if (!row_hit)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int measured = 0, st = BWM_OK;
    for (size_t i = 0; i < j->traces.n && st == BWM_OK; i++)
        st = standin_one(o, j, i, row_hit, &measured, t, failed, nfailed, err);
    free(row_hit);
    return st;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The applications whose calibrated flag is `flag`, comma-separated ("none"). */
static void list_flagged(const calib_job *j, int flag, char *dst, size_t n)
{
    dst[0] = '\0';
    for (size_t i = 0; i < j->n_apps; i++)
        if (j->apps[i].calibrated == flag)
            append_abbr(dst, n, j->apps[i].abbr);
    if (!dst[0])
        snprintf(dst, n, "none");
}

static int write_calibrated(const calib_opts *o, const calib_job *j, bwm_err *err)
{
    char yes[2048], no[2048], comment[6144];
    list_flagged(j, 1, yes, sizeof yes);
    list_flagged(j, 0, no, sizeof no);
    snprintf(comment, sizeof comment,
             "Synthetic applications written by 'bwmpki calibrate' from %s.\n"
             "Calibrated (column calibrated = true): alone on %d of the GPU's %d SMs, FR-FCFS, %lld core\n"
             "cycles after %lld of warm-up, seed %llu, each reproduces its Table 1 mpki and bw_frac (the\n"
             "target columns) within %g %% (BW/C: or %g of peak): %s.\n"
             "Not calibrated (false; copied as given, or out of tolerance): %s.\n"
             "Check with 'bwmpki calibrate --check'; do not edit by hand.",
             base_name(o->apps_file), j->setup.sms, j->cfg.n_sms, (long long)j->setup.run.cycles,
             (long long)j->setup.run.warmup, (unsigned long long)j->setup.seed, 100 * j->tol.rel, j->tol.bw_abs,
             yes, no);
    if (j->traces.n)
        snprintf(comment, sizeof comment,
                 "Synthetic stand-ins for traced applications, written by 'bwmpki calibrate --traces' from rows of\n"
                 "%s.  Each row's targets (mpki, bw_frac) are its trace's alone profile: alone on %d of the\n"
                 "GPU's %d SMs, FR-FCFS, the trace's kernel list once; each stand-in is calibrated to them alone on\n"
                 "the same SMs (%lld core cycles after %lld of warm-up, seed %llu) within %g %% (BW/C: or %g of\n"
                 "peak) where calibrated = true.  A model catalogue too: bwmpki model compare --apps-file FILE.",
                 base_name(o->apps_file), j->setup.sms, j->cfg.n_sms, (long long)j->setup.run.cycles,
                 (long long)j->setup.run.warmup, (unsigned long long)j->setup.seed, 100 * j->tol.rel, j->tol.bw_abs);
    bwm_buf b;
    bwm_buf_init(&b);
    if (j->traces.n)
        bwm_synth_write(j->standin, j->traces.n, comment, &b);
    else
        bwm_synth_write(j->apps, j->n_apps, comment, &b);
    int st = bwm_cli_commit("--write", o->write, &b, err);
    bwm_buf_free(&b);
    return st;
}

/* Where calibrate writes without --write: the current folder, never the
 * shipped data folder (which a user names to replace it). */
#define BWM_CALIBRATED_DEFAULT_WRITE "apps_calibrated.csv"
#define BWM_STANDINS_DEFAULT_WRITE "standins.csv"

/* --traces: the traces opened on the GPU, each name short enough for its
 * stand-in's abbreviation, --like a row of the file. */
static int pick_traces(const calib_opts *o, calib_job *j, bwm_err *err)
{
    if (o->check || o->apps)
        return bwm_fail(err, BWM_EINPUT, "option --traces: not with %s", o->check ? "--check" : "--apps");
    int st = bwm_trace_set_parse(&j->traces, o->traces, "--traces", &j->cfg, err);
    if (st == BWM_OK)
        st = bwm_trace_set_standin_names(&j->traces, "--traces", err);
    if (st == BWM_OK && o->like && !bwm_synth_find(j->apps, j->n_apps, o->like))
        st = bwm_fail(err, BWM_EINPUT, "option --like: unknown application '%s' (see %s)", o->like, o->apps_file);
    return st;
}

int bwm_cmd_calibrate(int argc, char **argv)
{
    char start_default[4096], calibrated_default[4096];
    bwm_data_path(BWM_SYNTH_START_APPS, start_default, sizeof start_default);
    bwm_data_path(BWM_CALIBRATED_APPS, calibrated_default, sizeof calibrated_default);
    calib_opts o = {.sim = BWM_SIM_OPTS_NONE, .max_evals = "60", .tol = "0.05", .bw_abs = "0.005"};
    const bwm_opt opts[] = {
        {"check", NULL, "re-run the alone cases of a calibrated file and compare with the targets", NULL, &o.check},
        {"apps-file", "FILE", "applications: the starting parameters (default data/apps_synth.csv), or with "
         "--check the file to check (default data/apps_calibrated.csv)", &o.apps_file, NULL},
        {"write", "FILE", "where the calibrated file goes (default apps_calibrated.csv in the current folder; the "
         "shipped data/apps_calibrated.csv only when named)", &o.write, NULL},
        {"apps", "A,B,..", "only these applications (default: every row; the others are written unchanged)",
         &o.apps, NULL},
        {"sms", "N", "SMs of each alone run (default: half of the GPU's, rounded up: each application's share in the "
         "paper's pairs, on which Table 1 gives its demand)",
         &o.sms, NULL},
        BWM_SIM_OPT_ROWS(o.sim),
        {"max-evals", "N", "alone runs allowed per application (default 60)", &o.max_evals, NULL},
        {"tol", "R", "relative tolerance of mpki and BW/C (default 0.05)", &o.tol, NULL},
        {"bw-abs", "F", "absolute tolerance of BW/C, for the smallest values (default 0.005 = 0.5 points)",
         &o.bw_abs, NULL},
        {"out", "DIR", "also write the table as DIR/calibration.{txt,csv,json} (--check: calibration_check.*; "
         "--traces: standins.*)", &o.out, NULL},
        {"traces", "LIST", "Accel-Sim trace folders, PATH or NAME=PATH, comma-separated: write a synthetic stand-in "
         "for each (NAME" BWM_STANDIN_SUFFIX ") whose alone mpki and BW/C are the trace's (docs/calibrate.md)",
         &o.traces, NULL},
        {"like", "ROW", "--traces: start every stand-in from this row of --apps-file (default: the row whose "
         "targets are nearest the trace's)", &o.like, NULL},
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
        BWM_PROVENANCE_OPT(o.provenance),
    };
    const bwm_cmd cmd = {
        "bwmpki calibrate",
        "Tunes each synthetic application until, alone on its SM share, it reproduces its Table 1 mpki and "
        "BW/C; --check verifies a calibrated file.",
        "Each application runs alone on its share of a pair (--sms; default half the GPU, 15 of 30 SMs):\n"
        "paper 000's Table 1 is the demand each application brings to its pairs, where it has that share.\n"
        "Calibration: mem_frac sets mpki and warps (the occupancy) sets BW/C, both found with GSL's\n"
        "Brent root finder; every other parameter is the application's character and stays as given.\n"
        "--check also measures each application's elasticity (ipc with the DRAM clock halved) and\n"
        "latency sensitivity (ipc with the DRAM access latencies doubled) and checks them against its\n"
        "class: bandwidth-bound >= 0.8 elasticity, latency-bound >= 0.3 latency sensitivity,\n"
        "compute-bound both < 0.2.  A line per application on stderr when it is a terminal (--progress,\n"
        "--no-progress), and for every application out of tolerance or class; the table to stdout.\n"
        "Exit 1 if an application ends out of tolerance or out of its class (calibrate still writes the\n"
        "file, with the best parameters found).\n"
        "*_err = (measured - target) / target, signed.  JSON: {\"apps\":[rows of the CSV], \"provenance\":{...}}.\n"
        "Example: bwmpki calibrate --check",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, argc, argv, &o.sim, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    if (!o.apps_file)
        o.apps_file = o.check ? calibrated_default : start_default;

    calib_job j;
    memset(&j, 0, sizeof j);
    j.setup.cfg = &j.cfg;
    j.progress = bwm_progress_wanted(o.progress, o.no_progress);
    st = parse_numbers(&o, &j, &err);
    if (st == BWM_OK)
        st = bwm_cli_check_out_dir(o.out, &err);
    if (st == BWM_OK && o.check && o.write)
        st = bwm_fail(&err, BWM_EINPUT, "option --write: --check writes no application file");
    if (!o.write)
        o.write = o.traces ? BWM_STANDINS_DEFAULT_WRITE : BWM_CALIBRATED_DEFAULT_WRITE;
    if (st == BWM_OK) {
        const char *what[] = {"-o", "--write"}, *paths[] = {common.output, o.check ? NULL : o.write};
        st = bwm_cli_check_outputs(what, paths, 2, &err);
    }
    if (st == BWM_OK)
        st = bwm_sim_opts_load(&cmd, &o.sim, &j.cfg, &j.setup.run, &j.setup.seed, &err);
    if (st == BWM_OK)
        st = parse_sms(&o, &j, &err);
    if (st == BWM_OK)
        st = bwm_synth_load(o.apps_file, &j.apps, &j.n_apps, &err);
    if (st == BWM_OK && o.traces)
        st = pick_traces(&o, &j, &err);
    if (st == BWM_OK && !o.traces)
        st = pick_apps(&o, &j, &err);
    if (st == BWM_OK)
        st = check_picked(&o, &j, &err);
    if (st != BWM_OK) {
        free(j.apps);
        return bwm_cli_report(&cmd, st, &err);
    }

    bwm_table t;
    char failed[2048] = "";
    if (o.check)
        bwm_table_init(&t, "Calibration check: each application alone against its Table 1 targets", check_cols,
                       sizeof check_cols / sizeof check_cols[0]);
    else if (o.traces)
        bwm_table_init(&t, "Stand-ins: each trace alone (its kernel list once) beside its synthetic stand-in alone",
                       standin_cols, sizeof standin_cols / sizeof standin_cols[0]);
    else
        bwm_table_init(&t, "Calibration: each application alone against its Table 1 targets", calib_cols,
                       sizeof calib_cols / sizeof calib_cols[0]);
    st = o.check ? run_check(&j, &t, failed, sizeof failed, &err)
         : o.traces ? run_standins(&o, &j, &t, failed, sizeof failed, &err)
                    : run_calibration(&j, &t, failed, sizeof failed, &err);
    if (st == BWM_OK && !o.check)
        st = write_calibrated(&o, &j, &err);
    if (st == BWM_OK && o.out)
        st = bwm_out_dir_tables(o.out, &(bwm_out_table){o.check ? "calibration_check" : o.traces ? "standins" : "calibration", &t}, 1, &err);
    bwm_provenance prov;
    if (st == BWM_OK)
        st = bwm_sim_provenance(&cmd, argc, argv, &o.sim, o.apps_file, &j.setup.run, j.setup.seed, &prov, &err);
    if (st == BWM_OK) {
        bwm_result_table tab = {"apps", &t};
        bwm_result_prov rp = {&prov, o.provenance};
        st = bwm_result_emit(&cmd, &common, &tab, 1, NULL, &rp); /* reports its own failure */
        if (st != BWM_OK) {
            bwm_table_free(&t);
            free(j.apps);
            return st;
        }
    }
    bwm_table_free(&t);
    free(j.apps);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    if (failed[0]) {
        fprintf(stderr, "bwmpki calibrate: out of tolerance: %s\n", failed);
        return 1;
    }
    return 0;
}
