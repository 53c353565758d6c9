/* report.c — reported figures from counts (see report.h). */
#include "sim/mc/report.h"

void bwm_dram_report_make(bwm_dram_report *r, const bwm_mc_counts *c, const bwm_lat_hist *lat,
                          int64_t cycles, double peak_gbs, double dram_mhz)
{
    r->requests = c->requests;
    r->reads = c->reads;
    r->writes = c->writes;
    r->bytes = c->bytes;
    r->dram_cycles = cycles;
    double seconds = cycles > 0 && dram_mhz > 0 ? (double)cycles / (dram_mhz * 1e6) : 0.0;
    r->bw = seconds > 0 ? (double)c->bytes / seconds / 1e9 : 0.0;
    r->bw_frac = peak_gbs > 0 ? r->bw / peak_gbs : 0.0;
    r->row_hits = c->row_hits;
    r->row_misses = c->row_misses;
    r->row_conflicts = c->row_conflicts;
    r->row_hit_rate = c->requests ? (double)c->row_hits / (double)c->requests : 0.0;
    r->read_latency_avg = bwm_lat_hist_mean(lat);
    r->read_latency_p99 = bwm_lat_hist_percentile(lat, 99.0);
}
