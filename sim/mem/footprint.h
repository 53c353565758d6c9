/* footprint.h — the memory the memory system takes when the simulator
 * builds it, worked out from its configuration alone: a configuration asking
 * for more than BWM_MEMSYS_MAX_BYTES is refused when it loads, naming its
 * options (sim/config/config_limits.c), instead of failing or overflowing
 * when it is built.
 *
 * Counted, per channel (bwm_mc_init, bwm_dram_channel_init): the controller,
 * its request pool (queue and write queue), write queue, bank tables and
 * data-return heap; per L2 slice (bwm_subpart_init, bwm_cache_init): the
 * slice, its tag array, its MSHRs with their merge lists and index, and its
 * four queues; and each SM's L1D (its tag array and MSHRs; bwm_sm_init);
 * the TLBs and the MMU's queues are added where they are read (bwm_limit_tlbs,
 * config_limits.c).  Not counted: what does not grow with the configuration
 * (per-application statistics, a scheduler's few bytes per request) and the
 * growth of an unbounded queue while running (its first 64 entries are).
 * Byte counts are doubles: exact to 2^53, and no product overflows. */
#ifndef BWM_FOOTPRINT_H
#define BWM_FOOTPRINT_H

#include <stdint.h>

#include "sim/cache/cache_config.h"
#include "sim/dram/dram_config.h"

#define BWM_MIB (1024.0 * 1024)

/* The most the memory system (controllers, DRAM state, L2 slices, the SMs'
 * L1Ds and the crossbars) may take by default: 2 GiB
 * (-bwm_memory_limit_mb sets another). */
#define BWM_MEMSYS_MAX_BYTES (2048 * BWM_MIB)

/* The limit c holds (-bwm_memory_limit_mb), BWM_MEMSYS_MAX_BYTES when it
 * holds none (a configuration not read from options). */
static inline double bwm_memory_limit(const bwm_dram_config *c)
{
    return c->memory_limit_bytes > 0 ? c->memory_limit_bytes : BWM_MEMSYS_MAX_BYTES;
}

/* The memory controllers and DRAM channels. */
typedef struct bwm_mc_footprint {
    int64_t entries;  /* request pool entries per channel: queue (64 when unbounded) + write queue */
    int64_t returns;  /* data-return slots per channel: max(CL, WL) + burst + 2 */
    double bytes;     /* every channel, with its banks */
} bwm_mc_footprint;

void bwm_mc_footprint_of(const bwm_dram_config *cfg, bwm_mc_footprint *out);

/* One cache: its tag array and MSHRs (bwm_cache_init). */
typedef struct bwm_cache_footprint {
    int64_t lines;       /* lines of the cache */
    int64_t mshrs;       /* MSHR entries */
    int64_t merge;       /* requests an MSHR entry holds */
    double bytes;
} bwm_cache_footprint;

void bwm_cache_footprint_of(const bwm_cache_config *c, bwm_cache_footprint *out);

/* The L2 slices, one per sub-partition, with their queues (queues: the four
 * sizes of -gpgpu_dram_partition_queues). */
typedef struct bwm_l2_footprint {
    int64_t slices;      /* channels x sub-partitions */
    int64_t lines;       /* lines of a slice */
    int64_t mshrs;       /* MSHR entries of a slice */
    int64_t merge;       /* requests an MSHR entry holds */
    double slice_bytes;  /* one slice */
    double bytes;        /* every slice */
} bwm_l2_footprint;

void bwm_l2_footprint_of(const bwm_dram_config *d, const bwm_cache_config *l2, const int queues[4],
                         bwm_l2_footprint *out);

#endif
