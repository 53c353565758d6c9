/* config_test.c — GPGPU-Sim option files into bwm_dram_config: the stock
 * GTX480 config, the paper's Table 2 system, defaults, overrides, and every
 * kind of bad input with its message, location and status; and "bwmpki sim
 * config", which prints the whole GPU (gpu_config_test.c tests its loader). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/config/inert_opts.h"
#include "sim/config/memsys_config.h"
#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define GTX480 BWM_SOURCE_DIR "/tests/fixtures/gtx480.config"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

/* The Hynix timing string as GPGPU-Sim writes it, with one key replaced. */
#define TIMING_HEAD "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
#define TIMING_TAIL "  CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"\n"

static char path[BWM_TMP_PATH_MAX];

/* Loads text as a config file; returns the status, message in err. */
static int load_text(const char *text, bwm_dram_config *c, bwm_optlist *ign, bwm_err *err)
{
    bwm_write_tmp(path, text);
    int st = bwm_memsys_config_load(path, c, ign, err);
    unlink(path);
    return st;
}

/* Asserts that text is rejected with "TMPFILE:LINE: <what>". */
static void expect_bad(const char *text, int line, const char *what)
{
    bwm_dram_config c;
    bwm_err err = {{0}};
    cr_assert_eq(load_text(text, &c, NULL, &err), BWM_EINPUT, "accepted: %s", text);
    bwm_expect_at(err.msg, path, line, what);
}

Test(config, stock_gtx480_loads_unchanged)
{
    bwm_dram_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(bwm_memsys_config_load(GTX480, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_channels, 6);
    cr_expect_eq(c.n_sub_partitions, 2);
    cr_expect_eq(c.chips_per_channel, 2);
    cr_expect_eq(c.bus_width_bytes, 4);
    cr_expect_eq(c.burst_length, 8);
    cr_expect_eq(c.data_command_ratio, 4); /* value followed by "# GDDR5 is QDR" */
    cr_expect_eq(c.n_banks, 16);
    cr_expect_eq(c.n_bank_groups, 4);
    cr_expect_eq(c.t.CCD, 2);
    cr_expect_eq(c.t.RRD, 6);
    cr_expect_eq(c.t.RCD, 12);
    cr_expect_eq(c.t.RAS, 28);
    cr_expect_eq(c.t.RP, 12);
    cr_expect_eq(c.t.RC, 40);
    cr_expect_eq(c.t.CL, 12); /* on the second line of the quoted value */
    cr_expect_eq(c.t.WL, 4);
    cr_expect_eq(c.t.CDLR, 5);
    cr_expect_eq(c.t.WR, 12);
    cr_expect_eq(c.t.CCDL, 3);
    cr_expect_eq(c.t.RTPL, 2);
    cr_expect_eq(c.t.RTW, 12 + 8 / 4 + 2 - 4);
    cr_expect_eq(c.t.REFI, 0);
    cr_expect_float_eq(c.core_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.icnt_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.l2_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.dram_mhz, 924.0, 1e-9);
    cr_expect_eq(c.queue_size, 16);
    cr_expect_eq(c.scheduler, 1);
    cr_expect_eq(c.map.kind, BWM_ADDRMAP_MASK);
    cr_expect_eq(c.map.dramid_at, 8);
    cr_expect_eq(c.map.mask_bank, 0xE100u);
    cr_expect_eq(c.map.mask_row, 0x0FFF0000u);
    cr_expect_eq(c.map.mask_col, 0x1EFFu);
    cr_expect_eq(c.map.mask_burst, 0x3Fu);
    /* the GTX480's 177.4 GB/s: 6 x 2 x 4 B x 924 MHz x 4 */
    cr_expect_float_eq(bwm_dram_peak_gbs(&c), 177.408, 1e-9);
    cr_expect_eq(bwm_dram_burst_bytes(&c), 64);
    /* 62 options, 12 of them modelled by the memory system (the address
       mask too: the mapping string replaces its preset) */
    cr_expect_eq(ign.n, 50u);
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_n_clusters"));
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_cache:dl2"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_mem_address_mask"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_n_mem"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_dram_timing_opt"));
    bwm_optlist_free(&ign);
}

