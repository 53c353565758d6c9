/* trace_launch_cli_test.c — what happens between a traced application's
 * kernels (sim/gpu/kernel_launch.h): -gpgpu_flush_l2_cache and
 * -gpgpu_TB_launch_latency, through "bwmpki sim run --apps trace:PATH" on
 * QV100+UDP with kernel launch latency 0.
 *
 * tests/fixtures/traces/l2-reread is crafted for it: two kernels of one
 * block of one warp.  Kernel 1 (5 instructions) loads line A (32
 * consecutive words at 0x7f2000000000: 4 sectors) and stores them to line
 * B (0x7f2000100000); kernel 2 (6 instructions) loads A and B.  Counts in
 * 32-byte sectors, by hand:
 *   - kernel 1: L1D reads 4, all misses; L1D writes 4 (write-no-allocate:
 *     misses); L2 reads 4, misses 4, DRAM reads 4; L2 writes 4, misses 4
 *     (QV100's L2, "L:B:m:L", takes a store miss's line dirty without a
 *     fetch: lazy fetch-on-read).
 *   - kernel 2: QV100 flushes the L1D between kernels (-gpgpu_flush_l1_cache
 *     1), so its 8 L1D reads miss and reach the L2.  Without the L2 flush
 *     A and B are there: 8 hits, no DRAM read.  With it, GPGPU-Sim's flush
 *     (tag_array::flush) drops B, dirty, without writing it back, and keeps
 *     A, clean: 4 misses, 4 DRAM reads, and still 0 DRAM writes.
 *   - 11 warp instructions, 352 thread instructions.
 * Accel-Sim on the same files gives exactly these counts, with and
 * without the flush (docs/traces.md).
 *
 * The block launch latency: GPGPU-Sim delays a kernel's first block by
 * -gpgpu_kernel_launch_latency + grid blocks × -gpgpu_TB_launch_latency
 * (kernel_info_t's m_kernel_TB_latency), counted in the kernel's cycles. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define QV100_UDP                                                                                                 \
    "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config --config " FIX \
    "accel-sim/SM7_QV100_UDP.trace.config"

enum { K1, K2, TOTAL };
#define N_KEYS 12
static const char *const keys[N_KEYS] = {"insts",      "warp_insts",       "l1d_reads", "l1d_read_misses",
                                         "l1d_writes", "l1d_write_misses", "l2_reads",  "l2_read_misses",
                                         "l2_writes",  "l2_write_misses",  "dram_reads", "dram_writes"};

/* Runs trace `name` with the extra GPGPU-Sim options `set` and returns the
 * JSON output (to free); rows[K1], [K2], [TOTAL] point at its kernel rows. */
static char *run(const char *name, const char *set, const char *rows[3])
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" FIX "traces/%s " QV100_UDP
                " --set '-gpgpu_kernel_launch_latency 0 %s' --format json", name, set);
    bwm_expect_ok(&r);
    cr_expect_str_eq(r.err, "", "no warning: %s", r.err);
    char *out = strdup(r.out);
    bwm_run_free(&r);
    cr_assert(out);
    rows[K1] = strstr(out, "\"kernel\":1,");
    rows[K2] = strstr(out, "\"kernel\":2,");
    rows[TOTAL] = strstr(out, "\"kernel\":\"total\"");
    cr_assert(rows[TOTAL], "no total row: %s", out);
    return out;
}

static void expect_counts(const char *row, const double *want, const char *what)
{
    cr_assert(row, "no row for %s", what);
    for (int i = 0; i < N_KEYS; i++)
        cr_expect_eq(bwm_json_number(row, keys[i]), want[i], "%s %s: %g, by hand %g", what, keys[i],
                     bwm_json_number(row, keys[i]), want[i]);
}

static const double kernel1[N_KEYS] = {160, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0};

/* l2-reread with -gpgpu_flush_l2_cache flush: kernel 1's counts, and
 * kernel 2's and the total's as given. */
static void expect_reread(int flush, const double *k2, const double *total)
{
    const char *rows[3];
    char set[64];
    snprintf(set, sizeof set, "-gpgpu_flush_l2_cache %d", flush);
    char *out = run("l2-reread", set, rows);
    expect_counts(rows[K1], kernel1, "kernel 1");
    expect_counts(rows[K2], k2, "kernel 2");
    expect_counts(rows[TOTAL], total, "total");
    free(out);
}

Test(trace_launch, without_the_l2_flush_kernel_2_hits_what_kernel_1_left)
{
    static const double k2[N_KEYS] = {192, 6, 8, 8, 0, 0, 8, 0, 0, 0, 0, 0};
    static const double total[N_KEYS] = {352, 11, 12, 12, 4, 4, 12, 4, 4, 4, 4, 0};
    expect_reread(0, k2, total);
}

Test(trace_launch, the_l2_flush_drops_the_dirty_line_unwritten_and_keeps_the_clean_one)
{
    static const double k2[N_KEYS] = {192, 6, 8, 8, 0, 0, 8, 4, 0, 0, 4, 0};
    static const double total[N_KEYS] = {352, 11, 12, 12, 4, 4, 12, 8, 4, 4, 8, 0};
    expect_reread(1, k2, total);
}

/* The delay is the kernel's: its cycles grow by blocks × latency.  Only
 * the core clock moves with it; the L2's and DRAM's clocks are met at
 * another phase, which may move the kernel's end by a few cycles (Accel-Sim
 * moves vectoradd's 1,197 cycles to 3,154 at latency 10, 196 blocks: 1,957
 * for 1,960), hence the tolerance. */
static void expect_delay(const char *trace, double blocks, double per_block)
{
    const char *r0[3], *r1[3];
    char set[96];
    char *base = run(trace, "-gpgpu_TB_launch_latency 0", r0);
    snprintf(set, sizeof set, "-gpgpu_TB_launch_latency %g", per_block);
    char *late = run(trace, set, r1);
    double grew = bwm_json_number(r1[TOTAL], "cycles") - bwm_json_number(r0[TOTAL], "cycles");
    double want = blocks * per_block;
    cr_expect(grew >= want - 5 && grew <= want + 5, "%s: cycles grew by %g, by hand %g", trace, grew, want);
    for (int i = 0; i < N_KEYS; i++)
        cr_expect_eq(bwm_json_number(r1[TOTAL], keys[i]), bwm_json_number(r0[TOTAL], keys[i]),
                     "%s: %s does not move", trace, keys[i]);
    free(base);
    free(late);
}

Test(trace_launch, block_launch_latency_delays_each_kernel_by_its_grid)
{
    expect_delay("l2-reread", 2 * 1, 100);   /* two kernels of one block */
    expect_delay("vectoradd", 196, 10);      /* one kernel, grid (196,1,1) */
}
