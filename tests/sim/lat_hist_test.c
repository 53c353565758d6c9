/* lat_hist_test.c — percentiles from the latency histogram: exact below 256
 * cycles, within 1/16 above, merged across channels. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/lat_hist.h"

static bwm_lat_hist h, g;

static void setup(void)
{
    memset(&h, 0, sizeof h);
    memset(&g, 0, sizeof g);
}

TestSuite(lat_hist, .init = setup);

Test(lat_hist, empty_is_zero)
{
    cr_assert_eq(bwm_lat_hist_percentile(&h, 99), 0);
    cr_assert_float_eq(bwm_lat_hist_mean(&h), 0.0, 1e-12);
}

Test(lat_hist, exact_below_256)
{
    for (uint64_t v = 1; v <= 100; v++)
        bwm_lat_hist_add(&h, v);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 99), 99);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 50), 50);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 100), 100);
    cr_assert_float_eq(bwm_lat_hist_mean(&h), 50.5, 1e-12);
    cr_assert_eq(h.max, 100);
}

Test(lat_hist, nearest_rank_with_repeats)
{
    for (int i = 0; i < 98; i++)
        bwm_lat_hist_add(&h, 26);
    bwm_lat_hist_add(&h, 40);
    bwm_lat_hist_add(&h, 200);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 99), 40);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 98), 26);
}

Test(lat_hist, large_values_within_a_sixteenth)
{
    uint64_t vals[] = {256, 300, 1000, 4097, 123456789, (uint64_t)1 << 62};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        memset(&h, 0, sizeof h);
        bwm_lat_hist_add(&h, vals[i]);
        bwm_lat_hist_add(&h, vals[i] + vals[i] / 2); /* the maximum, in a higher bin */
        uint64_t p = bwm_lat_hist_percentile(&h, 50);
        cr_assert_geq(p, vals[i], "never below the exact percentile");
        cr_assert_leq((double)p, (double)vals[i] * (1 + 1.0 / 16), "%llu -> %llu",
                      (unsigned long long)vals[i], (unsigned long long)p);
    }
}

Test(lat_hist, percentile_never_exceeds_the_maximum)
{
    bwm_lat_hist_add(&h, 1000);
    cr_assert_leq(bwm_lat_hist_percentile(&h, 100), 1000);
}

Test(lat_hist, merge_adds)
{
    for (uint64_t v = 1; v <= 50; v++)
        bwm_lat_hist_add(&h, v);
    for (uint64_t v = 51; v <= 100; v++)
        bwm_lat_hist_add(&g, v);
    bwm_lat_hist_merge(&h, &g);
    cr_assert_eq(h.count, 100);
    cr_assert_eq(h.max, 100);
    cr_assert_eq(bwm_lat_hist_percentile(&h, 99), 99);
}

/* Issue 42 case 12: latencies that share one bin (400..415, mean 407.5):
 * the p99 printed is not below the mean, as the bin's lower bound (384)
 * was. */
Test(lat_hist, p99_of_one_bin_is_not_below_the_mean)
{
    for (int k = 0; k < 100; k++)
        bwm_lat_hist_add(&h, 400 + (uint64_t)(k % 16));
    uint64_t p99 = bwm_lat_hist_percentile(&h, 99);
    cr_assert_geq((double)p99, bwm_lat_hist_mean(&h), "p99 %llu", (unsigned long long)p99);
    cr_assert_eq(p99, 415, "the bin's upper bound, capped by the maximum");
}
