/* app.c — application validation and performance (see app.h). */
#include "model/app.h"

#include <math.h>

int bwm_apps_check(const bwm_app *apps, size_t n, double peak, bwm_err *err)
{
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no applications given");
    if (n > BWM_MODEL_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications given, at most %d are supported",
                        n, BWM_MODEL_MAX_APPS);
    if (!isfinite(peak) || peak <= 0)
        return bwm_fail(err, BWM_EINPUT, "peak bandwidth must be > 0 (got %g)", peak);
    for (size_t i = 0; i < n; i++) {
        const bwm_app *a = &apps[i];
        if (!isfinite(a->mpki) || a->mpki <= 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: mpki must be > 0 (got %g)", i + 1, a->mpki);
        if (!isfinite(a->bw_alone) || a->bw_alone <= 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: bw_alone must be > 0 (got %g)",
                            i + 1, a->bw_alone);
        if (a->bw_alone > peak)
            return bwm_fail(err, BWM_EINPUT,
                            "application %zu: bw_alone %g exceeds the peak bandwidth %g "
                            "(an application alone cannot attain more than the peak)",
                            i + 1, a->bw_alone, peak);
        if (!isfinite(a->rbl) || a->rbl < 0)
            return bwm_fail(err, BWM_EINPUT, "application %zu: rbl must be > 0 (got %g)", i + 1, a->rbl);
    }
    return BWM_OK;
}

double bwm_app_perf(const bwm_app *a, double bw)
{
    return bw / a->mpki;
}

double bwm_app_perf_alone(const bwm_app *a)
{
    return a->bw_alone / a->mpki;
}
