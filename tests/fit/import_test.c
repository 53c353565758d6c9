/* import_test.c — the GPGPU-Sim log reader and the importer on the fixtures
 * in tests/fixtures/gpgpusim/, every derived number worked out by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fit/gpgpusim_log.h"
#include "fit/import.h"
#include "tests/support/tmp_text.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/gpgpusim/"

Test(gpgpusim_log, normal_log)
{
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(FIX "normal.log", &log, &err), BWM_OK, "%s", err.msg);
    cr_assert_float_eq(log.insn, 1400000, 0);
    cr_assert_float_eq(log.cycles, 70000, 0);
    cr_assert_float_eq(log.ipc_reported, 20, 0);
    cr_assert_float_eq(log.l2_accesses, 17500, 0);
    cr_assert_float_eq(log.l2_misses, 7000, 0);
    cr_assert_float_eq(log.core_mhz, 700, 0);
    cr_assert_float_eq(log.dram_mhz, 924, 0);
    cr_assert_eq(log.n_mem, 2);
    cr_assert_eq(log.n_mem_per_ctrlr, 2);
    cr_assert_eq(log.bus_width, 4);
    cr_assert_eq(log.burst_length, 8);
    cr_assert_eq(log.kernels, 1);
    /* n_rd 6000 + 5700, n_write 1500 + 1500 */
    cr_assert_float_eq(log.n_rd, 11700, 0);
    cr_assert_float_eq(log.n_write, 3000, 0);
    /* atom = busW 4 x BL 8 x 2 chips = 64 bytes */
    cr_assert_float_eq(bwm_gpgpusim_atom_bytes(&log), 64, 0);
    /* ipc = 1400000 / 70000 = 20; mpki = 7000 x 1000 / 1400000 = 5 */
    cr_assert_float_eq(bwm_gpgpusim_ipc(&log), 20, 1e-12);
    cr_assert_float_eq(bwm_gpgpusim_mpki(&log), 5, 1e-12);
    /* seconds = 70000 / 700 MHz = 1e-4; bw = 14700 x 64 = 940800 bytes / 1e-4 s = 9.408 GB/s */
    cr_assert_float_eq(bwm_gpgpusim_seconds(&log), 1e-4, 1e-18);
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), 9.408, 1e-12);
}

/* Reads a fixture that must load. */
static bwm_gpgpusim_log read_fixture(const char *name)
{
    char path[512];
    bwm_gpgpusim_log log;
    bwm_err err;
    snprintf(path, sizeof path, "%s%s", FIX, name);
    cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_OK, "%s", err.msg);
    return log;
}

Test(gpgpusim_log, v3_lines_without_the_4x_counters)
{
    bwm_gpgpusim_log log = read_fixture("v3.log");
    cr_assert_eq(log.v4, 0);
    cr_assert_float_eq(log.n_rd, 11700, 0);
    cr_assert_float_eq(log.n_write, 3000, 0);
    cr_assert_float_eq(log.n_rd_l2a + log.n_wr_bk, 0, 0);
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), 9.408, 1e-12); /* as normal.log */
    cr_assert_eq(log.miss_bytes, 0); /* no -gpgpu_cache:dl2 in the echo */
}

/* What a real log's excerpt must give: its totals, the bytes a column
 * command and an L2 miss move, the importer's bandwidth, the peak and
 * GPGPU-Sim's own figure (GB/s), all worked out by hand, and how close the
 * two bandwidths must be. */
typedef struct real_log {
    const char *file;
    int v4;
    double insn, cycles, l2_misses;
    int n_mem;
    double n_rd, n_rd_l2a, n_write, n_wr_bk;
    double atom;
    long miss_bytes;
    double bw, peak, own, within;
} real_log;