/* paper 004's GPU: 8 channels of 1 chip x 4 B at 1.6 GHz, 2 transfers per
   command clock = 102.4 GB/s; 2 KB pages interleaved across channels */
Test(config, cal12_is_the_paper_004_system)
{
    bwm_dram_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(bwm_memsys_config_load(BWM_SOURCE_DIR "/data/configs/cal12.config", &c, &ign, &err), BWM_OK, "%s",
                 err.msg);
    cr_expect_eq(c.n_channels, 8);
    cr_expect_eq(c.n_banks, 16);
    cr_expect_eq(c.t.CL, 20);
    cr_expect_eq(c.t.RCD, 28);
    cr_expect_eq(c.t.RP, 12);
    cr_expect_float_eq(bwm_dram_peak_gbs(&c), 102.4, 1e-9);
    /* consecutive lines of a 2 KB page stay in one channel, bank and row */
    bwm_dram_addr a, b;
    bwm_addrmap_decode(&c.map, 0x12345000, &a);
    bwm_addrmap_decode(&c.map, 0x12345000 + 15 * 128, &b);
    cr_expect_eq(a.channel, b.channel);
    cr_expect_eq(a.bank, b.bank);
    cr_expect_eq(a.row, b.row);
    bwm_addrmap_decode(&c.map, 0x12345000 + 2048, &b);
    cr_expect_neq(a.channel, b.channel, "the next page goes to the next channel");
    bwm_optlist_free(&ign);
}

Test(config, memsys15_is_the_paper_table2_system)
{
    bwm_dram_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(bwm_memsys_config_load(MEMSYS15, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_channels, 6);
    cr_expect_float_eq(c.dram_mhz, 924.0, 1e-9);
    /* GPGPU-Sim v3.2.1's GTX480 clocks: the 1400 MHz shader clock simulated
       at 700, the interconnect at Table 2's 1400 */
    cr_expect_float_eq(c.core_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.icnt_mhz, 1400.0, 1e-9);
    cr_expect_eq(c.queue_size, 256);
    cr_expect_eq(c.scheduler, 1);
    cr_expect_eq(c.n_banks, 8);
    cr_expect_eq(c.n_bank_groups, 4);
    /* Hynix timings of Table 2 */
    cr_expect_eq(c.t.CL, 12);
    cr_expect_eq(c.t.RP, 12);
    cr_expect_eq(c.t.RC, 40);
    cr_expect_eq(c.t.RAS, 28);
    cr_expect_eq(c.t.CCD, 2);
    cr_expect_eq(c.t.RCD, 12);
    cr_expect_eq(c.t.RRD, 6);
    cr_expect_eq(c.t.CDLR, 5);
    cr_expect_eq(c.t.WR, 12);
    cr_expect_eq(c.t.RTW, 12 + 8 / 2 + 2 - 4);
    /* 256-byte partition chunks */
    cr_expect_eq(c.map.dramid_at, 8);
    /* Table 2: 88.8 GB/s; the formula gives 6 x 2 x 4 B x 924 MHz x 2 */
    cr_expect_float_eq(bwm_dram_peak_gbs(&c), 88.704, 1e-9);
    cr_expect(bwm_dram_peak_gbs(&c) > 88.6 && bwm_dram_peak_gbs(&c) < 88.9);
    /* the core and cache options are there for the next parts */
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_n_clusters"));
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_cache:dl2"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_frfcfs_dram_sched_queue_size"));
    bwm_optlist_free(&ign);
}

