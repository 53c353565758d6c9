/* metrics_test.c — IT, WS, HS, ANTT, max slowdown, unfairness by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "model/metrics.h"

Test(metrics, hand_derived_values)
{
    /* sd = 0.5, 0.25: it 3, ws 0.75, 1/sd = 2, 4: hs 2/6, antt 3, max 4, unfair 2 */
    double ipc[2] = {1, 2}, alone[2] = {2, 8}, sd[2];
    bwm_metrics m;
    cr_assert_eq(bwm_metrics_eval(ipc, alone, 2, sd, &m, NULL), BWM_OK);
    cr_assert_float_eq(sd[0], 0.5, 1e-15);
    cr_assert_float_eq(sd[1], 0.25, 1e-15);
    cr_assert_float_eq(m.it, 3, 1e-15);
    cr_assert_float_eq(m.ws, 0.75, 1e-15);
    cr_assert_float_eq(m.hs, 1.0 / 3.0, 1e-15);
    cr_assert_float_eq(m.antt, 3, 1e-15);
    cr_assert_float_eq(m.max_slowdown, 4, 1e-15);
    cr_assert_float_eq(m.unfairness, 2, 1e-15);
    cr_assert_eq(m.starved, 0);
}

Test(metrics, hs_is_reciprocal_of_antt)
{
    double ipc[3] = {0.3, 0.9, 1.7}, alone[3] = {1, 1.2, 2};
    bwm_metrics m;
    cr_assert_eq(bwm_metrics_eval(ipc, alone, 3, NULL, &m, NULL), BWM_OK);
    cr_assert_float_eq(m.hs * m.antt, 1, 1e-12);
}

Test(metrics, starved_application)
{
    double ipc[2] = {1, 0}, alone[2] = {1, 1};
    bwm_metrics m;
    cr_assert_eq(bwm_metrics_eval(ipc, alone, 2, NULL, &m, NULL), BWM_OK);
    cr_assert_eq(m.starved, 1);
    cr_assert_float_eq(m.hs, 0, 0);
    cr_assert(isinf(m.antt));
    cr_assert(isinf(m.unfairness));
}

Test(metrics, rejects_bad_alone_values)
{
    double ipc[1] = {1}, zero[1] = {0}, nan_[1] = {NAN};
    bwm_metrics m;
    bwm_err e;
    cr_assert_eq(bwm_metrics_eval(ipc, zero, 1, NULL, &m, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "alone"));
    cr_assert_eq(bwm_metrics_eval(nan_, ipc, 1, NULL, &m, &e), BWM_EINPUT);
}
