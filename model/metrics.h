/* metrics.h — workload metrics from per-application and alone performance.
 *
 * DESIGN.md definitions: sd_i = ipc_i / ipc_alone_i; it = Σ ipc_i;
 * ws = Σ sd_i; hs = N / Σ 1/sd_i; antt = (1/N) Σ 1/sd_i;
 * max_slowdown = max 1/sd_i; unfairness = max 1/sd_i / min 1/sd_i.
 * An application that gets nothing (sd_i = 0) makes hs 0 and antt,
 * max_slowdown and unfairness infinite; `starved` says so, and printers
 * show those values as null / "-" rather than a number. */
#ifndef BWM_METRICS_H
#define BWM_METRICS_H

#include <stddef.h>

#include "util/status.h"

typedef struct bwm_metrics {
    double it, ws, hs, antt, max_slowdown, unfairness;
    size_t starved; /* applications with sd = 0 */
} bwm_metrics;

/* ipc_alone must be > 0 and ipc >= 0, all finite; sd (n values) may be NULL. */
int bwm_metrics_eval(const double *ipc, const double *ipc_alone, size_t n, double *sd,
                     bwm_metrics *m, bwm_err *err);

#endif