Test(config, absent_options_take_gpgpusim_defaults)
{
    bwm_dram_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_text("# nothing but a comment\n", &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(ign.n, 0u);
    cr_expect_eq(c.n_channels, 8);
    cr_expect_eq(c.n_sub_partitions, 1);
    cr_expect_eq(c.chips_per_channel, 1);
    cr_expect_eq(c.bus_width_bytes, 4);
    cr_expect_eq(c.burst_length, 4);
    cr_expect_eq(c.data_command_ratio, 2);
    cr_expect_eq(c.queue_size, 0);
    cr_expect_eq(c.scheduler, 1);
    /* "4:2:8:12:21:13:34:9:4:5:13:1:0:0" */
    cr_expect_eq(c.n_banks, 4);
    cr_expect_eq(c.t.RRD, 8);
    cr_expect_eq(c.t.RAS, 21);
    cr_expect_eq(c.t.WR, 13);
    cr_expect_eq(c.n_bank_groups, 1);
    cr_expect_eq(c.t.RTW, 9 + 4 / 2 + 2 - 4);
    cr_expect_float_eq(c.core_mhz, 500.0, 1e-9);
    cr_expect_float_eq(c.dram_mhz, 2000.0, 1e-9);
    cr_expect_eq(c.map.dramid_at, 10);
    bwm_optlist_free(&ign);
}

Test(config, legacy_ordered_timing_and_explicit_rtw)
{
    bwm_dram_config c;
    bwm_err err;
    cr_assert_eq(load_text("-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12:4:3:2\n"
                           "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000."
                           "0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n", &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_banks, 16);
    cr_expect_eq(c.t.RC, 40);
    cr_expect_eq(c.t.CL, 12);
    cr_expect_eq(c.n_bank_groups, 4);
    cr_expect_eq(c.t.CCDL, 3);
    cr_expect_eq(c.t.RTPL, 2);
    cr_assert_eq(load_text("-gpgpu_dram_timing_opt \"nbk=4;CCD=2;RRD=6;RCD=12;RAS=28;RP=12;RC=40;CL=12;"
                           "WL=4;CDLR=5;WR=12;RTW=9;REFI=3900;RFC=88\"\n", &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.t.RTW, 9);
    cr_expect_eq(c.t.REFI, 3900);
    cr_expect_eq(c.t.RFC, 88);
    cr_expect_eq(c.n_bank_groups, 1);
}

Test(config, later_option_and_overrides_win)
{
    bwm_dram_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_text("-gpgpu_n_mem 4 -gpgpu_dram_scheduler 0\n-gpgpu_n_mem 2\n", &c, &ign, &err),
                 BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_channels, 2);
    cr_expect_eq(c.scheduler, 0);
    cr_expect_eq(ign.n, 0u);
    bwm_optlist_free(&ign);
    cr_assert_eq(bwm_memsys_config_load_with(MEMSYS15, "-gpgpu_n_mem 12 -gpgpu_dram_scheduler 0", "--set",
                                             &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_channels, 12);
    cr_expect_eq(c.scheduler, 0);
    cr_expect_float_eq(bwm_dram_peak_gbs(&c), 2 * 88.704, 1e-9);
    cr_expect_eq(bwm_memsys_config_load_with(MEMSYS15, "-gpgpu_n_mem x", "--set", &c, NULL, &err),
                 BWM_EINPUT);
    cr_expect_str_eq(err.msg, "--set:1: option -gpgpu_n_mem: 'x' is not an integer");
}

Test(config, unparseable_values)
{
    expect_bad("-gpgpu_n_mem six\n", 1, "option -gpgpu_n_mem: 'six' is not an integer");
    expect_bad("# c\n-gpgpu_dram_buswidth 4.5\n", 2, "'4.5' is not an integer");
    expect_bad("-gpgpu_n_mem 0\n", 1, "0 is out of range 1..4096");
    expect_bad("-gpgpu_n_mem -6\n", 1, "-6 is out of range 1..4096");
    expect_bad("-gpgpu_dram_scheduler 2\n", 1, "option -gpgpu_dram_scheduler: 2 is out of range 0..1");
    expect_bad("-gpgpu_frfcfs_dram_sched_queue_size -1\n", 1, "out of range 0..");
    expect_bad("-gpgpu_clock_domains 700.0:700.0:924.0\n", 1, "is not CORE:ICNT:L2:DRAM");
    expect_bad("-gpgpu_clock_domains 700.0:0:700.0:924.0\n", 1, "clock '0' is not a frequency");
    expect_bad("-gpgpu_clock_domains 700.0:abc:700.0:924.0\n", 1, "clock 'abc'");
    /* a clock period in femtoseconds must fit an integer */
    expect_bad("-gpgpu_clock_domains 1e-300:700.0:700.0:924.0\n", 1, "clock '1e-300' is not a frequency in 1..1e+06 MHz");
    expect_bad("-gpgpu_dram_burst_length 6\n-dram_data_command_freq_ratio 4\n", 1,
               "burst length 6 is not a multiple");
    expect_bad("-gpgpu_n_sub_partition_per_mchannel 3\n", 1, "3 sub-partitions: must be a power of two");
    expect_bad("# four banks by default\n-gpgpu_n_sub_partition_per_mchannel 8\n", 2, "<= the 4 banks");
    expect_bad("-dram_bnk_indexing_policy 2\n", 1, "2 is out of range 0..1");
    expect_bad("\n\n-gpgpu_memory_partition_indexing 6\n", 3, "6 is out of range 0..5");
    expect_bad("-gpgpu_n_mem 6\n-memory_partition_indexing 1\n", 2, "partition indexing 1 needs");
}

Test(config, missing_values_and_bad_syntax)
{
    expect_bad("-gpgpu_n_mem", 1, "option -gpgpu_n_mem has no value");
    expect_bad("-gpgpu_n_mem\n-gpgpu_n_mem_per_ctrlr 2\n", 1, "option -gpgpu_n_mem has no value");
    expect_bad("-gpgpu_n_mem 6\n-gpgpu_dram_buswidth # four\n", 2, "-gpgpu_dram_buswidth has no value");
    expect_bad("-gpgpu_n_mem -gpgpu_n_mem_per_ctrlr 2\n", 1, "option -gpgpu_n_mem has no value");
    expect_bad("-gpgpu_dram_timing_opt \"\"\n", 1, "has an empty value");
    expect_bad("-gpgpu_n_mem 6\n6\n", 2, "expected an option (-name value), got '6'");
    expect_bad("-gpgpu_n_mem 6\n\n-gpgpu_dram_timing_opt \"nbk=16:CCD=2\n", 3, "quoted value is never closed");
}

Test(config, bad_timings)
{
    expect_bad("-gpgpu_dram_timing_opt \"nbk=16:CCD=0:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\"",
               1, "timing CCD: 0 must be > 0");
    expect_bad("# Hynix\n" TIMING_HEAD "  CL=12:WL=-4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"\n", 3,
               "timing WL: -4 must be > 0");
    expect_bad(TIMING_HEAD "  CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=-1:RTPL=2\"\n", 2,
               "timing CCDL: -1 must be >= 0");
    expect_bad(TIMING_HEAD "  CL=12:WL=4:XYZ=5:WR=12\"\n", 2, "unknown timing key 'XYZ'");
    expect_bad(TIMING_HEAD "  CL=12:WL=4:CDLR=5:WR=twelve\"\n", 2, "timing WR: 'twelve' is not an integer");
    expect_bad(TIMING_HEAD "  CL=:WL=4:CDLR=5:WR=12\"\n", 2, "timing CL has no value");
    expect_bad(TIMING_HEAD "  CL=12:WL=4:CDLR=5:CL=12:WR=12\"\n", 2, "timing CL given twice");
    expect_bad("-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:CL=12:WL=4:CDLR=5:WR=12\"\n",
               1, "timing RC is missing");
    expect_bad("-gpgpu_dram_timing_opt \"nbk=12:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\"\n",
               1, "must be powers of two");
    expect_bad("-gpgpu_dram_timing_opt \"nbk=4:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=2:WL=9:CDLR=5:WR=12\"\n",
               1, "derived tRTW = CL + BL/ratio + 2 - WL = -3");
    expect_bad("-gpgpu_dram_timing_opt \"nbk=4:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:REFI=100\"\n",
               1, "REFI=100 needs RFC > 0");
    expect_bad("-gpgpu_dram_timing_opt \"nbk=4:CCD=2 RRD=6\"\n", 1, "expected KEY=VALUE");
    expect_bad("-gpgpu_dram_timing_opt 4:2:8:12\n", 1, "the ordered form needs 11 to 14 values");
    expect_bad("-gpgpu_dram_timing_opt 4:2:8:12:21:0:34:9:4:5:13\n", 1, "timing RP: 0 must be > 0");
}

Test(config, bad_address_mappings)
{
    expect_bad("-gpgpu_n_mem 4\n-gpgpu_mem_addr_mapping 00000000.00000000.00000000.00000000."
               "00000RRR.RRRRRRRR.RRRCCCBB.CCCCSSSS\n", 2, "the mask has no channel bits");
    expect_bad("-gpgpu_mem_addr_mapping dramid@10;00000000.00000000.00000000.00000000."
               "00000RRR.RRRRRRRR.RRRCCCBB.CCCCSSS\n", 1, "the mask has 63 bits, expected 64");
    expect_bad("-gpgpu_mem_addr_mapping dramid@10;00000000.00000000.00000000.00000000."
               "00000RRR.RRRRRRRR.RRRCCCBB.CCCCSSSX\n", 1, "invalid character 'X'");
    expect_bad("-gpgpu_mem_addr_mapping dramid@ten;0000\n", 1, "the channel bit must be an integer");
    expect_bad("-gpgpu_n_mem 6\n-bwm_addr_xor ch0=8^9\n", 2,
               "option -bwm_addr_xor: XOR channel bits need a power-of-two channel count (got 6)");
    /* the default mapping has 2 bank bits */
    bwm_dram_config c;
    bwm_err err;
    cr_expect_eq(load_text("-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:"
                           "WL=4:CDLR=5:WR=12\"\n", &c, NULL, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "option -gpgpu_mem_addr_mapping (default): the mask has 2 bank bits (B), "
                              "16 banks need 4"), "%s", err.msg);
}

/* The controllers may take 2 GiB: a product of sizes each in its range can
 * be far more; the fault is at the option given last, the message names
 * them all. */
Test(config, controllers_over_2_gib)
{
    expect_bad("-gpgpu_n_mem 4096\n-gpgpu_frfcfs_dram_sched_queue_size 65536\n", 2,
               "option -gpgpu_frfcfs_dram_sched_queue_size: the memory controllers would take ");
    expect_bad("-gpgpu_frfcfs_dram_sched_queue_size 65536\n-gpgpu_n_mem 4096\n", 2,
               "MiB, more than the limit of 2048 MiB: 4096 channels (-gpgpu_n_mem) each with 65536 request entries "
               "(-gpgpu_frfcfs_dram_sched_queue_size 65536), 13 data-return slots (CL, WL and burst of "
               "-gpgpu_dram_timing_opt) and 4 banks (its nbk)");
    /* the write queue's entries are the pool's too */
    expect_bad("-gpgpu_n_mem 4096\n-gpgpu_frfcfs_dram_sched_queue_size 1\n-dram_seperate_write_queue_enable 1\n"
               "-dram_write_queue_size 65536:28:16\n", 4,
               "each with 65537 request entries (-gpgpu_frfcfs_dram_sched_queue_size 1 + -dram_write_queue_size 65536)");
    /* a long CAS latency is a long data-return heap in every channel */
    expect_bad("-gpgpu_n_mem 4096\n-gpgpu_dram_timing_opt \"nbk=4:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=1000000:"
               "WL=4:CDLR=5:WR=12\"\n", 2, "1000004 data-return slots");
    /* the same sizes, one of them smaller, load */
    bwm_dram_config c;
    bwm_err err;
    cr_expect_eq(load_text("-gpgpu_n_mem 4096\n-gpgpu_frfcfs_dram_sched_queue_size 1024\n", &c, NULL, &err), BWM_OK,
                 "%s", err.msg);
    cr_expect_eq(load_text("-gpgpu_n_mem 8\n-gpgpu_frfcfs_dram_sched_queue_size 1048576\n", &c, NULL, &err), BWM_OK,
                 "%s", err.msg);
}

Test(config, missing_file)
{
    bwm_dram_config c;
    bwm_err err;
    cr_expect_eq(bwm_memsys_config_load(BWM_SOURCE_DIR "/tests/fixtures/no-such.config", &c, NULL, &err),
                 BWM_EINPUT);
    cr_expect(strstr(err.msg, "no-such.config: cannot open"), "%s", err.msg);
}

Test(config_cli, prints_the_understood_configuration)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --format json", MEMSYS15);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\"channels\":6,"), "%s", r.out);
    cr_expect(strstr(r.out, "\"peak\":88.704,"), "%s", r.out);
    cr_expect(strstr(r.out, "\"tRTW\":14,"), "%s", r.out);
    /* the GPU options are honoured now; the first one nobody models is listed */
    cr_expect(strstr(r.out, "\"ignored\":[\"-gpgpu_simd_model\","), "%s", r.out);
    /* every one of them is inert (the compute pipeline, other caches): stderr stays quiet */
    cr_expect_str_eq(r.err, "");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --format json --verbose", MEMSYS15);
    cr_expect(strstr(r.err, "bwmpki sim config: ignored: -gpgpu_simd_model "), "%s", r.err);
    cr_expect(!strstr(r.err, "-gpgpu_n_clusters"), "%s", r.err);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --format json -v", MEMSYS15);
    cr_expect(strstr(r.err, "bwmpki sim config: ignored: -gpgpu_simd_model "), "%s", r.err);
    bwm_run_free(&r);
    /* an ignored option outside the inert parts is named without --verbose */
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_perfect_mem 1' --format json", MEMSYS15);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "bwmpki sim config: ignored, not modelled (may change results): -gpgpu_perfect_mem\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_n_mem 8' --format csv", GTX480);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strncmp(r.out, "setting,value\nconfig,", 21) == 0, "%s", r.out);
    cr_expect(strstr(r.out, "\nignored,-gpgpu_"), "%s", r.out);
    cr_expect(strstr(r.out, "\nchannels,8\n"), "%s", r.out);
    cr_expect(strstr(r.out, "\npeak,236.544\n"), "%s", r.out);
    bwm_run_free(&r);
}

