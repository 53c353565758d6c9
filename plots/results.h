/* results.h — a study's results as the figures read them, from the files
 * of a study folder (or the tables a study has just written there, in
 * memory: bwm_pl_source): metrics.csv (one row per run), results.csv (one row
 * per run and application; its alone rows are the alone profiles, but for
 * those of the translation experiment, which has its own GPU) and
 * fit_perf.csv (the performance-model fit), variation.csv,
 * variation_runs.csv and variation_summary.csv (paper 003's variation),
 * batching.csv (paper 002's thread batching) and fit_policy_apps.csv (the
 * closed-form schedulers against the simulation, by one or both models).  Column names are those of
 * study/tables.h and fit/perf_table.h; rows are matched by position (the
 * rows of a run in results.csv follow its metrics row's order).  The
 * struct owns everything it holds. */
#ifndef BWM_PL_RESULTS_H
#define BWM_PL_RESULTS_H

#include <stddef.h>

#include "io/csv_rows.h"
#include "io/table.h"
#include "sim/mem/req_life.h"
#include "sim/stats/app_stats.h"
#include "util/status.h"

#define BWM_PL_MAX_APPS 4

/* An application of a run: every statistic results.csv holds of it (the
 * groups of sim/stats/stat_table.h it lists, read through the table), and
 * those the figures read, by name. */
typedef struct bwm_pl_app {
    char app[16];
    int sms;
    double ipc, mpki, bw, bw_frac, ipc_alone, sd;
    double stage[BWM_STAGE_NCOLUMNS];   /* the loads' time by stage: BWM_STAGE_COLUMNS' values */
    bwm_app_result stat;
} bwm_pl_app;

typedef struct bwm_pl_run {
    char exp[16], workload_id[32], workload[128], sched[32], split[32];
    char design[32];                    /* translation: GROUP/NAME (study/xlat_designs.h); "" otherwise */
    long window;
    double alpha;                       /* NaN when none */
    char mpki_class[2], bw_class[2];    /* "" for single applications and alone runs */
    int it_subset, ws_subset;
    double it, ws, hs, it_norm, ws_norm, hs_norm; /* NaN where undefined */
    size_t napps;
    bwm_pl_app app[BWM_PL_MAX_APPS];
} bwm_pl_run;

typedef struct bwm_pl_perf {
    char app[16];
    double ipc, ipc_model, err_model;
    int heavy;                          /* heavy scratchpad use */
} bwm_pl_perf;

/* A row of variation.csv (paper 003's variation; study/variation.h). */
typedef struct bwm_pl_variation {
    char partitioning[8], app[16], worst[16];
    int parts;
    double t_whole, t_alone, alone_vs_whole, alone_vs_cp, variation_pct; /* NaN where empty */
} bwm_pl_variation;

/* A row of variation_runs.csv: the timed application beside one interferer. */
typedef struct bwm_pl_variation_run {
    char partitioning[8], app[16], interferer[16];
    int parts;
    double cycles;
} bwm_pl_variation_run;

/* A row of variation_summary.csv. */
typedef struct bwm_pl_variation_summary {
    char partitioning[8], max_app[16], worst_interferer[16];
    int parts, n;
    double mean_pct, max_pct;
} bwm_pl_variation_summary;

/* The measures of a row of batching.csv (one run of the thread-batching
 * experiment), in its column order after design, app, pattern, sms. */
typedef enum bwm_pl_bm {
    BWM_BM_IPC, BWM_BM_SPEEDUP, BWM_BM_BW_FRAC, BWM_BM_ROW_HIT_RATE, BWM_BM_BLP, BWM_BM_ACT_PER_ACCESS,
    BWM_BM_LOCAL_ACCESS, BWM_BM_DRAM_DELAY, BWM_BM_DRAM_ENERGY, BWM_BM_ENERGY_PER_ACCESS, BWM_BM_COUNT
} bwm_pl_bm;

/* batching.csv's columns: design, app, pattern, sms, the measures, ctas
 * (the study writes them, plots read them). */
