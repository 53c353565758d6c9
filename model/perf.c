/* perf.c — P = BW / (line × MPKI/1000) and its inverse (see perf.h). */
#include "model/perf.h"

#include <math.h>

int bwm_perf_check(const bwm_perf_in *in, bwm_err *err)
{
    if (!isfinite(in->bw_gbs) || in->bw_gbs < 0)
        return bwm_fail(err, BWM_EINPUT, "bandwidth must be a finite number >= 0 (got %g)", in->bw_gbs);
    if (!isfinite(in->mpki) || in->mpki <= 0)
        return bwm_fail(err, BWM_EINPUT, "MPKI must be > 0 (got %g)", in->mpki);
    if (!isfinite(in->line_bytes) || in->line_bytes <= 0)
        return bwm_fail(err, BWM_EINPUT, "line size must be > 0 bytes (got %g)", in->line_bytes);
    if (!isfinite(in->clock_mhz) || in->clock_mhz <= 0)
        return bwm_fail(err, BWM_EINPUT, "core clock must be > 0 MHz (got %g)", in->clock_mhz);
    return BWM_OK;
}

bwm_perf_out bwm_perf_eval(const bwm_perf_in *in)
{
    bwm_perf_out out;
    double bytes_per_inst = in->line_bytes * in->mpki / 1000.0;
    out.ips = in->bw_gbs * 1e9 / bytes_per_inst;
    out.ipc = out.ips / (in->clock_mhz * 1e6);
    return out;
}

double bwm_perf_bw_for_ipc(double ipc, double mpki, double line_bytes, double clock_mhz)
{
    return ipc * clock_mhz * 1e6 * line_bytes * mpki / 1000.0 / 1e9;
}

double bwm_perf_normalise(double ipc, double max_ipc)
{
    return ipc / max_ipc;
}
