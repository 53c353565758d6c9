/* energy_test.c — DRAM energy (sim/dram/energy.c, sim/mc/energy_snap.c):
 * crafted command sequences whose energy is derived by hand from the IDD,
 * VDD and timing figures, the background split between active and
 * precharged standby, refresh, the attribution to two applications through
 * a real controller, and the checks of the currents.
 *
 * The hand-derivation DRAM (tests/support/dram_cfg.c): one device, DRAM
 * clock 924 MHz (tCK = 1000/924 ns), tRAS 28, tRP 12, burst 8 / ratio 4 = 2
 * cycles; the default currents (SK Hynix H5GQ1H24AFR): IDD0 490, IDD2N 250,
 * IDD3N 450, IDD4R 1080, IDD4W 1160, IDD5 450 mA, VDD 1.5 V.  Every energy
 * below is first derived in mA x cycles, then turned into nJ by
 * K = VDD x tCK / 1000 = 1.5 x (1000/924) / 1000 nJ per mA-cycle.  Per
 * command, in mA-cycles:
 *   ACT (IDD0 - IDD3N) x tRAS   = 40 x 28  = 1120
 *   PRE (IDD0 - IDD2N) x tRP    = 240 x 12 = 2880
 *   RD  (IDD4R - IDD3N) x burst = 630 x 2  = 1260
 *   WR  (IDD4W - IDD3N) x burst = 710 x 2  = 1420
 *   active standby IDD3N = 450 a cycle, precharged standby IDD2N = 250. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "sim/config/memsys_config.h"
#include "sim/dram/channel.h"
#include "sim/dram/energy.h"
#include "sim/mc/energy_snap.h"
#include "sim/mc/memsys.h"
#include "tests/support/dram_cfg.h"

#define K (1.5 * (1000.0 / 924.0) / 1000.0)

static void expect_nj(double got, double ma_cycles, const char *what)
{
    double want = ma_cycles * K;
    cr_expect(fabs(got - want) <= 1e-9 * fabs(want) + 1e-12, "%s: %.12g nJ, want %.12g", what, got, want);
}

/* Issues cmd at cycle t, which the timing must allow. */
static void issue(bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row, int64_t t)
{
    cr_assert_neq(bwm_dram_issue(ch, cmd, bank, row, t), -1, "%s at %lld refused (ready at %lld)",
                  bwm_dram_cmd_name(cmd), (long long)t, (long long)bwm_dram_ready(ch, cmd, bank));
}

/* A channel of the hand-derivation DRAM, every bank closed. */
typedef struct rig {
    bwm_dram_config c;
    bwm_dram_spec spec;
    bwm_dram_channel ch;
} rig;

