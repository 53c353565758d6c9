/* transfer.h — the ε-transfer analysis of paper 000, Sec. 5.
 *
 * Moving ε bandwidth from application j to i changes IT by
 * ε(1/mpki_i − 1/mpki_j) (Eq. 4-8), WS by ε(1/bw_alone_i − 1/bw_alone_j)
 * (Eq. 9-13) and the alone-free WS approximation by ε(1/bw_i − 1/bw_j)
 * (Eq. 14-18).  So each application's marginal value of bandwidth is
 * 1/mpki_i for IT, 1/bw_alone_i for WS and 1/bw_i for the approximation
 * (at an operating point bw_i); for HS (Σ 1/sd_i falls by bw_alone_i/bw_i²
 * per unit) it is bw_alone_i / bw_i².  The application to favour for a
 * metric is the one with the highest marginal value; a tie at the top means
 * the metric is indifferent (reported as 0).  For two applications this is
 * exactly the paper's rule: lower MPKI for IT, lower alone BW for WS, lower
 * attained BW for the approximation. */
#ifndef BWM_TRANSFER_H
#define BWM_TRANSFER_H

#include <stddef.h>

#include "model/app.h"

typedef enum bwm_metric_id { BWM_MV_IT, BWM_MV_WS, BWM_MV_WS_APPROX, BWM_MV_HS, BWM_MV_COUNT } bwm_metric_id;

typedef struct bwm_transfer {
    size_t n;
    /* marginal value of bandwidth per application and metric; INFINITY for
     * an application that gets no bandwidth at the operating point */
    double value[BWM_MV_COUNT][BWM_MODEL_MAX_APPS];
    /* applications (0-based) by descending marginal value, ties by index */
    size_t rank[BWM_MV_COUNT][BWM_MODEL_MAX_APPS];
    /* 1-based application to favour per metric, 0 if indifferent */
    int favour[BWM_MV_COUNT];
    int conflict;         /* IT and WS favour different applications */
    int bandwidth_bound;  /* Σ bw_alone > peak: the premise of the analysis */
} bwm_transfer;

/* apps must have passed bwm_apps_check; bw is the operating point (n values). */
void bwm_transfer_eval(const bwm_app *apps, size_t n, double peak, const double *bw, bwm_transfer *t);

/* The metric's name: "it", "ws", "ws_approx", "hs". */
const char *bwm_metric_name(bwm_metric_id m);

#endif
