/* perf_test.c — P = BW / (line × MPKI/1000) (paper 000, Eq. 1-3). */
#include <criterion/criterion.h>

#include "model/app.h"
#include "model/perf.h"

Test(perf, hand_derivation)
{
    /* 64 GB/s at MPKI 2 with 128-byte lines: 0.256 bytes/inst -> 2.5e11 inst/s;
     * at 1000 MHz that is 250 instructions per cycle. */
    bwm_perf_in in = {64, 2, 128, 1000};
    cr_assert_eq(bwm_perf_check(&in, NULL), BWM_OK);
    bwm_perf_out p = bwm_perf_eval(&in);
    cr_assert_float_eq(p.ips, 2.5e11, 1);
    cr_assert_float_eq(p.ipc, 250, 1e-9);
    cr_assert_float_eq(bwm_perf_bw_for_ipc(250, 2, 128, 1000), 64, 1e-9);
    cr_assert_float_eq(bwm_perf_normalise(250, 1000), 0.25, 1e-12);
}

Test(perf, doubling_bandwidth_doubles_performance)
{
    bwm_perf_in a = {10, 5, 128, 1400}, b = {20, 5, 128, 1400}, c = {10, 10, 128, 1400};
    cr_assert_float_eq(bwm_perf_eval(&b).ipc, 2 * bwm_perf_eval(&a).ipc, 1e-9);
    cr_assert_float_eq(bwm_perf_eval(&c).ipc, 0.5 * bwm_perf_eval(&a).ipc, 1e-9);
}

Test(perf, rejects_impossible_values)
{
    bwm_err e;
    bwm_perf_in zero_mpki = {10, 0, 128, 1400}, neg_bw = {-1, 1, 128, 1400}, no_clock = {1, 1, 128, 0};
    cr_assert_eq(bwm_perf_check(&zero_mpki, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "MPKI"));
    cr_assert_eq(bwm_perf_check(&neg_bw, &e), BWM_EINPUT);
    cr_assert_eq(bwm_perf_check(&no_clock, &e), BWM_EINPUT);
}

Test(perf, app_check_rejects_demand_above_peak)
{
    bwm_app a[1] = {{1, 60, 0}};
    bwm_err e;
    cr_assert_eq(bwm_apps_check(a, 1, 50, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "exceeds the peak"));
    a[0].bw_alone = 50;
    cr_assert_eq(bwm_apps_check(a, 1, 50, &e), BWM_OK);
    a[0].mpki = -2;
    cr_assert_eq(bwm_apps_check(a, 1, 50, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "application 1: mpki"));
}
