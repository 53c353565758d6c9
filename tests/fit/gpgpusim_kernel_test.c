/* gpgpusim_kernel_test.c — logs holding several kernels: every kernel's block
 * of totals, each kernel's own figures as differences of consecutive blocks,
 * and the errors of cut or inconsistent blocks.  The fixture
 * tests/fixtures/gpgpusim/v4_two_kernels.log is GPGPU-Sim 4.x output of two
 * kernels; every expected number is worked out by hand from it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fit/gpgpusim_kernel.h"
#include "fit/gpgpusim_log.h"
#include "fit/import.h"
#include "tests/support/tmp_text.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/gpgpusim/"

/* The fixture's figures: 2 channels, busW 4 x BL 8 x 2 chips = 64 bytes per
 * column command, core 700 MHz, DRAM 924 MHz, ratio 4 (BL 8 / 4 = 2 command
 * cycles per column command), a sector L2 (32 bytes per miss).
 *
 *                    kernel 1 (line 23)       kernel 2 (line 125)
 * kernel_name        _Z9vectorAddPKfS0_Pfi    _Z6reducePfS_i
 * gpu_tot_sim_cycle  35000                    49000
 * gpu_tot_sim_insn   700000                   952000
 * L2 accesses        30000                    42000
 * L2 misses          12000                    16000
 * DRAM[0] n_cmd      46200                    64680
 *   n_rd/L2_A/write/wr_bk  3000/200/800/400   4500/300/1100/600
 *   bw_util          0.1905                   0.201
 * DRAM[1] n_cmd      46200                    64680
 *   n_rd/L2_A/write/wr_bk  2800/200/700/300   4200/300/1000/500
 *   bw_util          0.1732                   0.1855 */

