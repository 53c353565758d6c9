/* clocks_test.c — sim/gpu/clocks: the domains' periods from their clocks,
 * the edges in time order with each domain ticking on its own (checked by
 * hand for Table 2's clocks, then as an invariant over many edges), and
 * the check of each domain's clock range. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/gpu/clocks.h"

static bwm_gpu_config table2(void)
{
    bwm_gpu_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.dram.core_mhz = 700;
    cfg.dram.icnt_mhz = 1400;
    cfg.dram.l2_mhz = 700;
    cfg.dram.dram_mhz = 924;
    return cfg;
}

Test(clocks, periods_are_rounded_femtoseconds)
{
    bwm_gpu_config cfg = table2();
    bwm_gpu_clocks clk;
    bwm_gpu_clocks_init(&clk, &cfg);
    cr_expect_eq(clk.period_fs[BWM_CLK_CORE], 1428571);
    cr_expect_eq(clk.period_fs[BWM_CLK_ICNT], 714286);
    cr_expect_eq(clk.period_fs[BWM_CLK_L2], 1428571);
    cr_expect_eq(clk.period_fs[BWM_CLK_DRAM], 1082251);
    for (int c = 0; c < BWM_CLK_COUNT; c++) {
        cr_expect_eq(clk.cycle[c], 0);
        cr_expect_eq(clk.next_fs[c], clk.period_fs[c], "the first edge is one period on");
    }
}

Test(clocks, edges_come_in_time_order)
{
    bwm_gpu_config cfg = table2();
    bwm_gpu_clocks clk;
    bwm_gpu_clocks_init(&clk, &cfg);
    /* the interconnect first; then core and L2 together, one femtosecond
       before the interconnect's second edge (its period rounds up) */
    int64_t t = bwm_gpu_clocks_edge(&clk);
    cr_assert_eq(t, 714286);
    cr_expect_eq(clk.now_fs, t);
    bwm_gpu_clocks_advance(&clk, t);
    cr_expect_eq(clk.cycle[BWM_CLK_ICNT], 1);
    cr_expect_eq(clk.cycle[BWM_CLK_CORE], 0);
    t = bwm_gpu_clocks_edge(&clk);
    cr_assert_eq(t, 1082251, "DRAM's first edge");
    bwm_gpu_clocks_advance(&clk, t);
    t = bwm_gpu_clocks_edge(&clk);
    cr_assert_eq(t, 1428571);
    bwm_gpu_clocks_advance(&clk, t);
    cr_expect_eq(clk.cycle[BWM_CLK_CORE], 1);
    cr_expect_eq(clk.cycle[BWM_CLK_L2], 1);
    cr_expect_eq(clk.cycle[BWM_CLK_ICNT], 1);
    cr_expect_eq(bwm_gpu_clocks_edge(&clk), 1428572);
}

Test(clocks, every_domain_counts_the_edges_passed)
{
    bwm_gpu_config cfg = table2();
    bwm_gpu_clocks clk;
    bwm_gpu_clocks_init(&clk, &cfg);
    int64_t last = 0;
    for (int i = 0; i < 100000; i++) {
        int64_t t = bwm_gpu_clocks_edge(&clk);
        cr_assert_gt(t, last, "edge %d", i);
        int64_t before[BWM_CLK_COUNT];
        memcpy(before, clk.cycle, sizeof before);
        bwm_gpu_clocks_advance(&clk, t);
        int ticked = 0;
        for (int c = 0; c < BWM_CLK_COUNT; c++) {
            cr_assert_eq(clk.cycle[c], t / clk.period_fs[c], "domain %d at %lld fs", c, (long long)t);
            ticked += clk.cycle[c] != before[c];
        }
        cr_assert_geq(ticked, 1, "an edge ticks some domain");
        last = t;
    }
}

Test(clocks, a_clock_out_of_range_is_refused)
{
    bwm_gpu_config cfg = table2();
    bwm_err err;
    cr_expect_eq(bwm_gpu_clocks_check(&cfg, &err), BWM_OK);
    cfg.dram.dram_mhz = 0;
    cr_assert_eq(bwm_gpu_clocks_check(&cfg, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "clock of 0 MHz"), "%s", err.msg);
}
