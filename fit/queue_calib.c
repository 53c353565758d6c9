/* queue_calib.c — the queueing model's constants from alone runs (see
 * queue_calib.h). */
#include "fit/queue_calib.h"

#include <math.h>

/* The regressors of point p: rho/(1-rho) · (1-h) and rho/(1-rho) · h. */
static void regressors(const bwm_qcal_point *p, double peak, double *a, double *b)
{
    double rho = p->bw / peak;
    double g = rho < 1 ? rho / (1 - rho) : 0;
    *a = g * (1 - p->row_hit);
    *b = g * p->row_hit;
}

/* Least squares of y = x a over the points, floored: Σ a y / Σ a², less what
 * the fixed other term explains. */
static double fit_one(const bwm_qcal_point *p, size_t n, double peak, int which, double other)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        double a, b;
        if (!(p[i].bw > 0))
            continue;
        regressors(&p[i], peak, &a, &b);
        double x = which ? b : a, z = which ? a : b;
        num += x * (p[i].mc_queue - other * z);
        den += x * x;
    }
    double v = den > 0 ? num / den : BWM_QCAL_MIN_SCALE;
    return v > BWM_QCAL_MIN_SCALE ? v : BWM_QCAL_MIN_SCALE;
}

int bwm_qcal_scales(const bwm_qcal_point *p, size_t n, double peak, bwm_qcal_fit *out, bwm_err *err)
{
    double saa = 0, sab = 0, sbb = 0, say = 0, sby = 0;
    out->used = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(p[i].bw > 0))
            continue;
        if (!(p[i].bw < peak && p[i].row_hit >= 0 && p[i].row_hit <= 1 && p[i].mc_queue >= 0))
            return bwm_fail(err, BWM_EINPUT, "alone run %zu: bw %g (peak %g), row hit rate %g, queue wait %g out of "
                            "range", i + 1, p[i].bw, peak, p[i].row_hit, p[i].mc_queue);
        double a, b;
        regressors(&p[i], peak, &a, &b);
        saa += a * a;
        sab += a * b;
        sbb += b * b;
        say += a * p[i].mc_queue;
        sby += b * p[i].mc_queue;
        out->used++;
    }
    if (out->used < 2)
        return bwm_fail(err, BWM_EINPUT, "%zu alone runs with DRAM traffic: the queueing scales need two or more",
                        out->used);
    double det = saa * sbb - sab * sab;
    double wm = det != 0 ? (sbb * say - sab * sby) / det : 0;
    double wh = det != 0 ? (saa * sby - sab * say) / det : 0;
    if (!(wm >= BWM_QCAL_MIN_SCALE && wh >= BWM_QCAL_MIN_SCALE)) { /* a floor binds: refit the other */
        if (wm < BWM_QCAL_MIN_SCALE || !(wm == wm)) {
            wm = BWM_QCAL_MIN_SCALE;
            wh = fit_one(p, n, peak, 1, wm);
        } else {
            wh = BWM_QCAL_MIN_SCALE;
            wm = fit_one(p, n, peak, 0, wh);
        }
    }
    out->g = (bwm_qgpu){wm, wh};
    double se = 0, sa = 0, sm = 0;
    for (size_t i = 0; i < n; i++) {
        double a, b;
        if (!(p[i].bw > 0))
            continue;
        regressors(&p[i], peak, &a, &b);
        double e = wm * a + wh * b - p[i].mc_queue;
        se += e * e;
        sa += fabs(e);
        sm += p[i].mc_queue;
    }
    out->rms = sqrt(se / (double)out->used);
    out->mean_abs = sa / (double)out->used;
    out->mean_meas = sm / (double)out->used;
    return BWM_OK;
}

double bwm_qcal_lat_share(double ipc, double rt, double ipc_probe, double rt_probe)
{
    if (!(ipc > 0 && ipc_probe > 0 && rt > 0 && rt_probe > rt))
        return 0;
    double s = (ipc / ipc_probe - 1) / (rt_probe / rt - 1);
    return s < 0 ? 0 : s > 4 ? 4 : s;
}
