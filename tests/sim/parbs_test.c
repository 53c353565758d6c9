/* parbs_test.c — PAR-BS (sim/mc/sched/parbs.c) on crafted bank queues of
 * the hand-derivation DRAM: a request that arrives during a batch waits for
 * the marked ones even when it is a row hit; Marking-Cap limits a batch; the
 * source with the smaller maximum bank load is ranked first. */
#include <criterion/criterion.h>

#include "sim/mc/sched.h"
#include "tests/support/mc_harness.h"

TestSuite(parbs, .init = mh_setup, .fini = mh_teardown);

/* Application 0's misses to rows 10 and 11 of bank 0 form a batch at cycle
 * 0; at cycle 1, while row 10 is being opened, application 1 asks for row
 * 10.  Returns the order served in o[3]: a0, a1, b = 0, 1, 2. */
static void late_row_hit(const bwm_sched_ops *s, int *o)
{
    mh_start(s, 16, 2, 0);
    int a0 = mh_send(0, 10, 0), a1 = mh_send(0, 11, 0);
    bwm_mc_tick(&M, 0);
    T = 1;
    int b = mh_send(0, 10, 1);
    mh_run_idle();
    cr_assert_eq(R.n_done, 3);
    for (int i = 0; i < 3; i++)
        o[i] = R.order[i] == a0 ? 0 : R.order[i] == a1 ? 1 : R.order[i] == b ? 2 : -1;
}

Test(parbs, never_serves_an_unmarked_request_while_a_marked_one_waits)
{
    int o[3];
    late_row_hit(&bwm_sched_parbs, o);
    cr_assert(o[0] == 0 && o[1] == 1 && o[2] == 2, "marked a1 before the late row hit b: %d %d %d", o[0], o[1],
              o[2]);
    late_row_hit(&bwm_sched_frfcfs, o);
    cr_assert(o[0] == 0 && o[1] == 2 && o[2] == 1, "FR-FCFS takes the row hit");
}

Test(parbs, marks_up_to_the_cap_and_ranks_the_shorter_job_first)
{
    mh_knobs("marking-cap=2");
    mh_start(&bwm_sched_parbs, 16, 2, 0);
    int a0 = mh_send(0, 10, 0), a1 = mh_send(0, 11, 0), a2 = mh_send(0, 12, 0);
    int b = mh_send(0, 13, 1);
    mh_run_idle();
    /* batch: a0, a1 (cap 2) and b; b's load 1 < 2 ranks 1 first; a2 waits
       for the next batch */
    int expect[] = {b, a0, a1, a2};
    mh_expect_order(0, expect, 4);
}

Test(parbs, ranks_by_the_most_loaded_bank_then_the_total)
{
    mh_start(&bwm_sched_parbs, 32, 3, 0);
    /* application 0: 3 requests in bank 0; 1: 2 in bank 0 and 2 in bank 1;
       2: 1 in bank 0 and 3 in bank 2.  Max-bank loads 3, 2, 3; totals 3, 4,
       4: ranks 1, then 0 (total 3 < 4), then 2 */
    int a[3], b[2], c;
    for (int i = 0; i < 3; i++)
        a[i] = mh_send(0, 10 + i, 0);
    for (int i = 0; i < 2; i++) {
        b[i] = mh_send(0, 20 + i, 1);
        mh_send(1, 20 + i, 1);
    }
    c = mh_send(0, 30, 2);
    for (int i = 0; i < 3; i++)
        mh_send(2, 30 + i, 2);
    mh_run_idle();
    int bank0[] = {b[0], b[1], a[0], a[1], a[2], c};
    int k = 0;
    for (int i = 0; i < R.n_done; i++)
        if (R.r[R.order[i]].bank == 0) {
            cr_assert_eq(R.order[i], bank0[k], "bank 0 pick %d: %d, expected %d", k, R.order[i], bank0[k]);
            k++;
        }
    cr_assert_eq(k, 6);
}

Test(parbs, row_hits_first_within_the_batch)
{
    mh_start(&bwm_sched_parbs, 16, 2, 0);
    int from = mh_warm(0, 1, 1);
    int a = mh_send(0, 10, 0), b = mh_send(0, 1, 1), c = mh_send(0, 1, 1);
    mh_run_idle();
    /* all marked; 1's row hits go before 0's miss although 0's load (1) is
       smaller */
    int expect[] = {b, c, a};
    mh_expect_order(from, expect, 3);
}
