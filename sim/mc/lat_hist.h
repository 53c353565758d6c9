/* lat_hist.h — a latency histogram that gives percentiles without storing
 * every sample.
 *
 * Values below 256 cycles have a bin each (exact); above, each power of two
 * is split into 16 bins (within 6.25 %).  Fixed size, no allocation: adding
 * a sample is a few instructions, and histograms of several channels or
 * banks are merged by adding bins. */
#ifndef BWM_LAT_HIST_H
#define BWM_LAT_HIST_H

#include <stdint.h>

#define BWM_LAT_EXACT 256
#define BWM_LAT_SUB 16
#define BWM_LAT_BINS (BWM_LAT_EXACT + (64 - 8) * BWM_LAT_SUB)

typedef struct bwm_lat_hist {
    uint64_t count;
    uint64_t sum;
    uint64_t max;
    uint64_t bins[BWM_LAT_BINS];
} bwm_lat_hist;

void bwm_lat_hist_add(bwm_lat_hist *h, uint64_t v);
void bwm_lat_hist_merge(bwm_lat_hist *into, const bwm_lat_hist *from);
/* Mean of the samples (0 when empty). */
double bwm_lat_hist_mean(const bwm_lat_hist *h);
/* Nearest-rank percentile, p in (0, 100]: the smallest bin value v with at
 * least p % of the samples <= v — exact below 256; above, the upper bound of
 * the bin that holds the percentile (within 6.25 % above the exact value,
 * never below it, so a p99 is never printed below samples it covers), and
 * never more than the maximum seen.  0 when empty. */
uint64_t bwm_lat_hist_percentile(const bwm_lat_hist *h, double p);

#endif
