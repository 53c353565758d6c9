/* bliss_test.c — BLISS (sim/mc/sched/bliss.c) on crafted bank queues of the
 * hand-derivation DRAM: a source served threshold times in a row is
 * blacklisted and waits behind others' misses, even with row hits; the
 * blacklist is cleared every clearing interval. */
#include <criterion/criterion.h>

#include "sim/mc/sched.h"
#include "tests/support/mc_harness.h"

TestSuite(bliss, .init = mh_setup, .fini = mh_teardown);

/* Application 0 sends six requests for row 1 of bank 0, then 1 one for row
 * 9; all wait before the first pick. */
static void six_hits_and_a_miss(int *a, int *b)
{
    for (int i = 0; i < 6; i++)
        a[i] = mh_send(0, 1, 0);
    *b = mh_send(0, 9, 1);
    mh_run_idle();
}

Test(bliss, blacklists_after_the_threshold)
{
    mh_start(&bwm_sched_bliss, 16, 2, 0);
    int a[6], b;
    six_hits_and_a_miss(a, &b);
    /* a0 opens row 1, a1-a3 hit: four in a row blacklist 0, so 1's miss
       goes before 0's remaining row hits */
    int expect[] = {a[0], a[1], a[2], a[3], b, a[4], a[5]};
    mh_expect_order(0, expect, 7);
    /* FR-FCFS serves every hit first */
    mh_start(&bwm_sched_frfcfs, 16, 2, 0);
    six_hits_and_a_miss(a, &b);
    cr_assert_eq(R.order[6], b);
}

Test(bliss, the_threshold_is_a_knob)
{
    mh_knobs("threshold=2");
    mh_start(&bwm_sched_bliss, 16, 2, 0);
    int a[6], b;
    six_hits_and_a_miss(a, &b);
    int expect[] = {a[0], a[1], b, a[2], a[3], a[4], a[5]};
    mh_expect_order(0, expect, 7);
}

/* Blacklists 0 before cycle 1000, then at t sends a miss of 1 and a row hit
 * of 0 (row 1 is open): returns whether 0's hit went first. */
static int hit_first_at(int64_t t)
{
    mh_start(&bwm_sched_bliss, 16, 2, 0);
    for (int i = 0; i < 4; i++)
        mh_send(0, 1, 0);
    mh_run_idle();
    cr_assert_lt(T, 1000);
    mh_tick_at(t);
    int from = R.n_done;
    mh_send(0, 20, 1);
    int hit = mh_send(0, 1, 0);
    mh_run_idle();
    return R.order[from] == hit;
}

Test(bliss, clears_the_blacklist_every_interval)
{
    mh_knobs("clearing-interval=1000");
    cr_assert(!hit_first_at(900), "still blacklisted before the interval ends");
    cr_assert(hit_first_at(1500), "cleared after it");
    mh_knobs("clearing-interval=100000");
    cr_assert(!hit_first_at(1500), "not cleared with a longer interval");
}

Test(bliss, sources_can_be_sms)
{
    mh_knobs("source=sm");
    mh_start(&bwm_sched_bliss, 16, 1, 0);
    int a[4];
    for (int i = 0; i < 4; i++)
        a[i] = mh_send_warp(0, 1, 0, i, 0);
    int b = mh_send_warp(0, 9, 1, 0, 0);
    int c = mh_send_warp(0, 1, 0, 0, 0);
    mh_run_idle();
    int expect[] = {a[0], a[1], a[2], a[3], b, c}; /* SM 0 blacklisted, one application */
    mh_expect_order(0, expect, 6);
}