Test(gpgpusim_kernel, blocks_keep_every_kernels_totals)
{
    bwm_gpgpusim_log log;
    bwm_gpgpusim_kernels ks;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read_kernels(FIX "v4_two_kernels.log", &log, &ks, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(ks.n, 2);
    cr_assert_eq(log.kernels, 2);
    cr_assert_str_eq(ks.k[0].name, "_Z9vectorAddPKfS0_Pfi");
    cr_assert_str_eq(ks.k[1].name, "_Z6reducePfS_i");
    cr_assert(ks.k[0].uid == 1 && ks.k[1].uid == 2);
    cr_assert(ks.k[0].line == 23 && ks.k[1].line == 125);
    cr_assert_float_eq(ks.k[1].cycles, 49000, 0);
    cr_assert_float_eq(ks.k[1].insn, 952000, 0);
    /* summed over the channels: 4500 + 4200, 300 + 300, 1100 + 1000, 600 + 500, 2 x 64680 */
    cr_assert_float_eq(ks.k[1].n_rd, 8700, 0);
    cr_assert_float_eq(ks.k[1].n_rd_l2a, 600, 0);
    cr_assert_float_eq(ks.k[1].n_write, 2100, 0);
    cr_assert_float_eq(ks.k[1].n_wr_bk, 1100, 0);
    cr_assert_float_eq(ks.k[1].n_cmd, 129360, 0);
    /* 0.201 x 64680 + 0.1855 x 64680 = 13000.68 + 11998.14 */
    cr_assert_float_eq(ks.k[1].busy, 24998.82, 1e-6);
    /* the whole run is the last block, as before */
    cr_assert_float_eq(log.cycles, 49000, 0);
    cr_assert_float_eq(bwm_gpgpusim_commands(&log), 8700 + 600 + 2100 + 1100, 0);
    bwm_gpgpusim_kernels_free(&ks);
}

/* A kernel's cycles, instructions, DRAM bytes, ipc, bw (GB/s) and mpki. */
static void expect_kernel(const bwm_gpgpusim_log *k, const double want[6])
{
    const double got[6] = {k->cycles, k->insn, bwm_gpgpusim_commands(k) * bwm_gpgpusim_atom_bytes(k),
                           bwm_gpgpusim_ipc(k), bwm_gpgpusim_bw(k), bwm_gpgpusim_mpki(k)};
    for (int i = 0; i < 6; i++)
        cr_assert_float_eq(got[i], want[i], 1e-9 * want[i], "figure %d: %.17g, not %.17g", i, got[i], want[i]);
}

Test(gpgpusim_kernel, each_kernels_own_figures)
{
    bwm_gpgpusim_log log, k1, k2;
    bwm_gpgpusim_kernels ks;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read_kernels(FIX "v4_two_kernels.log", &log, &ks, &err), BWM_OK, "%s", err.msg);
    bwm_gpgpusim_kernel_log(&log, &ks, 0, &k1);
    bwm_gpgpusim_kernel_log(&log, &ks, 1, &k2);
    /* kernel 1 is its block: 35000 cycles, 700000 instructions, ipc 20;
     * 3000 + 200 + 800 + 400 + 2800 + 200 + 700 + 300 = 8400 commands x 64
     * = 537600 bytes in 35000 / 700 MHz = 5e-5 s: 10.752 GB/s;
     * mpki 12000 x 1000 / 700000 = 17.142857 */
    expect_kernel(&k1, (const double[]){35000, 700000, 537600, 20, 10.752, 12000.0 / 700});
    /* kernel 2: 49000 - 35000 = 14000 cycles, 952000 - 700000 = 252000
     * instructions, ipc 18; (1500 + 100 + 300 + 200) + (1400 + 100 + 300 +
     * 200) = 4100 commands x 64 = 262400 bytes in 2e-5 s: 13.12 GB/s;
     * mpki (16000 - 12000) x 1000 / 252000 = 15.873016 */
    expect_kernel(&k2, (const double[]){14000, 252000, 262400, 18, 13.12, 4000000.0 / 252000});
    cr_assert_float_eq(k2.l2_accesses, 12000, 0);
    /* GPGPU-Sim's own figure, peak 2 x 64 x 4 / 8 x 924 MHz = 59.136 GB/s:
     * kernel 1: (0.1905 + 0.1732) x 46200 / 92400 = 0.18185 -> 10.7538816;
     * kernel 2: (13000.68 + 11998.14 - 8801.1 - 8001.84) / (2 x 18480)
     *   = 8195.88 / 36960 = 0.22175 -> 13.113408 GB/s, 0.05 % below 13.12 */
    cr_assert_float_eq(bwm_gpgpusim_bw_util_gbs(&k1), 0.18185 * 59.136, 1e-9);
    cr_assert_float_eq(bwm_gpgpusim_bw_util_gbs(&k2), 0.22175 * 59.136, 1e-9);
    cr_assert(fabs(bwm_gpgpusim_bw(&k2) / bwm_gpgpusim_bw_util_gbs(&k2) - 1) < 0.02);
    bwm_gpgpusim_kernels_free(&ks);
}

Test(gpgpusim_kernel, import_gives_each_kernel_then_the_whole_run)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_log(&im, FIX "v4_two_kernels.log", 0, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(im.n, 3);
    cr_assert_str_eq(im.rows[0].kernel, "_Z9vectorAddPKfS0_Pfi");
    cr_assert_str_eq(im.rows[1].kernel, "_Z6reducePfS_i");
    cr_assert_str_eq(im.rows[2].kernel, "all");
    cr_assert(im.rows[0].kernel_uid == 1 && im.rows[1].kernel_uid == 2 && im.rows[2].kernel_uid == -1);
    cr_assert_float_eq(im.rows[1].insts, 252000, 0);
    cr_assert_float_eq(im.rows[1].cycles, 14000, 0);
    cr_assert_float_eq(im.rows[1].bw, 13.12, 1e-9);
    /* (13.12 - 13.113408) / 13.113408 */
    cr_assert_float_eq(im.rows[1].bw_diff, 0.006592 / 13.113408, 1e-12);
    /* whole run: 12500 commands x 64 = 800000 bytes in 7e-5 s */
    cr_assert_float_eq(im.rows[2].bw, 0.8 / 0.07, 1e-9);
    cr_assert_float_eq(im.rows[2].insts, 952000, 0);
    /* the model, 32 bytes per miss: kernel 1 10.752e9 / (32 x 12/700) / 700e6 = 28;
     * only the whole run enters the MARE: |30.357143 - 19.428571| / 19.428571 = 0.5625 */
    cr_assert_float_eq(im.rows[0].ipc_model, 28, 1e-9);
    size_t n;
    cr_assert_float_eq(bwm_import_mare(&im, &n), 0.5625, 1e-9);
    cr_assert_eq(n, 1);
    bwm_import_free(&im);
}