static bwm_dram_channel *open_channel(rig *x)
{
    bwm_err err;
    bwm_test_dram_config(&x->c);
    cr_assert_eq(bwm_dram_spec_build(&x->spec, &x->c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_dram_channel_init(&x->ch, &x->spec, x->c.n_banks, x->c.n_bank_groups, 0, &err), BWM_OK);
    return &x->ch;
}

static void counts_of(const bwm_dram_channel *ch, int64_t now, bwm_energy_counts *c)
{
    memset(c, 0, sizeof *c);
    memcpy(c->cmds, ch->n_cmds, sizeof c->cmds);
    c->cycles = now;
    c->open_cycles = bwm_dram_open_cycles(ch, now);
}

/* ACT, 4 RD, 2 WR, PRE on bank 0, then idle to cycle 100.  The cycles, each
 * the earliest the timing allows: ACT 0; RD at tRCD 12, then tCCDL 3 apart
 * (one bank group): 15, 18, 21; WR tRTW = CL + burst + 2 - WL = 12 after
 * the last RD: 33, then 36; PRE WL + burst + tWR = 4 + 2 + 12 = 18 after the
 * last WR: 54.  A bank is open from 0 to 54: 54 cycles of active standby,
 * 46 of precharged standby.  Energy in mA-cycles: ACT 1120, PRE 2880, RD
 * 4 x 1260 = 5040, WR 2 x 1420 = 2840, active standby 450 x 54 = 24300,
 * precharged standby 250 x 46 = 11500; total 47680 (77.40 nJ); per access
 * 47680 / 6 column commands. */
Test(energy, crafted_command_sequence_equals_the_formula)
{
    rig x;
    bwm_dram_channel *ch = open_channel(&x);
    bwm_dram_config c = x.c;
    issue(ch, BWM_CMD_ACT, 0, 7, 0);
    const int64_t rd[] = {12, 15, 18, 21}, wr[] = {33, 36};
    for (int i = 0; i < 4; i++)
        issue(ch, BWM_CMD_RD, 0, 7, rd[i]);
    cr_expect_eq(bwm_dram_open_cycles(ch, 30), 30, "open since 0");
    for (int i = 0; i < 2; i++)
        issue(ch, BWM_CMD_WR, 0, 7, wr[i]);
    cr_expect_eq(bwm_dram_ready(ch, BWM_CMD_PRE, 0), 54);
    issue(ch, BWM_CMD_PRE, 0, -1, 54);
    bwm_energy_counts n;
    counts_of(ch, 100, &n);
    cr_expect_eq(n.open_cycles, 54);
    bwm_energy_model m;
    bwm_energy e;
    bwm_energy_model_make(&m, &c);
    bwm_energy_of(&m, &n, &e);
    expect_nj(e.part[BWM_E_ACT], 1120, "ACT");
    expect_nj(e.part[BWM_E_PRE], 2880, "PRE");
    expect_nj(e.part[BWM_E_RD], 5040, "RD");
    expect_nj(e.part[BWM_E_WR], 2840, "WR");
    expect_nj(e.part[BWM_E_REF], 0, "REF");
    expect_nj(e.part[BWM_E_BG_ACT], 24300, "active standby");
    expect_nj(e.part[BWM_E_BG_PRE], 11500, "precharged standby");
    expect_nj(bwm_energy_total(&e), 47680, "total");
    cr_expect(fabs(bwm_energy_total(&e) - 77.4025974026) < 1e-9);
    cr_expect_eq(e.accesses, 6);
    expect_nj(bwm_energy_per_access(&e), 47680.0 / 6, "per access");
    /* power: energy over 100 cycles of tCK */
    cr_expect(fabs(bwm_energy_power(&e) - 47680 * K * 1e-9 / (100 * 1e-9 * 1000 / 924)) < 1e-12);
    /* two devices a channel: twice the energy */
    c.chips_per_channel = 2;
    bwm_energy_model_make(&m, &c);
    bwm_energy e2;
    bwm_energy_of(&m, &n, &e2);
    expect_nj(bwm_energy_total(&e2), 2 * 47680, "two devices");
    bwm_dram_channel_free(ch);
}

/* Banks opening and closing in overlapping spans: the channel counts the
 * time with at least one open, not the sum over banks.  Bank 0 open 0..40,
 * bank 4 (another group) 6..70: open 0..70 = 70 cycles, not 40 + 64. */
Test(energy, open_time_counts_any_bank_open_once)
{
    rig x;
    bwm_dram_channel *ch = open_channel(&x);
    issue(ch, BWM_CMD_ACT, 0, 1, 0);
    issue(ch, BWM_CMD_ACT, 4, 1, 6);
    issue(ch, BWM_CMD_PRE, 0, -1, 40);
    cr_expect_eq(bwm_dram_open_cycles(ch, 50), 50);
    issue(ch, BWM_CMD_PRE, 4, -1, 70);
    cr_expect_eq(bwm_dram_open_cycles(ch, 90), 70);
    issue(ch, BWM_CMD_ACT, 0, 2, 90);
    cr_expect_eq(bwm_dram_open_cycles(ch, 95), 75, "open again from 90");
    bwm_dram_channel_free(ch);
}

/* Background split and refresh from counts alone.  100 cycles, 30 with a
 * bank open, two refreshes of tRFC 20 (IDD5 set to 600 mA): refresh
 * (600 - 450) x 20 x 2 = 6000; active standby 450 x (30 + 40) = 31500;
 * precharged standby 250 x (100 - 70) = 7500. */
Test(energy, background_split_and_refresh)
{
    bwm_dram_config c;
    bwm_test_dram_config(&c);
    c.t.RFC = 20;
    c.power.idd5 = 600;
    bwm_energy_model m;
    bwm_energy_model_make(&m, &c);
    bwm_energy_counts n = {.cycles = 100, .open_cycles = 30};
    n.cmds[BWM_CMD_REF] = 2;
    bwm_energy e;
    bwm_energy_of(&m, &n, &e);
    expect_nj(e.part[BWM_E_REF], 6000, "refresh");
    expect_nj(e.part[BWM_E_BG_ACT], 31500, "active standby");
    expect_nj(e.part[BWM_E_BG_PRE], 7500, "precharged standby");
    cr_expect(isnan(bwm_energy_per_access(&e)), "no column command: no energy per access");
    /* an interval that ends inside its last refresh: all of it active */
    n.cycles = 50;
    bwm_energy_of(&m, &n, &e);
    expect_nj(e.part[BWM_E_BG_ACT], 450 * 50, "active standby, clipped");
    expect_nj(e.part[BWM_E_BG_PRE], 0, "precharged standby, none");
    bwm_energy_counts none = {0};
    bwm_energy_of(&m, &none, &e);
    cr_expect(isnan(bwm_energy_power(&e)) && bwm_energy_total(&e) == 0);
}

/* Two applications through a real controller (FR-FCFS, one channel): app 0
 * reads bank 0 row 1, app 1 writes bank 0 row 2, both offered at cycle 0.
 * The read goes first: ACT (app 0) at 0, RD at 12; then the write: PRE
 * (app 1) at tRAS 28, ACT (app 1) at 28 + tRP = 40, WR at 52; row 2 stays
 * open.  At cycle 100: open 0..28 and 40..100 = 88 cycles, closed 12.
 * Channel, in mA-cycles: 2 ACT 2240, PRE 2880, RD 1260, WR 1420, active
 * standby 450 x 88 = 39600, precharged 250 x 12 = 3000; 50400 in all.  One
 * column command each, so each gets half of the background (21300):
 * app 0 = 1120 + 1260 + 21300 = 23680, app 1 = 2880 + 1120 + 1420 + 21300 =
 * 26720, adding up to the channel's. */
Test(energy, two_applications_attribution)
{
    bwm_dram_config c;
    bwm_test_dram_config(&c);
    bwm_memsys_params p = bwm_memsys_defaults();
    p.n_apps = 2;
    bwm_memsys ms;
    bwm_err err;
    cr_assert_eq(bwm_memsys_init(&ms, &c, &p, &err), BWM_OK, "%s", err.msg);
    bwm_mc_req r = {.bytes = 32, .sm = -1, .warp = -1};
    r.da.row = 1;
    cr_assert_eq(bwm_memsys_offer(&ms, &r, 0), BWM_MC_ACCEPTED);
    r.da.row = 2;
    r.app = 1;
    r.is_write = 1;
    cr_assert_eq(bwm_memsys_offer(&ms, &r, 0), BWM_MC_ACCEPTED);
    uint64_t cmds[2][BWM_CMD_REF];
    /* commands count from their issue, whether the request is served yet or
     * not: at 20 the read's data is on its way (done at 12 + CL 12 + 2), at
     * 45 the write is in service (PRE at 28, ACT at 40) */
    for (int64_t t = 0; t <= 100; t++) {
        bwm_memsys_tick(&ms, t);
        if (t == 20) {
            bwm_mc_app_cmds(&ms.mcs[0], 0, cmds[0]);
            cr_expect(cmds[0][BWM_CMD_ACT] == 1 && cmds[0][BWM_CMD_RD] == 1 && ms.mcs[0].ret.n == 1);
        } else if (t == 45) {
            bwm_mc_app_cmds(&ms.mcs[0], 1, cmds[1]);
            cr_expect(cmds[1][BWM_CMD_PRE] == 1 && cmds[1][BWM_CMD_ACT] == 1 && cmds[1][BWM_CMD_WR] == 0);
            cr_expect(ms.mcs[0].apps[1].cmds[BWM_CMD_ACT] == 0, "not served yet");
        }
    }
    cr_assert(bwm_memsys_idle(&ms));
    bwm_mc_app_cmds(&ms.mcs[0], 0, cmds[0]);
    bwm_mc_app_cmds(&ms.mcs[0], 1, cmds[1]);
    cr_expect_eq(cmds[0][BWM_CMD_ACT], 1);
    cr_expect_eq(cmds[0][BWM_CMD_RD], 1);
    cr_expect_eq(cmds[1][BWM_CMD_PRE], 1);
    cr_expect_eq(cmds[1][BWM_CMD_ACT], 1);
    cr_expect_eq(cmds[1][BWM_CMD_WR], 1);
    bwm_energy_snap snap = {0};
    cr_assert_eq(bwm_energy_snap_take(&ms, 100, &snap, &err), BWM_OK);
    cr_expect_eq(snap.ch[0].open_cycles, 88);
    bwm_energy ch, app[2];
    bwm_energy_between(&ms, NULL, &snap, &ch, app);
    expect_nj(bwm_energy_total(&ch), 50400, "channel");
    expect_nj(bwm_energy_total(&app[0]), 23680, "app 0");
    expect_nj(bwm_energy_total(&app[1]), 26720, "app 1");
    expect_nj(app[1].part[BWM_E_PRE], 2880, "app 1's precharge");
    expect_nj(app[0].part[BWM_E_BG_ACT] + app[0].part[BWM_E_BG_PRE], 21300, "app 0's half of the background");
    cr_expect_eq(app[0].accesses + app[1].accesses, ch.accesses);
    /* an interval: from cycle 100 to 100 nothing more */
    bwm_energy_snap later = {0};
    cr_assert_eq(bwm_energy_snap_take(&ms, 100, &later, &err), BWM_OK);
    bwm_energy_between(&ms, &snap, &later, &ch, app);
    cr_expect_eq(bwm_energy_total(&ch), 0);
    cr_expect_eq(bwm_energy_total(&app[0]) + bwm_energy_total(&app[1]), 0);
    bwm_energy_snap_free(&snap);
    bwm_energy_snap_free(&later);
    bwm_memsys_free(&ms);
}

/* Precharges a refresh issues belong to no application: shared with the
 * background.  Channel: 1 ACT and 2 PRE, one of them a refresh's, 2 RD of
 * app 0 and 1 WR of app 1, 60 cycles all precharged.  App 1's share is 1/3:
 * WR 1420 + (PRE 2880 + precharged 250 x 60) / 3 = 1420 + 5960 = 7380. */
Test(energy, refresh_precharges_are_shared)
{
    bwm_dram_config c;
    bwm_test_dram_config(&c);
    bwm_energy_model m;
    bwm_energy_model_make(&m, &c);
    bwm_energy_counts ch = {.cycles = 60, .ref_pre = 1};
    ch.cmds[BWM_CMD_ACT] = 1;
    ch.cmds[BWM_CMD_PRE] = 2;
    ch.cmds[BWM_CMD_RD] = 2;
    ch.cmds[BWM_CMD_WR] = 1;
    bwm_energy_counts a1 = {0};
    a1.cmds[BWM_CMD_WR] = 1;
    bwm_energy e;
    bwm_energy_share(&m, &ch, &a1, &e);
    expect_nj(bwm_energy_total(&e), 7380, "app 1");
    cr_expect_eq(e.accesses, 1);
    /* a channel without column commands shares nothing */
    bwm_energy_counts idle = {.cycles = 60};
    bwm_energy_share(&m, &idle, &a1, &e);
    expect_nj(bwm_energy_total(&e), 1420, "own commands only");
}

Test(energy, currents_are_checked)
{
    const bwm_dram_power good = BWM_DRAM_POWER_DEFAULTS;
    bwm_err err;
    int at = -1;
    cr_expect_eq(bwm_dram_power_check(&good, &at, &err), BWM_OK);
    bwm_dram_power p = good;
    p.idd3n = -1;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "IDD3N must be > 0"), "%s", err.msg);
    cr_expect_eq(at, 4);
    p = good;
    p.vdd = 0;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "VDD"), "%s", err.msg);
    p = good;
    p.idd4r = 400;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "IDD4R (400 mA) is below IDD3N"), "%s", err.msg);
    cr_expect_eq(at, 5);
    p = good;
    p.vdd = 3.01; /* the plausible range's ends are in it, beyond them not */
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "VDD (3.01 V) is outside 0.5..3 V"), "%s", err.msg);
    cr_expect_eq(at, 8);
    p.vdd = 0.5;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_OK, "%s", err.msg);
    p.vdd = 3;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_OK, "%s", err.msg);
    p.vdd = 0.49;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    p = good;
    p.idd5 = 10000; /* IDD5 is the one allowed up to the bound */
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_OK, "%s", err.msg);
    p.idd5 = 10000.5;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "IDD5 (10000.5 mA) is outside 0..10000 mA"), "%s", err.msg);
    cr_expect_eq(at, 7);
    p = good;
    p.idd0 = NAN;
    cr_expect_eq(bwm_dram_power_check(&p, &at, &err), BWM_EINPUT);
}

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
#define ALL_IDD "-bwm_dram_idd0 100 -bwm_dram_idd2p 10 -bwm_dram_idd2n 20 -bwm_dram_idd3p 15 -bwm_dram_idd3n 30 " \
                "-bwm_dram_idd4r 200 -bwm_dram_idd4w 210 -bwm_dram_idd5 150"

