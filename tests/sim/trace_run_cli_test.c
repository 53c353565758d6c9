/* trace_run_cli_test.c — "bwmpki sim run --apps trace:PATH": vectorAdd
 * (tests/fixtures/traces/vectoradd) on Accel-Sim's SM86_RTX3070 and
 * QV100+UDP files with launch latency 0.
 *
 * The counts are derived by hand from the trace: 50,000 threads (196 blocks
 * of 256, the last warps partly active) load two arrays of 50,000 floats and
 * store one: 2 × 200,000 B / 32 B = 12,500 read sectors and 6,250 written
 * ones, every one a miss (the caches start cold, each sector is touched
 * once); the L1D is write-through, so every store sector reaches the L2; DRAM
 * reads are the L2's 12,500 read misses, and nothing is written back before
 * the kernel ends.  801,056 thread instructions and 26,601 warp
 * instructions are the trace's own (sim trace-info).  Accel-Sim's
 * gpu_sim_cycle for the same files is 1,980 (RTX3070) and 1,197 (QV100+UDP)
 * (docs/accelsim.md); the bound is 15 %. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define VECTORADD FIX "traces/vectoradd"
#define RTX3070 "--config " FIX "tested-cfgs/SM86_RTX3070.config --config " FIX "accel-sim/SM86_RTX3070/trace.config"
#define QV100 "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config"
#define QV100_UDP QV100 " --config " FIX "accel-sim/SM7_QV100_UDP.trace.config"
#define NO_LAUNCH "--set '-gpgpu_kernel_launch_latency 0'"

/* The total row's fields of a kernels table in JSON (the last object). */
static double total(const char *json, const char *key)
{
    const char *t = strstr(json, "\"kernel\":\"total\"");
    cr_assert(t, "no total row: %s", json);
    return bwm_json_number(t, key);
}

static void expect_vectoradd_counts(const char *json)
{
    static const struct {
        const char *key;
        double value;
    } counts[] = {
        {"insts", 801056},          {"warp_insts", 26601},    {"ctas", 196},
        {"l1d_reads", 12500},       {"l1d_read_misses", 12500}, {"l1d_writes", 6250},
        {"l1d_write_misses", 6250}, {"l2_reads", 12500},      {"l2_read_misses", 12500},
        {"l2_writes", 6250},        {"l2_write_misses", 6250}, {"dram_reads", 12500},
        {"dram_writes", 0},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        cr_expect_eq(total(json, counts[i].key), counts[i].value, "%s", counts[i].key);
    bwm_expect_contains(json, "\"complete\":true");
}

/* Runs vectorAdd with the configuration options, launch latency 0, into
 * *r; checks the counts and that gpu_sim_cycle is within 15 % of
 * Accel-Sim's on the same files. */
static void run_vectoradd(bwm_run *r, const char *config, double accelsim_cycles)
{
    bwm_run_cli(r, "sim run --apps trace:%s %s " NO_LAUNCH " --format json", VECTORADD, config);
    bwm_expect_ok(r);
    expect_vectoradd_counts(r->out);
    double cycles = total(r->out, "cycles");
    cr_expect(fabs(cycles - accelsim_cycles) <= 0.15 * accelsim_cycles, "gpu_sim_cycle %g, Accel-Sim's %g", cycles,
              accelsim_cycles);
}

Test(trace_run_cli, vectoradd_on_rtx3070)
{
    bwm_run r;
    run_vectoradd(&r, RTX3070, 1980);
    bwm_expect_contains(r.out, "\"name\":\"_Z9vectorAddPKfS0_Pfi\"");
    cr_expect_str_eq(r.err, "", "no warning on the files Accel-Sim runs: %s", r.err);
    bwm_run_free(&r);
}

Test(trace_run_cli, vectoradd_on_qv100_with_udp)
{
    bwm_run r;
    run_vectoradd(&r, QV100_UDP, 1197);
    bwm_run_free(&r);
}

/* Stock QV100 defines specialized units 1-3; the sm_80 trace's uniform
 * datapath opcodes need unit 4: one warning, and the run goes on (Accel-Sim
 * aborts; the cycles are compared with its QV100+UDP run's). */
Test(trace_run_cli, stock_qv100_falls_back_with_one_warning)
{
    bwm_run r;
    run_vectoradd(&r, QV100, 1197);
    bwm_expect_contains(r.err, "specialized unit 4 is not defined: ");
    bwm_expect_contains(r.err, "ULDC.64");
    bwm_expect_contains(r.err, "-specialized_unit_4");
    const char *first = strstr(r.err, "specialized unit 4");
    cr_expect(!strstr(first + 1, "specialized unit 4"), "the warning is given once: %s", r.err);
    bwm_run_free(&r);
}

/* The launch latency is part of a kernel's cycles, as in GPGPU-Sim (whose
 * own difference is 5,000 on RTX3070 and 5,007 on QV100+UDP: the memory
 * system meets the blocks at another phase of its refresh). */
Test(trace_run_cli, launch_latency_counts_in_the_kernel)
{
    bwm_run a, b;
    bwm_run_cli(&a, "sim run --apps trace:%s " RTX3070 " " NO_LAUNCH " --format json", VECTORADD);
    bwm_run_cli(&b, "sim run --apps trace:%s " RTX3070 " --format json", VECTORADD); /* stock: 5000 */
    bwm_expect_ok(&a);
    bwm_expect_ok(&b);
    double d = total(b.out, "cycles") - total(a.out, "cycles");
    cr_expect(d >= 4950 && d <= 5050, "launch latency 5000 added %g cycles", d);
    bwm_run_free(&a);
    bwm_run_free(&b);
}

Test(trace_run_cli, same_run_same_bytes)
{
    bwm_run a, b;
    bwm_run_cli(&a, "sim run --apps trace:va=%s " RTX3070 " --format csv", VECTORADD);
    bwm_run_cli(&b, "sim run --apps trace:va=%s " RTX3070 " --format csv", VECTORADD);
    bwm_expect_ok(&a);
    cr_expect_str_eq(a.out, b.out);
    cr_expect(strncmp(a.out, "app,kernel,name,", 16) == 0, "%s", a.out);
    bwm_expect_contains(a.out, "\nva,1,_Z9vectorAddPKfS0_Pfi,true,");
    bwm_run_free(&a);
    bwm_run_free(&b);
}

/* --cycles stops a trace short: the kernel is marked incomplete. */
Test(trace_run_cli, cycles_cut_the_trace)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:%s " RTX3070 " " NO_LAUNCH " --cycles 500 --format csv", VECTORADD);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, ",false,500,");
    bwm_expect_contains(r.err, "stopped at --cycles 500");
    bwm_run_free(&r);
}

Test(trace_run_cli, bad_input)
{
    bwm_expect_bad_cli("sim run --apps trace: --format csv", "a trace needs a folder (PATH or NAME=PATH)");
    bwm_expect_bad_cli("sim run --apps trace:" FIX "traces/no-such-folder --format csv",
                       "no-such-folder");
}
