/* trace_atomics_cli_test.c — "bwmpki sim run --apps trace:PATH" on the
 * three traces of global atomics and reductions crafted for the comparison
 * with Accel-Sim (tests/fixtures/traces/atomics-*, README.md there), on
 * QV100+UDP and SM86_RTX3070 with launch latency 0.
 *
 * The counts follow by hand from the traces and from how Accel-Sim runs an
 * ATOM/ATOMG/RED (trace_driven.cc: a global load with cache operator
 * CACHE_GLOBAL; shader.cc: it skips the L1D; abstract_hardware_model.cc's
 * memory_coalescing_arch_atomic: 32-byte segments, lanes updating the same
 * bytes in separate accesses; the L2 reads it as a GLOBAL_ACC_R), all in
 * 32-byte sectors:
 *   - atomics-same-address: one block of 4 warps, each an ATOMG and a RED
 *     whose 32 lanes update one word: 32 accesses each, 4 × 64 = 256 L2
 *     reads; the two words' sectors miss once each (2 DRAM reads), every
 *     other access hits or joins the pending miss; nothing in the L1D.
 *     Warp instructions 4 × 6 = 24, thread instructions 24 × 32 = 768.
 *   - atomics-distinct: one block of 4 warps, each: an ATOMG on 32
 *     consecutive words (4 sectors of a line: 4 accesses), a RED.64 on 32
 *     consecutive 8-byte words (8 sectors of 2 lines: 8), an ATOMG with
 *     lanes 32 bytes apart (32 sectors: 32), an ATOMS (shared memory: no
 *     traffic), an STG of 4 sectors and an LDG of the first ATOMG's line
 *     (4 sectors).  L1D: the LDG's 4 read sectors (misses: the atomics
 *     left nothing there) and the STG's 4, per warp: 16 and 16.  L2 reads
 *     4 × (4 + 8 + 32 + 4) = 192, of which the LDG's 16 hit (its line came
 *     in for the ATOMG, whose warp waited for it): 176 misses, 176 DRAM
 *     reads; L2 writes 16, all misses.  40 warp instructions, 1,280 thread
 *     instructions.
 *   - atomics-blocks: 160 blocks of 2 warps; lane l of warp w of block b
 *     adds to bin (5l + b + 32w) mod 64 of 64 (a RED, addresses listed):
 *     a stride of 5 words (under 8, a sector's) over 32 lanes (160 words,
 *     past the 64 bins) reaches all 8 sectors of the bins, once each (lanes
 *     on distinct words of a sector share an access): 320 × 8 = 2,560;
 *     warp 0's lane 0 adds to one total (ATOMG, 1 access): 160.  L2 reads
 *     2,720; misses the 9 sectors (8 bins and the total), 9 DRAM reads.
 *     Warp instructions 160 × (6 + 5) = 1,760; thread instructions
 *     160 × (5 × 32 + 1 + 5 × 32) = 51,360.
 * The atomics leave their sectors dirty in the L2, which writes nothing
 * back before these runs end: 0 DRAM writes.  Accel-Sim's gpu_sim_cycle on
 * the same files (bench/accelsim/reference/atomics-*.csv) bounds the
 * cycles within 15 %. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define QV100_UDP                                                                                                 \
    "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config --config " FIX \
    "accel-sim/SM7_QV100_UDP.trace.config"
#define RTX3070 "--config " FIX "tested-cfgs/SM86_RTX3070.config --config " FIX "accel-sim/SM86_RTX3070/trace.config"
#define NO_LAUNCH "--set '-gpgpu_kernel_launch_latency 0'"

/* The counts of a run, by these keys of sim run's kernel table. */
#define N_KEYS 12
static const char *const keys[N_KEYS] = {"insts",      "warp_insts",       "l1d_reads", "l1d_read_misses",
                                         "l1d_writes", "l1d_write_misses", "l2_reads",  "l2_read_misses",
                                         "l2_writes",  "l2_write_misses",  "dram_reads", "dram_writes"};

/* Runs trace `name` with the configuration options, launch latency 0, and
 * checks its total row against want and its cycles against Accel-Sim's. */
static void expect_run(const char *name, const char *config, const double *want, double accelsim_cycles)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" FIX "traces/%s %s " NO_LAUNCH " --format json", name, config);
    bwm_expect_ok(&r);
    const char *t = strstr(r.out, "\"kernel\":\"total\"");
    cr_assert(t, "no total row: %s", r.out);
    for (int i = 0; i < N_KEYS; i++)
        cr_expect_eq(bwm_json_number(t, keys[i]), want[i], "%s %s: %g, by hand %g", name, keys[i],
                     bwm_json_number(t, keys[i]), want[i]);
    double cycles = bwm_json_number(t, "cycles");
    cr_expect(fabs(cycles - accelsim_cycles) <= 0.15 * accelsim_cycles, "%s: gpu_sim_cycle %g, Accel-Sim's %g",
              name, cycles, accelsim_cycles);
    bwm_expect_contains(r.out, "\"complete\":true");
    cr_expect_str_eq(r.err, "", "no warning: %s", r.err);
    bwm_run_free(&r);
}

static const double same_address[N_KEYS] = {768, 24, 0, 0, 0, 0, 256, 2, 0, 0, 2, 0};
static const double distinct[N_KEYS] = {1280, 40, 16, 16, 16, 16, 192, 176, 16, 16, 176, 0};
static const double blocks[N_KEYS] = {51360, 1760, 0, 0, 0, 0, 2720, 9, 0, 0, 9, 0};

Test(trace_atomics_cli, every_lane_on_one_word)
{
    expect_run("atomics-same-address", QV100_UDP, same_address, 795);
    expect_run("atomics-same-address", RTX3070, same_address, 1115);
}

Test(trace_atomics_cli, lanes_on_distinct_words)
{
    expect_run("atomics-distinct", QV100_UDP, distinct, 1367);
    expect_run("atomics-distinct", RTX3070, distinct, 1875);
}

Test(trace_atomics_cli, a_histogram_over_many_blocks)
{
    expect_run("atomics-blocks", QV100_UDP, blocks, 4004);
    expect_run("atomics-blocks", RTX3070, blocks, 2925);
}
