/* policy_summary.h — the policy fit summed up over workloads, for all of
 * them and per workload class (paper 000 Sec. 7: A/B/C by MPKI and by BW,
 * from the alone profiles).
 *
 * Per group: the number of workloads; the MARE (mean absolute relative error)
 * of per-application bw and ipc over every (workload, scheduler,
 * application), and of it, ws, hs over every (workload, scheduler); the
 * favour agreement rate per metric over the workloads where both favours are
 * defined, and again over the decisive ones only: those where the simulated
 * best static priority beats the runner-up by more than BWM_PFIT_DECISIVE
 * (elsewhere the choice hardly matters, and agreement on it is a coin toss);
 * the mean Spearman rho per metric over the workloads where it is defined.
 * A mean over nothing is NaN (printed as null). */
#ifndef BWM_POLICY_SUMMARY_H
#define BWM_POLICY_SUMMARY_H

#include <stddef.h>

#include "fit/policy_fit.h"

#define BWM_PFIT_DECISIVE 0.01 /* the two choices differ by more than 1 % */

typedef enum bwm_pfit_group {
    BWM_PG_ALL,
    BWM_PG_MPKI_A, BWM_PG_MPKI_B, BWM_PG_MPKI_C,
    BWM_PG_BW_A, BWM_PG_BW_B, BWM_PG_BW_C,
    BWM_PG_COUNT
} bwm_pfit_group;

typedef struct bwm_pfit_summary {
    const char *group;                  /* "all", "A-MPKI", ..., "C-BW" */
    size_t count;                       /* workloads */
    double mare_bw, mare_ipc;
    double mare[BWM_PM_COUNT];          /* it, ws, hs */
    double agree[BWM_PM_COUNT];         /* rate in [0, 1] */
    size_t decisive[BWM_PM_COUNT];      /* workloads with margin_sim > BWM_PFIT_DECISIVE and both favours */
    double agree_decisive[BWM_PM_COUNT]; /* the agreement rate over those */
    double rho[BWM_PM_COUNT];           /* mean Spearman rho */
} bwm_pfit_summary;

/* One row per group, in bwm_pfit_group order, over n results. */
void bwm_pfit_summarise(const bwm_pfit_result *r, size_t n, bwm_pfit_summary out[BWM_PG_COUNT]);

/* One row, named group, over those of the n results that have napps
 * applications (napps 0: every one): e.g. the pairs, the triples, or one
 * workload alone (n 1). */
void bwm_pfit_summarise_napps(const bwm_pfit_result *r, size_t n, size_t napps, const char *group,
                              bwm_pfit_summary *out);

#endif
