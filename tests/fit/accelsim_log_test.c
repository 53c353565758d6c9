/* accelsim_log_test.c — Accel-Sim logs: the reader's figures on the shipped
 * logs (tests/fixtures/accel-sim/logs/) against bench/accelsim/reference/,
 * which bench/accelsim/run.sh derived from the same runs with awk (an
 * independent reading), a crafted two-kernel log worked out by hand, and
 * bad input (exit 2 material: FILE:LINE or FILE and the kernel). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fit/accelsim_log.h"
#include "io/csv.h"
#include "tests/support/tmp_text.h"

#define LOGS BWM_SOURCE_DIR "/tests/fixtures/accel-sim/logs/"
#define REF BWM_SOURCE_DIR "/bench/accelsim/reference/"

/* Every kernel row of run.sh's CSV equals the reader's kernel, statistic by
 * statistic (all 17 columns it shares), and the total row the kernels' sum. */
static void expect_reference(const char *log_path, const char *ref_path, size_t kernels)
{
    bwm_accelsim_log log;
    bwm_err err;
    int st = bwm_accelsim_log_read(log_path, &log, &err);
    cr_assert_eq(st, BWM_OK, "%s", err.msg);
    cr_assert_eq(log.n, kernels);
    bwm_csv c;
    cr_assert_eq(bwm_csv_open(&c, ref_path, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_csv_header(&c, &err), BWM_OK);
    int uid_col = bwm_csv_col(&c, "kernel_launch_uid"), name_col = bwm_csv_col(&c, "kernel_name");
    cr_assert(uid_col >= 0 && name_col >= 0);
    size_t row = 0;
    double sum[BWM_AS_NALL] = {0};
    int got = 1, checked = 0;
    while (bwm_csv_read(&c, &got, &err) == BWM_OK && got) {
        int total = !strcmp(bwm_csv_field(&c, uid_col), "total");
        const bwm_accelsim_kernel *k = total ? NULL : &log.k[row];
        if (k) {
            cr_assert_eq(k->uid, (long long)row + 1);
            cr_assert_str_eq(k->name, bwm_csv_field(&c, name_col));
        }
        for (int s = 0; s < BWM_AS_NALL; s++) {
            int col = bwm_csv_col(&c, bwm_accelsim_stat_ref(s));
            cr_assert(col >= 0, "no column %s", bwm_accelsim_stat_ref(s));
            double want;
            cr_assert_eq(bwm_csv_double(&c, col, &want, &err), BWM_OK, "%s", err.msg);
            double got_v = k ? k->v[s] : sum[s];
            cr_assert_eq(got_v, want, "%s row %zu: %s = %.0f, run.sh says %.0f", log_path, row + 1,
                         bwm_accelsim_stat_ref(s), got_v, want);
            if (k)
                sum[s] += k->v[s];
            checked++;
        }
        row += !total;
    }
    cr_assert_eq(row, kernels);
    cr_assert_eq(checked, (int)(kernels + 1) * BWM_AS_NALL);
    bwm_csv_close(&c);
    bwm_accelsim_log_free(&log);
}

Test(accelsim_log, vectoradd_equals_run_sh_reference)
{
    expect_reference(LOGS "vectoradd_SM7_QV100_UDP.log", REF "vectoradd_SM7_QV100_UDP.csv", 1);
}

/* 16 kernels: every counter but gpu_sim_cycle/insn is a running total in the
 * log, so every kernel's figure is a difference of consecutive dumps. */
Test(accelsim_log, bfs_sixteen_kernels_equal_run_sh_reference)
{
    expect_reference(LOGS "bfs_SM7_QV100_UDP.log", REF "mgpusim-bfs-rodinia-2.0-ft_SM7_QV100_UDP.csv", 16);
}

/* The vectorAdd figures themselves (docs/traces.md derives 801,056 thread
 * and 26,601 warp instructions from the trace; 12,500 read and 6,250 write
 * sectors: 50,000 floats read twice and written once in 32-byte sectors of
 * 8 floats) and the kernel's identity. */
Test(accelsim_log, vectoradd_by_hand)
{
    bwm_accelsim_log log;
    bwm_err err;
    cr_assert_eq(bwm_accelsim_log_read(LOGS "vectoradd_SM7_QV100_UDP.log", &log, &err), BWM_OK, "%s", err.msg);
    const bwm_accelsim_kernel *k = &log.k[0];
    cr_assert_str_eq(k->name, "_Z9vectorAddPKfS0_Pfi");
    cr_assert_eq(k->uid, 1);
    cr_assert_eq(k->stream, 0);
    cr_assert_eq(k->line, 2);
    cr_assert_eq(k->v[BWM_AS_INSTS], 801056);
    cr_assert_eq(k->v[BWM_AS_WARP_INSTS], 26601);
    cr_assert_eq(k->v[BWM_AS_L1D_READS], 2 * 50000 / 8);
    cr_assert_eq(k->v[BWM_AS_L1D_WRITES], 50000 / 8);
    cr_assert_eq(k->v[BWM_AS_L2_READ_MISSES], 2 * 50000 / 8);
    cr_assert_eq(k->v[BWM_AS_DRAM_READS], 2 * 50000 / 8);
    cr_assert_eq(k->v[BWM_AS_DRAM_WRITES], 0);
    bwm_accelsim_log_free(&log);
}

/* Two kernels of one stream, then a third on stream 7.  By hand:
 * kernel 1: L1D reads = HIT 3 + MISS 4 + SECTOR_MISS 2 = 9 (RESERVATION_FAIL
 *   50 and MSHR_HIT 1 left out), read misses 4 + 2 = 6; LOCAL_ACC_R's HIT 1
 *   adds a read: 10; writes GLOBAL_ACC_W MISS 3 (misses 3); CONST_ACC_R is
 *   not the L1D's.  L2 reads: GLOBAL_ACC_R MISS 6 + L2_WR_ALLOC_R HIT 1 = 7,
 *   misses 6; writes GLOBAL_ACC_W HIT 3 + L1_WRBK_ACC MISS 2 = 5, misses 2.
 * kernel 2 (totals less kernel 1's): L1D reads (10+5+2+1+1) - 10 = 9, read
 *   misses 7 - 6 = 1; writes 5 - 3 = 2; L2 reads (9 + 1) - 7 = 3, misses
 *   9 - 6 = 3; warp instructions 50 - 20 = 30, DRAM reads 10 - 6 = 4,
 *   writes 2 - 0 = 2; L1D_total accesses 30 - 12 = 18.
 * kernel 3, stream 7, its first dump: its breakdowns are its own (L1D reads
 *   HIT 4 = 4), the run's totals less kernel 2's (warp 55 - 50 = 5). */
#define DUMP_HEAD(name, uid, stream, cyc, insn, tcyc, tinsn)                                               \
    "kernel_name = " name " \nkernel_launch_uid = " uid " \nkernel_stream_id = " stream "\n"             \
    "gpu_sim_cycle = " cyc "\ngpu_sim_insn = " insn "\ngpu_ipc =       6.4000\n"                         \
    "gpu_tot_sim_cycle = " tcyc "\ngpu_tot_sim_insn = " tinsn "\n"
#define CORE(t, o, v) "\tTotal_core_cache_stats_breakdown[" t "][" o "] = " v "\n"
#define L2B(t, o, v) "\tL2_cache_stats_breakdown[" t "][" o "] = " v "\n"
#define END "L2_total_cache_reservation_fail_breakdown:\nL2_cache_data_port_util = 0.000\n"

static const char *const crafted =
    "Accel-Sim [build crafted]\n"
    "-gpgpu_n_mem 32 # an option echo line, skipped\n"
    DUMP_HEAD("_Z1ai", "1", "0", "100", "640", "100", "640")
    "\tL1D_total_cache_accesses = 12\n\tL1D_total_cache_misses = 9\n"
    CORE("GLOBAL_ACC_R", "HIT", "3") CORE("GLOBAL_ACC_R", "HIT_RESERVED", "0") CORE("GLOBAL_ACC_R", "MISS", "4")
    CORE("GLOBAL_ACC_R", "RESERVATION_FAIL", "50") CORE("GLOBAL_ACC_R", "SECTOR_MISS", "2")
    CORE("GLOBAL_ACC_R", "MSHR_HIT", "1")
    CORE("LOCAL_ACC_R", "HIT", "1")
    CORE("CONST_ACC_R", "HIT", "7")
    CORE("GLOBAL_ACC_W", "MISS", "3")
    CORE("GLOBAL_ACC_R", "TOTAL_ACCESS", "9") CORE("LOCAL_ACC_R", "TOTAL_ACCESS", "1")
    CORE("CONST_ACC_R", "TOTAL_ACCESS", "7") CORE("GLOBAL_ACC_W", "TOTAL_ACCESS", "3")
    "gpgpu_n_tot_thrd_icount = 640\ngpgpu_n_tot_w_icount = 20\n"
    "total dram reads = 6\ntotal dram writes = 0\n"
    "L2_total_cache_accesses = 12\nL2_total_cache_misses = 8\n"
    L2B("GLOBAL_ACC_R", "MISS", "6") L2B("L2_WR_ALLOC_R", "HIT", "1") L2B("GLOBAL_ACC_W", "HIT", "3")
    L2B("L1_WRBK_ACC", "MISS", "2")
    L2B("GLOBAL_ACC_R", "TOTAL_ACCESS", "6") L2B("L2_WR_ALLOC_R", "TOTAL_ACCESS", "1")
    L2B("GLOBAL_ACC_W", "TOTAL_ACCESS", "3") L2B("L1_WRBK_ACC", "TOTAL_ACCESS", "2")
    END
    DUMP_HEAD("_Z1bv", "2", "0", "50", "960", "150", "1600")
    "\tL1D_total_cache_accesses = 30\n\tL1D_total_cache_misses = 16\n"
    CORE("GLOBAL_ACC_R", "HIT", "10") CORE("GLOBAL_ACC_R", "MISS", "5") CORE("GLOBAL_ACC_R", "SECTOR_MISS", "2")
    CORE("GLOBAL_ACC_R", "HIT_RESERVED", "1") CORE("LOCAL_ACC_R", "HIT", "1")
    CORE("GLOBAL_ACC_W", "MISS", "3") CORE("GLOBAL_ACC_W", "HIT", "2")
    "gpgpu_n_tot_w_icount = 50\ntotal dram reads = 10\ntotal dram writes = 2\n"
    "L2_total_cache_accesses = 20\nL2_total_cache_misses = 11\n"
    L2B("GLOBAL_ACC_R", "MISS", "9") L2B("L2_WR_ALLOC_R", "HIT", "1") L2B("GLOBAL_ACC_W", "HIT", "3")
    L2B("L1_WRBK_ACC", "MISS", "2")
    END
    "GPGPU-Sim uArch: a line between dumps\n"
    DUMP_HEAD("_Z1cv", "3", "7", "10", "32", "160", "1632")
    "\tL1D_total_cache_accesses = 34\n\tL1D_total_cache_misses = 16\n"
    CORE("GLOBAL_ACC_R", "HIT", "4")
    "gpgpu_n_tot_w_icount = 55\ntotal dram reads = 10\ntotal dram writes = 2\n"
    "L2_total_cache_accesses = 20\nL2_total_cache_misses = 11\n"
    END
    "GPGPU-Sim: *** exit detected ***\n";

static int read_text(const char *text, char *path, bwm_accelsim_log *log, bwm_err *err)
{
    bwm_write_tmp(path, text);
    int st = bwm_accelsim_log_read(path, log, err);
    unlink(path);
    return st;
}

Test(accelsim_log, crafted_kernels_by_hand)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_accelsim_log log;
    bwm_err err;
    cr_assert_eq(read_text(crafted, path, &log, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(log.n, 3);
    const bwm_accelsim_kernel *k = log.k;
    cr_assert_str_eq(k[0].name, "_Z1ai");
    cr_assert_eq(k[0].line, 3);
    const double want[3][BWM_AS_NALL] = {
        /* cyc insn warp l1r l1rm l1w l1wm l2r l2rm l2w l2wm dr dw | l1acc l1miss l2acc l2miss */
        {100, 640, 20, 10, 6, 3, 3, 7, 6, 5, 2, 6, 0, 12, 9, 12, 8},
        {50, 960, 30, 9, 1, 2, 0, 3, 3, 0, 0, 4, 2, 18, 7, 8, 3},
        {10, 32, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0},
    };
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(k[i].uid, i + 1);
        for (int s = 0; s < BWM_AS_NALL; s++)
            cr_assert_eq(k[i].v[s], want[i][s], "kernel %d %s: %.0f, want %.0f", i + 1, bwm_accelsim_stat_name(s),
                         k[i].v[s], want[i][s]);
    }
    cr_assert_eq(k[0].stream, 0);
    cr_assert_eq(k[2].stream, 7);
    bwm_accelsim_log_free(&log);
}

/* The crafted log with the first occurrence of from replaced by to. */
static void expect_bad(const char *from, const char *to, int line, const char *what)
{
    const char *at = strstr(crafted, from);
    cr_assert(at, "'%s' is not in the crafted log", from);
    size_t n = strlen(crafted) + strlen(to) + 1;
    char *text = malloc(n);
    snprintf(text, n, "%.*s%s%s", (int)(at - crafted), crafted, to, at + strlen(from));
    char path[BWM_TMP_PATH_MAX];
    bwm_accelsim_log log;
    bwm_err err;
    int st = read_text(text, path, &log, &err);
    free(text);
    cr_assert_eq(st, BWM_EINPUT, "no error for '%s' -> '%s'", from, to);
    if (line > 0) {
        bwm_expect_at(err.msg, path, line, what);
    } else {
        cr_assert(strncmp(err.msg, path, strlen(path)) == 0, "message '%s' does not name the file", err.msg);
        cr_assert(strstr(err.msg, what), "message '%s' does not say '%s'", err.msg, what);
    }
    bwm_accelsim_log_free(&log);
}

Test(accelsim_log, non_numeric_and_negative_values_name_the_line)
{
    expect_bad("gpu_sim_cycle = 100", "gpu_sim_cycle = 1x0", 6, "gpu_sim_cycle: '1x0' is not a count");
    expect_bad("gpu_sim_cycle = 100", "gpu_sim_cycle = ", 6, "gpu_sim_cycle: '' is not a count");
    expect_bad("total dram reads = 6", "total dram reads = -6", 28, "total dram reads: '-6' is not a count");
    expect_bad("[GLOBAL_ACC_R][MISS] = 4", "[GLOBAL_ACC_R][MISS] = 4.5", 15, "'4.5' is not a count");
    expect_bad("gpgpu_n_tot_w_icount = 20", "gpgpu_n_tot_w_icount = 9007199254740993", 27, "not a count in 0..2^53");
    /* a value longer than any count, whatever its first 63 bytes say */
    expect_bad("gpu_sim_cycle = 100", "gpu_sim_cycle = 100                                                            7",
               6, "gpu_sim_cycle: '100 ");
}

Test(accelsim_log, truncated_statistic_lines)
{
    /* a breakdown line cut in the middle */
    expect_bad(L2B("GLOBAL_ACC_R", "MISS", "6"), "\tL2_cache_stats_breakdown[GLOBAL_ACC_R][MI\n", 32,
               "not of the form NAME[TYPE][OUTCOME] = COUNT");
    /* the second dump ends after its DRAM reads: the log cut there */
    const char *cut = strstr(crafted, "total dram reads = 10\n");
    char text[4096];
    snprintf(text, sizeof text, "%.*s", (int)(cut - crafted) + 22, crafted);
    char path[BWM_TMP_PATH_MAX];
    bwm_accelsim_log log;
    bwm_err err;
    cr_assert_eq(read_text(text, path, &log, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "no 'total dram writes' for kernel 2 (its statistics start at line 42; log cut "
                              "short?)"), "%s", err.msg);
    bwm_accelsim_log_free(&log);
    /* every statistic there but the end of the L2's breakdown */
    expect_bad(END "GPGPU-Sim uArch", "GPGPU-Sim uArch", 0,
               "no 'L2_total_cache_reservation_fail_breakdown:' for kernel 2 (its statistics start at line 42");
    /* a breakdown type's TOTAL_ACCESS that disagrees with its outcomes */
    expect_bad(CORE("GLOBAL_ACC_R", "TOTAL_ACCESS", "9"), CORE("GLOBAL_ACC_R", "TOTAL_ACCESS", "8"), 22,
               "TOTAL_ACCESS] = 8 but its outcomes add up to 9");
}

Test(accelsim_log, inconsistent_dumps)
{
    expect_bad("gpu_tot_sim_cycle = 150", "gpu_tot_sim_cycle = 151", 48, "not the sums of the kernels'");
    expect_bad("gpgpu_n_tot_w_icount = 50", "gpgpu_n_tot_w_icount = 19", 42,
               "kernel 2: gpgpu_n_tot_w_icount 19 is below the kernel before's 20");
    expect_bad(CORE("GLOBAL_ACC_R", "HIT", "10"), CORE("GLOBAL_ACC_R", "HIT", "0"), 42,
               "kernel 2: L1D_accesses_R 9 is below the kernel before's 10");
    expect_bad("kernel_launch_uid = 2 ", "kernel_launch_uid = 2 3 ", 43, "several kernels in one statistics dump");
    expect_bad("kernel_launch_uid = 2 ", "kernel_launch_uid = ", 43, "a statistics dump of no kernel");
    expect_bad("gpu_sim_insn = 960", "gpu_sim_insn = 960\ngpu_sim_insn = 960", 47, "'gpu_sim_insn' given twice");
    expect_bad(CORE("GLOBAL_ACC_R", "HIT", "10"), CORE("GLOBAL_ACC_R", "HIT", "10") CORE("GLOBAL_ACC_R", "HIT", "1"),
               53, "[GLOBAL_ACC_R][HIT] given twice in one dump");
}

Test(accelsim_log, no_kernel_at_all)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_accelsim_log log;
    bwm_err err;
    cr_assert_eq(read_text("Accel-Sim [build x]\n-gpgpu_n_mem 32 # echo\n", path, &log, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, ": no kernel statistics"), "%s", err.msg);
    bwm_accelsim_log_free(&log);
    cr_assert_eq(read_text("", path, &log, &err), BWM_EINPUT);
    bwm_accelsim_log_free(&log);
    cr_assert_eq(bwm_accelsim_log_read(BWM_SOURCE_DIR "/tests/fixtures/accel-sim", &log, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "is a directory"), "%s", err.msg);
    bwm_accelsim_log_free(&log);
}

Test(accelsim_log, names)
{
    cr_assert_str_eq(bwm_accelsim_stat_name(BWM_AS_CYCLES), "cycles");
    cr_assert_str_eq(bwm_accelsim_stat_ref(BWM_AS_CYCLES), "gpu_sim_cycle");
    cr_assert_str_eq(bwm_accelsim_stat_name(BWM_AS_DRAM_WRITES), "dram_writes");
    cr_assert_str_eq(bwm_accelsim_stat_ref(BWM_AS_L2_WRITE_MISSES), "L2_misses_W");
    cr_assert_str_eq(bwm_accelsim_stat_ref(BWM_AS_NALL), "");
}
