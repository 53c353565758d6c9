/* compare.h — every policy on one workload, with metrics and the ε-analysis.
 *
 * The closed-form counterpart of running a workload under each scheduler:
 * for prior-1..prior-N, prior-low-mpki, prior-low-bw, weis, rr, frfcfs,
 * opt-it, opt-ws and opt-hs it computes the allocation, perf_i = bw_i/mpki_i,
 * sd_i = bw_i/bw_alone_i and the workload metrics; the transfer analysis is
 * taken at the frfcfs operating point (the baseline scheduler). */
#ifndef BWM_COMPARE_H
#define BWM_COMPARE_H

#include <stddef.h>

#include "model/app.h"
#include "model/metrics.h"
#include "model/share.h"
#include "model/transfer.h"

#define BWM_COMPARE_MAX_APPS 16
#define BWM_COMPARE_FIXED_POLICIES 8
#define BWM_COMPARE_MAX_POLICIES (BWM_COMPARE_MAX_APPS + BWM_COMPARE_FIXED_POLICIES)

typedef struct bwm_policy_result {
    char name[32];
    double bw[BWM_COMPARE_MAX_APPS];
    double perf[BWM_COMPARE_MAX_APPS];
    double sd[BWM_COMPARE_MAX_APPS];
    bwm_metrics m;
} bwm_policy_result;

typedef struct bwm_comparison {
    size_t n;
    double peak;
    double perf_alone[BWM_COMPARE_MAX_APPS];
    size_t npolicies;
    bwm_policy_result r[BWM_COMPARE_MAX_POLICIES];
    const char *operating_point;  /* policy whose allocation the transfer analysis uses */
    bwm_transfer transfer;
} bwm_comparison;

/* A sharing model: the allocation of policy p (bwm_share's contract); ctx is
 * the model's own data (NULL for paper 000's). */
typedef void (*bwm_share_fn)(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, const void *ctx,
                             double *bw);

/* Validates the workload (bwm_apps_check, n <= BWM_COMPARE_MAX_APPS) and fills c. */
int bwm_compare(const bwm_app *apps, size_t n, double peak, bwm_comparison *c, bwm_err *err);
/* The same with another sharing model (model/queue.h's bwm_queue_share_fn). */
int bwm_compare_by(const bwm_app *apps, size_t n, double peak, bwm_share_fn share, const void *ctx,
                   bwm_comparison *c, bwm_err *err);

#endif
