/* apps_csv_fuzz.c — libFuzzer harness: application CSVs (io/catalog,
 * data/apps.csv; sim/workload/synth_app's loader, data/apps_synth.csv).
 *
 * The input is a CSV file, loaded both as a catalogue and as synthetic
 * applications.  A catalogue that loads must hold what its checks promise
 * and find each entry by name; synthetic applications that load must pass
 * their own check, and written back (bwm_synth_write, as calibrate does)
 * must load again and write the same text. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "io/catalog.h"
#include "sim/workload/synth_app.h"
#include "util/buf.h"

static void catalogue(const char *path)
{
    bwm_catalog c;
    bwm_err err;
    if (bwm_catalog_load(&c, path, &err) != BWM_OK)
        return;
    bwm_fuzz_require(c.n > 0, "an empty catalogue loaded");
    for (size_t i = 0; i < c.n; i++) {
        const bwm_catalog_entry *e = &c.e[i];
        bwm_fuzz_require(e->mpki > 0 && e->bw_frac > 0 && e->bw_frac <= 1, "catalogue values");
        bwm_fuzz_require(e->abbr[0] && !strchr(e->abbr, '_') && !strchr(e->abbr, ' '), "abbreviation");
        bwm_fuzz_require(bwm_catalog_find(&c, e->abbr) == e, "an abbreviation finds another entry");
    }
    bwm_catalog_free(&c);
}

static void synthetic(const char *path)
{
    bwm_synth_app *apps, *again;
    size_t n, n_again;
    bwm_err err;
    if (bwm_synth_load(path, &apps, &n, &err) != BWM_OK)
        return;
    for (size_t i = 0; i < n; i++)
        bwm_fuzz_require(bwm_synth_app_check(&apps[i], &err) == BWM_OK, "a loaded application fails its check");
    bwm_buf first, second;
    bwm_buf_init(&first);
    bwm_buf_init(&second);
    bwm_synth_write(apps, n, "written by the fuzz harness", &first);
    bwm_fuzz_require(bwm_buf_ok(&first), "writing the applications failed");
    const char *copy = bwm_fuzz_file(1, (const uint8_t *)first.data, first.len);
    bwm_fuzz_require(bwm_synth_load(copy, &again, &n_again, &err) == BWM_OK, "written applications do not load");
    bwm_fuzz_require(n_again == n, "written applications load as a different count");
    bwm_synth_write(again, n_again, "written by the fuzz harness", &second);
    bwm_fuzz_require(strcmp(bwm_buf_str(&first), bwm_buf_str(&second)) == 0,
                     "written applications read back differently");
    bwm_buf_free(&first);
    bwm_buf_free(&second);
    free(apps);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = bwm_fuzz_file(0, data, size);
    catalogue(path);
    synthetic(path);
    return 0;
}