/* The fixture with lines from..to (1-based, inclusive) replaced by
 * replacement, written to path. */
static void variant(char *path, int from, int to, const char *replacement)
{
    FILE *f = fopen(FIX "v4_two_kernels.log", "r");
    cr_assert_not_null(f);
    static char text[65536];
    size_t n = 0;
    char line[1024];
    for (int no = 1; fgets(line, sizeof line, f); no++) {
        const char *put = no < from || no > to ? line : no == from ? replacement : "";
        size_t len = strlen(put);
        cr_assert(n + len < sizeof text);
        memcpy(text + n, put, len);
        n += len;
    }
    fclose(f);
    text[n] = '\0';
    bwm_write_tmp(path, text);
}

static void bad_variant(int from, int to, const char *replacement, int line, const char *what)
{
    char path[BWM_TMP_PATH_MAX];
    variant(path, from, to, replacement);
    bwm_gpgpusim_log log;
    bwm_gpgpusim_kernels ks;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read_kernels(path, &log, &ks, &err), BWM_EINPUT, "lines %d..%d: accepted", from, to);
    if (line > 0) {
        bwm_expect_at(err.msg, path, line, what);
    } else {
        cr_assert(strncmp(err.msg, path, strlen(path)) == 0, "'%s' does not name %s", err.msg, path);
        cr_assert(strstr(err.msg, what), "'%s' does not say '%s'", err.msg, what);
    }
    bwm_gpgpusim_kernels_free(&ks);
    unlink(path);
}

Test(gpgpusim_kernel, cut_or_inconsistent_blocks_name_the_file_and_line)
{
    /* cut after kernel 2's kernel_name and kernel_launch_uid */
    bad_variant(127, 224, "", 0, ": no 'gpu_tot_sim_cycle' for kernel 2 (its statistics start at line 125; log cut "
                "short?)");
    /* kernel 2 without its DRAM[1] block */
    bad_variant(177, 210, "", 0, ": no 'DRAM[1]' for kernel 2 (its statistics start at line 125;");
    /* kernel 2 without its kernel_name line */
    bad_variant(125, 125, "", 0, ": no 'kernel_name' for kernel 2 (its statistics start at line 125;");
    /* a total that shrinks: kernel 2's DRAM[0] n_rd 1000, so 1000 + 4200 < 5800 */
    bad_variant(147, 147, "n_cmd=64680 n_nop=54610 n_act=1800 n_pre=1770 n_ref_event=0 n_req=6500 n_rd=1000 "
                "n_rd_L2_A=300 n_write=1100 n_wr_bk=600 bw_util=0.201\n", 125,
                "kernel 2: n_rd (all channels) 5200 is below kernel 1's 5800");
    /* a kernel that adds no cycles */
    bad_variant(130, 130, "gpu_tot_sim_cycle = 35000\n", 125, "kernel 2: gpu_tot_sim_cycle 35000 stays at kernel 1's");
    /* a kernel that adds no instructions is one (see real_4_2_0_log_with_an_empty_block), but cycles
       that shrink are not */
    bad_variant(130, 130, "gpu_tot_sim_cycle = 34000\n", 125, "kernel 2: gpu_tot_sim_cycle 34000 is below kernel 1's");
    /* a malformed kernel_launch_uid */
    bad_variant(126, 126, "kernel_launch_uid = two \n", 126, "kernel_launch_uid: 'two' is not a count");
}

