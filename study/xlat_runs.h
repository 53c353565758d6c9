/* xlat_runs.h — the runs on the translation experiment's GPU picked out
 * of a study's plan (by experiment, design, number of applications and
 * application) and their TLB statistics averaged over applications: what
 * the report's translation and page-reuse sections count and compare. */
#ifndef BWM_STUDY_XLAT_RUNS_H
#define BWM_STUDY_XLAT_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "study/outcome.h"
#include "util/buf.h"

typedef struct bwm_xlat_sel {
    int exp;                            /* bwm_study_exp */
    const char *design;                 /* GROUP/NAME */
    size_t napps;                       /* 0: any */
    const char *app;                    /* NULL: any; else every application of the run is app */
    const char *workload;               /* NULL: any */
} bwm_xlat_sel;

typedef struct bwm_xlat_means {
    int n;                              /* applications averaged */
    double l1_miss, l2_miss;            /* mean TLB miss rates */
    uint64_t large_pages;               /* summed */
    int n_walk_dram;                    /* applications whose walk reads reached DRAM */
    double walk_lat, data_lat;          /* their mean DRAM latencies of walk and data reads */
} bwm_xlat_means;

int bwm_xlat_sel_match(const bwm_study_run *r, const bwm_xlat_sel *s);

/* The first run of the plan that s matches, or -1. */
long bwm_xlat_find(const bwm_study_files *f, const bwm_xlat_sel *s);

/* Means over the applications of every run s matches (zeros over none). */
bwm_xlat_means bwm_xlat_means_of(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_xlat_sel *s);

/* The report's line on M5 (walk reads wait longer in DRAM than data
 * reads), `where` following its name (e.g. " under SharedTLB"), from m's
 * latencies; n/a when no walk read reached DRAM. */
void bwm_xlat_m5_line(bwm_buf *out, const char *where, const bwm_xlat_means *m);

/* "holds" or "**does not hold**". */
const char *bwm_xlat_holds(int ok);

#endif
