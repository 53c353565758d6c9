/* dram_test.c — the GDDR5 timing table and the channel model: constraints
 * derived by hand from the test configuration (tests/support/dram_cfg.h),
 * state rules, and rejected configurations. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/dram/channel.h"
#include "sim/dram/timing.h"
#include "tests/support/dram_cfg.h"

static bwm_dram_config cfg;
static bwm_dram_spec spec;
static bwm_dram_channel ch;

static void setup(void)
{
    bwm_test_dram_config(&cfg);
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_dram_channel_init(&ch, &spec, cfg.n_banks, cfg.n_bank_groups, 0, &err), BWM_OK);
}

static void teardown(void)
{
    bwm_dram_channel_free(&ch);
}

TestSuite(dram, .init = setup, .fini = teardown);

Test(dram, table_holds_the_gddr5_constraints)
{
    cr_assert_eq(spec.burst_cycles, TEST_BURST);
    cr_assert_eq(spec.rtw, 12 + TEST_BURST + 2 - 4); /* GPGPU-Sim: CL + burst + 2 - WL */
    cr_assert_eq(spec.lat[BWM_SCOPE_BANK][BWM_CMD_ACT][BWM_CMD_RD], 12);
    cr_assert_eq(spec.lat[BWM_SCOPE_BANK][BWM_CMD_ACT][BWM_CMD_PRE], 28);
    cr_assert_eq(spec.lat[BWM_SCOPE_BANK][BWM_CMD_ACT][BWM_CMD_ACT], 40);
    cr_assert_eq(spec.lat[BWM_SCOPE_BANK][BWM_CMD_PRE][BWM_CMD_ACT], 12);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_ACT][BWM_CMD_ACT], 6);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_RD][BWM_CMD_RD], 2);
    cr_assert_eq(spec.lat[BWM_SCOPE_GROUP][BWM_CMD_RD][BWM_CMD_RD], 3);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_WR][BWM_CMD_RD], 4 + TEST_BURST + 5);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_RD][BWM_CMD_WR], 12);
    cr_assert_eq(spec.lat[BWM_SCOPE_BANK][BWM_CMD_WR][BWM_CMD_PRE], 4 + TEST_BURST + 12);
    cr_assert_eq(spec.lat[BWM_SCOPE_GROUP][BWM_CMD_RD][BWM_CMD_PRE], 2);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_RD][BWM_CMD_ACT], 0);
}

Test(dram, given_rtw_is_kept)
{
    cfg.t.RTW = 9;
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK);
    cr_assert_eq(spec.lat[BWM_SCOPE_CHANNEL][BWM_CMD_RD][BWM_CMD_WR], 9);
}

Test(dram, read_to_closed_bank)
{
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 0), BWM_DRAM_NEVER, "closed bank has no row to read");
    cr_assert_eq(bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 7, 0), 1);
    cr_assert_eq(ch.banks[0].open_row, 7);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 0), 12);
    cr_assert_eq(bwm_dram_issue(&ch, BWM_CMD_RD, 0, 7, 11), -1, "before tRCD");
    cr_assert_eq(bwm_dram_issue(&ch, BWM_CMD_RD, 0, 7, 12), 12 + 12 + TEST_BURST);
    cr_assert_eq(ch.data_cycles, (uint64_t)TEST_BURST);
}

Test(dram, column_to_column_across_and_within_groups)
{
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 0);
    bwm_dram_issue(&ch, BWM_CMD_ACT, 1, 1, 6);  /* same group as bank 0 */
    bwm_dram_issue(&ch, BWM_CMD_ACT, 2, 1, 12); /* group 1 */
    cr_assert_eq(ch.banks[1].group, 0);
    cr_assert_eq(ch.banks[2].group, 1);
    bwm_dram_issue(&ch, BWM_CMD_RD, 0, 1, 100);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 2), 102, "tCCD across groups");
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 1), 103, "tCCDL within a group");
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 0), 103, "tCCDL on the same bank");
}

