/* workloads_fuzz.c — libFuzzer harness: workload CSVs (io/workloads,
 * data/workloads/paper.csv) and workloads given as text (--mixes).
 *
 * The input is loaded as a workload list against the shipped catalogue,
 * and read again as a comma-separated --mixes value.  Every workload that
 * loads must name 1 to BWM_WORKLOAD_MAX_APPS catalogue applications. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "io/catalog.h"
#include "io/workloads.h"

static bwm_catalog cat;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char path[4096];
    bwm_err err;
    bwm_fuzz_require(bwm_catalog_load(&cat, bwm_fuzz_data_path("apps.csv", path, sizeof path), &err) == BWM_OK,
                     "cannot load the shipped catalogue");
    return 0;
}

static void check_list(const bwm_workload_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        const bwm_workload *w = &l->w[i];
        bwm_fuzz_require(w->id[0] != '\0', "workload without an id");
        bwm_fuzz_require(w->napps >= 1 && w->napps <= BWM_WORKLOAD_MAX_APPS, "applications per workload");
        for (size_t k = 0; k < w->napps; k++)
            bwm_fuzz_require(w->apps[k] >= cat.e && w->apps[k] < cat.e + cat.n, "application outside the catalogue");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bwm_workload_list l;
    bwm_err err;
    if (bwm_workloads_load(&l, bwm_fuzz_file(0, data, size), &cat, &err) == BWM_OK) {
        bwm_fuzz_require(l.n > 0, "an empty workload list loaded");
        check_list(&l);
        bwm_workloads_free(&l);
    }
    char *text = bwm_fuzz_text(data, size);
    if (bwm_workloads_parse_list(&l, text, &cat, "option --mixes", &err) == BWM_OK) {
        check_list(&l);
        bwm_workloads_free(&l);
    }
    free(text);
    return 0;
}
