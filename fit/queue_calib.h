/* queue_calib.h — the queueing model's constants (model/queue.h) from alone
 * runs only, never from runs of several applications.
 *
 * Queueing scales: each application alone on its SM share waits lat_mc_queue
 * core cycles per load in the memory controller's queue at utilisation
 * rho = bw / peak; the model says rho / (1 - rho) · (w_miss (1 - h) + w_hit h)
 * with h its row-hit rate, linear in (w_miss, w_hit): least squares over the
 * alone runs, each scale floored at BWM_QCAL_MIN_SCALE (the other refitted
 * alone) so that the queue never vanishes.  The fit's own error on the runs
 * it was fitted on is returned beside it.
 *
 * Latency share: the application alone once more with every DRAM request
 * delayed by a fixed number of cycles (a latency probe: same bandwidth
 * available, longer round trip).  If its ipc falls from ipc to ipc_probe while
 * its round trip grows from rt to rt_probe, the interval form of
 * model/queue.h, ipc / ipc_probe = (1 - s) + s · rt_probe / rt, gives
 *     s = (ipc / ipc_probe - 1) / (rt_probe / rt - 1),
 * clamped to [0, 4]; 0 when the probe did not lengthen the round trip. */
#ifndef BWM_QUEUE_CALIB_H
#define BWM_QUEUE_CALIB_H

#include <stddef.h>

#include "model/queue.h"
#include "util/status.h"

#define BWM_QCAL_MIN_SCALE 0.1 /* core cycles */
#define BWM_QCAL_PROBE_DELAY 100 /* L2 cycles added to -dram_latency by the latency probe */

typedef struct bwm_qcal_point {
    double bw, row_hit, mc_queue; /* alone: GB/s (as peak), [0, 1], core cycles per load */
} bwm_qcal_point;

typedef struct bwm_qcal_fit {
    bwm_qgpu g;
    size_t used;        /* points with traffic (bw > 0) */
    double rms;         /* root mean square of (model - measured) mc_queue, core cycles */
    double mean_abs;    /* mean |model - measured|, core cycles */
    double mean_meas;   /* mean measured mc_queue, core cycles */
} bwm_qcal_fit;

/* Fits the scales on n alone points (bw < peak).  BWM_EINPUT when fewer than
 * two points have traffic. */
int bwm_qcal_scales(const bwm_qcal_point *p, size_t n, double peak, bwm_qcal_fit *out, bwm_err *err);

/* The latency share of the probe (see above). */
double bwm_qcal_lat_share(double ipc, double rt, double ipc_probe, double rt_probe);

#endif
