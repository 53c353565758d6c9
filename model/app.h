/* app.h — an application as the closed-form engine sees it.
 *
 * Paper 000, Sec. 5: application i has an L2 MPKI and an alone bandwidth
 * (its demand); performance of an allocation bw_i is perf_i = bw_i / mpki_i in
 * the paper's units, and perf_alone_i = bw_alone_i / mpki_i.  The optional
 * row-buffer locality rbl_i (column accesses per activation) steers rr. */
#ifndef BWM_APP_H
#define BWM_APP_H

#include <stddef.h>

#include "util/status.h"

#define BWM_MODEL_MAX_APPS 256

typedef struct bwm_app {
    double mpki;      /* > 0 */
    double bw_alone;  /* demand, 0 < bw_alone <= peak (same unit as peak) */
    double rbl;       /* > 0, or 0 when not known */
} bwm_app;

/* Checks 1 <= n <= BWM_MODEL_MAX_APPS, peak > 0 and each application's values
 * (finite, mpki > 0, 0 < bw_alone <= peak, rbl >= 0).  Messages name the
 * application (1-based) and the value at fault. */
int bwm_apps_check(const bwm_app *apps, size_t n, double peak, bwm_err *err);

/* perf_i = bw_i / mpki_i and perf_alone_i = bw_alone_i / mpki_i. */
double bwm_app_perf(const bwm_app *a, double bw);
double bwm_app_perf_alone(const bwm_app *a);

#endif