/* Lines kept verbatim from a published GPGPU-Sim 4.2.0 (Accel-Sim) log,
 * benchmark_1_stream_clean.log of the public repository
 * hal-uw/accel-sim-multiStream-stats (commit c2a5be46): the SM7_QV100
 * configuration (24 HBM channels, busW 16 x BL 2 x 1 chip = 32 bytes per
 * column command, BL 2 / ratio 2 = 1 command cycle, core 1200 MHz, DRAM
 * 850 MHz, so a peak of 24 x 32 x 850e6 = 652.8 GB/s), a run of several
 * streams.  Kept: the banner, the options the reader needs and, of each of
 * its four blocks, the kernel lines, the gpu_* lines, every channel's DRAM
 * lines and the L2 totals.  Its channels come in three groups of eight with
 * the same counts:
 *
 *   block (line)          insn tot  cycle tot  n_cmd  n_rd per group   bw_util per group
 *   1 saxpy x2, uids 1 3  53248     750        531    64 / 8 / 24      0.1205 0.01507 0.0452
 *   2 (empty lines)       53248     758        537    64 / 8 / 24      0.1192 0.0149 0.04469
 *   3 scale, uid 2        75776     1247       883    64 / 8 / 24      0.07248 0.00906 0.02718
 *   4 add, uid 4          110592    1901       1346   72 / 16 / 40     0.05349 0.01189 0.02972
 *
 * Block 2 is the multi-stream build's: 8 cycles, no instructions, empty
 * kernel_name and kernel_launch_uid.  It is a kernel of its own with no
 * uid, no mpki, and no bw_util: the digits cannot tell its data-bus cycles
 * from none.  For one channel of each group they give
 * (0.1192 + 0.0149 + 0.04469) x 537 - (0.1205 + 0.01507 + 0.0452) x 531 =
 * 0.02136, while their rounding may be up to half a unit of each last digit,
 * (5e-5 + 5e-6 + 5e-6) x (531 + 537) = 0.064. */