Test(dram, activates_spaced_by_rrd_and_rc)
{
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 0);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_ACT, 3), 6);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_ACT, 0), BWM_DRAM_NEVER, "bank 0 is open");
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_PRE, 0), 28, "tRAS");
    bwm_dram_issue(&ch, BWM_CMD_PRE, 0, -1, 28);
    cr_assert_eq(ch.banks[0].open_row, -1);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_ACT, 0), 40, "max(tRAS + tRP, tRC)");
}

Test(dram, precharge_waits_for_reads_and_write_recovery)
{
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 0);
    bwm_dram_issue(&ch, BWM_CMD_ACT, 1, 1, 6);
    bwm_dram_issue(&ch, BWM_CMD_WR, 0, 1, 30);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_PRE, 0), 30 + 4 + TEST_BURST + 12, "tWL + burst + tWR");
    bwm_dram_issue(&ch, BWM_CMD_RD, 1, 1, 100);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_PRE, 1), 100 + TEST_BURST, "burst on the bank");
}

Test(dram, write_to_read_and_read_to_write_turnarounds)
{
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 0);
    bwm_dram_issue(&ch, BWM_CMD_ACT, 2, 1, 6);
    cr_assert_eq(bwm_dram_issue(&ch, BWM_CMD_WR, 0, 1, 50), 50 + 4 + TEST_BURST);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_RD, 2), 50 + 4 + TEST_BURST + 5, "tWL + burst + tCDLR");
    bwm_dram_issue(&ch, BWM_CMD_RD, 2, 1, 61);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_WR, 0), 61 + 12, "tRTW");
}

Test(dram, one_command_per_cycle)
{
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 5);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_PRE, 4), BWM_DRAM_NEVER);
    cr_assert_eq(bwm_dram_issue(&ch, BWM_CMD_ACT, 4, 1, 5), -1);
    cr_assert_geq(bwm_dram_ready(&ch, BWM_CMD_ACT, 4), 6);
}

Test(dram, refresh_needs_every_bank_closed)
{
    cfg.t.REFI = 1000;
    cfg.t.RFC = 50;
    bwm_err err;
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_OK);
    bwm_dram_issue(&ch, BWM_CMD_ACT, 0, 1, 0);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_REF, 0), BWM_DRAM_NEVER);
    bwm_dram_issue(&ch, BWM_CMD_PRE, 0, -1, 28);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_REF, 0), 40, "tRP after the precharge, tRC after the activate");
    bwm_dram_issue(&ch, BWM_CMD_REF, 0, -1, 40);
    cr_assert_eq(bwm_dram_ready(&ch, BWM_CMD_ACT, 5), 90, "tRFC");
}

Test(dram, low_bits_bank_group_policy)
{
    bwm_dram_channel c2;
    bwm_err err;
    cr_assert_eq(bwm_dram_channel_init(&c2, &spec, 8, 4, 1, &err), BWM_OK);
    cr_assert_eq(c2.banks[1].group, 1);
    cr_assert_eq(c2.banks[4].group, 0);
    bwm_dram_channel_free(&c2);
}

static void expect_bad(const char *what)
{
    bwm_err err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(bwm_dram_spec_build(&spec, &cfg, &err), BWM_EINPUT, "%s accepted", what);
    cr_assert(strstr(err.msg, what) != NULL, "message '%s' does not name %s", err.msg, what);
}

Test(dram, zero_or_negative_timings_are_rejected)
{
    cfg.t.RCD = 0;
    expect_bad("RCD");
    bwm_test_dram_config(&cfg);
    cfg.t.CL = -3;
    expect_bad("CL");
    bwm_test_dram_config(&cfg);
    cfg.t.REFI = 100;
    cfg.t.RFC = 0;
    expect_bad("RFC");
}

Test(dram, bad_geometry_is_rejected)
{
    cfg.n_bank_groups = 3;
    expect_bad("bank groups");
    bwm_test_dram_config(&cfg);
    cfg.burst_length = 6;
    expect_bad("not a multiple");
}
