/* wake_wheel_test.c — sim/core/wake_wheel: warps put on the wheel or beyond
 * it wake exactly at their cycle, the next slot holding a warp is found
 * across the wheel's wrap, and the wheel knows when it is empty; checked
 * against cycles worked out by hand and against a plain array over a random
 * sequence. */
#include <criterion/criterion.h>

#include "sim/core/wake_wheel.h"
#include "util/rng.h"

Test(wake_wheel, near_and_far_warps_wake_at_their_cycle)
{
    bwm_wake_wheel wh;
    bwm_wake_wheel_init(&wh);
    cr_expect(bwm_wake_wheel_empty(&wh));
    bwm_wake_wheel_put(&wh, 3, 10, 0);
    bwm_wake_wheel_put(&wh, 5, 10 + BWM_WAKE_WHEEL, 0); /* beyond the wheel: same slot, later */
    bwm_wake_wheel_put(&wh, 7, 4, 0);
    cr_expect_not(bwm_wake_wheel_empty(&wh));
    cr_expect_eq(wh.far, 1ULL << 5);
    cr_expect_eq(wh.far_min, 10 + BWM_WAKE_WHEEL);
    cr_expect_eq(bwm_wake_wheel_next(&wh, 0), 4);
    cr_expect_eq(bwm_wake_wheel_next(&wh, 4), 10, "the slot of cycle 4 is still held until taken");
    for (int64_t t = 1; t <= 10 + BWM_WAKE_WHEEL; t++) {
        uint64_t woken = bwm_wake_wheel_take(&wh, t);
        uint64_t want = t == 4 ? 1ULL << 7 : t == 10 ? 1ULL << 3 : t == 10 + BWM_WAKE_WHEEL ? 1ULL << 5 : 0;
        cr_assert_eq(woken, want, "cycle %lld", (long long)t);
    }
    cr_expect(bwm_wake_wheel_empty(&wh));
    cr_expect_eq(wh.far_min, INT64_MAX);
    cr_expect_eq(bwm_wake_wheel_next(&wh, 500), INT64_MAX);
}

Test(wake_wheel, the_next_slot_is_found_across_the_wrap)
{
    bwm_wake_wheel wh;
    bwm_wake_wheel_init(&wh);
    int64_t now = 3 * BWM_WAKE_WHEEL - 5;
    bwm_wake_wheel_put(&wh, 0, now + 9, now); /* slot 4 of the next turn */
    cr_expect_eq(bwm_wake_wheel_next(&wh, now), now + 9);
    cr_expect_eq(bwm_wake_wheel_next(&wh, now + 8), now + 9);
}

Test(wake_wheel, matches_a_plain_array)
{
    enum { WARPS = 64, CYCLES = 20000 };
    bwm_wake_wheel wh;
    bwm_wake_wheel_init(&wh);
    int64_t at[WARPS]; /* each warp's wake cycle, -1: awake */
    int far[WARPS];    /* it was put beyond the wheel */
    for (int w = 0; w < WARPS; w++)
        at[w] = -1;
    bwm_rng rng;
    bwm_rng_seed(&rng, 54);
    for (int64_t now = 0; now < CYCLES; now++) {
        uint64_t want = 0;
        for (int w = 0; w < WARPS; w++)
            if (at[w] == now) {
                want |= 1ULL << w;
                at[w] = -1;
            }
        cr_assert_eq(bwm_wake_wheel_take(&wh, now), want, "cycle %lld", (long long)now);
        int64_t next = INT64_MAX;
        for (int w = 0; w < WARPS; w++) {
            if (at[w] < 0 && bwm_rng_below(&rng, 4) == 0) {
                at[w] = now + 1 + (int64_t)bwm_rng_below(&rng, 600);
                far[w] = at[w] - now >= BWM_WAKE_WHEEL;
                bwm_wake_wheel_put(&wh, w, at[w], now);
            }
            if (at[w] >= 0 && !far[w] && at[w] < next)
                next = at[w];
        }
        int64_t got = bwm_wake_wheel_next(&wh, now);
        cr_assert_eq(got, next, "cycle %lld: the next wheel cycle", (long long)now);
    }
}
