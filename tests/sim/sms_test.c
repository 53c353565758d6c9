/* sms_test.c — SMS (sim/mc/sched/sms.c) on crafted bank queues of the
 * hand-derivation DRAM: batches of one source's same-row requests, ready
 * when another row follows or when they age; batch order kept in a bank's
 * FIFO against the row hits FR-FCFS would chase; shortest job first or
 * round-robin between sources; the bypass of a lightly loaded controller. */
#include <criterion/criterion.h>

#include "sim/mc/sched.h"
#include "tests/support/mc_harness.h"

TestSuite(sms, .init = mh_setup, .fini = mh_teardown);

/* Batching always on, the batch scheduler always shortest job first. */
#define BATCHING "bypass-below=0,sjf-prob=1"

Test(sms, keeps_batch_order_where_frfcfs_chases_a_row_hit)
{
    const bwm_sched_ops *policies[] = {&bwm_sched_sms, &bwm_sched_frfcfs};
    int want[2][3] = {{0, 1, 2}, {0, 2, 1}};
    mh_knobs(BATCHING);
    for (int k = 0; k < 2; k++) {
        mh_start(policies[k], 16, 2, 0);
        int a1 = mh_send(0, 10, 0), a2 = mh_send(0, 11, 0), b1 = mh_send(0, 10, 1);
        mh_run_idle();
        /* sms: [a1] is a batch (a2 follows); [a2] and [b1] wait 50 cycles,
           then both are ready and equally short: the lower source first */
        int tags[3] = {a1, a2, b1};
        for (int i = 0; i < 3; i++)
            cr_assert_eq(R.order[i], tags[want[k][i]], "%s: pick %d", policies[k]->name, i);
    }
}

Test(sms, holds_a_lone_batch_until_it_is_old_enough)
{
    mh_knobs(BATCHING);
    mh_start(&bwm_sched_sms, 16, 2, 0);
    mh_send(0, 10, 0);
    mh_run_until(45);
    cr_assert_eq(M.banks[0].n_queued, 1, "still in its source FIFO at cycle 45 (medium: 50)");
    mh_run_until(60);
    cr_assert_eq(M.banks[0].n_queued, 0, "drained after 50 cycles");
    mh_knobs(BATCHING ",age-medium=10");
    mh_start(&bwm_sched_sms, 16, 2, 0);
    mh_send(0, 10, 0);
    mh_run_until(20);
    cr_assert_eq(M.banks[0].n_queued, 0, "a shorter threshold");
}

Test(sms, a_batch_is_the_run_of_one_row)
{
    mh_knobs(BATCHING);
    mh_start(&bwm_sched_sms, 16, 2, 0);
    int a1 = mh_send(0, 10, 0), a2 = mh_send(0, 10, 0), b = mh_send(0, 20, 1), a3 = mh_send(0, 10, 0);
    int a4 = mh_send(0, 11, 0);
    mh_run_idle();
    /* [a1 a2 a3] is 0's batch (a4 ends it; b is another source's) and
       drains first, whole; [a4] and [b] are ready only by age, together, and
       as short: the lower source first */
    int expect[] = {a1, a2, a3, a4, b};
    mh_expect_order(0, expect, 5);
}

/* Application 0 has four single-request batches (rows 10-13), 1 two (rows
 * 20, 21), all in bank 0: returns the first request served. */
static int first_of_two_jobs(const char *knobs, int *b_first)
{
    mh_knobs(knobs);
    mh_start(&bwm_sched_sms, 16, 2, 0);
    int a = mh_send(0, 10, 0);
    for (int i = 1; i < 4; i++)
        mh_send(0, 10 + i, 0);
    *b_first = mh_send(0, 20, 1);
    mh_send(0, 21, 1);
    mh_run_idle();
    (void)a;
    return R.order[0];
}

Test(sms, shortest_job_first_or_round_robin)
{
    int b;
    cr_assert_eq(first_of_two_jobs(BATCHING, &b), b, "SJF: 1 holds 2 requests, 0 holds 4");
    cr_assert_eq(first_of_two_jobs("bypass-below=0,sjf-prob=0", &b), 0, "round-robin starts at source 0");
}

Test(sms, bypasses_to_fifo_banks_when_lightly_loaded)
{
    mh_start(&bwm_sched_sms, 16, 2, 0); /* fewer than 16 requests held: no batching */
    int a1 = mh_send(0, 10, 0), a2 = mh_send(0, 11, 0), b1 = mh_send(0, 10, 1);
    mh_run_idle();
    int expect[] = {a1, a2, b1}; /* the bank's FIFO: arrival order, no row-hit reordering */
    mh_expect_order(0, expect, 3);
    cr_assert_lt(T, 200, "nothing waited for a batch");
}