static void expect_real_log(const real_log *w)
{
    bwm_gpgpusim_log log = read_fixture(w->file);
    cr_assert_eq(log.v4, w->v4);
    cr_assert_eq(log.kernels, 1);
    cr_assert_float_eq(log.insn, w->insn, 0);
    cr_assert_float_eq(log.cycles, w->cycles, 0);
    cr_assert_float_eq(log.l2_misses, w->l2_misses, 0);
    cr_assert_eq(log.n_mem, w->n_mem);
    cr_assert_float_eq(log.n_rd, w->n_rd, 0);
    cr_assert_float_eq(log.n_rd_l2a, w->n_rd_l2a, 0);
    cr_assert_float_eq(log.n_write, w->n_write, 0);
    cr_assert_float_eq(log.n_wr_bk, w->n_wr_bk, 0);
    cr_assert_float_eq(bwm_gpgpusim_atom_bytes(&log), w->atom, 0);
    cr_assert_eq(log.miss_bytes, w->miss_bytes);
    cr_assert_float_eq(bwm_gpgpusim_ipc(&log), w->insn / w->cycles, 1e-9);
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), w->bw, 1e-9);
    cr_assert_float_eq(bwm_gpgpusim_peak(&log), w->peak, 1e-9);
    double own = bwm_gpgpusim_bw_util_gbs(&log);
    cr_assert_float_eq(own, w->own, 1e-9);
    cr_assert(fabs(bwm_gpgpusim_bw(&log) / own - 1) < w->within, "%s: import %g GB/s vs bw_util %g GB/s", w->file,
              bwm_gpgpusim_bw(&log), own);
}

/* Lines kept verbatim from a published GPGPU-Sim 3.2.2 log (one matrix
 * kernel on a GTX 480-like system of 15 SMs and 6 channels:
 * src/PA2/shm_thread_merge_matB1.txt of the public repository
 * adeeshag/ece_786_pa), the rest of the log left out: the option echo the
 * reader needs, the kernel's statistics, every partition's block (one with
 * an MSHR line), the L2 totals after them, as that log prints them.  A line
 * L2 (64:128:8): a miss moves its 128-byte line.
 *   n_rd 1370 + 1368 + 1372 + 1372 + 1370 + 1364 = 8216,
 *   n_write 680 + 684 + 684 + 684 + 684 + 680 = 4096;
 *   bw = 12312 commands x 64 bytes / (110167 / 700 MHz) = 5.0067407 GB/s;
 *   GPGPU-Sim's own: mean bw_util 0.0282216667 x peak (6 x 64 x 4 / 8 x
 *   924 MHz = 177.408 GB/s) = 5.0067494 GB/s: 1.75e-6 apart. */
Test(gpgpusim_log, real_3_2_2_log_matches_its_own_bw_util)
{
    expect_real_log(&(real_log){"v3_2_2_excerpt.log", 0, 66105168, 110167, 4108, 6, 8216, 0, 4096, 0, 64, 128,
                                787968 / (110167 / 700e6) / 1e9, 177.408,
                                (0.02819 + 0.02822 + 0.02828 + 0.02828 + 0.02825 + 0.02811) / 6 * 177.408, 1e-5});
}

/* Lines kept verbatim from a published GPGPU-Sim 4.2.0 (Accel-Sim) log:
 * ima_plan/04_prefetcher_design/tiny_case/trace_bundles/
 * cta1_w8_wu8_ima16_tail8_dl64_seed1_gap1/sim/base_lrr/bundle_smoke_base.log
 * of the public repository linuohai/accel-sim-framework (commit 0c3af0b4),
 * an A100-like configuration cut down to 1 SM and 1 HBM channel with a
 * sector L2 (S:128:128:16, 32 bytes per miss); one kernel.  Kept: the
 * banner, the options the reader needs, the kernel's statistics, the
 * channel's DRAM lines and the L2 totals.
 *   bw = 1088 reads x 16 x 2 x 1 = 32 bytes / (25597 / 1410 MHz)
 *      = 34816 / 18.154e-6 s = 1.9178247 GB/s;
 *   GPGPU-Sim's own: bw_util 0.03964 x peak (1 x 32 bytes per BL 2 / ratio 2
 *   = 1 command cycle, x 1512 MHz = 48.384 GB/s) = 1.9179418 GB/s:
 *   -6.1e-5 apart. */