#define BWM_PL_BATCH_NCOLS (4 + BWM_BM_COUNT + 1)
extern const char *const bwm_pl_batch_cols[BWM_PL_BATCH_NCOLS];

/* The design every other is measured against (study/batch_designs.h). */
#define BWM_PL_BATCH_BASELINE "baseline"

typedef struct bwm_pl_batch {
    char design[32], app[16], pattern[8];
    double v[BWM_BM_COUNT];             /* NaN where empty */
} bwm_pl_batch;

/* A row of fit_policy_apps.csv: an application of a workload under a
 * scheduler, simulated and as one model predicts it. */
typedef struct bwm_pl_pfit {
    char workload[128], sched[32], app[16];
    char engine[16];                    /* "paper" or "queueing" ("paper" without the engine column) */
    double ipc_sim, ipc_model;          /* NaN where empty */
} bwm_pl_pfit;

typedef struct bwm_pl_results {
    bwm_pl_run *runs;                   /* every run but the alone ones, in file order */
    size_t nruns;
    bwm_pl_run *alone;                  /* the alone runs (one application each) */
    size_t nalone;
    bwm_pl_perf *perf;                  /* the fit's samples; empty without fit_perf.csv rows */
    size_t nperf;
    double mare[3];                     /* plain model: all, light, heavy scratchpad (NaN: none) */
    bwm_pl_variation *var;              /* variation.csv; empty when the folder has none */
    size_t nvar;
    bwm_pl_variation_run *var_runs;     /* variation_runs.csv */
    size_t nvar_runs;
    bwm_pl_variation_summary *var_sum;  /* variation_summary.csv */
    size_t nvar_sum;
    bwm_pl_batch *batch;                /* batching.csv; empty when the folder has none */
    size_t nbatch;
    bwm_pl_pfit *pfit;                  /* fit_policy_apps.csv; empty when the folder has none */
    size_t npfit;
} bwm_pl_results;

/* A table of the results held in memory: its file's name without ".csv"
 * ("metrics", "fit_perf", ...) and the table. */
typedef struct bwm_pl_table {
    const char *name;
    const bwm_table *t;
} bwm_pl_table;

/* Where the results are read: the CSV files of folder dir, or (tables not
 * NULL) the n tables a study has just written there, read as those files
 * would be (io/csv_rows.h's bwm_table_each_row: the same fields, numbers
 * rounded as the files hold them), so that both give the same results; a
 * table not among them is a file the folder lacks. */
typedef struct bwm_pl_source {
    const char *dir;
    const bwm_pl_table *tables;
    size_t n;
} bwm_pl_source;

/* Loads DIR's results.  A missing or malformed file is BWM_EINPUT naming
 * it (and the line); so is a malformed variation file, but a folder without
 * variation.csv (a study from before the variation experiment) has none. */
int bwm_pl_load(const char *dir, bwm_pl_results *r, bwm_err *err);
/* The same from source s. */
int bwm_pl_load_from(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err);
/* The variation part of bwm_pl_load (plots/results_variation.c). */
int bwm_pl_load_variation(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err);
/* The thread-batching part (plots/results_batch.c): none without
 * batching.csv (a study from before the experiment). */
int bwm_pl_load_batch(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err);
/* The policy fit's part (plots/results_pfit.c): none without
 * fit_policy_apps.csv (a study from before the fits). */
int bwm_pl_load_pfit(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err);
/* Whether s has table name (NAME.csv). */
int bwm_pl_has(const bwm_pl_source *s, const char *name);
/* Whether table name of s has column col. */
int bwm_pl_has_col(const bwm_pl_source *s, const char *name, const char *col);
/* bwm_csv_each_row on table name (NAME.csv) of s. */
int bwm_pl_each_row(const bwm_pl_source *s, const char *name, const char *const *cols, size_t ncols,
                    bwm_csv_row_fn fn, void *ctx, bwm_err *err);
void bwm_pl_free(bwm_pl_results *r);

/* The first run of experiment exp (NULL: any but alone) with this workload
 * and scheduler (NULL: any), or NULL. */
const bwm_pl_run *bwm_pl_find(const bwm_pl_results *r, const char *exp, const char *workload, const char *sched);

#endif
