/* mask_test.c — MASK's address-space-aware DRAM scheduler
 * (sim/mc/sched/mask.c) on crafted bank queues of the hand-derivation DRAM:
 * a page walk's read goes before row hits (golden), the application whose
 * silver turn it is goes before another's row hits up to its Eq. 6.1 quota,
 * and with both classes off the order is FR-FCFS's.  The MMU's counters
 * the scheduler reads are set by hand. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "sim/tlb/mmu.h"
#include "tests/support/mc_harness.h"

static bwm_mmu mmu; /* only active_of and stalled_max are read */

static void setup(void)
{
    mh_setup();
    memset(&mmu, 0, sizeof mmu);
    P.mmu = &mmu;
}

TestSuite(mask, .init = setup, .fini = mh_teardown);

/* Row 1 of bank 0 open; then three row hits of application 0 and, last, a
 * level-4 walk read of application 1 for row 9: the walk's tag. */
static int hits_then_a_walk(int *hits)
{
    mh_warm(0, 1, 0);
    for (int i = 0; i < 3; i++)
        hits[i] = mh_send(0, 1, 0);
    int walk = mh_send_walk(0, 9, 1, 4);
    mh_run_idle();
    return walk;
}

Test(mask, a_page_walk_goes_before_row_hits)
{
    mh_start(&bwm_sched_mask, 16, 2, 0);
    int hits[3];
    int walk = hits_then_a_walk(hits);
    int expect[] = {walk, hits[0], hits[1], hits[2]};
    mh_expect_order(1, expect, 4);
}

Test(mask, with_both_classes_off_the_order_is_frfcfs)
{
    mh_knobs("golden=off,silver=off");
    mh_start(&bwm_sched_mask, 16, 2, 0);
    int hits[3];
    int walk = hits_then_a_walk(hits);
    int expect[] = {hits[0], hits[1], hits[2], walk};
    mh_expect_order(1, expect, 4);
}

Test(mask, the_silver_application_goes_first_up_to_its_quota)
{
    /* application 1 has every walk and stalled warp: its turn's quota is
       thresh_max; application 0's is 0 (skipped) */
    mmu.active_of[1] = 2;
    mmu.stalled_max[1] = 3;
    mh_knobs("thresh-max=2");
    mh_start(&bwm_sched_mask, 16, 2, 0);
    mh_warm(0, 1, 0);
    int hits[3];
    for (int i = 0; i < 3; i++)
        hits[i] = mh_send(0, 1, 0);
    int a = mh_send(0, 9, 1), b = mh_send(0, 9, 1), c = mh_send(0, 12, 1);
    mh_run_idle();
    /* silver goes before 0's row hits: a, b (the quota of 2), and c, as the
       turn comes back to the only application with a quota */
    int expect[] = {a, b, c, hits[0], hits[1], hits[2]};
    mh_expect_order(1, expect, 6);
}

Test(mask, quotas_follow_walks_times_stalled_warps)
{
    /* Eq. 6.1: 1 x 1 against 3 x 1: quotas 1 and 3 of thresh-max 4 */
    mmu.active_of[0] = 1, mmu.stalled_max[0] = 1;
    mmu.active_of[1] = 3, mmu.stalled_max[1] = 1;
    mh_knobs("thresh-max=4,golden=off");
    mh_start(&bwm_sched_mask, 64, 2, 0);
    mh_warm(0, 1, 1); /* application 1's, outside application 0's turn */
    /* application 0's turn comes first (the turn starts after the last
       application); every request misses, so FR-FCFS would serve by age */
    int x0 = mh_send(0, 30, 0), x1 = mh_send(0, 31, 0); /* its quota of 1: x0 silver, x1 normal */
    int y[3];
    for (int i = 0; i < 3; i++)
        y[i] = mh_send(0, 40 + i, 1); /* application 1's quota of 3: all silver */
    mh_run_idle();
    int expect[] = {x0, y[0], y[1], y[2], x1};
    mh_expect_order(1, expect, 5);
}
