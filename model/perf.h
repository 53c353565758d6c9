/* perf.h — single-application performance from bandwidth and MPKI.
 *
 * Paper 000, Eq. 1-3: an application that misses the L2 mpki times per 1000
 * instructions moves line_bytes × mpki/1000 bytes from DRAM per instruction,
 * so at bandwidth bw it commits P = bw / (line_bytes × mpki/1000)
 * instructions per second, and ipc = P / core_clock. */
#ifndef BWM_PERF_H
#define BWM_PERF_H

#include "util/status.h"

#define BWM_LINE_BYTES_DEFAULT 128.0

typedef struct bwm_perf_in {
    double bw_gbs;        /* attained DRAM bandwidth, GB/s (10^9 bytes/s) */
    double mpki;          /* L2 misses per 1000 thread instructions, > 0 */
    double line_bytes;    /* bytes moved per miss, > 0 (default 128) */
    double clock_mhz;     /* core clock, MHz, > 0 */
} bwm_perf_in;

typedef struct bwm_perf_out {
    double ips;           /* instructions per second */
    double ipc;           /* instructions per core cycle */
} bwm_perf_out;

/* Validates the inputs (bw ≥ 0; mpki, line and clock > 0; all finite). */
int bwm_perf_check(const bwm_perf_in *in, bwm_err *err);
/* P and ipc of Eq. 3; inputs must be valid. */
bwm_perf_out bwm_perf_eval(const bwm_perf_in *in);
/* The inverse: the bandwidth (GB/s) needed to reach ipc at this mpki. */
double bwm_perf_bw_for_ipc(double ipc, double mpki, double line_bytes, double clock_mhz);
/* ipc normalised to the machine's maximum ipc (as in paper 000, Figure 2). */
double bwm_perf_normalise(double ipc, double max_ipc);

#endif
