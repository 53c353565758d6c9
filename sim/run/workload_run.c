/* workload_run.c — a workload with its alone runs and metrics (see
 * workload_run.h). */
#include "sim/run/workload_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "util/num.h"

int bwm_workload_sched(const char *name, int n_apps, const char **policy, int *prior_app, bwm_err *err)
{
    *prior_app = 0;
    if (strncmp(name, "prior-", 6) == 0 && name[6] >= '0' && name[6] <= '9') {
        int64_t k;
        if (bwm_parse_i64(name + 6, &k) != 0 || k < 1 || k > n_apps)
            return bwm_fail(err, BWM_EINPUT, "scheduler '%s': K must be an application number 1..%d",
                            name, n_apps);
        *policy = "prior";
        *prior_app = (int)k - 1;
        return BWM_OK;
    }
    const bwm_sched_ops *ops;
    bwm_err sub;
    int st = bwm_sched_lookup(name, &ops, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "%s; or prior-K for K = 1..%d", sub.msg, n_apps);
    if (strcmp(name, "prior") == 0)
        return bwm_fail(err, BWM_EINPUT, "scheduler 'prior' needs the application: prior-1 .. prior-%d",
                        n_apps);
    *policy = ops->name;
    return BWM_OK;
}

/* Opens the traced applications of a simulation into gp->traces
 * (allocated; close_traces frees them). */
static void close_traces(bwm_gpu_params *gp, int n_apps, bwm_op_report *reports)
{
    for (int a = 0; a < n_apps; a++) {
        if (!gp->traces[a])
            continue;
        if (reports)
            reports[a] = gp->traces[a]->report;
        bwm_trace_app_close(gp->traces[a]);
        free(gp->traces[a]);
        gp->traces[a] = NULL;
    }
}

static int open_traces(const bwm_gpu_config *cfg, int n_apps, const bwm_trace_spec *const *traced,
                       bwm_gpu_params *gp, bwm_err *err)
{
    for (int a = 0; traced && a < n_apps; a++) {
        if (!traced[a])
            continue;
        bwm_trace_app *t = malloc(sizeof *t);
        if (!t) {
            close_traces(gp, n_apps, NULL);
            return bwm_fail(err, BWM_EFAIL, "out of memory for the trace of %s", traced[a]->path);
        }
        int st = bwm_trace_app_open(t, traced[a]->path, traced[a]->name, cfg, err);
        if (st != BWM_OK) {
            free(t);
            close_traces(gp, n_apps, NULL);
            return st;
        }
        gp->traces[a] = t;
    }
    return BWM_OK;
}

static int simulate(const bwm_workload_spec *s, int n_apps, const bwm_synth_app *const *apps,
                    const bwm_trace_spec *const *traced, const int *split, const int *colors, const char *policy,
                    const bwm_sched_params *sp, bwm_run_result *out, bwm_op_report *reports, bwm_err *err)
{
    bwm_gpu_params gp;
    memset(&gp, 0, sizeof gp);
    gp.n_apps = n_apps;
    for (int a = 0; a < n_apps; a++) {
        gp.apps[a] = apps[a];
        gp.split[a] = split[a];
        gp.colors[a] = colors[a];
    }
    gp.sched = policy;
    gp.window = s->window;
    gp.sched_params = *sp;
    gp.seed = s->seed;
    int st = open_traces(s->cfg, n_apps, traced, &gp, err);
    if (st != BWM_OK)
        return st;
    bwm_gpu g;
    st = bwm_gpu_init(&g, s->cfg, &gp, err);
    if (st == BWM_OK) {
        st = bwm_run(&g, &s->run, out, err);
        bwm_gpu_free(&g);
    }
    close_traces(&gp, n_apps, reports);
    return st;
}

const char *bwm_app_ref_name(const bwm_app_ref *a)
{
    if (a->synth)
        return a->synth->abbr;
    return a->trace->name ? a->trace->name : a->trace->path;
}