Test(gpgpusim_log, real_4_2_0_one_channel_log_matches_its_own_bw_util)
{
    expect_real_log(&(real_log){"v4_2_0_a100_1ch_excerpt.log", 1, 160000, 25597, 1120, 1, 1088, 0, 0, 0, 32, 32,
                                34816 / (25597 / 1410e6) / 1e9, 48.384, 0.03964 * 48.384, 1e-4});
}

/* Lines kept verbatim from a published GPGPU-Sim 4.2.0 (Accel-Sim) log:
 * docs/vm_tlb/review_packs/AWMA_FIRST_CURRENT_MODEL_BASELINE_SIM_174NEW_V1/
 * raw/replay_1/run.log of the public repository swayhrl/accel-sim-framework
 * (commit 8f7fb5bf), an SM86 configuration of 35 SMs and 12 GDDR6 channels
 * (busW 2, BL 16, command ratio 4; a sector L2) in a research fork that adds
 * its own statistics; one kernel, stopped at -gpgpu_max_cycle 10000.  Kept
 * as above.
 *   n_rd 77 + 84 + 93 + 66 + 37 + 12 + 34 + 33 + 48 + 16 + 41 + 38 = 579;
 *   bw = 579 x 32 bytes / (10000 / 1500 MHz) = 2.7792 GB/s;
 *   GPGPU-Sim's own: mean bw_util 0.099247 / 12 = 0.0082706 x peak
 *   (12 x 32 bytes per BL 16 / ratio 4 = 4 command cycles, x 3500.5 MHz
 *   = 336.048 GB/s) = 2.7793130 GB/s: -4.1e-5 apart. */
Test(gpgpusim_log, real_4_2_0_twelve_channel_log_matches_its_own_bw_util)
{
    expect_real_log(&(real_log){"v4_2_0_sm86_excerpt.log", 1, 1084480, 10000, 2542, 12, 579, 0, 0, 0, 32, 32,
                                2.7792, 336.048, 0.099247 / 12 * 336.048, 1e-4});
}

/* Lines kept verbatim from a published GPGPU-Sim 4.2.0 (Accel-Sim) log with
 * DRAM writes: inference_half_35_1500_2560_0_0_tip.log of the public
 * repository hal-uw/accel-sim-multiStream-stats (commit c2a5be46), a
 * DeepBench half-precision GEMM on an SM7_QV100-based configuration of 32
 * HBM channels (busW 16 x BL 2 x 1 chip = 32 bytes; ratio 2; core 1447 MHz,
 * DRAM 850 MHz) in a multi-stream build.  Kept: the banner, the options the
 * reader needs and the last block (kernel_launch_uid 10; the DRAM and L2
 * counters are the whole run's), every channel's DRAM lines with it.  The
 * L2 writes dirty lines back: n_wr_bk is 45 % of the column commands.
 *   n_rd 982709 and n_wr_bk 803996 over the 32 channels (the log's own
 *   "total dram reads" and "total dram writes"); 1786705 x 32 bytes in
 *   938109 / 1447 MHz = 88.189739 GB/s; GPGPU-Sim's own: the 32 bw_util sum
 *   to 3.2422, / 32 x peak (32 x 32 bytes x 850 MHz = 870.4 GB/s) =
 *   88.18784 GB/s: +2.2e-5 apart.  n_rd and n_write alone would give
 *   48.505 GB/s, 45 % below. */
Test(gpgpusim_log, real_4_2_0_log_with_write_backs_matches_its_own_bw_util)
{
    expect_real_log(&(real_log){"v4_2_0_qv100_writes_excerpt.log", 1, 374015154, 938109, 1817592, 32, 982709, 0, 0,
                                803996, 32, 32, 1786705.0 * 32 / (938109 / 1447e6) / 1e9, 870.4,
                                3.2422 / 32 * 870.4, 1e-4});
}

/* A 4.x log with a sector L2: write-allocate fills (n_rd_L2_A) and
 * write-backs (n_wr_bk) are DRAM traffic too, and a miss moves 32 bytes. */
