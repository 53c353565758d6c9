/* variation_table.h — paper 003's variation as three tables, the same
 * whether `bwmpki sim variation` ran the cases or the study gathered them
 * from its run files:
 *   apps     per partitioning and timed application: t_whole, t_alone,
 *            alone_vs_whole, alone_vs_cp, the worst interferer, its time,
 *            variation_pct
 *   runs     per partitioning, application and interferer: cycles, vs_alone
 *   summary  per partitioning: applications, mean and max variation_pct,
 *            the application with the max, the interferer most often worst
 * The layout names what the result's indexes stand for.  When the
 * partitions leave SMs idle (20 SMs in 3 partitions of 6), every table has
 * a column sms, the SMs of a partition, after parts. */
#ifndef BWM_VARIATION_TABLE_H
#define BWM_VARIATION_TABLE_H

#include <stdint.h>

#include "io/table.h"
#include "sim/run/variation.h"

typedef struct bwm_variation_layout {
    int parts;
    int sms;                            /* SMs per partition when the partitions leave SMs idle
                                           (a column sms after parts), else 0 (no column) */
    uint64_t budget;                    /* thread instructions per timed run */
    int n_apps, n_interferers, n_partitionings;
    bwm_partitioning partitionings[2];
    char apps[BWM_VARIATION_MAX_APPS][16];
    char interferers[BWM_VARIATION_MAX_INTERFERERS][16];
} bwm_variation_layout;

enum { BWM_VARIATION_APPS, BWM_VARIATION_RUNS, BWM_VARIATION_SUMMARY, BWM_VARIATION_NTABLES };

/* The table names, in order: "apps", "runs", "summary". */
extern const char *const bwm_variation_table_names[BWM_VARIATION_NTABLES];

/* The layout of a spec. */
void bwm_variation_layout_of(const bwm_variation_spec *s, bwm_variation_layout *l);

/* Creates and fills t[0..BWM_VARIATION_NTABLES) (free each with
 * bwm_table_free). */
void bwm_variation_tables(const bwm_variation_layout *l, const bwm_variation_result *r, bwm_table *t);

#endif
