/* calib_check.c — an application's alone run against its targets (see
 * calib_check.h). */
#include "fit/calib_check.h"

#include <math.h>

#include "sim/run/workload_run.h"

bwm_calib_tol bwm_calib_default_tol(void)
{
    return (bwm_calib_tol){BWM_CALIB_REL, BWM_CALIB_BW_ABS};
}

double bwm_calib_mpki_score(const bwm_calib_tol *tol, const bwm_calib_point *p)
{
    return fabs(p->mpki - p->mpki_target) / (tol->rel * p->mpki_target);
}

double bwm_calib_bw_score(const bwm_calib_tol *tol, const bwm_calib_point *p)
{
    double bound = fmax(tol->rel * p->bw_target, tol->bw_abs);
    return fabs(p->bw - p->bw_target) / bound;
}

void bwm_calib_judge(const bwm_calib_tol *tol, bwm_calib_point *p)
{
    p->mpki_err = (p->mpki - p->mpki_target) / p->mpki_target;
    p->bw_err = (p->bw - p->bw_target) / p->bw_target;
    p->ok = bwm_calib_mpki_score(tol, p) <= 1 && bwm_calib_bw_score(tol, p) <= 1;
}

void bwm_calib_point_from(const bwm_calib_tol *tol, const bwm_synth_app *app, const bwm_app_result *r,
                          bwm_calib_point *out)
{
    out->mpki_target = app->mpki;
    out->bw_target = app->bw_frac;
    out->mpki = r->mpki;
    out->bw = r->bw_frac;
    out->ipc = r->ipc;
    bwm_calib_judge(tol, out);
}

int bwm_calib_targets_ok(const bwm_synth_app *app, bwm_err *err)
{
    if (!(app->mpki > 0) || !(app->bw_frac > 0))
        return bwm_fail(err, BWM_EINPUT, "application '%s' has no Table 1 target (mpki %g, bw_frac %g): "
                        "both must be > 0", app->abbr, app->mpki, app->bw_frac);
    return BWM_OK;
}

int bwm_calib_measure(const bwm_calib_setup *s, const bwm_calib_tol *tol, const bwm_synth_app *app,
                      bwm_calib_point *out, bwm_err *err)
{
    int st = bwm_calib_targets_ok(app, err);
    if (st != BWM_OK)
        return st;
    bwm_app_result r;
    st = bwm_workload_alone(s->cfg, app, s->sms, bwm_gpu_pair_colors(s->cfg), &s->run, s->seed, &r, err);
    if (st == BWM_OK)
        bwm_calib_point_from(tol, app, &r, out);
    return st;
}
