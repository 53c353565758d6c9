/* lat_hist.c — log-linear latency histogram (see lat_hist.h). */
#include "sim/mc/lat_hist.h"

#include <math.h>

static int bin_of(uint64_t v)
{
    if (v < BWM_LAT_EXACT)
        return (int)v;
    int e = 63 - __builtin_clzll(v); /* 8..63 */
    int sub = (int)((v >> (e - 4)) & (BWM_LAT_SUB - 1));
    return BWM_LAT_EXACT + (e - 8) * BWM_LAT_SUB + sub;
}

static uint64_t bin_low(int i)
{
    if (i < BWM_LAT_EXACT)
        return (uint64_t)i;
    int k = i - BWM_LAT_EXACT;
    int e = k / BWM_LAT_SUB + 8;
    uint64_t sub = (uint64_t)(k % BWM_LAT_SUB);
    return ((uint64_t)1 << e) | (sub << (e - 4));
}

void bwm_lat_hist_add(bwm_lat_hist *h, uint64_t v)
{
    h->count++;
    h->sum += v;
    if (v > h->max)
        h->max = v;
    h->bins[bin_of(v)]++;
}

void bwm_lat_hist_merge(bwm_lat_hist *into, const bwm_lat_hist *from)
{
    into->count += from->count;
    into->sum += from->sum;
    if (from->max > into->max)
        into->max = from->max;
    for (int i = 0; i < BWM_LAT_BINS; i++)
        into->bins[i] += from->bins[i];
}

double bwm_lat_hist_mean(const bwm_lat_hist *h)
{
    return h->count ? (double)h->sum / (double)h->count : 0.0;
}

uint64_t bwm_lat_hist_percentile(const bwm_lat_hist *h, double p)
{
    if (h->count == 0)
        return 0;
    uint64_t rank = (uint64_t)ceil(p / 100.0 * (double)h->count);
    if (rank < 1)
        rank = 1;
    uint64_t seen = 0;
    for (int i = 0; i < BWM_LAT_BINS; i++) {
        seen += h->bins[i];
        if (seen >= rank) { /* the bin's largest value: at least p % of the samples are <= it */
            uint64_t v = i + 1 < BWM_LAT_BINS ? bin_low(i + 1) - 1 : h->max;
            return v < h->max ? v : h->max;
        }
    }
    return h->max;
}