Test(config_cli, bad_input_exits_2_with_nothing_on_stdout)
{
    bwm_write_tmp(path, "-gpgpu_n_mem 6\n-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
              "   CL=12:WL=4:CDLR=0:WR=12\"\n");
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --format json", path);
    unlink(path);
    cr_expect_eq(r.status, 2);
    cr_expect_str_empty(r.out);
    char want[128];
    snprintf(want, sizeof want, "%s:3: option -gpgpu_dram_timing_opt: timing CDLR: 0 must be > 0", path);
    cr_expect(strstr(r.err, want), "%s", r.err);
    cr_expect(!strstr(r.err, "ignored"), "%s", r.err);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_n_mem'", GTX480);
    cr_expect_eq(r.status, 2);
    cr_expect_str_empty(r.out);
    cr_expect(strstr(r.err, "--set:1: option -gpgpu_n_mem has no value"), "%s", r.err);
    bwm_run_free(&r);
}

/* sim config on memsys15 with --set SET is refused for its size: its
 * message starts with start (after the command's name) and holds detail,
 * and no -o file is left. */
static void expect_too_big(const char *set, const char *start, const char *detail)
{
    const char *out = "/tmp/bwm_config_too_big.json";
    unlink(out);
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --set '%s' --format json -o %s", MEMSYS15, set, out);
    char message[256];
    snprintf(message, sizeof message, "bwmpki sim config: %s", start);
    bwm_expect_bad(&r, message);
    bwm_expect_contains(r.err, detail);
    cr_assert_neq(access(out, F_OK), 0, "a refused configuration left %s", out);
    bwm_run_free(&r);
}

