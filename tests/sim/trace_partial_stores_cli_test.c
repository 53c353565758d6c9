/* trace_partial_stores_cli_test.c — "bwmpki sim run --apps trace:PATH" on
 * the trace crafted for stores that write part of a sector
 * (tests/fixtures/traces/partial-stores, written by partial-stores.sh
 * beside it), on QV100+UDP and SM86_RTX3070 with launch latency 0.
 *
 * GPGPU-Sim's L1D (write-through) and L2 (write-back) both allocate a
 * store miss lazily (write allocation L, data_cache::
 * wr_miss_wa_lazy_fetch_on_read): the sector is MODIFIED at once, and
 * readable only if the store wrote all 32 of its bytes (its byte mask);
 * tag_array::probe makes a read of an unreadable sector a SECTOR_MISS,
 * which fetches it from below.  Both configurations flush the L1D between
 * kernels (-gpgpu_flush_l1_cache 1).
 *
 * The trace, one warp per kernel, every count in 32-byte sectors:
 *   kernel 1: STG.E of line B (32 lanes × 4 bytes: 4 whole sectors)
 *               L1D 4 write misses, L2 4 write misses;
 *             STG.E.U8 of one byte of line C, and of line D (lane 0)
 *               L1D 1 + 1 write misses, L2 1 + 1 write misses;
 *             LDG.E of B: L1D 4 read hits (the store left them readable);
 *             LDG.E of C: L1D 4 read misses (sector 0 unreadable, 1-3
 *               absent), L2 4 read misses (the same), 4 DRAM reads;
 *   kernel 2: LDG.E of D: L1D 4 read misses (flushed), L2 4 read misses
 *               (sector 0 unreadable there too), 4 DRAM reads;
 *             LDG.E of B: L1D 4 read misses, L2 4 read hits.
 * In all: L1D 16 reads, 12 misses, 6 writes, 6 misses; L2 12 reads, 8
 * misses, 6 writes, 6 misses; 8 DRAM reads, no write (nothing evicted);
 * 13 warp instructions, 1 + 1 of them of one lane: 11 × 32 + 2 = 354
 * thread instructions.  Were a sector written in part readable, kernel 1's
 * load of C would hit sector 0 in the L1D (11 read misses) and kernel 2's
 * load of D in the L2 (6 read misses, 6 DRAM reads).  Accel-Sim prints the
 * same counts (bench/accelsim/reference/partial-stores_*.csv) and
 * gpu_sim_cycle 933 and 1,356. */
#include <criterion/criterion.h>

#include "tests/support/trace_counts.h"

static const double partial_stores[BWM_TRACE_N_COUNTS] = {354, 13, 16, 12, 6, 6, 12, 8, 6, 6, 8, 0};

Test(trace_partial_stores_cli, a_sector_stored_in_part_is_read_from_below)
{
    bwm_expect_trace_counts("partial-stores", BWM_TRACE_QV100_UDP, partial_stores, 933);
    bwm_expect_trace_counts("partial-stores", BWM_TRACE_RTX3070, partial_stores, 1356);
}