Test(gpgpusim_log, v4_counts_every_column_command_and_matches_bw_util)
{
    bwm_gpgpusim_log log = read_fixture("v4_sector.log");
    cr_assert_eq(log.v4, 1);
    cr_assert_float_eq(log.n_rd_l2a, 1000, 0);
    cr_assert_float_eq(log.n_wr_bk, 1700, 0);
    /* 11700 + 1000 + 3000 + 1700 = 17400 commands x 64 bytes / 1e-4 s = 11.136 GB/s */
    cr_assert_float_eq(bwm_gpgpusim_commands(&log), 17400, 0);
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), 11.136, 1e-9);
    cr_assert_eq(log.miss_bytes, 32);
    cr_assert_eq(log.data_command_ratio, 4);
    /* the misses are 32-byte sectors: 12700 reads x 64 bytes / 32 = 25400 */
    cr_assert_float_eq(log.l2_misses, 25400, 0);
    /* peak: 2 channels x 64 bytes per BL 8 / ratio 4 = 2 command cycles x 924 MHz = 59.136 GB/s;
       bw_util (0.1948 + 0.1818) / 2 = 0.1883 -> 11.135 GB/s, GPGPU-Sim's own figure */
    cr_assert_float_eq(bwm_gpgpusim_peak(&log), 59.136, 1e-9);
    double own = bwm_gpgpusim_bw_util_gbs(&log);
    cr_assert_float_eq(own, 0.1883 * 59.136, 1e-9);
    cr_assert(fabs(bwm_gpgpusim_bw(&log) / own - 1) < 0.02, "import %g GB/s vs bw_util %g GB/s",
              bwm_gpgpusim_bw(&log), own);
    /* read as 3.x would (n_rd + n_write only), the figure is 15 % low */
    double old = (log.n_rd + log.n_write) * bwm_gpgpusim_atom_bytes(&log) / bwm_gpgpusim_seconds(&log) / 1e9;
    cr_assert(old / own < 0.85);
}

Test(gpgpusim_log, two_kernels_take_the_last_totals)
{
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(FIX "two_kernels.log", &log, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(log.kernels, 2);
    /* kernel 2's totals, not kernel 1's (500000, 25000, 2000) nor gpu_sim_* */
    cr_assert_float_eq(log.insn, 1000000, 0);
    cr_assert_float_eq(log.cycles, 80000, 0);
    cr_assert_float_eq(log.l2_misses, 4000, 0);
    /* last DRAM blocks: 7000 + 6000 reads, 1000 + 1000 writes */
    cr_assert_float_eq(log.n_rd, 13000, 0);
    cr_assert_float_eq(log.n_write, 2000, 0);
    /* one chip per controller: 4 x 8 x 1 = 32 bytes; 15000 x 32 = 480000 bytes
     * in 80000 / 800 MHz = 1e-4 s: 4.8 GB/s; ipc 12.5; mpki 4 */
    cr_assert_float_eq(bwm_gpgpusim_atom_bytes(&log), 32, 0);
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), 4.8, 1e-12);
    cr_assert_float_eq(bwm_gpgpusim_ipc(&log), 12.5, 1e-12);
    cr_assert_float_eq(bwm_gpgpusim_mpki(&log), 4, 1e-12);
}

static void bad_log(const char *name, const char *what)
{
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(name, &log, &err), BWM_EINPUT, "%s was accepted", name);
    cr_assert(strncmp(err.msg, name, strlen(name)) == 0, "'%s' does not name %s", err.msg, name);
    cr_assert(strstr(err.msg, what), "'%s' does not say '%s'", err.msg, what);
}

Test(gpgpusim_log, bad_logs_name_the_file_and_what_is_missing)
{
    bad_log(FIX "cut_short.log", ": no 'gpu_tot_sim_cycle' (log cut short?)");
    bad_log(FIX "no_dram.log", ": no 'DRAM[0]' statistics");
    bad_log(FIX "cut_kernel2.log", ": no 'gpu_tot_ipc' for kernel 2");
    bad_log(FIX "runs.csv", ": no '-gpgpu_clock_domains' option");
    bad_log(FIX "no_such.log", ": cannot open");
}