Test(gpgpusim_kernel, real_4_2_0_log_with_an_empty_block)
{
    bwm_gpgpusim_log log, k[4];
    bwm_gpgpusim_kernels ks;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read_kernels(FIX "v4_2_0_qv100_excerpt.log", &log, &ks, &err), BWM_OK, "%s",
                 err.msg);
    cr_assert_eq(ks.n, 4);
    cr_assert_str_eq(ks.k[0].name, "_Z5saxpyifPfS_ _Z5saxpyifPfS_");
    cr_assert_null(ks.k[1].name);
    cr_assert_str_eq(ks.k[3].name, "_Z3addiPfS_");
    cr_assert(ks.k[0].uid == 1 && ks.k[1].uid == -1 && ks.k[2].uid == 2 && ks.k[3].uid == 4);
    for (size_t i = 0; i < 4; i++)
        bwm_gpgpusim_kernel_log(&log, &ks, i, &k[i]);
    /* kernel 1: 8 x (64 + 8 + 24) = 768 reads x 32 bytes in 750 / 1200 MHz:
     * 39.3216 GB/s; GPGPU-Sim's: (0.1205 + 0.01507 + 0.0452) / 3 x 652.8 */
    expect_kernel(&k[0], (const double[]){750, 53248, 24576, 53248.0 / 750, 39.3216, 768000.0 / 53248});
    cr_assert_float_eq(bwm_gpgpusim_bw_util_gbs(&k[0]), 0.18077 / 3 * 652.8, 1e-9);
    /* the empty block */
    cr_assert_float_eq(k[1].cycles, 8, 0);
    cr_assert_float_eq(k[1].insn, 0, 0);
    cr_assert_float_eq(bwm_gpgpusim_ipc(&k[1]), 0, 0);
    cr_assert(isnan(bwm_gpgpusim_mpki(&k[1])));
    cr_assert_float_eq(bwm_gpgpusim_bw(&k[1]), 0, 0);
    cr_assert_lt(bwm_gpgpusim_bw_util_gbs(&k[1]), 0);
    /* kernel 3 adds no DRAM reads: bw 0; its digits give -0.084 data-bus cycles */
    cr_assert_float_eq(bwm_gpgpusim_bw(&k[2]), 0, 0);
    cr_assert_lt(bwm_gpgpusim_bw_util_gbs(&k[2]), 0);
    /* kernel 4: 8 x (8 + 8 + 16) = 256 reads x 32 bytes in 654 / 1200 MHz:
     * 15.031193 GB/s; GPGPU-Sim's: (1346 x 0.0951 - 883 x 0.10872) x 8 data-bus
     * cycles over 24 x 463 command cycles = 0.0230417 x 652.8 = 15.041584 */
    expect_kernel(&k[3], (const double[]){654, 34816, 8192, 34816.0 / 654, 8192 / (654 / 1200e6) / 1e9,
                                          256000.0 / 34816});
    cr_assert_float_eq(bwm_gpgpusim_bw_util_gbs(&k[3]), (1346 * 0.0951 - 883 * 0.10872) * 8 / (24 * 463) * 652.8,
                       1e-9);
    cr_assert(fabs(bwm_gpgpusim_bw(&k[3]) / bwm_gpgpusim_bw_util_gbs(&k[3]) - 1) < 1e-3);
    /* the whole run: 1024 reads in 1901 cycles, 20.684692 GB/s against
     * GPGPU-Sim's (0.05349 + 0.01189 + 0.02972) / 3 x 652.8 = 20.69376 */
    cr_assert_float_eq(bwm_gpgpusim_bw(&log), 32768 / (1901 / 1200e6) / 1e9, 1e-9);
    cr_assert_float_eq(bwm_gpgpusim_bw_util_gbs(&log), 0.0951 / 3 * 652.8, 1e-9);
    cr_assert(fabs(bwm_gpgpusim_bw(&log) / bwm_gpgpusim_bw_util_gbs(&log) - 1) < 1e-3);
    bwm_gpgpusim_kernels_free(&ks);
}

Test(gpgpusim_kernel, import_rows_of_the_real_4_2_0_log)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    cr_assert_eq(bwm_import_log(&im, FIX "v4_2_0_qv100_excerpt.log", 0, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(im.n, 5, "four kernels, then the whole run");
    const bwm_import_row *empty = &im.rows[1];
    cr_assert(empty->per_kernel);
    cr_assert_null(empty->kernel);
    cr_assert_eq(empty->kernel_uid, -1);
    cr_assert_float_eq(empty->insts, 0, 0);
    cr_assert(isnan(empty->mpki) && isnan(empty->ipc_model) && isnan(empty->ipc_model_err));
    cr_assert(isnan(empty->bw_util_gbs) && isnan(empty->bw_diff));
    /* a sector L2: 32 bytes per miss, and every miss here is a DRAM read, so
       the model gives the measured ipc of every kernel with misses */
    cr_assert_float_eq(im.rows[3].ipc_model, im.rows[3].ipc, 1e-9 * im.rows[3].ipc);
    cr_assert_str_eq(im.rows[4].kernel, "all");
    cr_assert(!im.rows[4].per_kernel);
    cr_assert(fabs(im.rows[4].bw_diff) < 1e-3, "%g", im.rows[4].bw_diff);
    bwm_import_free(&im);
}

Test(gpgpusim_kernel, the_cut_fixture)
{
    bwm_gpgpusim_log log;
    bwm_err err;
    cr_assert_eq(bwm_gpgpusim_log_read(FIX "v4_cut_kernel2.log", &log, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "v4_cut_kernel2.log: no 'gpu_tot_sim_cycle' for kernel 2 (its statistics start at "
                              "line 125; log cut short?)"), "%s", err.msg);
}
