/* app_stats.h — per-application statistics of a simulated GPU.
 *
 * bwm_app_counters is a snapshot of an application's running totals (its
 * SMs' L1Ds, its share of every L2 slice and controller, its committed
 * instructions and load latencies) at one core cycle; the statistics of an
 * interval are the difference of two snapshots, turned into the quantities of
 * DESIGN.md (ipc, mpki, bw in GB/s, bw_frac, row_hit_rate, avg_mem_latency
 * in core cycles, the loads' time by stage, the SMs' memory stalls) by
 * bwm_app_result_from.
 *
 * L1 and L2 accesses, hits and misses are counted in line requests and in
 * sectors (cache.h; a line cache's request is 4 sectors).  mpki is L2 misses
 * per 1000 instructions in the L2's own unit: line misses for a line L2,
 * sector misses for a sector L2 (GPGPU-Sim's L2_total_cache_misses, which
 * counts one per 32-byte sector request).
 *
 * Every field of bwm_app_result that an output prints is a statistic of
 * stat_table.h, which gives its name, unit and meaning; the outputs take
 * them from there. */
#ifndef BWM_APP_STATS_H
#define BWM_APP_STATS_H

#include <stdint.h>

#include "sim/dram/energy.h"
#include "sim/gpu/gpu.h"
#include "sim/stats/xlat_stats.h"

typedef struct bwm_app_counters {
    int64_t cycle;             /* core cycle of the snapshot */
    uint64_t insts;
    uint64_t l1_accesses, l1_hits, l1_misses;
    uint64_t l1_sector_accesses, l1_sector_hits, l1_sector_misses;
    uint64_t l2_accesses, l2_hits, l2_misses;
    uint64_t l2_sector_accesses, l2_sector_hits, l2_sector_misses;
    uint64_t dram_bytes;
    uint64_t row_hits, row_accesses;
    uint64_t mem_stall;        /* its SMs' memory-stall cycles (sm.h) */
    uint64_t ctas;             /* thread blocks its SMs finished */
    uint64_t acts;             /* ACT commands for its requests */
    uint64_t service_cycles, busy_cycles; /* bank-level parallelism (mc.h), DRAM cycles */
    bwm_req_counts req;        /* the per-request statistics' totals (sim/gpu/req_stats.h) */
    bwm_xlat_counters xlat;    /* address translation (zero unless the GPU translates) */
} bwm_app_counters;

/* What a rate or a mean of an interval divides by (a statistic's `per`,
 * stat_table.h).  When it was 0 the statistic has no value: bwm_app_result
 * holds 0 for it, which the computations that read it (fits, the study's
 * tables, the model) take as before, and its no_den bit is set, so that the
 * outputs print it empty (null; docs/vocabulary.md, "Nothing to divide
 * by"). */
typedef enum bwm_app_den {
    BWM_DEN_NONE,            /* a count, a sum or a state: always has a value */
    BWM_DEN_CYCLES,          /* core cycles of the interval */
    BWM_DEN_SM_CYCLES,       /* those times its SMs */
    BWM_DEN_INSTS,           /* instructions committed */
    BWM_DEN_LOADS,           /* loads answered (L1D misses) */
    BWM_DEN_DRAM_ACCESSES,   /* its column accesses at every controller */
    BWM_DEN_DRAM_BUSY,       /* DRAM cycles it had a bank in service */
    BWM_DEN_SM_DRAM,         /* DRAM requests of its SMs' loads and stores */
    BWM_DEN_DATA_READS,      /* its loads' DRAM reads */
    BWM_DEN_PAGES,           /* pages it touched (with thread blocks) */
    BWM_DEN_L1_TLB_LOOKUPS,  /* its L1 TLBs' lookups */
    BWM_DEN_L2_TLB_LOOKUPS,  /* L2 TLB lookups (none without an L2 TLB) */
    BWM_DEN_PWC_PROBES,      /* page-walk-cache probes (none without one) */
    BWM_DEN_WALKS_DONE,      /* walks finished */
    BWM_DEN_WALKED_SMS,      /* (walk, SM) pairs finished walks answered */
    BWM_DEN_DRAM_BYTES,      /* its DRAM requests' bytes */
    BWM_DEN_WALK_DRAM_READS, /* walk reads DRAM served */
    BWM_DEN_WALK_READS,      /* walk reads of level 1 answered; level K: BWM_DEN_WALK_READS + K - 1 */
    BWM_DEN_COUNT = BWM_DEN_WALK_READS + BWM_MMU_MAX_LEVELS
} bwm_app_den;

