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

#include "tests/support/trace_counts.h"

static const double same_address[BWM_TRACE_N_COUNTS] = {768, 24, 0, 0, 0, 0, 256, 2, 0, 0, 2, 0};
static const double distinct[BWM_TRACE_N_COUNTS] = {1280, 40, 16, 16, 16, 16, 192, 176, 16, 16, 176, 0};
static const double blocks[BWM_TRACE_N_COUNTS] = {51360, 1760, 0, 0, 0, 0, 2720, 9, 0, 0, 9, 0};

Test(trace_atomics_cli, every_lane_on_one_word)
{
    bwm_expect_trace_counts("atomics-same-address", BWM_TRACE_QV100_UDP, same_address, 795);
    bwm_expect_trace_counts("atomics-same-address", BWM_TRACE_RTX3070, same_address, 1115);
}

Test(trace_atomics_cli, lanes_on_distinct_words)
{
    bwm_expect_trace_counts("atomics-distinct", BWM_TRACE_QV100_UDP, distinct, 1367);
    bwm_expect_trace_counts("atomics-distinct", BWM_TRACE_RTX3070, distinct, 1875);
}

Test(trace_atomics_cli, a_histogram_over_many_blocks)
{
    bwm_expect_trace_counts("atomics-blocks", BWM_TRACE_QV100_UDP, blocks, 4004);
    bwm_expect_trace_counts("atomics-blocks", BWM_TRACE_RTX3070, blocks, 2925);
}