Test(gpgpusim_log, malformed_values_name_the_line)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "-gpgpu_clock_domains 700:700:700 # three only\n-gpgpu_n_mem 1\n-gpgpu_n_mem_per_ctrlr 1\n"
                        "gpu_tot_sim_cycle = 10\ngpu_tot_sim_insn = 20\ngpu_tot_ipc = 2.0000\n"
                        "L2_total_cache_accesses = 3\nL2_total_cache_misses = 1\n"
                        "DRAM[0]: 16 bks, busW=4 BL=8 CL=12\nn_cmd=1 n_nop=1 n_act=0 n_pre=0 n_req=1 n_rd=1 n_write=0 "
                        "bw_util=0\n");
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 1, "is not CORE:ICNT:L2:DRAM");
    unlink(path);
    bwm_write_tmp(path, "-gpgpu_clock_domains 700:700:700:924\n-gpgpu_n_mem 1\n-gpgpu_n_mem_per_ctrlr 1\n"
                        "gpu_tot_sim_cycle = 10\ngpu_tot_sim_insn = lots\n");
    cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 5, "gpu_tot_sim_insn: 'lots' is not a count");
    unlink(path);
}

/* A minimal log with the given clocks, cycles, instructions, busW, BL and
 * n_rd: the clocks on line 1, cycles 4, instructions 5, busW and BL 9, n_rd 10. */
static void write_log(char *path, const char *clocks, const char *cycles, const char *insn, const char *busw,
                      const char *bl, const char *n_rd)
{
    char text[1024];
    snprintf(text, sizeof text,
             "-gpgpu_clock_domains %s\n-gpgpu_n_mem 1\n-gpgpu_n_mem_per_ctrlr 1\n"
             "gpu_tot_sim_cycle = %s\ngpu_tot_sim_insn = %s\ngpu_tot_ipc = 2.0000\n"
             "L2_total_cache_accesses = 3\nL2_total_cache_misses = 1\n"
             "DRAM[0]: 16 bks, busW=%s BL=%s CL=12\n"
             "n_cmd=1 n_nop=1 n_act=0 n_pre=0 n_req=1 n_rd=%s n_write=0 bw_util=0\n",
             clocks, cycles, insn, busw, bl, n_rd);
    bwm_write_tmp(path, text);
}

#define HUGE_INT "100000000000000000000000" /* 1e23 */

Test(gpgpusim_log, absurd_numbers_are_refused_at_their_line)
{
    static const struct {
        const char *clocks, *cycles, *insn, *busw, *bl, *n_rd;
        int line;
        const char *what;
    } cases[] = {
        {"700:700:700:924", "10", "20", HUGE_INT, "8", "1", 9, "busW: '" HUGE_INT "' is not a whole number in 1..1024"},
        {"700:700:700:924", "10", "20", "4", HUGE_INT, "1", 9, "BL: '" HUGE_INT "' is not a whole number in 1..1024"},
        {"700:700:700:924", "10", "20", "0", "8", "1", 9, "busW: '0' is not a whole number in 1..1024"},
        {"700:700:700:924", "10", "20", "4", "0", "1", 9, "BL: '0' is not"},
        {"700:700:700:924", "10", "1.8e23", "4", "8", "1", 5, "gpu_tot_sim_insn: '1.8e23' is not a count in 0..2^53"},
        {"700:700:700:924", "2.5", "20", "4", "8", "1", 4, "gpu_tot_sim_cycle: '2.5' is not a count"},
        {"700:700:700:924", "10", "20", "4", "8", HUGE_INT, 10, "n_rd: '" HUGE_INT "' is not a count"},
        {"0.5:700:700:924", "10", "20", "4", "8", "1", 1, "-gpgpu_clock_domains: '0.5:700:700:924' is not"},
        {"700:700:700:1e9", "10", "20", "4", "8", "1", 1, "-gpgpu_clock_domains"},
    };
    char path[BWM_TMP_PATH_MAX];
    bwm_gpgpusim_log log;
    bwm_err err;
    write_log(path, "700:700:700:924", "10", "20", "4", "8", "1");
    cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_OK, "%s", err.msg);
    unlink(path);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_log(path, cases[i].clocks, cases[i].cycles, cases[i].insn, cases[i].busw, cases[i].bl, cases[i].n_rd);
        cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_EINPUT, "case %zu was accepted", i);
        bwm_expect_at(err.msg, path, cases[i].line, cases[i].what);
        unlink(path);
    }
}