Test(config_cli, memory_system_over_2_gib_exits_2_writing_nothing)
{
    expect_too_big("-gpgpu_n_mem 4096 -gpgpu_frfcfs_dram_sched_queue_size 65536",
                   "--set:1: option -gpgpu_n_mem: the memory controllers would take ",
                   "more than the limit of 2048 MiB: 4096 channels (-gpgpu_n_mem)");
    /* the L2 slices count too: 6 of 2.1 GiB each (a tag array of 64 M lines) */
    expect_too_big("-gpgpu_cache:dl2 N:1048576:128:64,L:B:m:W:L,A:256:4,4:0,32",
                   "--set:1: option -gpgpu_cache:dl2: the memory system would take ",
                   "6 L2 slices (-gpgpu_n_mem 6 x -gpgpu_n_sub_partition_per_mchannel 1) of 2112.0 MiB each "
                   "(-gpgpu_cache:dl2: 67108864 lines, 256 MSHR entries merging 4 requests; "
                   "-gpgpu_dram_partition_queues 8:8:8:8), 30 SMs' L1Ds of 0.0 MiB each ");
    /* and the SMs' L1Ds: 30 of 200 MiB each (4 M lines, each with its index slot) */
    expect_too_big("-gpgpu_cache:dl1 N:65536:128:64,L:L:m:N:L,A:32:8,8",
                   "--set:1: option -gpgpu_cache:dl1: the memory system would take 6001 MiB",
                   "30 SMs' L1Ds of 200.0 MiB each (-gpgpu_cache:dl1: 4194304 lines, 32 MSHR entries merging 8 "
                   "requests)");
}

