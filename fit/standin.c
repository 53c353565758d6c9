/* standin.c — synthetic stand-ins for traced applications (see standin.h). */
#include "fit/standin.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void bwm_standin_abbr(const char *name, char *out, size_t n)
{
    snprintf(out, n, "%s%s", name, BWM_STANDIN_SUFFIX);
}

static bwm_standin_profile profile_of(const bwm_app_result *r)
{
    return (bwm_standin_profile){r->ipc, r->mpki, r->bw_frac, r->row_hit_rate};
}

int bwm_standin_trace_profile(const bwm_calib_setup *s, const bwm_trace_spec *trace, bwm_standin_profile *out,
                              bwm_err *err)
{
    bwm_run_params run = s->run;
    run.paper_mode = 1;
    run.budget = 1; /* a traced application's budget is its kernel list */
    if (run.max_cycles <= 0)
        run.max_cycles = BWM_STANDIN_MAX_CYCLES;
    bwm_app_ref ref = {NULL, trace};
    bwm_app_result r;
    int st = bwm_workload_alone_ref(s->cfg, &ref, s->sms, bwm_gpu_pair_colors(s->cfg), &run, s->seed, &r, err);
    if (st != BWM_OK)
        return st;
    *out = profile_of(&r);
    if (!(out->mpki > 0) || !(out->bw_frac > 0) || isnan(out->row_hit_rate))
        return bwm_fail(err, BWM_EINPUT, "%s alone has mpki %g and BW/C %g: no memory traffic to stand in for",
                        bwm_app_ref_name(&ref), out->mpki, out->bw_frac);
    return BWM_OK;
}

static int has_targets(const bwm_synth_app *a)
{
    return a->mpki > 0 && a->bw_frac > 0;
}

int bwm_standin_row_hits(const bwm_calib_setup *s, const bwm_synth_app *rows, size_t n, double *row_hit,
                         bwm_err *err)
{
    for (size_t i = 0; i < n; i++) {
        row_hit[i] = NAN;
        if (!has_targets(&rows[i]))
            continue;
        bwm_app_result r;
        int st = bwm_workload_alone(s->cfg, &rows[i], s->sms, bwm_gpu_pair_colors(s->cfg), &s->run, s->seed, &r, err);
        if (st != BWM_OK)
            return st;
        row_hit[i] = r.row_hit_rate;
    }
    return BWM_OK;
}

size_t bwm_standin_nearest(const bwm_synth_app *rows, const double *row_hit, size_t n, const bwm_standin_profile *p)
{
    size_t best = n;
    double best_d = INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!has_targets(&rows[i]) || isnan(row_hit[i]))
            continue;
        double dm = log(rows[i].mpki / p->mpki), db = log(rows[i].bw_frac / p->bw_frac);
        double dh = 4 * (row_hit[i] - p->row_hit_rate);
        double d = dm * dm + db * db + dh * dh;
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

int bwm_standin_make(const bwm_calib_setup *s, const bwm_calib_tol *tol, int max_evals,
                     const bwm_standin_profile *trace, const char *name, const bwm_synth_app *like, bwm_synth_app *out,
                     bwm_standin *rep, bwm_err *err)
{
    memset(rep, 0, sizeof *rep);
    rep->trace = *trace;
    int st;
    *out = *like;
    bwm_standin_abbr(name, out->abbr, sizeof out->abbr);
    snprintf(out->name, sizeof out->name, "stand-in for %s (from %s)", name, like->abbr);
    snprintf(rep->like, sizeof rep->like, "%s", like->abbr);
    out->mpki = rep->trace.mpki;
    out->bw_frac = rep->trace.bw_frac;
    if ((st = bwm_calibrate_app(s, tol, max_evals, out, &rep->rep, err)) != BWM_OK)
        return st;
    out->calibrated = rep->rep.final.ok;
    bwm_app_result r;
    if ((st = bwm_workload_alone(s->cfg, out, s->sms, bwm_gpu_pair_colors(s->cfg), &s->run, s->seed, &r, err)) != BWM_OK)
        return st;
    rep->synth = profile_of(&r);
    return BWM_OK;
}
