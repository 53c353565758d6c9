/* atlas_test.c — ATLAS (sim/mc/sched/atlas.c) on crafted bank queues of the
 * hand-derivation DRAM: after a quantum the source that attained less
 * service is served first, even against another's row hit; the past weighs
 * alpha; a request that waited past the starvation threshold goes first. */
#include <criterion/criterion.h>

#include "sim/mc/sched.h"
#include "tests/support/mc_harness.h"

TestSuite(atlas, .init = mh_setup, .fini = mh_teardown);

#define QUANTUM 1000

/* At cycle t bank 0 gets a miss of 1 - app, then a miss of app; returns
 * whether app was served first. */
static int served_first(int64_t t, int app)
{
    mh_tick_at(t);
    int from = R.n_done;
    int row = 100 + (int)(t / 100);
    mh_send(0, row, 1 - app);
    int mine = mh_send(0, row + 1, app);
    mh_run_idle();
    return R.order[from] == mine;
}

/* ATLAS with knobs; in the first quantum application 0 attains 10 long
 * requests on banks 1-7, and 1 n_other short ones. */
static void first_quantum(const char *knobs, int n_other)
{
    mh_knobs(knobs);
    mh_start(&bwm_sched_atlas, 64, 2, 0);
    mh_background(0, 10, 0, 128);
    mh_background(1, n_other, 0, 32);
    mh_run_idle();
}

Test(atlas, is_frfcfs_until_the_first_quantum_ends)
{
    first_quantum("quantum=1000", 1);
    cr_assert(!served_first(QUANTUM / 2, 1), "no ranks yet: the older request");
}

Test(atlas, serves_the_least_attained_source_first)
{
    first_quantum("quantum=1000", 1);
    cr_assert(served_first(QUANTUM + 10, 1));
    /* the rank beats a row hit: 0's hit for the open row waits */
    int from = R.n_done;
    int hit = mh_send(0, 100 + (QUANTUM + 10) / 100, 0); /* the row 0 opened last */
    int miss = mh_send(0, 500, 1);
    mh_run_idle();
    int expect[] = {miss, hit};
    mh_expect_order(from, expect, 2);
}

Test(atlas, the_history_weight_remembers_past_quanta)
{
    /* quantum 1: 0 attains much; quantum 2: 1 attains a little more than 0.
       With alpha 0.875 0's past keeps it last; with alpha 0 only quantum 2
       counts and 0 goes first. */
    const char *knobs[] = {"quantum=1000", "quantum=1000,alpha=0"};
    const int want_first[] = {1, 0};
    for (int k = 0; k < 2; k++) {
        mh_knobs(knobs[k]);
        mh_start(&bwm_sched_atlas, 64, 2, 0);
        mh_background(0, 14, 0, 128);
        mh_run_idle();
        mh_tick_at(QUANTUM + 1);
        mh_background(0, 1, 0, 32);
        mh_background(1, 2, 0, 32);
        mh_run_idle();
        cr_assert(served_first(2 * QUANTUM + 10, want_first[k]), "alpha case %d", k);
    }
}

/* Bank 0 gets a miss of application 0 and three of the less served 1, then
 * another of 1 every 20 cycles, eight in all (each holds the bank about
 * tRC = 40 cycles, so 1 always has one waiting); returns the position at
 * which 0's request was served. */
static int position_of_the_starved(const char *knobs)
{
    first_quantum(knobs, 0);
    mh_tick_at(QUANTUM + 1);
    int from = R.n_done;
    int starved = mh_send(0, 300, 0);
    for (int i = 0; i < 8; i++) {
        mh_send(0, 200 + i, 1);
        if (i >= 2)
            mh_run_until(T + 20);
    }
    mh_run_idle();
    for (int i = from; i < R.n_done; i++)
        if (R.order[i] == starved)
            return i - from;
    return -1;
}

Test(atlas, serves_a_starving_request_first)
{
    int last = position_of_the_starved("quantum=1000");
    cr_assert_eq(last, 8, "ranked last without starvation, got %d", last);
    int p = position_of_the_starved("quantum=1000,starvation=100");
    /* past 100 cycles of waiting it is the oldest starving request */
    cr_assert(p >= 1 && p <= 4, "served at %d", p);
}
