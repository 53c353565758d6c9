/* calibrate.h — tuning a synthetic application until, alone on the GPU it
 * was characterised on, it reproduces its Table 1 MPKI and BW/C.
 *
 * Two quantities, two knobs, solved in turns with GSL's Brent root finder
 * (each turn a one-dimensional root of "achieved − target" in one knob,
 * bracketed by stepping away from the current value):
 *   - MPKI by mem_frac (misses grow in proportion to memory instructions;
 *     searched on a log scale, kept to 4 significant digits);
 *   - BW/C by warps, the occupancy (warps per SM on average, 0.1..48, to
 *     0.01): more resident warps keep more requests in flight, and an
 *     application's throughput follows its requests in flight over their
 *     latency until it saturates the DRAM or the issue slots.
 * Every other parameter — class, pattern, row run, coalescing, stores,
 * footprint, reuse, scratchpad use, pipeline latency, dependence distance,
 * loads in flight, active lanes — is the application's character and stays
 * as given.  Each evaluation is one alone run; evaluations are remembered, so
 * a parameter set is never simulated twice.  The search aims at half the
 * tolerance, to leave a margin, and keeps the best point it saw.  An
 * application whose character cannot reach its target at any occupancy
 * (too slow at 48 warps, too fast at 1) ends out of tolerance: its character
 * is wrong, and no knob is bent to hide that. */
#ifndef BWM_CALIBRATE_H
#define BWM_CALIBRATE_H

#include "fit/calib_check.h"

typedef struct bwm_calib_report {
    bwm_calib_point start;    /* with the given parameters */
    bwm_calib_point final;    /* with the parameters written back */
    int evals;                /* alone runs made */
} bwm_calib_report;

/* Tunes *app in place (mem_frac, warps) within at most
 * max_evals alone runs.  Returns BWM_OK whether or not the result is within
 * tolerance — rep->final.ok says; an error means a run failed or the input
 * has no targets. */
int bwm_calibrate_app(const bwm_calib_setup *s, const bwm_calib_tol *tol, int max_evals, bwm_synth_app *app,
                      bwm_calib_report *rep, bwm_err *err);

#endif
