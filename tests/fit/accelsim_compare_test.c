/* accelsim_compare_test.c — the error table of bwmpki's kernels beside
 * Accel-Sim's: percentages by hand, the total and summary rows, and kernels
 * that do not match (input errors naming the log and the kernel). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/accelsim_compare.h"
#include "io/table.h"
#include "util/buf.h"

Test(accelsim_compare, diff_pct_by_hand)
{
    /* vectorAdd's cycles on QV100+UDP: bwmpki 1178, Accel-Sim 1197 */
    cr_assert_float_eq(bwm_accelsim_diff_pct(1178, 1197), 100.0 * -19 / 1197, 1e-12);
    cr_assert_float_eq(bwm_accelsim_diff_pct(1178, 1197), -1.587301587, 1e-9);
    /* bfs's L2 read misses: 4471 against 4991 */
    cr_assert_float_eq(bwm_accelsim_diff_pct(4471, 4991), -10.4187537568, 1e-9);
    cr_assert_float_eq(bwm_accelsim_diff_pct(150, 100), 50, 1e-12);
    cr_assert_eq(bwm_accelsim_diff_pct(0, 0), 0);
    cr_assert(isnan(bwm_accelsim_diff_pct(3, 0)));
}

/* Two kernels, Accel-Sim's listed in the order they finished (uid 2 first). */
static bwm_accelsim_kernel as_k[2];
static bwm_accelsim_ours ours_k[2];

static void setup(void)
{
    memset(as_k, 0, sizeof as_k);
    memset(ours_k, 0, sizeof ours_k);
    as_k[0] = (bwm_accelsim_kernel){.name = "_Z1bv", .uid = 2, .line = 90};
    as_k[1] = (bwm_accelsim_kernel){.name = "_Z1ai", .uid = 1, .line = 10};
    ours_k[0] = (bwm_accelsim_ours){.name = "_Z1ai", .complete = 1};
    ours_k[1] = (bwm_accelsim_ours){.name = "_Z1bv", .complete = 1};
    for (int s = 0; s < BWM_AS_NSTAT; s++) {
        as_k[1].v[s] = 100; /* kernel 1: Accel-Sim 100 of everything */
        ours_k[0].v[s] = 100 + s; /* bwmpki s more: s % */
        as_k[0].v[s] = 0;   /* kernel 2: Accel-Sim 0 ... */
        ours_k[1].v[s] = 0; /* ... and bwmpki 0 */
    }
    ours_k[1].v[BWM_AS_DRAM_WRITES] = 4; /* but 4 DRAM writes */
    as_k[0].v[BWM_AS_CYCLES] = 50;
    ours_k[1].v[BWM_AS_CYCLES] = 40;
}

static const char *render(const bwm_table *t, bwm_buf *b)
{
    bwm_buf_init(b);
    bwm_table_render(t, BWM_FMT_CSV, b);
    return bwm_buf_str(b);
}

