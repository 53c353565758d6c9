/* finish.h — the end of a study, shared by "bwmpki study" and
 * "bwmpki study merge" (cli/study_run.c, cli/study_merge.c): from
 * DIR/plan/ and DIR/runs/, every result file (results.csv, metrics.csv,
 * results.json, the fits, each experiment's tables), the figures (gnuplot
 * found on PATH; without it their data and scripts only) and REPORT.md,
 * each written whole; then DIR/manifest.json with the run's metadata. */
#ifndef BWM_STUDY_FINISH_H
#define BWM_STUDY_FINISH_H

#include <stddef.h>

#include "sim/config/optset.h"
#include "study/plan_file.h"
#include "util/status.h"

typedef struct bwm_finish_info {
    int gnuplot_found;
    char gnuplot[4096];
    size_t figures, drawn;              /* figures in the registry, figures drawn */
    size_t refused;                     /* runs the simulator refused */
} bwm_finish_info;

/* Writes every result file, figure and REPORT.md of the study in dir; fi
 * says what was drawn and refused. */
int bwm_study_finish(const char *dir, bwm_finish_info *fi, bwm_err *err);

/* What DIR/manifest.json records besides the setup (DIR/plan/setup.csv). */
typedef struct bwm_manifest {
    const char *command;                /* "bwmpki study", "bwmpki study merge" */
    int argc;
    char **argv;                        /* its arguments */
    double wall_seconds;
    int jobs, shard_k, shard_n;         /* 0 when not given (merge) */
    size_t planned, distinct, done_before, run_now;
    const bwm_optlist *ignored;         /* configuration options not modelled (may be NULL) */
    char *const *shards;                /* merge: the shard folders */
    size_t nshards;
    const bwm_finish_info *finish;      /* NULL for a shard */
} bwm_manifest;

int bwm_manifest_write(const char *dir, const bwm_study_info *info, const bwm_manifest *m, bwm_err *err);

#endif
