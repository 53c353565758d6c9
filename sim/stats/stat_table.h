/* stat_table.h — every per-application statistic of a simulation, declared
 * once: its name (the output column and JSON key), the group it is printed
 * with, its kind (how it is stored in bwm_app_result, app_stats.h, and so
 * printed: a count as a whole number, a real as a number), where its value
 * lives, how it is counted and reduced, and its Vocabulary unit and meaning
 * (docs/vocabulary.md's row, which tests/cli/vocabulary_test.c checks
 * against this table).  A rate or a mean names its denominator: when that
 * was 0 over the interval, the statistic is printed empty (null), while
 * bwm_app_result keeps 0 for what reads it (docs/vocabulary.md, "Nothing
 * to divide by").
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
    bwm_app_den per;     /* what a rate or a mean divides by (app_stats.h), BWM_DEN_NONE for the others */
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

/* Whether it has a value in r: its denominator was not 0 (a statistic
 * without one always has). */
int bwm_stat_has_value(const bwm_stat *s, const bwm_app_result *r);
/* It has no value in r (a run file's empty cell, read back): 0, and its
 * denominator's bit in r->no_den.  s must be a rate or a mean. */
void bwm_stat_set_none(const bwm_stat *s, bwm_app_result *r);

/* Its value as a cell of t: empty without a value, else a whole number for
 * a count, else a number. */
void bwm_stat_cell(const bwm_stat *s, const bwm_app_result *r, bwm_table *t);
/* The same as a member of the JSON object being written (null without a
 * value). */
void bwm_stat_json(const bwm_stat *s, const bwm_app_result *r, bwm_json *j);

#endif