Test(accelsim_compare, rows_totals_and_summary, .init = setup)
{
    bwm_accelsim_log as = {as_k, 2, 2};
    bwm_table t[2];
    bwm_err err;
    cr_assert_eq(bwm_accelsim_compare("as.log", &as, ours_k, 2, t, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_table_rows(&t[0]), 3 * BWM_AS_NSTAT);
    cr_assert_eq(bwm_table_rows(&t[1]), BWM_AS_NSTAT);
    bwm_buf b0, b1;
    const char *csv = render(&t[0], &b0);
    /* kernel 1 (Accel-Sim's second dump): bwmpki 100 + s against 100 */
    cr_assert(strstr(csv, "\n1,_Z1ai,cycles,gpu_sim_cycle,100,100,0,0\n"), "%s", csv);
    cr_assert(strstr(csv, "\n1,_Z1ai,insts,gpu_sim_insn,101,100,1,1\n"), "%s", csv);
    cr_assert(strstr(csv, "\n1,_Z1ai,dram_writes,total_dram_writes,112,100,12,12\n"), "%s", csv);
    /* kernel 2: 40 cycles against 50 is -20 %; 4 writes against 0 has no % */
    cr_assert(strstr(csv, "\n2,_Z1bv,cycles,gpu_sim_cycle,40,50,-10,-20\n"), "%s", csv);
    cr_assert(strstr(csv, "\n2,_Z1bv,l2_reads,L2_accesses_R,0,0,0,0\n"), "%s", csv);
    cr_assert(strstr(csv, "\n2,_Z1bv,dram_writes,total_dram_writes,4,0,4,\n"), "%s", csv);
    /* totals: cycles 140 against 150 (-6.67 %), DRAM writes 116 against 100 */
    cr_assert(strstr(csv, "\ntotal,total,cycles,gpu_sim_cycle,140,150,-10,-6.66666666667\n"), "%s", csv);
    cr_assert(strstr(csv, "\ntotal,total,dram_writes,total_dram_writes,116,100,16,16\n"), "%s", csv);
    const char *sum = render(&t[1], &b1);
    const char *head = "statistic,accelsim_name,bwmpki,accelsim,diff_pct,max_abs_diff_pct,worst_kernel\n";
    cr_assert(strncmp(sum, head, strlen(head)) == 0, "%s", sum);
    /* cycles: kernel 2's |-20| beats kernel 1's 0 */
    cr_assert(strstr(sum, "\ncycles,gpu_sim_cycle,140,150,-6.66666666667,20,2\n"), "%s", sum);
    /* DRAM writes: kernel 1's 12 %; kernel 2's has none */
    cr_assert(strstr(sum, "\ndram_writes,total_dram_writes,116,100,16,12,1\n"), "%s", sum);
    bwm_buf_free(&b0);
    bwm_buf_free(&b1);
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
}

static void expect_mismatch(size_t n_as, size_t n_ours, const char *what)
{
    bwm_accelsim_log as = {as_k, n_as, n_as};
    bwm_table t[2];
    bwm_err err;
    cr_assert_eq(bwm_accelsim_compare("as.log", &as, ours_k, n_ours, t, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, what), "'%s' does not say '%s'", err.msg, what);
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
}

Test(accelsim_compare, kernels_that_do_not_match, .init = setup)
{
    expect_mismatch(2, 1, "as.log: 2 kernels, but bwmpki's run of the trace has 1");
    ours_k[1].name = "_Z1cv";
    expect_mismatch(2, 2, "as.log:90: kernel 2 is '_Z1bv', but bwmpki's kernel 2 is '_Z1cv'");
    ours_k[1].name = "_Z1bv";
    as_k[0].uid = 3;
    expect_mismatch(2, 2, "as.log:90: kernel_launch_uid 3 is not one of 1..2");
    as_k[0].uid = 1;
    expect_mismatch(2, 2, "as.log:10: kernel_launch_uid 1 twice (first at line 90)");
    as_k[0].uid = 2;
    ours_k[0].complete = 0;
    expect_mismatch(2, 2, "bwmpki's kernel 1 (_Z1ai) did not run to its end");
}

/* bwmpki keeps 255 bytes of a kernel's name: such a name matches the longer
 * Accel-Sim name it starts, and no other. */
Test(accelsim_compare, long_names_cut_by_bwmpki_still_match, .init = setup)
{
    char cut[256], full[301], other[301];
    memset(cut, 'a', 255);
    cut[255] = '\0';
    memset(full, 'a', 300);
    full[300] = '\0';
    memcpy(other, full, sizeof other);
    other[100] = 'b';
    ours_k[0].name = cut;
    as_k[1].name = full;
    bwm_accelsim_log as = {as_k, 2, 2};
    bwm_table t[2];
    bwm_err err;
    cr_assert_eq(bwm_accelsim_compare("as.log", &as, ours_k, 2, t, &err), BWM_OK, "%s", err.msg);
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
    as_k[1].name = other;
    expect_mismatch(2, 2, "as.log:10: kernel 1 is 'aaa");
}
