/* report.h — the figures `bwmpki sim dram` reports for a set of requests
 * (a whole memory system, a channel or a bank), from counts, a latency
 * histogram and the elapsed DRAM cycles. */
#ifndef BWM_MC_REPORT_H
#define BWM_MC_REPORT_H

#include <stdint.h>

#include "sim/mc/lat_hist.h"
#include "sim/mc/mc.h"

typedef struct bwm_dram_report {
    uint64_t requests, reads, writes;
    int64_t dram_cycles;
    double bw;            /* GB/s moved (reads + writes) */
    double bw_frac;       /* bw / peak */
    uint64_t row_hits, row_misses, row_conflicts;
    double row_hit_rate;  /* row_hits / requests */
    double read_latency_avg;
    uint64_t read_latency_p99;
    uint64_t bytes;
} bwm_dram_report;

/* peak_gbs is the peak of the scope reported (whole system, or one channel);
 * dram_mhz the DRAM command clock. */
void bwm_dram_report_make(bwm_dram_report *r, const bwm_mc_counts *c, const bwm_lat_hist *lat,
                          int64_t cycles, double peak_gbs, double dram_mhz);

#endif
