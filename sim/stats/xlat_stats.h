/* xlat_stats.h — an application's address-translation statistics
 * (-bwm_mmu other than ideal; sim/tlb/mmu.h), as snapshots of running
 * totals and the quantities of an interval (DESIGN.md's Vocabulary):
 *   l1_tlb_miss_rate   page lookups in its SMs' L1 TLBs that missed
 *   l2_tlb_miss_rate   L2 TLB lookups that missed (none without an L2 TLB)
 *   pwc_hit_rate       page-walk-cache probes that hit (none without one)
 *   walks              page walks started
 *   large_walk_frac    finished walks that found a large page (coalesced or
 *                      large-only)
 *   large_pages        large pages it has at the interval's end (a state,
 *                      not a difference)
 *   concurrent_walks   its walks running, averaged over the core cycles
 *   walk_latency       core cycles from a walk's start to its last level
 *   warps_per_miss     warps of one SM a finished walk answered (every warp
 *                      of that SM waiting on its page), per SM it answered
 *   warps_per_miss_frac  the same over the warps an SM of it runs
 *   walk_l2_hit_K      of the walk reads of level K (1 the root), the share
 *                      the L2 served (K = 1 .. the walk's levels)
 *   walk_read_latency_K  core cycles of a walk read of level K from joining
 *                      the walker's memory queue to its answer: the time a
 *                      level costs in the crossbar, the L2 and DRAM
 *   walk_bw_frac       walk reads' share of its DRAM bytes
 *   walk_dram_latency, data_dram_latency  core cycles from entering a
 *                      memory controller to done, of walk reads and of
 *                      loads' data reads
 *   tlb_stall_insts    warp instructions that waited for a translation */
#ifndef BWM_XLAT_STATS_H
#define BWM_XLAT_STATS_H

#include <stdint.h>

#include "sim/gpu/gpu.h"

typedef struct bwm_xlat_counters {
    uint64_t l1_lookups, l1_hits, tlb_stall_insts, large_pages;
    bwm_mmu_stats mmu;         /* active_cycles counted on to the snapshot */
    uint64_t walk_dram_cycles, walk_dram_reads, walk_dram_bytes;
    uint64_t data_dram_cycles, data_dram_reads, dram_bytes;
} bwm_xlat_counters;

typedef struct bwm_xlat_result {
    int levels;
    double l1_tlb_miss_rate, l2_tlb_miss_rate, pwc_hit_rate;
    uint64_t walks, tlb_stall_insts, large_pages;
    double large_walk_frac;
    double concurrent_walks, walk_latency, warps_per_miss, warps_per_miss_frac;
    double walk_l2_hit[BWM_MMU_MAX_LEVELS + 1];       /* [1 .. levels] */
    double walk_read_latency[BWM_MMU_MAX_LEVELS + 1]; /* [1 .. levels] */
    double walk_bw_frac, walk_dram_latency, data_dram_latency;
} bwm_xlat_result;

/* Application app's totals at g's current core cycle (all zero when g
 * does not translate). */
void bwm_xlat_counters_take(const bwm_gpu *g, int app, bwm_xlat_counters *out);

/* The statistics of the interval between two snapshots of `cycles` core
 * cycles; a quantity with nothing to divide by is 0 (app_stats.h's no_den
 * marks it, for the outputs to print empty). */
void bwm_xlat_result_from(const bwm_gpu *g, int app, const bwm_xlat_counters *from, const bwm_xlat_counters *to,
                          int64_t cycles, bwm_xlat_result *out);

#endif
