/* calib_check.h — does a synthetic application reproduce its Table 1 row?
 *
 * The application runs alone on the GPU Table 1 describes (by default the
 * whole GPU: paper 000 characterises each application by itself before
 * pairing them) and its simulated MPKI and BW/C are compared with the targets it
 * carries (the mpki and bw_frac columns, copied from data/apps.csv).
 * Tolerance (issue: calibration): MPKI within `rel` relative; BW/C within
 * `rel` relative or `bw_abs` absolute (0.005 = 0.5 percentage points of
 * peak), whichever is looser — the absolute bound matters only for the
 * smallest BW/C values. */
#ifndef BWM_CALIB_CHECK_H
#define BWM_CALIB_CHECK_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/run/run.h"
#include "sim/stats/app_stats.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

#define BWM_CALIB_REL 0.05
#define BWM_CALIB_BW_ABS 0.005

/* How every alone run of a calibration or a check is made. */
typedef struct bwm_calib_setup {
    const bwm_gpu_config *cfg;
    int sms;                 /* the application's SM share */
    bwm_run_params run;      /* cycles mode */
    uint64_t seed;
} bwm_calib_setup;

typedef struct bwm_calib_tol {
    double rel;              /* relative, both quantities */
    double bw_abs;           /* absolute, BW/C only */
} bwm_calib_tol;

typedef struct bwm_calib_point {
    double mpki_target, mpki, mpki_err;      /* err = (achieved - target) / target */
    double bw_target, bw, bw_err;            /* BW/C (0..1); err relative */
    double ipc;                              /* achieved, thread instructions per core cycle */
    int ok;                                  /* both within tolerance */
} bwm_calib_point;

/* The default tolerance: BWM_CALIB_REL and BWM_CALIB_BW_ABS. */
bwm_calib_tol bwm_calib_default_tol(void);

/* Whether achieved values are within tol of the targets (fills ok and the errors). */
void bwm_calib_judge(const bwm_calib_tol *tol, bwm_calib_point *p);

/* Error of each quantity in units of its tolerance: <= 1 is within.  The
 * calibration search minimises the larger of the two. */
double bwm_calib_mpki_score(const bwm_calib_tol *tol, const bwm_calib_point *p);
double bwm_calib_bw_score(const bwm_calib_tol *tol, const bwm_calib_point *p);

/* The point of an alone result r of app, judged against app's targets. */
void bwm_calib_point_from(const bwm_calib_tol *tol, const bwm_synth_app *app, const bwm_app_result *r,
                          bwm_calib_point *out);

/* BWM_EINPUT unless app carries both Table 1 targets (> 0). */
int bwm_calib_targets_ok(const bwm_synth_app *app, bwm_err *err);

/* Runs app alone with setup and judges it.  Targets must be > 0. */
int bwm_calib_measure(const bwm_calib_setup *s, const bwm_calib_tol *tol, const bwm_synth_app *app,
                      bwm_calib_point *out, bwm_err *err);

#endif
