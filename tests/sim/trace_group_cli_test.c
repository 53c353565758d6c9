/* trace_group_cli_test.c — "bwmpki sim run" with traced applications in a
 * group: trace folders beside catalogue rows, in paper mode and cycles
 * mode, on SM7_QV100's files with launch latency 0.
 *
 * vectorAdd (tests/fixtures/traces/vectoradd) is one kernel of 801,056
 * thread instructions that reads 12,500 sectors and writes 6,250, each
 * once (trace_run_cli_test.c derives them); matrixMul
 * (microgpusim-matrixmul-32-32) is one kernel of 139,264 thread
 * instructions, 256 read and 128 written sectors.  A first pass of either
 * list is exactly those counts, however long the pass takes beside another
 * application; a second pass would double them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/csv_field.h"
#include "tests/support/cli_run.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define VECTORADD FIX "traces/vectoradd"
#define MATRIXMUL FIX "traces/microgpusim-matrixmul-32-32"
#define QV100                                                                                                        \
    "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config "                 \
    "--set '-gpgpu_kernel_launch_latency 0'"

/* Rows of a CSV (its lines after the header) that start with prefix. */
static int rows_starting(const char *csv, const char *prefix)
{
    int n = 0;
    for (const char *p = strchr(csv, '\n'); p && p[1]; p = strchr(p + 1, '\n'))
        n += strncmp(p + 1, prefix, strlen(prefix)) == 0;
    return n;
}

/* Paper mode: vectorAdd's statistics are its first pass's, although it
 * runs on (a second pass) until BLK has its budget. */
Test(trace_group_cli, paper_mode_counts_the_first_pass)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:%s,BLK %s --paper-mode --insts 20000000 --table kernels --format csv",
                VECTORADD, QV100);
    bwm_expect_ok(&r);
    cr_expect_eq(rows_starting(r.out, "vectoradd,1,"), 1, "one kernel of the first pass: %s", r.out);
    cr_expect_eq(rows_starting(r.out, "vectoradd,2,"), 0, "the second pass is not recorded: %s", r.out);
    static const char *const counts[][2] = {
        {"insts", "801056"},       {"l1d_reads", "12500"}, {"l1d_writes", "6250"}, {"l2_reads", "12500"},
        {"l2_writes", "6250"},     {"dram_reads", "12500"}, {"complete", "true"},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        bwm_expect_csv_field(r.out, "vectoradd,total,", counts[i][0], counts[i][1]);
    bwm_run_free(&r);

    bwm_run_cli(&r, "sim run --apps trace:%s,BLK %s --paper-mode --insts 20000000 --format json", VECTORADD, QV100);
    bwm_expect_ok(&r);
    const char *va = strstr(r.out, "\"app\":\"vectoradd\""), *blk = strstr(r.out, "\"app\":\"BLK\"");
    cr_assert(va && blk, "%s", r.out);
    cr_expect_eq(bwm_json_number(va, "insts"), 801056, "vectorAdd's insts: its first pass");
    cr_expect_eq(bwm_json_number(blk, "insts"), 20000000, "BLK's: its budget");
    double va_cycles = bwm_json_number(va, "cycles"), blk_cycles = bwm_json_number(blk, "cycles");
    cr_expect_gt(blk_cycles, 2 * va_cycles, "BLK runs long past vectorAdd's first pass (%g, %g)", blk_cycles,
                 va_cycles);
    bwm_run_free(&r);
}

/* A traced application alone as a workload of one (--paper-mode) is its
 * trace-mode run: the same kernels, cycle for cycle. */
Test(trace_group_cli, alone_in_a_group_equals_its_alone_run)
{
    bwm_run alone, group;
    bwm_run_cli(&alone, "sim run --apps trace:%s %s --format csv", MATRIXMUL, QV100);
    bwm_run_cli(&group, "sim run --apps trace:%s %s --paper-mode --table kernels --format csv", MATRIXMUL, QV100);
    bwm_expect_ok(&alone);
    bwm_expect_ok(&group);
    cr_expect_str_eq(group.out, alone.out, "the kernels of the group run and of the trace mode differ");
    bwm_run_free(&group);
    /* and its alone profile in the workload's output is that run's */
    bwm_run_cli(&group, "sim run --apps trace:%s %s --paper-mode --format json", MATRIXMUL, QV100);
    bwm_expect_ok(&group);
    cr_expect_eq(bwm_json_number(group.out, "sd"), 1, "slowdown of an application alone");
    cr_expect_eq(bwm_json_number(group.out, "ipc"), bwm_json_number(group.out, "ipc_alone"));
    bwm_run_free(&group);
    bwm_run_free(&alone);
}

/* Cycles mode: a list that ends starts again, every pass recorded; two
 * runs with one seed are byte-identical (and the run's drain checks that
 * every request was answered once: a run that fails it exits 1). */
