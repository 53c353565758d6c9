/* mc_refresh_test.c — the memory controller's refresh on the
 * hand-derivation configuration with tREFI 300 and tRFC 20: due once its
 * cycle has come, every open bank precharged (and counted) before REF, REF
 * once tRP has passed, and the next one tREFI later. */
#include <criterion/criterion.h>

#include "sim/mc/mc_refresh.h"
#include "tests/support/dram_cfg.h"

Test(mc_refresh, off_when_the_interval_is_zero)
{
    bwm_dram_config cfg;
    bwm_test_dram_config(&cfg);
    bwm_dram_spec spec;
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK, "%s", err.msg);
    bwm_mc_refresh r;
    bwm_mc_refresh_init(&r, &spec);
    cr_assert_eq(r.next, BWM_DRAM_NEVER);
    cr_assert_not(bwm_mc_refresh_arm(&r, 1000000));
}

Test(mc_refresh, closes_the_open_banks_then_refreshes)
{
    bwm_dram_config cfg;
    bwm_test_dram_config(&cfg);
    cfg.t.REFI = 300;
    cfg.t.RFC = 20;
    bwm_dram_spec spec;
    bwm_dram_channel ch;
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_dram_channel_init(&ch, &spec, cfg.n_banks, cfg.n_bank_groups, 0, &err), BWM_OK, "%s", err.msg);
    bwm_mc_refresh r;
    bwm_mc_refresh_init(&r, &spec);
    cr_assert_not(bwm_mc_refresh_arm(&r, 299));
    cr_assert(bwm_mc_refresh_arm(&r, 300));
    cr_assert_not(bwm_mc_refresh_arm(&r, 301), "due already");
    cr_assert(r.due);

    /* banks 2 and 5 open at 250 and 260 (tRRD 6 apart), so tRAS 28 keeps them till 278 and 288 */
    cr_assert_geq(bwm_dram_issue(&ch, BWM_CMD_ACT, 2, 7, 250), 0);
    cr_assert_geq(bwm_dram_issue(&ch, BWM_CMD_ACT, 5, 9, 260), 0);
    int64_t next = BWM_DRAM_NEVER;
    cr_assert_eq(bwm_mc_refresh_step(&r, &ch, 300, &next), 2, "bank 2 first");
    next = BWM_DRAM_NEVER;
    cr_assert_eq(bwm_mc_refresh_step(&r, &ch, 300, &next), BWM_MC_REFRESH_WAIT, "one command a cycle");
    cr_assert_eq(next, 301);
    cr_assert_eq(bwm_mc_refresh_step(&r, &ch, 301, &next), 5);
    cr_assert_eq(r.pre, 2, "the precharges a refresh issued");
    next = BWM_DRAM_NEVER;
    cr_assert_eq(bwm_mc_refresh_step(&r, &ch, 302, &next), BWM_MC_REFRESH_WAIT, "every bank closed, tRP 12 to wait");
    cr_assert_eq(next, 313);
    cr_assert_eq(bwm_mc_refresh_step(&r, &ch, 313, &next), BWM_MC_REFRESH_REF);
    cr_assert_not(r.due);
    cr_assert_eq(r.next, 600);
    cr_assert_eq(ch.n_cmds[BWM_CMD_REF], 1);
    bwm_dram_channel_free(&ch);
}
