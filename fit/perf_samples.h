/* perf_samples.h — the samples the performance-model fit (perf_fit.h) works
 * on, and where they come from: the rows of a results CSV, or each synthetic
 * application simulated alone.  A growable array that owns its samples.
 *
 * Every sample needs its application's scratchpad share f_smem, which is the
 * synthetic application's smem_frac (sim/workload/synth_app.h): results rows
 * are matched to the applications by abbreviation or name. */
#ifndef BWM_PERF_SAMPLES_H
#define BWM_PERF_SAMPLES_H

#include <stddef.h>
#include <stdint.h>

#include "fit/perf_fit.h"
#include "sim/run/run.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

typedef struct bwm_perf_samples {
    bwm_perf_sample *v;
    size_t n, cap;
} bwm_perf_samples;

void bwm_perf_samples_init(bwm_perf_samples *s);
void bwm_perf_samples_free(bwm_perf_samples *s);

/* Appends one sample per data row of a CSV whose header has ipc, mpki, bw
 * (GB/s) and abbr or name (abbr is used when both are there), e.g. the CSV of
 * "bwmpki sim run"; more columns are allowed.  Each row's application must be
 * one of apps (read from apps_path, named in errors); the sample is named by
 * its abbreviation and runs at clock_ghz.  Errors name FILE:LINE: a missing
 * column, an unknown application, a bad or negative number. */
int bwm_perf_samples_csv(bwm_perf_samples *s, const char *path, const bwm_synth_app *apps, size_t n_apps,
                         const char *apps_path, double clock_ghz, bwm_err *err);

/* Appends one sample per application: the application simulated alone on
 * `sms` SMs of cfg (sim/run/workload_run.h, bwm_workload_alone) for run. */
int bwm_perf_samples_sim(bwm_perf_samples *s, const bwm_gpu_config *cfg, const bwm_synth_app *const *apps,
                         size_t n, int sms, const bwm_run_params *run, uint64_t seed, bwm_err *err);

#endif
