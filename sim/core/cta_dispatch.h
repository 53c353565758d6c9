/* cta_dispatch.h — which thread block (CTA) an SM runs next.
 *
 * An application with thread blocks (synth_app.h: cta_warps > 0) is a grid
 * of `grid` CTAs, numbered 0 .. grid-1, on n SMs; the grid runs again and
 * again (a kernel relaunched), so a run of any length stays busy.  Each CTA
 * an SM takes gets a sequence number seq: its CTA id is seq mod grid and
 * its launch seq / grid (what seeds its warps' streams, so a CTA runs the
 * same instructions whichever SM takes it).  Two policies (-bwm_cta_dispatch):
 *   interleaved  GPGPU-Sim's: one counter for the grid, a CTA id to each SM
 *                as it frees a slot (at launch, slot by slot in SM order:
 *                CTA 0 to SM 0, 1 to SM 1, ...), so consecutive CTAs run
 *                on different SMs;
 *   serial       paper 002 (Sec. 3.2): SM r of n owns the contiguous range
 *                of CTA ids [r × grid / n, (r + 1) × grid / n) (a queue
 *                with head and tail registers) and takes them in order,
 *                starting its range again at the next launch; an SM whose
 *                range is empty (fewer CTAs than SMs) stays idle.
 * Plain data, no allocation beyond the per-SM heads. */
#ifndef BWM_CTA_DISPATCH_H
#define BWM_CTA_DISPATCH_H

#include <stdint.h>

#include "util/status.h"

typedef enum bwm_cta_policy { BWM_CTA_INTERLEAVED, BWM_CTA_SERIAL } bwm_cta_policy;

typedef struct bwm_cta_dispatch {
    bwm_cta_policy policy;
    uint64_t grid;      /* CTAs in the grid, >= 1 */
    int n_sms;          /* the application's SMs */
    uint64_t next;      /* interleaved: CTAs handed out so far */
    uint64_t *taken;    /* serial: CTAs each SM took so far */
} bwm_cta_dispatch;

/* "interleaved" or "serial" into *p; -1 for another name. */
int bwm_cta_policy_parse(const char *name, bwm_cta_policy *p);
const char *bwm_cta_policy_name(bwm_cta_policy p);

int bwm_cta_dispatch_init(bwm_cta_dispatch *d, bwm_cta_policy policy, uint64_t grid, int n_sms, bwm_err *err);
void bwm_cta_dispatch_free(bwm_cta_dispatch *d);

/* The next CTA for the SM of rank `rank` (0 .. n_sms-1 among the
 * application's SMs) into *seq; 0 when it gets none (serial, empty range). */
int bwm_cta_take(bwm_cta_dispatch *d, int rank, uint64_t *seq);

/* The CTA ids SM rank owns under serial dispatch: [*lo, *hi). */
void bwm_cta_serial_range(const bwm_cta_dispatch *d, int rank, uint64_t *lo, uint64_t *hi);

#endif