Test(config_cli, prints_the_gpu_part_in_json_csv_and_table)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --format json", MEMSYS15);
    bwm_expect_ok(&r);
    const char *json[] = {
        "\"sms\":30,", "\"warps_per_sm\":48,", "\"warp_schedulers\":2,", "\"warp_scheduler\":\"gto\",",
        "\"l1d_sets\":32,\"l1d_line_bytes\":128,\"l1d_ways\":4,", "\"l1d_kb\":16,", "\"l1_latency\":1,",
        "\"l1_banks\":1,\"l1_write_ratio\":0,\"coalesce_arch\":13,",
        "\"flit_bytes\":32,", "\"icnt_in_buffer\":17,", "\"icnt_out_buffer\":24,", "\"icnt_latency\":8,",
        "\"ejection_buffer\":8,",
        "\"l2_slices\":6,", "\"l2_sets\":64,\"l2_line_bytes\":128,\"l2_ways\":16,", "\"l2_slice_kb\":128,",
        "\"l2_kb\":768,", "\"l2_sharing\":\"partitioned\",", "\"l2_rop_latency\":120,", "\"dram_latency\":100,",
        "\"core_mhz\":700,\"icnt_mhz\":1400,\"l2_mhz\":700,\"dram_mhz\":924,",
    };
    for (size_t i = 0; i < sizeof json / sizeof json[0]; i++)
        bwm_expect_contains(r.out, json[i]);
    bwm_run_free(&r);
    /* the stock GTX480 file: 3.x -rop_latency honoured, 12 slices of 64 KB */
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_scheduler lrr -bwm_l2_sharing shared' --format csv",
                GTX480);
    bwm_expect_ok(&r);
    const char *csv[] = {"\nsms,15\n", "\nwarp_scheduler,lrr\n", "\nl2_rop_latency,120\n", "\ndram_latency,100\n",
                         "\nl2_slices,12\n", "\nl2_ways,8\n", "\nl2_kb,768\n", "\nl2_sharing,shared\n",
                         "\ncore_mhz,700\n"};
    for (size_t i = 0; i < sizeof csv / sizeof csv[0]; i++)
        bwm_expect_contains(r.out, csv[i]);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --format table");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "GPU configuration\n");
    bwm_expect_contains(r.out, "\n| warp_scheduler     | gto ");
    bwm_run_free(&r);
}

