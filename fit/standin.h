/* standin.h — a synthetic stand-in for a traced application: a catalogue
 * row whose alone profile matches the trace's, so that the synthetic
 * catalogue's results can be set beside real access streams.
 *
 * The trace runs alone on the calibration's SM share in paper mode (its
 * kernel list once: a trace's first pass is what it does to the memory
 * system; repeated passes of a small trace hit in the L2).  Its mpki and
 * BW/C become the stand-in's targets (the mpki and bw_frac columns), so a
 * file of stand-ins is also a model catalogue of the traces' alone
 * profiles.  The stand-in starts from a row of the starting file (its
 * character: class, pattern, locality, ...), by default the one nearest
 * the trace: distance² = ln(mpki ratio)² + ln(BW/C ratio)² + (4 × row-hit
 * rate difference)², the row's row-hit rate measured alone on the same SMs
 * (a difference of 0.25 weighs as much as a factor e in mpki), and is
 * calibrated as every row is (fit/calibrate.h).  Its ipc and row-hit rate
 * are not targets: they are measured and set beside the trace's. */
#ifndef BWM_FIT_STANDIN_H
#define BWM_FIT_STANDIN_H

#include <stddef.h>

#include "fit/calibrate.h"
#include "sim/run/workload_run.h"

/* A stand-in's abbreviation: the trace's name and this suffix. */
#define BWM_STANDIN_SUFFIX "-syn"

/* The trace's alone run fails beyond this many core cycles (paper mode). */
#define BWM_STANDIN_MAX_CYCLES 100000000

/* The stand-in's abbreviation of the trace called name: NAME-syn. */
void bwm_standin_abbr(const char *name, char *out, size_t n);

typedef struct bwm_standin_profile {
    double ipc, mpki, bw_frac, row_hit_rate;
} bwm_standin_profile;

typedef struct bwm_standin {
    bwm_standin_profile trace;   /* the trace alone (paper mode) */
    bwm_standin_profile synth;   /* the calibrated stand-in alone (calibration's runs) */
    char like[16];               /* the starting row's abbreviation */
    bwm_calib_report rep;
} bwm_standin;

/* The trace alone on s->sms SMs, its kernel list once.  A trace with no
 * L2 misses or no DRAM traffic alone is BWM_EINPUT: it has no memory
 * profile to stand in for. */
int bwm_standin_trace_profile(const bwm_calib_setup *s, const bwm_trace_spec *trace, bwm_standin_profile *out,
                              bwm_err *err);

/* The row of rows[0..n) with targets (> 0) nearest the trace's profile p,
 * row_hit[i] being row i's alone row-hit rate; n when none has targets. */
size_t bwm_standin_nearest(const bwm_synth_app *rows, const double *row_hit, size_t n, const bwm_standin_profile *p);

/* Row-hit rate of each row of rows[0..n) with targets alone on s->sms SMs
 * (calibration's runs), into row_hit[] (NAN for a row without targets). */
int bwm_standin_row_hits(const bwm_calib_setup *s, const bwm_synth_app *rows, size_t n, double *row_hit,
                         bwm_err *err);

/* The stand-in of a trace named name whose profile (bwm_standin_trace_profile)
 * is trace, from the row like: a copy of like calibrated to the profile (at
 * most max_evals runs) into *out, and the result measured. */
int bwm_standin_make(const bwm_calib_setup *s, const bwm_calib_tol *tol, int max_evals,
                     const bwm_standin_profile *trace, const char *name, const bwm_synth_app *like, bwm_synth_app *out,
                     bwm_standin *rep, bwm_err *err);

#endif
