/* warp_type.h — MeDiC's warp-type identification (seed 001, Sec. 4.3.1):
 * every warp's L2 hit ratio, sampled per interval, sorts it into one of the
 * five types of Figure 4.4.
 *
 * Each warp (SM, warp slot) has a counter of L2 accesses and of hits.  Time
 * is cut into sampling intervals (100k cycles in the thesis); at the start
 * of each the counters restart and the warp is PROFILING until it has made
 * `profile_accesses` accesses (30), when its type is fixed from the ratio of
 * those accesses for the rest of the interval:
 *   all-hit      ratio = 1
 *   mostly-hit   ratio >= mostly_hit (0.7)
 *   balanced     mostly_miss < ratio < mostly_hit
 *   mostly-miss  0 < ratio <= mostly_miss (0.2)
 *   all-miss     ratio = 0
 * With tuning on, the mostly-miss boundary follows the L2 miss rate of all
 * loads (footnote 3 of the thesis: 5 % lower for every 5 % rise of the miss
 * rate): at every interval's end the boundary moves by -0.05 per whole 5 %
 * that the interval's miss rate rose over the previous interval's (and up
 * again when it falls), never above the configured value nor below 0.
 *
 * The table is advanced lazily by bwm_warp_types_record: a warp whose
 * counters belong to an older interval is restarted when it is next seen, so
 * nothing runs per cycle.  Time is the caller's clock (the L2's). */
#ifndef BWM_WARP_TYPE_H
#define BWM_WARP_TYPE_H

#include <stdint.h>

#include "util/status.h"

typedef enum bwm_warp_type {
    BWM_WARP_PROFILING, /* not yet classified in this interval */
    BWM_WARP_ALL_HIT,
    BWM_WARP_MOSTLY_HIT,
    BWM_WARP_BALANCED,
    BWM_WARP_MOSTLY_MISS,
    BWM_WARP_ALL_MISS
} bwm_warp_type;

typedef struct bwm_warp_type_params {
    int64_t interval;      /* sampling interval, in the caller's cycles (>= 1) */
    int profile_accesses;  /* accesses that fix a warp's type (>= 1) */
    double mostly_hit;     /* lowest hit ratio of a mostly-hit warp, in (0, 1] */
    double mostly_miss;    /* highest hit ratio of a mostly-miss warp, in [0, mostly_hit) */
    int tune;              /* the mostly-miss boundary follows the miss rate */
} bwm_warp_type_params;

typedef struct bwm_warp_counts {
    uint32_t accesses, hits;
    int64_t epoch;         /* the interval these counts belong to */
    uint8_t type;          /* bwm_warp_type */
} bwm_warp_counts;

typedef struct bwm_warp_types {
    bwm_warp_type_params p;
    int n_sms, warps_per_sm;
    bwm_warp_counts *v;    /* n_sms × warps_per_sm */
    int64_t epoch;         /* the latest interval seen */
    double boundary;       /* the mostly-miss boundary in force */
    uint64_t epoch_accesses, epoch_hits; /* loads of the current interval, every warp */
    double last_miss_rate; /* of the previous interval (< 0: none yet) */
    uint64_t classified[BWM_WARP_ALL_MISS + 1]; /* warps classified, by type, over the run */
} bwm_warp_types;

/* Checks the parameters (BWM_EINPUT naming the one at fault) and builds the
 * table for n_sms SMs of warps_per_sm warp slots. */
int bwm_warp_types_init(bwm_warp_types *t, const bwm_warp_type_params *p, int n_sms, int warps_per_sm,
                        bwm_err *err);
void bwm_warp_types_free(bwm_warp_types *t);

/* One L2 access of warp (sm, warp) at cycle now that hit or missed. */
void bwm_warp_types_record(bwm_warp_types *t, int sm, int warp, int hit, int64_t now);

/* The warp's type in the latest interval (PROFILING for an unknown warp). */
bwm_warp_type bwm_warp_type_of(const bwm_warp_types *t, int sm, int warp);

/* Whether requests of this type skip the L2 (mostly-miss, all-miss), and
 * are prioritised by the memory scheduler (all-hit, mostly-hit). */
static inline int bwm_warp_type_bypasses(bwm_warp_type w)
{
    return w == BWM_WARP_MOSTLY_MISS || w == BWM_WARP_ALL_MISS;
}
static inline int bwm_warp_type_urgent(bwm_warp_type w)
{
    return w == BWM_WARP_ALL_HIT || w == BWM_WARP_MOSTLY_HIT;
}

/* The replacement rank of a line inserted for a warp of this type: lines
 * of lower rank are evicted first (mostly-miss and all-miss 0; balanced and
 * profiling 1; mostly-hit and all-hit 2). */
int bwm_warp_type_rank(bwm_warp_type w);

/* "all-hit", "mostly-hit", ... ("profiling"). */
const char *bwm_warp_type_name(bwm_warp_type w);

#endif