/* The stock GTX480 file ignores some 60 options, about 770 characters of
 * names: the text table wraps them into rows of at most 72 characters
 * (before, every row of the table was as wide as the list, ~800), the rows
 * after the first with an empty setting; the CSV keeps them in one row, and
 * the wrapped rows hold the same names in the same order. */
Test(config_cli, the_text_table_wraps_the_ignored_options)
{
    bwm_run t, c;
    bwm_run_cli(&t, "sim config --config %s --format table", GTX480);
    bwm_run_cli(&c, "sim config --config %s --format csv", GTX480);
    bwm_expect_ok(&t);
    bwm_expect_ok(&c);
    char names[4096] = "";
    int rows = 0;
    for (const char *p = t.out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n')) {
        size_t n = strcspn(p, "\n");
        cr_expect(n <= 2 + 18 + 3 + 72 + 2, "a line of %zu characters: %.*s", n, (int)n, p);
        int first = strncmp(p, "| ignored ", 10) == 0, more = rows && strncmp(p, "|        ", 9) == 0;
        if (!first && !more)
            continue;
        const char *v = strchr(p + 1, '|') + 2; /* the value, then blanks to its column's width */
        size_t len = (size_t)(p + n - v) - 1;
        while (len && v[len - 1] == ' ')
            len--;
        cr_expect(len <= 72, "%.*s", (int)len, v);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%.*s", rows ? " " : "", (int)len, v);
        rows++;
    }
    cr_expect_gt(rows, 5, "%s", t.out);
    const char *row = strstr(c.out, "\nignored,");
    cr_assert(row, "%s", c.out);
    row += strlen("\nignored,");
    cr_expect_eq(strcspn(row, "\n"), strlen(names), "%s\n%s", row, names);
    cr_expect(strncmp(row, names, strlen(names)) == 0, "%s\n%s", row, names);
    bwm_run_free(&t);
    bwm_run_free(&c);
}

