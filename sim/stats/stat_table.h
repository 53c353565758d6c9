/* stat_table.h — every per-application statistic of a simulation, declared
 * once: its name (the output column and JSON key), the group it is printed
 * with, its kind (how it is stored in bwm_app_result, app_stats.h, and so
 * printed: a count as a whole number, a real as a number), where its value
 * lives, how it is counted and reduced, and its Vocabulary unit and meaning
 * (docs/vocabulary.md's row, which tests/cli/vocabulary_test.c checks
 * against this table).
 *
 * The outputs list groups, each in its own order, and print a group's
 * statistics in the table's order: `sim run` (CSV, JSON, text tables;
 * cli/sim_run_out.c), the study's run files (study/run_file.c, written and
 * read back), results.csv (study/tables.c) and the plots' loader
 * (plots/results.c).  A statistic added to a group is printed, written and
 * read wherever its group is, with no other list to edit. */
#ifndef BWM_STAT_TABLE_H
#define BWM_STAT_TABLE_H

#include <stddef.h>

#include "io/json.h"
#include "io/table.h"
#include "sim/stats/app_stats.h"

typedef enum bwm_stat_kind {
    BWM_SK_INT,    /* int (sms) */
    BWM_SK_COUNT,  /* uint64_t */
    BWM_SK_CYCLES, /* int64_t */
    BWM_SK_REAL,   /* double */
} bwm_stat_kind;

/* Where a statistic is printed: each output lists the groups it carries. */
typedef enum bwm_stat_group {
    BWM_SG_RUN,        /* sms .. avg_mem_latency: every output */
    BWM_SG_STAGES,     /* the loads' time by stage (req_life.h): every output */
    BWM_SG_CACHE,      /* line-request cache counts: sim run, run files */
    BWM_SG_SECTORS,    /* hits and the counts in sectors: sim run */
    BWM_SG_DRAM_BYTES, /* DRAM data moved: sim run, run files */
    BWM_SG_LOCALITY,   /* DRAM locality and thread blocks: sim run and run files with thread blocks */
    BWM_SG_ENERGY,     /* DRAM energy part by part: run files with thread blocks */
    BWM_SG_XLAT,       /* address translation: sim run and run files of a translating GPU */
    BWM_SG_COUNT
} bwm_stat_group;

typedef struct bwm_stat {
    const char *name;
    bwm_stat_group group;
    bwm_stat_kind kind;
    size_t offset;       /* of its value in bwm_app_result */
    int level;           /* walk level K of a per-level statistic (1 ..), 0 for the others */
    const char *how;     /* how it is counted and reduced over an interval */
    const char *unit;    /* the Vocabulary's unit and meaning (of the row that lists it) */
    const char *meaning;
} bwm_stat;

/* Every statistic, grouped: a group's are consecutive, in group order. */
extern const bwm_stat bwm_stat_table[];
extern const size_t bwm_stat_count;

#define BWM_STAT_MAX 128 /* room for the whole table */

/* The statistics of group g for walks of `levels` levels (a per-level
 * statistic is there when its level is at most levels) into out, in the
 * table's order; returns their number. */
size_t bwm_stat_list(bwm_stat_group g, int levels, const bwm_stat *out[BWM_STAT_MAX]);

/* The statistic called name, or NULL. */
const bwm_stat *bwm_stat_find(const char *name);

/* Its value in r as a double (a count is a whole number well below 2^53),
 * and back (a count from a whole number). */
double bwm_stat_get(const bwm_stat *s, const bwm_app_result *r);
void bwm_stat_set(const bwm_stat *s, bwm_app_result *r, double v);

/* Its value as a cell of t: a whole number for a count, else a number. */
void bwm_stat_cell(const bwm_stat *s, const bwm_app_result *r, bwm_table *t);
/* The same as a member of the JSON object being written. */
void bwm_stat_json(const bwm_stat *s, const bwm_app_result *r, bwm_json *j);

#endif
