/* results_csv_fuzz.c — libFuzzer harness: result CSVs, the rows of
 * measured (ipc, mpki, bw) other commands read back: "fit import --csv"
 * (fit/import), alone profiles (sim/run/alone_file, "sim run --alone") and
 * "fit perf --results" (fit/perf_samples, then the fit itself).
 *
 * The input is one CSV, read by each of the three against the shipped
 * calibrated applications.  What loads is taken as far as its command
 * takes it: imports into the model-beside-measurement table, samples into
 * the performance-model fit and its tables, each rendered in every
 * format.  Values that load must satisfy the loaders' own checks. */
#include <math.h>
#include <stdlib.h>

#include "fit/import.h"
#include "fit/perf_fit.h"
#include "fit/perf_samples.h"
#include "fit/perf_table.h"
#include "fuzz/fuzz_support.h"
#include "sim/run/alone_file.h"
#include "sim/workload/synth_app.h"

/* Fitting is iterative: enough samples to exercise it, few enough to keep
 * every input fast. */
#define MAX_FIT_SAMPLES 64

static bwm_synth_app *apps;
static size_t n_apps;
static bwm_app_names pick[2]; /* the alone profiles asked for: BLK and QTC */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char path[4096];
    bwm_err err;
    bwm_fuzz_require(bwm_synth_load(bwm_fuzz_data_path("apps_calibrated.csv", path, sizeof path), &apps, &n_apps,
                                    &err) == BWM_OK,
                     "cannot load the shipped calibrated applications");
    const char *want[2] = {"BLK", "QTC"};
    for (int i = 0; i < 2; i++) {
        const bwm_synth_app *a = bwm_synth_find(apps, n_apps, want[i]);
        bwm_fuzz_require(a != NULL, "BLK or QTC missing from the calibrated applications");
        pick[i] = (bwm_app_names){a->abbr, a->name};
    }
    return 0;
}

static void import_csv(const char *path)
{
    bwm_import im;
    bwm_err err;
    bwm_import_init(&im);
    if (bwm_import_csv(&im, path, 128, 1400, &err) == BWM_OK) {
        for (size_t i = 0; i < im.n; i++)
            bwm_fuzz_require(im.rows[i].ipc >= 0 && im.rows[i].mpki >= 0 && im.rows[i].bw >= 0 &&
                                 im.rows[i].name[0] != '\0',
                             "imported row");
        bwm_table t[2];
        bwm_fuzz_require(bwm_import_tables(&im, t) == BWM_OK, "import tables");
        bwm_fuzz_render_table(&t[0]);
        bwm_fuzz_render_table(&t[1]);
    }
    bwm_import_free(&im);
}

static void alone_profiles(const char *path)
{
    bwm_alone_profile p[2];
    bwm_err err;
    if (bwm_alone_load(path, pick, 2, p, &err) != BWM_OK)
        return;
    for (int i = 0; i < 2; i++)
        bwm_fuzz_require(p[i].ipc > 0 && p[i].mpki >= 0 && p[i].bw >= 0, "alone profile");
}

static void perf_samples(const char *path)
{
    bwm_perf_samples s;
    bwm_err err;
    bwm_perf_samples_init(&s);
    if (bwm_perf_samples_csv(&s, path, apps, n_apps, "apps_calibrated.csv", 1.4, &err) == BWM_OK && s.n > 0 &&
        s.n <= MAX_FIT_SAMPLES) {
        bwm_perf_opts o;
        bwm_perf_fit f;
        bwm_perf_opts_default(&o);
        if (bwm_perf_fit_run(s.v, s.n, &o, &f, &err) == BWM_OK) {
            bwm_table t[BWM_PERF_NTABLES];
            bwm_fuzz_require(bwm_perf_tables(&f, s.v, t, &err) == BWM_OK, "fit tables");
            for (int k = 0; k < BWM_PERF_NTABLES; k++)
                bwm_fuzz_render_table(&t[k]);
            bwm_perf_fit_free(&f);
        }
    }
    bwm_perf_samples_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = bwm_fuzz_file(0, data, size);
    import_csv(path);
    alone_profiles(path);
    perf_samples(path);
    return 0;
}
