/* sm_calendar_test.c — sim/gpu/sm_calendar: SMs filed in the window, far
 * beyond it and for cycles already passed come due exactly at their cycle
 * (or the next one taken), re-filing moves an SM, and the earliest cycle is
 * known; checked against sets and cycles worked out by hand, and against a
 * plain array over a long random sequence. */
#include <criterion/criterion.h>

#include "sim/gpu/sm_calendar.h"
#include "util/rng.h"

static bwm_sm_calendar cal;

static void make(int n)
{
    bwm_err err;
    cr_assert_eq(bwm_sm_calendar_init(&cal, n, &err), BWM_OK);
}

static uint64_t take(int64_t now, int word)
{
    return bwm_sm_calendar_take(&cal, now)[word];
}

Test(sm_calendar, every_sm_is_due_at_cycle_0)
{
    make(5);
    cr_expect_eq(bwm_sm_calendar_next(&cal), 0);
    cr_expect_eq(take(0, 0), 0x1f);
    cr_expect_eq(bwm_sm_calendar_next(&cal), INT64_MAX, "taken SMs are no longer filed");
    bwm_sm_calendar_free(&cal);
}

Test(sm_calendar, near_far_and_never)
{
    make(4);
    take(0, 0);
    bwm_sm_calendar_set(&cal, 0, 3);
    bwm_sm_calendar_set(&cal, 1, 200); /* beyond the 64-cycle window */
    bwm_sm_calendar_set(&cal, 2, INT64_MAX);
    bwm_sm_calendar_set(&cal, 3, 63);
    cr_expect_eq(bwm_sm_calendar_next(&cal), 3);
    cr_expect_eq(take(2, 0), 0, "nothing before cycle 3");
    cr_expect_eq(take(3, 0), 0x1);
    cr_expect_eq(bwm_sm_calendar_next(&cal), 63);
    cr_expect_eq(take(63, 0), 0x8);
    cr_expect_eq(bwm_sm_calendar_next(&cal), 200);
    cr_expect_eq(take(199, 0), 0, "the far SM entered the window, not yet due");
    cr_expect_eq(take(200, 0), 0x2);
    cr_expect_eq(bwm_sm_calendar_next(&cal), INT64_MAX, "SM 2 has no work");
    bwm_sm_calendar_free(&cal);
}

Test(sm_calendar, skipped_cycles_and_passed_cycles)
{
    make(3);
    take(0, 0);
    bwm_sm_calendar_set(&cal, 0, 10);
    bwm_sm_calendar_set(&cal, 1, 20);
    cr_expect_eq(take(25, 0), 0x3, "a take reaching past several cycles takes them all");
    bwm_sm_calendar_set(&cal, 2, 7); /* filed for a cycle already taken */
    cr_expect_eq(bwm_sm_calendar_next(&cal), 26);
    cr_expect_eq(take(26, 0), 0x4);
    bwm_sm_calendar_set(&cal, 0, 1000);
    cr_expect_eq(take(500, 0), 0, "a jump of 500 cycles");
    cr_expect_eq(take(1000, 0), 0x1, "due exactly at its cycle after the jump");
    bwm_sm_calendar_free(&cal);
}

Test(sm_calendar, refiling_moves_an_sm)
{
    make(2);
    take(0, 0);
    bwm_sm_calendar_set(&cal, 0, 30);
    bwm_sm_calendar_set(&cal, 1, 300);
    bwm_sm_calendar_set(&cal, 0, 5);   /* forward, within the window */
    bwm_sm_calendar_set(&cal, 1, 40);  /* from far into the window */
    cr_expect_eq(bwm_sm_calendar_next(&cal), 5);
    cr_expect_eq(take(30, 0), 0x1, "once, at cycle 5's slot; not again at 30");
    bwm_sm_calendar_set(&cal, 1, 100); /* back out of the window */
    cr_expect_eq(take(40, 0), 0);
    cr_expect_eq(take(100, 0), 0x2);
    bwm_sm_calendar_free(&cal);
}

Test(sm_calendar, sms_beyond_one_word)
{
    make(80);
    take(0, 0);
    bwm_sm_calendar_set(&cal, 70, 9);
    bwm_sm_calendar_set(&cal, 3, 9);
    const uint64_t *due = bwm_sm_calendar_take(&cal, 9);
    cr_expect_eq(due[0], 1ull << 3);
    cr_expect_eq(due[1], 1ull << 6);
    bwm_sm_calendar_free(&cal);
}

/* A long random sequence of filings and takes (near, far, passed, never)
 * against a plain array of cycles. */
Test(sm_calendar, matches_a_plain_array)
{
    enum { N = 70 };
    make(N);
    int64_t at[N];
    for (int i = 0; i < N; i++)
        at[i] = 0;
    bwm_rng rng;
    bwm_rng_seed(&rng, 12345);
    int64_t now = 0;
    for (int step = 0; step < 20000; step++) {
        const uint64_t *due = bwm_sm_calendar_take(&cal, now);
        for (int i = 0; i < N; i++) {
            int is_due = (int)(due[i / 64] >> (i % 64) & 1);
            cr_assert_eq(is_due, at[i] <= now, "step %d cycle %lld SM %d filed for %lld", step, (long long)now, i,
                         (long long)at[i]);
            if (is_due)
                at[i] = INT64_MAX; /* taken */
        }
        for (int k = 0; k < 3; k++) {
            int i = (int)bwm_rng_below(&rng, N);
            uint64_t kind = bwm_rng_below(&rng, 10);
            int64_t t = kind == 0 ? INT64_MAX
                      : kind == 1 ? now - (int64_t)bwm_rng_below(&rng, 5)
                      : kind < 4  ? now + 1 + (int64_t)bwm_rng_below(&rng, 300)
                                  : now + 1 + (int64_t)bwm_rng_below(&rng, 8);
            bwm_sm_calendar_set(&cal, i, t);
            at[i] = t < now + 1 ? now + 1 : t; /* a passed cycle comes due at the next take */
        }
        int64_t next = INT64_MAX;
        for (int i = 0; i < N; i++)
            next = at[i] < next ? at[i] : next;
        int64_t got = bwm_sm_calendar_next(&cal);
        cr_assert(got <= next, "step %d: next %lld after the earliest filing %lld", step, (long long)got,
                  (long long)next);
        now = next == INT64_MAX ? now + 1 + (int64_t)bwm_rng_below(&rng, 100) : next;
    }
    bwm_sm_calendar_free(&cal);
}
