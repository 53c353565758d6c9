/* sensitivity.c — elasticity to bandwidth and sensitivity to DRAM latency
 * (see sensitivity.h). */
#include "fit/sensitivity.h"

#include <math.h>
#include <stdio.h>

#include "sim/run/workload_run.h"

void bwm_config_half_dram_clock(bwm_gpu_config *cfg)
{
    cfg->dram.dram_mhz /= 2;
}

void bwm_config_double_dram_latency(bwm_gpu_config *cfg)
{
    bwm_dram_timing *t = &cfg->dram.t;
    t->RTW += t->CL - t->WL; /* read-to-write turnaround follows CL - WL */
    t->RCD *= 2;
    t->RP *= 2;
    t->RAS *= 2;
    t->RC *= 2;
    t->CL *= 2;
    t->WL *= 2;
    cfg->dram_latency *= 2;
}

static int ipc_on(const bwm_calib_setup *s, const bwm_gpu_config *cfg, const bwm_synth_app *app,
                  bwm_app_result *r, bwm_err *err)
{
    return bwm_workload_alone(cfg, app, s->sms, bwm_gpu_pair_colors(cfg), &s->run, s->seed, r, err);
}

static double log2_ratio(double a, double b)
{
    return a > 0 && b > 0 ? log(a / b) / log(2) : 0;
}

void bwm_sensitivity_judge(bwm_app_class cls, bwm_sensitivity *out)
{
    out->why[0] = '\0';
    switch (cls) {
    case BWM_CLASS_BANDWIDTH:
        if (!(out->elasticity >= BWM_SENS_BW_MIN))
            snprintf(out->why, sizeof out->why, "elasticity %.2f < %.1f", out->elasticity, BWM_SENS_BW_MIN);
        break;
    case BWM_CLASS_LATENCY:
        if (!(out->latency_sensitivity >= BWM_SENS_LAT_MIN))
            snprintf(out->why, sizeof out->why, "latency sensitivity %.2f < %.1f", out->latency_sensitivity,
                     BWM_SENS_LAT_MIN);
        break;
    case BWM_CLASS_COMPUTE:
        if (!(out->elasticity < BWM_SENS_COMPUTE_MAX && out->latency_sensitivity < BWM_SENS_COMPUTE_MAX))
            snprintf(out->why, sizeof out->why, "elasticity %.2f, latency sensitivity %.2f: not both < %.1f",
                     out->elasticity, out->latency_sensitivity, BWM_SENS_COMPUTE_MAX);
        break;
    }
    out->ok = out->why[0] == '\0';
}

int bwm_sensitivity_measure(const bwm_calib_setup *s, const bwm_synth_app *app, bwm_sensitivity *out,
                            bwm_app_result *base_out, bwm_err *err)
{
    bwm_gpu_config half = *s->cfg, slow = *s->cfg;
    bwm_config_half_dram_clock(&half);
    bwm_config_double_dram_latency(&slow);
    bwm_app_result base, r_half, r_slow;
    int st = ipc_on(s, s->cfg, app, &base, err);
    if (st == BWM_OK)
        st = ipc_on(s, &half, app, &r_half, err);
    if (st == BWM_OK)
        st = ipc_on(s, &slow, app, &r_slow, err);
    if (st != BWM_OK)
        return st;
    out->ipc = base.ipc;
    out->ipc_half_clock = r_half.ipc;
    out->ipc_double_latency = r_slow.ipc;
    out->elasticity = log2_ratio(base.ipc, r_half.ipc);
    out->latency_sensitivity = log2_ratio(base.ipc, r_slow.ipc);
    out->row_hit_rate = base.row_hit_rate;
    out->rbl = base.row_hit_rate < 1 ? 1 / (1 - base.row_hit_rate) : 0;
    bwm_sensitivity_judge(app->cls, out);
    if (base_out)
        *base_out = base;
    return BWM_OK;
}