typedef struct bwm_app_result {
    char name[64], abbr[64]; /* abbr: a traced application's name (up to 63 bytes) */
    uint32_t no_den;         /* bit d set: denominator d (bwm_app_den) was 0 over the interval */
    int sms;
    uint64_t insts;
    int64_t cycles;
    double ipc, mpki, bw, bw_frac, row_hit_rate;
    /* The per-request statistics (sim/gpu/req_stats.h), by their names
     * (avg_mem_latency; where the loads' time went: lat[], core cycles per
     * load answered in the interval in each stage, req_life.h, and their sum
     * mem_round_trip, from the load/store unit's first try at the line to
     * its fill, whose stages after inject add up to avg_mem_latency;
     * dram_bytes_read, dram_bytes_written; local_access, dram_delay) or
     * whole (req). */
    union {
        struct {
            BWM_REQ_RESULT_FIELDS
        };
        bwm_req_result req;
    };
    /* the share of the application's SM cycles in which no warp could issue
     * because every warp waited on memory */
    double mem_stall_frac;
    uint64_t l1_accesses, l1_misses, l2_accesses, l2_misses;
    uint64_t l1_hits, l2_hits;
    uint64_t l1_sector_accesses, l1_sector_hits, l1_sector_misses;
    uint64_t l2_sector_accesses, l2_sector_hits, l2_sector_misses;
    /* DRAM locality (paper 002's statistics; row_hit_rate above is the
     * fourth; local_access and dram_delay are above): blp, banks of a channel serving it at once while it has one
     * in service; act_per_access, ACT commands per DRAM request; ctas, thread blocks
     * finished; pages_private, pages_next_batch, pages_wider, the shares of
     * the pages it touched (4 KB, over the whole run) that one thread batch,
     * two consecutive ones and batches further apart touched
     * (sim/core/page_sharing.h).  Printed when the run has thread blocks
     * (blocks). */
    double blp, act_per_access;
    double pages_private, pages_next_batch, pages_wider;
    uint64_t ctas;
    int blocks;
    int translated;            /* the GPU translates addresses: xlat holds its statistics */
    bwm_xlat_result xlat;
    bwm_energy dram_energy;    /* DRAM energy of its interval: its commands and its share of
                                  the background (sim/dram/energy.h); set by bwm_run */
} bwm_app_result;

/* The loads' time by stage as the values of BWM_STAGE_COLUMNS (req_life.h),
 * in its order, and back. */
void bwm_app_stage_values(const bwm_app_result *r, double v[BWM_STAGE_NCOLUMNS]);
void bwm_app_stage_set(bwm_app_result *r, const double v[BWM_STAGE_NCOLUMNS]);

void bwm_app_counters_take(const bwm_gpu *g, int app, bwm_app_counters *out);

/* The statistics of application app between two snapshots.  A quantity with
 * nothing to divide by (no instructions, no DRAM access) is 0, and its
 * denominator's no_den bit is set. */
void bwm_app_result_from(const bwm_gpu *g, int app, const bwm_app_counters *from,
                         const bwm_app_counters *to, bwm_app_result *out);

_Static_assert(BWM_DEN_COUNT <= 32, "no_den has a bit per denominator");

/* Whether the statistics that divide by d have a value under the mark
 * no_den (d a denominator, or BWM_DEN_NONE). */
static inline int bwm_den_has(uint32_t no_den, bwm_app_den d)
{
    return d == BWM_DEN_NONE || !(no_den >> d & 1u);
}

/* The same for r's statistics. */
static inline int bwm_app_has_den(const bwm_app_result *r, bwm_app_den d)
{
    return bwm_den_has(r->no_den, d);
}

#endif
