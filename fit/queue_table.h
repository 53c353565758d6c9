/* queue_table.h — the queueing model's alone side (fit/queue_calib.h) from
 * a list of alone runs, each with its latency probe: the scales fitted on
 * those runs, and the table that shows the fit's own error on them (per
 * alone run its queue wait measured and fitted, the probe and the latency
 * share).  "fit policy --model queueing" (policy_queue.*) and the study
 * (fit_policy_queue.*) write the same table. */
#ifndef BWM_QUEUE_TABLE_H
#define BWM_QUEUE_TABLE_H

#include <stddef.h>

#include "fit/queue_calib.h"
#include "io/table.h"
#include "sim/stats/app_stats.h"

typedef struct bwm_qcal_row {
    const char *app;                    /* its abbreviation (or trace name) */
    int sms;
    const bwm_app_result *alone;        /* its alone run */
    const bwm_app_result *probe;        /* its latency probe, or NULL */
} bwm_qcal_row;

/* bwm_qcal_scales on the rows' alone runs (bw, row_hit_rate, lat_mc_queue). */
int bwm_qcal_fit_rows(const bwm_qcal_row *rows, size_t n, double peak, bwm_qcal_fit *out, bwm_err *err);

/* The table (initialised here; the caller frees it); -1 when out of memory. */
int bwm_qcal_table(const bwm_qcal_row *rows, size_t n, const bwm_qcal_fit *fit, double peak, bwm_table *t);

#endif
