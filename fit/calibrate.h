/* calibrate.h — tuning a synthetic application until, alone on its SM
 * share, it reproduces its Table 1 MPKI and BW/C.
 *
 * Two quantities, two knobs, solved in turns with GSL's Brent root finder
 * (each turn a one-dimensional root of "achieved − target" in one knob,
 * bracketed by stepping away from the current value):
 *   - MPKI by mem_frac (misses grow in proportion to memory instructions;
 *     searched on a log scale, kept to 4 significant digits);
 *   - BW/C by compute_latency (a longer dependent-compute latency lowers the
 *     issue rate, hence the bandwidth; log scale, whole cycles) — unless the
 *     application is bandwidth-bound and too slow even at latency 1, in which
 *     case by store_frac (fewer writes: fewer bus turnarounds and dirty
 *     write-backs; searched in steps of 0.001).
 * Every other parameter — pattern, coalescing, footprint, scratchpad use,
 * warps, loads in flight — is the application's character and stays as
 * given.  Each evaluation is one alone run; evaluations are remembered, so
 * a parameter set is never simulated twice.  The search aims at half the
 * tolerance, to leave a margin, and keeps the best point it saw. */
#ifndef BWM_CALIBRATE_H
#define BWM_CALIBRATE_H

#include "fit/calib_check.h"

typedef enum bwm_calib_knob {
    BWM_KNOB_NONE,            /* already within tolerance */
    BWM_KNOB_COMPUTE_LATENCY,
    BWM_KNOB_STORE_FRAC
} bwm_calib_knob;

typedef struct bwm_calib_report {
    bwm_calib_point start;    /* with the given parameters */
    bwm_calib_point final;    /* with the parameters written back */
    int evals;                /* alone runs made */
    bwm_calib_knob bw_knob;   /* the knob that moved BW/C last */
} bwm_calib_report;

/* Tunes *app in place (mem_frac, compute_latency, store_frac) within at most
 * max_evals alone runs.  Returns BWM_OK whether or not the result is within
 * tolerance — rep->final.ok says; an error means a run failed or the input
 * has no targets. */
int bwm_calibrate_app(const bwm_calib_setup *s, const bwm_calib_tol *tol, int max_evals, bwm_synth_app *app,
                      bwm_calib_report *rep, bwm_err *err);

/* "-", "compute_latency" or "store_frac". */
const char *bwm_calib_knob_name(bwm_calib_knob k);

#endif