/* The options: the defaults are the part's, a whole set replaces them, and
 * a bad or partial set names the option and where it was given. */
Test(energy, options)
{
    bwm_dram_config c;
    bwm_err err;
    cr_assert_eq(bwm_memsys_config_load(MEMSYS15, &c, NULL, &err), BWM_OK, "%s", err.msg);
    const bwm_dram_power def = BWM_DRAM_POWER_DEFAULTS;
    cr_expect(memcmp(&c.power, &def, sizeof def) == 0);
    cr_assert_eq(bwm_memsys_config_load_with(MEMSYS15, ALL_IDD " -bwm_dram_vdd 1.35", "--set", &c, NULL, &err),
                 BWM_OK, "%s", err.msg);
    cr_expect(c.power.idd0 == 100 && c.power.idd4w == 210 && c.power.vdd == 1.35);
    const struct {
        const char *set, *message;
    } bad[] = {
        {ALL_IDD " -bwm_dram_vdd -1.5", "--set:1: option -bwm_dram_vdd: -1.5 must be > 0"},
        {ALL_IDD " -bwm_dram_vdd 0", "--set:1: option -bwm_dram_vdd: 0 must be > 0"},
        {ALL_IDD " -bwm_dram_vdd 1.5V", "--set:1: option -bwm_dram_vdd: '1.5V' is not a finite number"},
        {"-bwm_dram_idd0 500", "--set:1: option -bwm_dram_idd0: the DRAM device's currents and voltage are given "
                               "together or not at all (the defaults are one part's): missing -bwm_dram_idd2p"},
        {ALL_IDD, "missing -bwm_dram_vdd"},
        {ALL_IDD " -bwm_dram_vdd 1.5 -bwm_dram_idd4r 25", "option -bwm_dram_idd4r: IDD4R (25 mA) is below IDD3N"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(bwm_memsys_config_load_with(MEMSYS15, bad[i].set, "--set", &c, NULL, &err), BWM_EINPUT,
                     "%s", bad[i].set);
        cr_expect(strstr(err.msg, bad[i].message), "%s: %s", bad[i].set, err.msg);
    }
}