Test(gpgpusim_log, nul_byte_is_refused_at_its_line)
{
    char path[BWM_TMP_PATH_MAX];
    write_log(path, "700:700:700:924", "10", "20", "4", "8", "1");
    FILE *f = fopen(path, "r+");
    cr_assert_not_null(f);
    fseek(f, -3, SEEK_END); /* inside the last line, "bw_util=0\n" */
    fputc('\0', f);
    fclose(f);
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(path, &log, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 10, "NUL byte");
    unlink(path);
}

Test(import, csv_numbers_out_of_the_models_range)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "name,ipc,mpki,bw\nA,1,1,1\nB,1e308,1e-300,1e308\n");
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_csv(&im, path, 128, 1400, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 3, "out of the model's range");
    unlink(path);
    bwm_import_free(&im);
}

/* A saved sim run's mpki with no instructions to divide by is empty
 * (docs/vocabulary.md): it is the 0 the run had, so the model has no
 * figure for the row (bw over no misses). */
Test(import, an_empty_mpki_is_the_0_the_run_had)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "name,ipc,mpki,bw\nA,0,,0\nB,1.5,3,100\n");
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_csv(&im, path, 128, 1400, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(im.n, 2);
    cr_expect_eq(im.rows[0].mpki, 0);
    cr_expect_eq(im.rows[1].mpki, 3);
    unlink(path);
    bwm_import_free(&im);
}

Test(import, logs_and_csv_beside_the_model)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_log(&im, FIX "normal.log", 128, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_import_log(&im, FIX "two_kernels.log", 128, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_import_csv(&im, FIX "runs.csv", 128, 1400, &err), BWM_OK, "%s", err.msg);
    /* normal.log's row; two_kernels.log's two kernels and whole run; two CSV rows */
    cr_assert_eq(im.n, 6);
    cr_assert_str_eq(im.rows[0].name, "normal.log");
    cr_assert_str_eq(im.rows[0].kernel, "all");
    cr_assert_eq(im.rows[0].kernel_uid, -1);
    /* model ipc = 9.408e9 / (128 x 5/1000) / 700e6 = 21; |21 - 20| / 20 = 0.05 */
    cr_assert_float_eq(im.rows[0].ipc_model, 21, 1e-9);
    cr_assert_float_eq(im.rows[0].ipc_model_err, 0.05, 1e-12);
    /* the whole run: model ipc = 4.8e9 / (128 x 4/1000) / 800e6 = 11.71875 below the measured 12.5: -0.0625 */
    cr_assert_str_eq(im.rows[3].kernel, "all");
    cr_assert_float_eq(im.rows[3].ipc_model, 11.71875, 1e-9);
    cr_assert_float_eq(im.rows[3].ipc_model_err, -0.0625, 1e-12);
    /* its kernels (a 3.x log without kernel_name: no name, uid = position) */
    cr_assert(im.rows[1].kernel == NULL && im.rows[1].kernel_uid == 1 && im.rows[2].kernel_uid == 2);
    /* BLK: 89.6 / (0.128 x 5) / 1.4 = 100 against 80: 0.25; QTC: 17.92 / 1.28 / 1.4 = 10: 0 */
    cr_assert_str_eq(im.rows[4].name, "BLK");
    cr_assert(im.rows[4].kernel == NULL && im.rows[4].kernel_uid == -1);
    cr_assert(isnan(im.rows[4].insts) && isnan(im.rows[4].cycles));
    cr_assert_float_eq(im.rows[4].ipc_model, 100, 1e-9);
    cr_assert_float_eq(im.rows[4].ipc_model_err, 0.25, 1e-12);
    cr_assert_float_eq(im.rows[5].ipc_model_err, 0, 1e-12);
    /* the MARE (of |ipc_model_err|) leaves the per-kernel rows out */
    size_t n;
    cr_assert_float_eq(bwm_import_mare(&im, &n), (0.05 + 0.0625 + 0.25 + 0) / 4, 1e-12);
    cr_assert_eq(n, 4);
    bwm_table t[2];
    cr_assert_eq(bwm_import_tables(&im, t), BWM_OK);
    cr_assert_eq(bwm_table_rows(&t[0]), 6); /* six rows; the MARE in its own table */
    cr_assert_eq(bwm_table_rows(&t[1]), 1);
    cr_assert_float_eq(t[1].cells[2].num, (0.05 + 0.0625 + 0.25 + 0) / 4, 1e-12);
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
    bwm_import_free(&im);
}

