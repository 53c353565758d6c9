/* tcm_test.c — TCM (sim/mc/sched/tcm.c) on crafted bank queues of the
 * hand-derivation DRAM: after a quantum an application with a low MPKI and
 * little bandwidth is in the latency cluster and goes first, even against
 * others' row hits; the bandwidth cluster's order changes from one shuffle
 * interval to the next. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "tests/support/mc_harness.h"

TestSuite(tcm, .init = mh_setup, .fini = mh_teardown);

#define QUANTUM 1000

/* TCM with knobs and three applications; in the first quantum 1 and 2 move
 * ten 128-byte lines each over 10 times fewer instructions than 0, which
 * moves one 32-byte line (about 2 % of the bank time: within 4/24). */
static void first_quantum(const char *knobs)
{
    mh_knobs(knobs);
    mh_start(&bwm_sched_tcm, 64, 3, 0);
    mh_background(0, 1, 0, 32);
    mh_background(1, 10, 0, 128);
    mh_background(2, 10, 0, 128);
    insts[0] = 100000;
    insts[1] = insts[2] = 10000;
    mh_run_idle();
    cr_assert_lt(T, QUANTUM);
}

Test(tcm, is_frfcfs_before_the_first_quantum_ends)
{
    first_quantum("quantum=1000");
    mh_tick_at(QUANTUM / 2);
    int from = R.n_done;
    int t1 = mh_send(0, 50, 1), t0 = mh_send(0, 51, 0);
    mh_run_idle();
    int expect[] = {t1, t0};
    mh_expect_order(from, expect, 2);
}

Test(tcm, serves_the_latency_cluster_first)
{
    first_quantum("quantum=1000");
    mh_tick_at(QUANTUM + 1);
    int from = R.n_done;
    int t1 = mh_send(0, 60, 1);
    int t2 = mh_send(0, 60, 2); /* a row hit once 1's request opened row 60 */
    int t0 = mh_send(0, 61, 0);
    mh_run_idle();
    /* 0 first (latency cluster); then 1 and 2 in the bandwidth cluster's
       order, 2's row hit right after 1 if 1 goes first */
    cr_assert_eq(R.order[from], t0, "the latency-sensitive application first");
    cr_assert(R.order[from + 1] == t1 || R.order[from + 1] == t2);
}

/* From the first quantum on, at cycle QUANTUM + 200 k + 10 for k = 0..7,
 * bank 0 gets a miss of 1 then of 2: counts how often 2 went first. */
static int times_2_first(const char *knobs)
{
    first_quantum(knobs);
    int n = 0;
    for (int k = 0; k < 8; k++) {
        mh_tick_at(QUANTUM + 200 * k + 10);
        int from = R.n_done;
        mh_send(0, 100 + 2 * k, 1);
        int t2 = mh_send(0, 101 + 2 * k, 2);
        mh_run_idle();
        cr_assert_lt(T, QUANTUM + 200 * k + 200, "the pair is served within its interval");
        n += R.order[from] == t2;
    }
    return n;
}

Test(tcm, shuffles_the_bandwidth_cluster)
{
    int shuffled = times_2_first("quantum=1000,shuffle-interval=200");
    cr_assert(shuffled > 0 && shuffled < 8, "2 was first %d times of 8", shuffled);
    int fixed = times_2_first("quantum=1000,shuffle-interval=1000000");
    cr_assert(fixed == 0 || fixed == 8, "without shuffling one order holds: %d", fixed);
}

Test(tcm, needs_the_instruction_counts)
{
    P.committed_insts = NULL;
    bwm_mc mc;
    bwm_mc_params p = {&bwm_sched_tcm, 16, 2, 0, NULL, NULL, &P, 0, NULL};
    bwm_err err;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "committed_insts"), "%s", err.msg);
}
