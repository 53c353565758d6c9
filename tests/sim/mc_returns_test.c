/* mc_returns_test.c — the memory controller's completion ring: sized from
 * the timing rules, in completion order across the wrap, its first
 * completion cycle kept, and refusing when full. */
#include <criterion/criterion.h>

#include "sim/mc/mc_returns.h"
#include "tests/support/dram_cfg.h"

static bwm_completion at(int64_t done, int app)
{
    bwm_completion c = {0};
    c.done = done;
    c.req.app = app;
    return c;
}

Test(mc_returns, sized_for_the_longest_latency_and_a_burst)
{
    bwm_dram_config cfg;
    bwm_test_dram_config(&cfg);
    bwm_dram_spec spec;
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_mc_returns_cap(&spec), 12 + TEST_BURST + 2, "CL 12 > WL 4, a burst of 2 cycles, 2 more");
}

Test(mc_returns, keeps_completion_order_and_its_first_cycle_across_the_wrap)
{
    bwm_mc_returns r;
    cr_assert_eq(bwm_mc_returns_init(&r, 3), 0);
    cr_assert_eq(r.due, BWM_DRAM_NEVER, "empty");
    int64_t next = 10, first = 10;
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 3; i++) {
            bwm_completion c = at(next++, i);
            cr_assert_eq(bwm_mc_returns_push(&r, &c), 0);
        }
        bwm_completion over = at(next, 9);
        cr_assert_eq(bwm_mc_returns_push(&r, &over), -1, "full");
        cr_assert_eq(r.due, first);
        for (int i = 0; i < 3; i++)
            cr_assert_eq(bwm_mc_returns_at(&r, i)->done, first + i, "round %d, %d-th", round, i);
        bwm_mc_returns_pop(&r);
        bwm_mc_returns_pop(&r);
        cr_assert_eq(r.due, first + 2);
        cr_assert_eq(bwm_mc_returns_first(&r)->req.app, 2);
        bwm_mc_returns_pop(&r);
        cr_assert_eq(r.n, 0);
        cr_assert_eq(r.due, BWM_DRAM_NEVER, "empty again");
        first += 3;
        /* start the next round one place further round the ring */
        bwm_completion c = at(next++, 0);
        cr_assert_eq(bwm_mc_returns_push(&r, &c), 0);
        bwm_mc_returns_pop(&r);
        first++;
    }
    bwm_mc_returns_free(&r);
}