int bwm_workload_alone_ref(const bwm_gpu_config *cfg, const bwm_app_ref *app, int sms, int colors,
                           const bwm_run_params *run, uint64_t seed, bwm_app_result *out, bwm_err *err)
{
    bwm_workload_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    s.run = *run;
    s.seed = seed;
    bwm_sched_params none;
    memset(&none, 0, sizeof none);
    bwm_run_result r;
    bwm_err sub;
    int st = simulate(&s, 1, &app->synth, &app->trace, &sms, &colors, "frfcfs", &none, &r, NULL, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "alone run of %s: %s", bwm_app_ref_name(app), sub.msg);
    *out = r.apps[0];
    bwm_run_result_free(&r);
    return BWM_OK;
}

int bwm_workload_alone(const bwm_gpu_config *cfg, const bwm_synth_app *app, int sms, int colors,
                       const bwm_run_params *run, uint64_t seed, bwm_app_result *out, bwm_err *err)
{
    bwm_app_ref ref = {app, NULL};
    return bwm_workload_alone_ref(cfg, &ref, sms, colors, run, seed, out, err);
}

static int run_alone(const bwm_workload_spec *s, const int *split, const int *colors, bwm_workload_result *out,
                     bwm_err *err)
{
    for (int a = 0; a < s->n_apps; a++) {
        bwm_app_result r;
        bwm_app_ref ref = {s->apps[a], s->traced[a]};
        int st = bwm_workload_alone_ref(s->cfg, &ref, split[a], colors[a], &s->run, s->seed, &r, err);
        if (st != BWM_OK)
            return st;
        out->alone[a] = (bwm_alone_profile){r.ipc, r.mpki, r.bw};
        if (s->run_done)
            s->run_done(s->run_done_ctx);
    }
    out->alone_simulated = 1;
    return BWM_OK;
}

int bwm_workload_run(const bwm_workload_spec *s, bwm_workload_result *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    const char *policy;
    int prior_app;
    int st = bwm_workload_sched(s->sched, s->n_apps, &policy, &prior_app, err);
    if (st != BWM_OK)
        return st;
    int split[BWM_GPU_MAX_APPS], colors[BWM_GPU_MAX_APPS];
    bwm_gpu_shares(s->cfg, s->n_apps, s->split, split);
    if ((st = bwm_gpu_color_shares(s->cfg, s->n_apps, s->colors, colors, err)) != BWM_OK)
        return st;
    if (s->alone)
        memcpy(out->alone, s->alone, (size_t)s->n_apps * sizeof *s->alone);
    else if ((st = run_alone(s, split, colors, out, err)) != BWM_OK)
        return st;
    double mpki[BWM_GPU_MAX_APPS], bw[BWM_GPU_MAX_APPS], ipc_alone[BWM_GPU_MAX_APPS];
    for (int a = 0; a < s->n_apps; a++) {
        mpki[a] = out->alone[a].mpki;
        bw[a] = out->alone[a].bw;
        ipc_alone[a] = out->alone[a].ipc;
    }
    bwm_sched_params sp;
    memset(&sp, 0, sizeof sp);
    sp.prior_app = prior_app;
    sp.alone_mpki = mpki;
    sp.alone_bw = bw;
    sp.settings = s->settings;
    st = simulate(s, s->n_apps, s->apps, s->traced, split, colors, policy, &sp, &out->run, out->report, err);
    if (st != BWM_OK)
        return st;
    if (s->run_done)
        s->run_done(s->run_done_ctx);
    double ipc[BWM_GPU_MAX_APPS];
    int ok = 1;
    for (int a = 0; a < s->n_apps; a++) {
        ipc[a] = out->run.apps[a].ipc;
        ok &= ipc_alone[a] > 0;
    }
    bwm_err merr;
    out->have_metrics = ok && bwm_metrics_eval(ipc, ipc_alone, (size_t)s->n_apps, out->sd, &out->metrics,
                                               &merr) == BWM_OK;
    return BWM_OK;
}

void bwm_workload_result_free(bwm_workload_result *r)
{
    bwm_run_result_free(&r->run);
}