/* The acceptance figure: on a 4.x log, fit import's DRAM bandwidth is
 * within 2 % of GPGPU-Sim's own bw_util figure.  From v4_sector.log:
 *   bw: n_rd 6000 + 5700, n_rd_L2_A 600 + 400, n_write 1500 + 1500,
 *       n_wr_bk 900 + 800 = 17400 commands x (busW 4 x BL 8 x 2 chips = 64
 *       bytes) = 1113600 bytes in 70000 cycles / 700 MHz = 1e-4 s: 11.136 GB/s;
 *   bw_util_gbs: peak = 2 channels x 64 bytes x ratio 4 / BL 8 x 924 MHz
 *       = 59.136 GB/s; mean bw_util (0.1948 + 0.1818) / 2 = 0.1883;
 *       0.1883 x 59.136 = 11.1353088 GB/s;
 *   bw_diff = (11.136 - 11.1353088) / 11.1353088 = 0.0006912 / 11.1353088
 *       = 6.2073e-5, well within 0.02. */
Test(import, v4_bandwidth_beside_gpgpusims_own_figure)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_log(&im, FIX "v4_sector.log", 0, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_import_csv(&im, FIX "runs.csv", 128, 1400, &err), BWM_OK, "%s", err.msg);
    const bwm_import_row *r = &im.rows[0];
    cr_assert_float_eq(r->bw, 11.136, 1e-9);
    cr_assert_float_eq(r->bw_util_gbs, 11.1353088, 1e-9);
    cr_assert_float_eq(r->bw_diff, 0.0006912 / 11.1353088, 1e-12);
    cr_assert(fabs(r->bw_diff) < 0.02, "bw_diff %g", r->bw_diff);
    /* a CSV row has no GPGPU-Sim figure */
    cr_assert(isnan(im.rows[1].bw_util_gbs) && isnan(im.rows[1].bw_diff));
    bwm_import_free(&im);
}

/* On a log the model's error is the log's DRAM traffic per L2 miss against
 * the bytes the model gives a miss: ipc_model / ipc = bw / (bytes x mpki/1000)
 * / clock / ipc = DRAM bytes / (bytes x L2 misses), since bw = DRAM bytes x
 * clock / cycles and mpki = misses x 1000 / insts.  On the real 4.2.0 logs
 * (sector L2s: 32 bytes a miss and a column command):
 *   SM86: 579 DRAM reads for 2542 L2 misses, -0.7722266 (most misses are
 *         stores, which the lazy write-allocate L2 takes without a DRAM read);
 *   A100-like, 1 channel: 1088 reads for 1120 misses, -0.0285714;
 *   QV100-based GEMM: 982709 reads + 803996 write-backs for 1817592
 *         misses, -0.0169934. */