Test(trace_group_cli, cycles_mode_repeats_the_list_deterministically)
{
    bwm_run a, b;
    const char *args = "sim run --apps trace:%s,GUPS,trace:%s %s --cycles 30000 --warmup 1000 --sched its "
                       "--table kernels --format csv";
    bwm_run_cli(&a, args, MATRIXMUL, VECTORADD, QV100);
    bwm_run_cli(&b, args, MATRIXMUL, VECTORADD, QV100);
    bwm_expect_ok(&a);
    bwm_expect_ok(&b);
    cr_expect_str_eq(a.out, b.out, "same seed, different output");
    cr_expect_geq(rows_starting(a.out, "microgpusim-matrixmul-32-32,3,"), 1, "matrixMul's third pass: %s", a.out);
    cr_expect_geq(rows_starting(a.out, "vectoradd,2,"), 1, "vectorAdd's second pass: %s", a.out);
    bwm_expect_csv_field(a.out, "vectoradd,total,", "complete", "true");
    bwm_run_free(&a);
    bwm_run_free(&b);
}

/* One folder twice under two names: two applications with address spaces
 * of their own, so each one's first pass misses in the L2 as alone. */
Test(trace_group_cli, one_folder_twice)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:A=%s,trace:B=%s %s --paper-mode --table kernels --format csv", VECTORADD,
                VECTORADD, QV100);
    bwm_expect_ok(&r);
    bwm_expect_csv_field(r.out, "A,total,", "l2_read_misses", "12500");
    bwm_expect_csv_field(r.out, "B,total,", "l2_read_misses", "12500");
    bwm_run_free(&r);
}

/* Traced applications in pages: placed by colour (--colors on gtx1080's
 * memory, which has colours) or first touch, and translated through TLBs
 * and page walks (-bwm_mmu).  Placement moves lines to other frames, never
 * adds or removes an access: vectorAdd's first pass is still its 801,056
 * instructions and 12,500 read misses, each sector read once; translating
 * it walks its page table (walks > 0).  Two runs are byte-identical. */
#define TRACE_FILES "--config " FIX "accel-sim/SM7_QV100/trace.config"
Test(trace_group_cli, pages_colours_and_translation)
{
    static const char *const placements[] = {
        "--config " BWM_SOURCE_DIR "/data/configs/gtx1080.config " TRACE_FILES " --colors 1,1",
        "--config " FIX "tested-cfgs/SM7_QV100.config " TRACE_FILES " --set '-bwm_vm first-touch'",
        "--config " FIX "tested-cfgs/SM7_QV100.config " TRACE_FILES " --set '-bwm_vm temp'",
    };
    for (size_t i = 0; i < sizeof placements / sizeof placements[0]; i++) {
        bwm_run a, b;
        bwm_run_cli(&a, "sim run --apps trace:%s,GUPS %s --paper-mode --insts 200000 --table kernels --format csv",
                    VECTORADD, placements[i]);
        bwm_expect_ok(&a);
        bwm_expect_csv_field(a.out, "vectoradd,total,", "insts", "801056");
        bwm_expect_csv_field(a.out, "vectoradd,total,", "l2_read_misses", "12500");
        bwm_run_cli(&b, "sim run --apps trace:%s,GUPS %s --paper-mode --insts 200000 --table kernels --format csv",
                    VECTORADD, placements[i]);
        cr_expect_str_eq(a.out, b.out, "%s", placements[i]);
        bwm_run_free(&a);
        bwm_run_free(&b);
    }
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:%s,BLK --config " FIX "tested-cfgs/SM7_QV100.config " TRACE_FILES
                " --set '-bwm_mmu shared_tlb' --paper-mode --insts 200000 --columns app,insts,walks --format csv",
                VECTORADD);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "vectoradd,801056,");
    const char *walks = strstr(r.out, "vectoradd,801056,");
    cr_expect(walks && atoi(walks + strlen("vectoradd,801056,")) > 0, "%s", r.out);
    bwm_run_free(&r);
}

Test(trace_group_cli, bad_input)
{
    bwm_expect_bad_cli("sim run --apps trace:" FIX "traces,BLK " QV100, "kernelslist.g");
    bwm_expect_bad_cli("sim run --apps trace:" VECTORADD ",BLK " QV100 " --colors 8,8", "--colors");
    bwm_expect_bad_cli("sim run --apps BLK,QTC --table kernels", "--table");
    bwm_expect_bad_cli("sim run --apps trace:" VECTORADD ",NOPE " QV100, "NOPE");
    /* matrixMul's 1024-thread blocks of 30 registers (32 after rounding)
     * need 32,768 registers; mask17's SMs have 8,192: refused before any run */
    bwm_expect_bad_cli("sim run --apps BLK,trace:" MATRIXMUL " --config " BWM_SOURCE_DIR "/data/configs/mask17.config",
                       "option --apps: kernel 1 (_Z8mult_gpuIfEvPT_S1_S1_ii), " MATRIXMUL "/kernel-1.traceg.xz: a CTA's "
                       "32768 registers (1024 threads padded to whole warps, 30 registers each rounded up to 32) do "
                       "not fit in an SM's 8192 (-gpgpu_shader_registers)");
}