/* An integer too large says out of range, naming the option (and the file
 * and line), in a configuration file, in --set and on the command line
 * alike; before, a configuration said "is outside" within 64 bits and
 * "is not an integer" beyond them. */
Test(config_cli, an_integer_too_large_is_out_of_range)
{
    char file[BWM_TMP_PATH_MAX], want[256];
    bwm_write_tmp(file, "# big\n-gpgpu_n_clusters 99999999999999\n");
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --config %s", MEMSYS15, file);
    snprintf(want, sizeof want, "%s:2: option -gpgpu_n_clusters: 99999999999999 is out of range 1..1024", file);
    bwm_expect_bad(&r, want);
    bwm_run_free(&r);
    unlink(file);
    bwm_run_cli(&r, "sim config --set '-gpgpu_n_clusters 99999999999999999999'");
    bwm_expect_bad(&r, "--set:1: option -gpgpu_n_clusters: '99999999999999999999' is out of range 1..1024");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --set '-bwm_ptw 64:99999999999999'");
    bwm_expect_bad(&r, "--set:1: option -bwm_ptw: 99999999999999 is out of range 1..65536");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --set '-gpgpu_dram_timing_opt \"nbk=16:CCD=99999999999999999999:RRD=6:RCD=12:RAS=28:"
                "RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"'");
    bwm_expect_bad(&r, "timing CCD: '99999999999999999999' is out of range 1..1000000");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim variation --parts 99999999999999");
    bwm_expect_bad(&r, "option --parts: 99999999999999 is out of range 2..4");
    bwm_run_free(&r);
}

Test(config_cli, bad_gpu_option_exits_2_naming_it)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_n_clusters 30\n-gpgpu_scheduler two_level_active:6:0:1'",
                MEMSYS15);
    bwm_expect_bad(&r, "--set:2: option -gpgpu_scheduler: GPGPU-Sim's 'two_level_active' warp scheduler is not "
                       "modelled (modelled: gto, lrr, ccws, tbas)");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --set '-icnt_out_buffer_limit 2'", MEMSYS15);
    bwm_expect_bad(&r, "--set:1: option -icnt_out_buffer_limit: 2 flits cannot hold the largest packet");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config %s --set '-network_mode 3'", MEMSYS15);
    bwm_expect_bad(&r, "--set:1: option -network_mode: 3 is out of range 1..2");
    bwm_run_free(&r);
}

Test(config, inert_options_are_outside_the_memory_system)
{
    cr_expect(bwm_option_inert("-ptx_opcode_latency_int"));
    cr_expect(bwm_option_inert("-gpgpu_operand_collector_num_units_sp"));
    cr_expect(bwm_option_inert("-gpgpu_tex_cache:l1"));
    cr_expect(bwm_option_inert("-inter_config_file"));
    /* the memory system's, modelled or not, are never inert */
    cr_expect(!bwm_option_inert("-gpgpu_cache:dl1"));
    cr_expect(!bwm_option_inert("-gpgpu_num_sched_per_core"));
    cr_expect(!bwm_option_inert("-gpgpu_mem_address_mask"));
    cr_expect(!bwm_option_inert("-icnt_subnets"));
    cr_expect(!bwm_option_inert("-network_mode"));
    cr_expect(!bwm_option_inert("-gpgpu_tex"));
}
