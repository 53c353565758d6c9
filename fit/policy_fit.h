/* policy_fit.h — one workload of 2 or 3 applications, simulated under several
 * memory schedulers, beside the closed-form model of the same schedulers.
 *
 * Inputs: each application's alone profile (ipc, mpki, bw, row_hit_rate from
 * its alone run on its own SM share) and, per scheduler, the simulated bw and
 * ipc of every application.  For each scheduler the model's allocation comes
 * from the matching closed-form policy (fit/sched_policy.h) with
 * mpki_i = mpki_alone_i, demand bw_alone_i, rbl_i from row_hit_rate (rr only)
 * and the DRAM peak; then ipc_model_i = ipc_alone_i x bw_model_i / bw_alone_i
 * (P ∝ BW/MPKI at the alone MPKI) and it, ws, hs by model/metrics.  The
 * simulated it, ws, hs come from the simulated ipc the same way.  Every error
 * is |model - sim| / sim (undefined where sim is 0).  An application without
 * DRAM traffic alone (mpki or bw 0, e.g. in a short run) takes no part in the
 * sharing: the model gives it no bandwidth and its alone ipc, and the others
 * share the peak as if it were not there.
 *
 * Which application to favour: the model's ε-analysis (model/transfer.h)
 * against the simulation's best static priority (argmax over prior-1..prior-N
 * of the simulated metric; available only when every prior-K was run).  The
 * analysis is taken at the model's frfcfs allocation, the baseline, as
 * "model compare" does; the choice does not matter here: the IT and WS
 * favours (lowest mpki, lowest bw_alone) do not depend on the operating point,
 * and HS's marginal value bw_alone_i / bw_i² is ∝ 1 / bw_alone_i both at the
 * alone point and under frfcfs's proportional share, so HS favours what WS
 * favours.  Rank agreement: Spearman's rho (rank_corr.h) between the model's
 * and the simulation's metric over the schedulers.  The result owns no
 * memory.
 *
 * With queueing set, the model is model/queue.h's instead (the same policy per
 * scheduler, as its service discipline), fed each application's alone round
 * trip, latency share and row-hit rate and the constants q; the application
 * to favour is then the one whose static priority the model predicts best for
 * the metric (argmax over prior-1..prior-N of the model's metric, 0 on a
 * tie), the same rule as the simulation's side. */
#ifndef BWM_POLICY_FIT_H
#define BWM_POLICY_FIT_H

#include <stddef.h>

#include "model/classify.h"
#include "model/queue.h"
#include "util/status.h"

#define BWM_PFIT_MAX_APPS 3
#define BWM_PFIT_MAX_SCHEDS 32
#define BWM_PFIT_NAME 32

typedef enum bwm_pfit_metric { BWM_PM_IT, BWM_PM_WS, BWM_PM_HS, BWM_PM_COUNT } bwm_pfit_metric;

typedef struct bwm_pfit_alone {
    double ipc, mpki, bw, row_hit_rate; /* ipc > 0; mpki, bw >= 0; bw <= peak; rate in [0, 1] */
} bwm_pfit_alone;

/* What the queueing model adds to an alone profile (fit/queue_calib.h): the
 * loads' round trip and their wait in the controller's queue (core cycles),
 * and the latency share. */
typedef struct bwm_pfit_qalone {
    double round_trip, mc_queue, lat_share;
} bwm_pfit_qalone;

typedef struct bwm_pfit_sim {
    char sched[BWM_PFIT_NAME];          /* simulator scheduler name, e.g. "its", "prior-2" */
    double bw[BWM_PFIT_MAX_APPS];       /* same unit as peak */
    double ipc[BWM_PFIT_MAX_APPS];
} bwm_pfit_sim;

typedef struct bwm_pfit_input {
    size_t n;                           /* 2 or 3 applications */
    double peak;                        /* DRAM peak bandwidth */
    bwm_pfit_alone alone[BWM_PFIT_MAX_APPS];
    size_t nsched;                      /* 1 .. BWM_PFIT_MAX_SCHEDS */
    bwm_pfit_sim sim[BWM_PFIT_MAX_SCHEDS];
    int queueing;                       /* 0: paper 000's model; 1: the queueing model with q */
    bwm_qgpu q;
    bwm_pfit_qalone qalone[BWM_PFIT_MAX_APPS]; /* read when queueing */
} bwm_pfit_input;

typedef struct bwm_pfit_sched {
    char sched[BWM_PFIT_NAME];
    char form[BWM_PFIT_NAME];           /* the closed form used: "prior-low-mpki", "rr+rbl", ... */
    double bw_sim[BWM_PFIT_MAX_APPS], bw_model[BWM_PFIT_MAX_APPS], bw_err[BWM_PFIT_MAX_APPS];
    double ipc_sim[BWM_PFIT_MAX_APPS], ipc_model[BWM_PFIT_MAX_APPS], ipc_err[BWM_PFIT_MAX_APPS];
    double sim[BWM_PM_COUNT], model[BWM_PM_COUNT], err[BWM_PM_COUNT]; /* it, ws, hs */
} bwm_pfit_sched;

typedef struct bwm_pfit_result {
    size_t n, nsched;
    bwm_classes classes;                /* from alone mpki and bw / peak */
    int bandwidth_bound;                /* Σ bw_alone > peak: the premise of the ε-analysis */
    bwm_pfit_sched s[BWM_PFIT_MAX_SCHEDS];
    int favour_model[BWM_PM_COUNT];     /* 1-based application; 0: indifferent */
    int favour_sim[BWM_PM_COUNT];       /* 1-based; 0: some prior-K not run, or a tie */
    int agree[BWM_PM_COUNT];            /* 1 or 0; -1 when either favour is 0 */
    double margin_sim[BWM_PM_COUNT];    /* the best prior-K's simulated metric over the runner-up's, less 1;
                                           NaN when some prior-K was not run */
    double rho[BWM_PM_COUNT];           /* Spearman over the schedulers; NaN when undefined */
} bwm_pfit_result;

/* "it", "ws", "hs". */
const char *bwm_pfit_metric_name(bwm_pfit_metric m);

/* (model - sim) / |sim|, signed, or NaN when sim is 0 or either is not finite. */
double bwm_rel_err(double model, double sim);

/* Fills out.  Bad input (BWM_EINPUT): n outside 2..3, no scheduler, an alone
 * value out of range (the message names the application, 1-based), a
 * scheduler without a closed form (fit/sched_policy.h), a negative or
 * non-finite simulated value. */
int bwm_policy_fit(const bwm_pfit_input *in, bwm_pfit_result *out, bwm_err *err);

#endif
