/* queue_calib_test.c — the queueing model's constants from alone runs:
 * least squares on hand-made points, the floor, and the latency share. */
#include <criterion/criterion.h>
#include <math.h>

#include "fit/queue_calib.h"

Test(queue_calib, exact_points_give_the_scales_back)
{
    /* peak 100.  rho 0.5: rho/(1-rho) = 1; rho 0.75: 3; rho 0.2: 0.25.
     * With w_miss 20 and w_hit 4: (h 0) 20, (h 1 at 0.75) 12, (h 0.5 at 0.2)
     * 0.25 · 12 = 3: the fit returns 20 and 4 with no error. */
    bwm_qcal_point p[3] = {{50, 0, 20}, {75, 1, 12}, {20, 0.5, 3}};
    bwm_qcal_fit f;
    cr_assert_eq(bwm_qcal_scales(p, 3, 100, &f, NULL), BWM_OK);
    cr_assert_float_eq(f.g.w_miss, 20, 1e-9);
    cr_assert_float_eq(f.g.w_hit, 4, 1e-9);
    cr_assert_float_eq(f.rms, 0, 1e-9);
    cr_assert_eq(f.used, 3);
    cr_assert_float_eq(f.mean_meas, 35.0 / 3.0, 1e-9);
}

Test(queue_calib, least_squares_and_its_error)
{
    /* Two misses-only points at rho/(1-rho) 1 and 3 measuring 10 and 36, and
     * a hits-only one at 1 measuring 2: w_hit = 2 exactly; w_miss minimises
     * (w - 10)² + (3w - 36)²: w = (10 + 108) / 10 = 11.8; residuals 1.8 and
     * -0.6: rms sqrt((3.24 + 0.36) / 3) = sqrt(1.2). */
    bwm_qcal_point p[4] = {{50, 0, 10}, {75, 0, 36}, {50, 1, 2}, {0, 0, 0}};
    bwm_qcal_fit f;
    cr_assert_eq(bwm_qcal_scales(p, 4, 100, &f, NULL), BWM_OK);
    cr_assert_float_eq(f.g.w_miss, 11.8, 1e-9);
    cr_assert_float_eq(f.g.w_hit, 2, 1e-9);
    cr_assert_float_eq(f.rms, sqrt(1.2), 1e-9);
    cr_assert_eq(f.used, 3, "the point without traffic takes no part");
}

Test(queue_calib, a_negative_scale_is_floored)
{
    /* misses wait less than hits would need: unconstrained w_miss < 0; the
     * floor 0.1 holds it and w_hit is refitted: hits-only point 8 at 1 and
     * the mixed point (h 0.5 at 1) 3 = 0.05 + 0.5 w_hit...: w_hit minimises
     * (w - 8)² + (0.5 w - 2.95)², w = (8 + 1.475) / 1.25 = 7.58. */
    bwm_qcal_point p[2] = {{50, 1, 8}, {50, 0.5, 3}};
    bwm_qcal_fit f;
    cr_assert_eq(bwm_qcal_scales(p, 2, 100, &f, NULL), BWM_OK);
    cr_assert_float_eq(f.g.w_miss, BWM_QCAL_MIN_SCALE, 1e-12);
    cr_assert_float_eq(f.g.w_hit, 7.58, 1e-9);
}

Test(queue_calib, too_few_points)
{
    bwm_qcal_point p[1] = {{50, 0, 10}};
    bwm_qcal_fit f;
    bwm_err err;
    cr_assert_eq(bwm_qcal_scales(p, 1, 100, &f, &err), BWM_EINPUT);
}

Test(queue_calib, latency_share)
{
    /* a round trip 300 -> 450 (x1.5): a latency-bound application's ipc
     * falls by 1.5 (s 1), one that loses 10 % has s = (1/0.9 - 1)/0.5 = 2/9 */
    cr_assert_float_eq(bwm_qcal_lat_share(30, 300, 20, 450), 1, 1e-12);
    cr_assert_float_eq(bwm_qcal_lat_share(10, 300, 9, 450), 2.0 / 9.0, 1e-12);
    cr_assert_float_eq(bwm_qcal_lat_share(10, 300, 11, 450), 0, 1e-12, "a faster probe: 0");
    cr_assert_float_eq(bwm_qcal_lat_share(10, 300, 9, 300), 0, 1e-12, "no longer round trip: 0");
}
