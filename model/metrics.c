/* metrics.c — IT, WS, HS, ANTT, slowdowns, unfairness (see metrics.h). */
#include "model/metrics.h"

#include <math.h>

int bwm_metrics_eval(const double *ipc, const double *ipc_alone, size_t n, double *sd,
                     bwm_metrics *m, bwm_err *err)
{
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no applications");
    m->it = m->ws = 0;
    m->starved = 0;
    double inv_sum = 0, inv_max = 0, inv_min = INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(ipc_alone[i]) || ipc_alone[i] <= 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: alone performance must be > 0 (got %g)",
                            i + 1, ipc_alone[i]);
        if (!isfinite(ipc[i]) || ipc[i] < 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: performance must be >= 0 (got %g)",
                            i + 1, ipc[i]);
        double s = ipc[i] / ipc_alone[i];
        if (sd)
            sd[i] = s;
        m->it += ipc[i];
        m->ws += s;
        double inv = s > 0 ? 1.0 / s : INFINITY;
        if (s == 0)
            m->starved++;
        inv_sum += inv;
        if (inv > inv_max)
            inv_max = inv;
        if (inv < inv_min)
            inv_min = inv;
    }
    m->hs = m->starved ? 0.0 : (double)n / inv_sum;
    m->antt = m->starved ? INFINITY : inv_sum / (double)n;
    m->max_slowdown = inv_max;
    m->unfairness = m->starved ? INFINITY : inv_max / inv_min;
    return BWM_OK;
}