Test(import, model_error_on_a_log_is_dram_traffic_per_l2_miss)
{
    static const struct {
        const char *file;
        double commands, misses, err;
    } logs[] = {{"v4_2_0_sm86_excerpt.log", 579, 2542, -0.7722266},
                {"v4_2_0_a100_1ch_excerpt.log", 1088, 1120, -0.0285714},
                {"v4_2_0_qv100_writes_excerpt.log", 982709 + 803996, 1817592, -0.0169934}};
    for (size_t i = 0; i < sizeof logs / sizeof logs[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, FIX "%s", logs[i].file);
        bwm_import im;
        bwm_err err;
        bwm_import_init(&im);
        cr_assert_eq(bwm_import_log(&im, path, 0, &err), BWM_OK, "%s", err.msg);
        cr_assert_eq(im.n, 1, "%s: one kernel, one row", logs[i].file);
        const bwm_import_row *r = &im.rows[0];
        cr_assert_float_eq(r->ipc_model / r->ipc, logs[i].commands / logs[i].misses, 1e-12, "%s", logs[i].file);
        cr_assert_float_eq(r->ipc_model_err, logs[i].err, 5e-8, "%s: %.9f", logs[i].file, r->ipc_model_err);
        bwm_import_free(&im);
    }
}

/* A log whose DRAM lines have no bw_util, or a bw_util of 0, gives empty
 * cells, never a NaN or infinite difference. */
Test(import, no_or_zero_bw_util_gives_empty_cells)
{
    static const char *const tails[] = {"", " bw_util=0"};
    for (int i = 0; i < 2; i++) {
        char text[512], path[BWM_TMP_PATH_MAX];
        snprintf(text, sizeof text,
                 "-gpgpu_clock_domains 700:700:700:924\n-gpgpu_n_mem 1\n-gpgpu_n_mem_per_ctrlr 1\n"
                 "gpu_tot_sim_cycle = 10\ngpu_tot_sim_insn = 20\ngpu_tot_ipc = 2.0000\n"
                 "L2_total_cache_accesses = 3\nL2_total_cache_misses = 1\n"
                 "DRAM[0]: 16 bks, busW=4 BL=8 CL=12\n"
                 "n_cmd=1 n_nop=1 n_act=0 n_pre=0 n_req=1 n_rd=1 n_write=0%s\n", tails[i]);
        bwm_write_tmp(path, text);
        bwm_import im;
        bwm_err err;
        bwm_import_init(&im);
        cr_assert_eq(bwm_import_log(&im, path, 128, &err), BWM_OK, "%s", err.msg);
        unlink(path);
        cr_assert(i == 0 ? isnan(im.rows[0].bw_util_gbs) : im.rows[0].bw_util_gbs == 0, "case %d", i);
        cr_assert(isnan(im.rows[0].bw_diff), "case %d", i);
        bwm_import_free(&im);
    }
}

Test(import, zero_mpki_has_no_model_ipc_and_is_left_out_of_the_mare)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "name,mpki,bw,ipc\nA,0,10,5\nB,10,17.92,20\n");
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_csv(&im, path, 128, 1400, &err), BWM_OK, "%s", err.msg);
    unlink(path);
    cr_assert(isnan(im.rows[0].ipc_model) && isnan(im.rows[0].ipc_model_err));
    size_t n;
    cr_assert_float_eq(bwm_import_mare(&im, &n), 0.5, 1e-12); /* |10 - 20| / 20 */
    cr_assert_eq(n, 1);
    bwm_import_free(&im);
}

Test(import, bad_csv)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_csv(&im, FIX "missing_mpki.csv", 128, 1400, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "missing_mpki.csv:1: missing column 'mpki'"), "%s", err.msg);
    cr_assert_eq(bwm_import_csv(&im, FIX "bad_number.csv", 128, 1400, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "bad_number.csv:3: column 'mpki': 'ten'"), "%s", err.msg);
    /* a name the table cannot hold whole is refused, not cut */
    char text[512], path[BWM_TMP_PATH_MAX];
    snprintf(text, sizeof text, "name,ipc,mpki,bw\n%0128d,1,1,1\n", 7);
    bwm_write_tmp(path, text);
    cr_assert_eq(bwm_import_csv(&im, path, 128, 1400, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, ":2: column 'name': longer than 127 characters"), "%s", err.msg);
    remove(path);
    bwm_import_free(&im);
}
