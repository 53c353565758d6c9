/* sensitivity_test.c — fit/sensitivity: the two configuration changes do
 * exactly what they say, the class expectations are judged at their
 * thresholds, and measured on a 16-SM GPU a saturating random-access
 * application follows the DRAM clock while a compute-bound one follows
 * neither change. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/sensitivity.h"
#include "sim/config/gpu_read.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

/* 16 SMs: enough L1 MSHRs (32 each) to keep the DRAM saturated. */
static bwm_gpu_config small_gpu(void)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_n_clusters 16", "test", &cfg, NULL, &err), BWM_OK,
                 "%s", err.msg);
    return cfg;
}

Test(sensitivity, half_clock_halves_only_the_dram_clock)
{
    bwm_gpu_config a = small_gpu(), b = a;
    bwm_config_half_dram_clock(&b);
    cr_assert_float_eq(b.dram.dram_mhz, a.dram.dram_mhz / 2, 1e-12);
    b.dram.dram_mhz = a.dram.dram_mhz;
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "something else changed");
}

Test(sensitivity, double_latency_doubles_the_access_latencies_and_keeps_the_bus_timings)
{
    bwm_gpu_config a = small_gpu(), b = a;
    bwm_config_double_dram_latency(&b);
    cr_assert_eq(b.dram.t.RCD, 2 * a.dram.t.RCD);
    cr_assert_eq(b.dram.t.RP, 2 * a.dram.t.RP);
    cr_assert_eq(b.dram.t.RAS, 2 * a.dram.t.RAS);
    cr_assert_eq(b.dram.t.RC, 2 * a.dram.t.RC);
    cr_assert_eq(b.dram.t.CL, 2 * a.dram.t.CL);
    cr_assert_eq(b.dram.t.WL, 2 * a.dram.t.WL);
    cr_assert_eq(b.dram_latency, 2 * a.dram_latency);
    /* memsys15: RTW = CL + BL/ratio + 2 - WL = 14 becomes 24 + 4 + 2 - 8 = 22 */
    cr_assert_eq(a.dram.t.RTW, 14);
    cr_assert_eq(b.dram.t.RTW, 22);
    cr_assert_eq(b.dram.t.CCD, a.dram.t.CCD);
    cr_assert_eq(b.dram.t.RRD, a.dram.t.RRD);
    cr_assert_eq(b.dram.t.WR, a.dram.t.WR);
    cr_assert_eq(b.dram.t.CDLR, a.dram.t.CDLR);
    cr_assert_float_eq(b.dram.dram_mhz, a.dram.dram_mhz, 0);
}

static int judged(bwm_app_class cls, double el, double lat)
{
    bwm_sensitivity s;
    memset(&s, 0, sizeof s);
    s.elasticity = el;
    s.latency_sensitivity = lat;
    bwm_sensitivity_judge(cls, &s);
    cr_assert_eq(s.ok, s.why[0] == '\0');
    return s.ok;
}

Test(sensitivity, each_class_is_judged_at_its_threshold)
{
    cr_assert(judged(BWM_CLASS_BANDWIDTH, 0.8, 0));
    cr_assert_not(judged(BWM_CLASS_BANDWIDTH, 0.79, 1));
    cr_assert(judged(BWM_CLASS_LATENCY, 0, 0.3));
    cr_assert_not(judged(BWM_CLASS_LATENCY, 1, 0.29));
    cr_assert(judged(BWM_CLASS_COMPUTE, 0.19, 0.19));
    cr_assert_not(judged(BWM_CLASS_COMPUTE, 0.2, 0));
    cr_assert_not(judged(BWM_CLASS_COMPUTE, 0, 0.2));
    cr_assert_not(judged(BWM_CLASS_BANDWIDTH, NAN, 0));
}

static bwm_synth_app app(bwm_app_class cls, double warps, double mem_frac, int compute_latency)
{
    bwm_synth_app a;
    bwm_synth_app_init(&a);
    a.cls = cls;
    a.warps = warps;
    a.mem_frac = mem_frac;
    a.coalesce = 8;
    a.pattern = BWM_PATTERN_RANDOM;
    a.row_run = 1;
    a.compute_latency = compute_latency;
    a.dep_distance = 2;
    a.loads_in_flight = 2;
    return a;
}

static bwm_sensitivity measure(const bwm_synth_app *a)
{
    bwm_gpu_config cfg = small_gpu();
    bwm_calib_setup s = {&cfg, 16, {0}, 1};
    s.run.cycles = 20000;
    s.run.warmup = 4000;
    bwm_sensitivity out;
    bwm_app_result base;
    bwm_err err;
    cr_assert_eq(bwm_sensitivity_measure(&s, a, &out, &base, &err), BWM_OK, "%s", err.msg);
    cr_assert_float_eq(out.ipc, base.ipc, 0);
    cr_assert_float_eq(out.elasticity, log(out.ipc / out.ipc_half_clock) / log(2), 1e-12);
    return out;
}

Test(sensitivity, a_saturating_random_application_follows_the_dram_clock)
{
    bwm_synth_app a = app(BWM_CLASS_BANDWIDTH, 32, 0.2, 2);
    bwm_sensitivity s = measure(&a);
    cr_assert_geq(s.elasticity, 0.85, "elasticity %g", s.elasticity);
    cr_assert_float_eq(s.ipc_half_clock / s.ipc, 0.5, 0.5 * 0.15, "ipc halves with the DRAM clock (within 15 %%)");
    cr_assert_lt(s.rbl, 1.2, "random lines seldom share a row: rbl %g", s.rbl);
    cr_assert(s.ok, "%s", s.why);
}

Test(sensitivity, a_compute_bound_application_follows_neither)
{
    bwm_synth_app a = app(BWM_CLASS_COMPUTE, 8, 0.0005, 24);
    bwm_sensitivity s = measure(&a);
    cr_assert_lt(s.elasticity, 0.05, "elasticity %g", s.elasticity);
    cr_assert_lt(s.latency_sensitivity, 0.05, "latency sensitivity %g", s.latency_sensitivity);
    cr_assert(s.ok, "%s", s.why);
}

Test(sensitivity, one_dependent_load_at_a_time_follows_the_latency)
{
    bwm_synth_app a = app(BWM_CLASS_LATENCY, 1, 0.2, 1);
    a.coalesce = 1;
    a.dep_distance = 1;
    a.loads_in_flight = 1;
    bwm_sensitivity s = measure(&a);
    cr_assert_geq(s.latency_sensitivity, 0.35, "latency sensitivity %g", s.latency_sensitivity);
    cr_assert(s.ok, "%s", s.why);
}
