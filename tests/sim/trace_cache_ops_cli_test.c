/* trace_cache_ops_cli_test.c — "bwmpki sim run --apps trace:PATH" on the
 * trace crafted for the cache operators of global loads
 * (tests/fixtures/traces/strong-loads, written by strong-loads.sh beside
 * it), on QV100+UDP and SM86_RTX3070 with launch latency 0.
 *
 * Accel-Sim's trace_driven.cc gives a load (OP_LDG, OP_LDGSTS, OP_LDL)
 * cache operator CACHE_GLOBAL when its opcode's tokens include both STRONG
 * and GPU, CACHE_ALL otherwise (any other modifier, .STRONG.SYS included;
 * a generic LD always; every store); GPGPU-Sim's ldst_unit::memory_cycle
 * sends a CACHE_GLOBAL access (one per 32-byte sector) straight to the
 * crossbar and its reply to the writeback, so the L1D neither counts nor
 * keeps it, and the L2 reads it as any GLOBAL_ACC_R.
 *
 * The trace: one block of 4 warps, each on lines of its own (A, A + 0x1000
 * ... from A = 0x7f2000000000 + 0x10000 w), each load waiting for the one
 * before it, so that every load finds what the earlier ones left; each
 * warp, with the sectors of its 32 lanes (4-byte words: one line, 4
 * sectors; 8-byte words: two lines, 8 sectors):
 *   LDG.E.STRONG.GPU of A      L1D -            L2 4 read misses, DRAM 4
 *   LDG.E.STRONG.GPU of A      L1D -            L2 4 read hits
 *   LDG.E of A                 L1D 4 read misses (the first two kept
 *                              nothing there), L2 4 read hits
 *   LDG.E of A                 L1D 4 read hits
 *   LDG.E.STRONG.SYS of B      L1D 4 read misses, L2 4 read misses, DRAM 4
 *   LDG.E.64.STRONG.GPU of C   L1D -            L2 8 read misses, DRAM 8
 *   LD.E.STRONG.GPU of E       (generic, global by its address)
 *                              L1D 4 read misses, L2 4 read misses, DRAM 4
 *   STG.E.STRONG.GPU of D      L1D 4 write misses, L2 4 write misses
 * and S2R, IMAD.WIDE, EXIT: 11 warp instructions of 32 lanes.  Per warp:
 * L1D 16 reads, 12 misses, 4 writes, 4 misses; L2 28 reads, 20 misses, 4
 * writes, 4 misses; DRAM 20 reads (a sector L2 reads only the sectors
 * missed), no write (nothing written back before the run ends).  Four
 * warps: 64, 48, 16, 16; 112, 80, 16, 16; 80, 0; 44 warp and 1,408
 * thread instructions.  Accel-Sim prints the same twelve counts on both
 * configurations (bench/accelsim/reference/strong-loads_*.csv), and
 * gpu_sim_cycle 1,955 and 2,758.  With every load through the L1D (as
 * before cache operators were read) the L1D counted 128 reads and 80
 * misses and the L2 80 reads. */
#include <criterion/criterion.h>

#include "tests/support/trace_counts.h"

static const double strong_loads[BWM_TRACE_N_COUNTS] = {1408, 44, 64, 48, 16, 16, 112, 80, 16, 16, 80, 0};

Test(trace_cache_ops_cli, strong_gpu_loads_skip_the_l1d_and_the_others_do_not)
{
    bwm_expect_trace_counts("strong-loads", BWM_TRACE_QV100_UDP, strong_loads, 1955);
    bwm_expect_trace_counts("strong-loads", BWM_TRACE_RTX3070, strong_loads, 2758);
}
