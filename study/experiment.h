/* experiment.h — the study's experiments, one registry entry each
 * (study/experiment.c lists them; each entry lives in study/exp_NAME.c and
 * is named bwm_exp_NAME).
 * An entry says everything the study does differently for its runs:
 *   name        as the plan file and the outputs write it
 *   check       refuses, before the plan is made and anything runs, inputs
 *               its runs cannot take (a GPU without what they need), naming
 *               the option and its file (NULL: none)
 *   plan        appends its runs to the plan (after the alone runs they
 *               need), from the setup's inputs and its own defaults
 *   key_head    writes the head of a run's content key: its GPU, run length
 *               and design; returns 0 to leave it to the main GPU's (so does
 *               NULL; study/key.h)
 *   key_sched   the key's scheduler word instead of the run's (NULL: the run's)
 *   app, apps_file  where exec finds a run's applications (NULL: the
 *               setup's applications file) and how an error names that file
 *   own_apps    exec finds none: simulate gets NULLs and resolves a run's
 *               applications itself (traces), and key_head writes what
 *               they are
 *   gpu, length the GPU a run simulates (NULL for an unknown design) and how
 *               long (NULL: the main ones)
 *   simulate    one run on that GPU for that long (NULL: its workload under
 *               its scheduler against the alone profiles of its
 *               applications, study/exec_sim.h)
 *   baseline    the run every metric of run i is normalised to (NULL: the
 *               frfcfs run of the same workload and split, study/outcome.h)
 *   unnormalised  its runs have no baseline
 *   no_alone    its runs need no alone profile (they are their own)
 *   design_find, designs  the table its runs' designs are in, as errors name
 *               it (NULL: the translation experiment's, study/xlat_designs.h,
 *               for a run with a design; such a run is on that GPU)
 *   ran         REPORT.md's "N <ran>" in the list of what ran
 *   place, heading, report  its REPORT.md section: written after the
 *               report's own section number `place` (study/report.h), under
 *               heading (NULL: continues the section before it)
 *   files       its line in REPORT.md's list of files (NULL: none)
 *   tables      its own result tables, from the outcomes (NULL: none); the
 *               finish writes each as DIR/NAME.{txt,csv,json} when the plan
 *               has its runs, before the figures' results are gathered
 *   summary     the same from the results as the figures read them
 *               (plots/results.h), written after those (NULL: none)
 * The plan, keys, exec, outcomes, report and finish loop over the registry;
 * plan order is registry order. */
#ifndef BWM_STUDY_EXPERIMENT_H
#define BWM_STUDY_EXPERIMENT_H

#include <stddef.h>

#include "sim/run/run.h"
#include "study/run.h"
#include "io/table.h"
#include "util/buf.h"
#include "util/status.h"

struct bwm_plan_builder;
struct bwm_run_rec;
struct bwm_study_env;
struct bwm_study_inputs;
struct bwm_study_plan;
struct bwm_report_ctx;
struct bwm_study_files;
struct bwm_study_outcome;
struct bwm_pl_results;

/* An experiment's tables, each named (its files' name without extension). */
#define BWM_EXP_MAX_TABLES 4
typedef struct bwm_exp_tables {
    size_t n;
    const char *name[BWM_EXP_MAX_TABLES];
    bwm_table t[BWM_EXP_MAX_TABLES];
} bwm_exp_tables;

typedef struct bwm_study_experiment {
    const char *name;
    int (*check)(const struct bwm_study_inputs *in, const bwm_study_setup *s, bwm_err *err);
    int (*plan)(struct bwm_plan_builder *b, bwm_err *err);
    int (*key_head)(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t);
    const char *key_sched;
    const bwm_synth_app *(*app)(const struct bwm_study_env *e, const char *abbr);
    const char *apps_file;
    int own_apps;
    const bwm_gpu_config *(*gpu)(const struct bwm_study_env *e, const bwm_study_run *r);
    const bwm_run_params *(*length)(const struct bwm_study_env *e, const bwm_study_run *r);
    int (*simulate)(const struct bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                    const bwm_run_params *len, const bwm_synth_app *const *apps, struct bwm_run_rec *rec, bwm_err *err);
    long (*baseline)(const struct bwm_study_plan *p, size_t i);
    int unnormalised;
    int no_alone;
    long (*design_find)(const char *name);
    const char *designs;
    const char *ran;
    int place;
    const char *heading;
    void (*report)(const struct bwm_report_ctx *c, bwm_buf *out);
    const char *files;
    int (*tables)(const struct bwm_study_files *f, const struct bwm_study_outcome *o, bwm_exp_tables *out,
                  bwm_err *err);
    int (*summary)(const struct bwm_study_files *f, const struct bwm_study_outcome *o,
                   const struct bwm_pl_results *r, bwm_exp_tables *out, bwm_err *err);
} bwm_study_experiment;

/* How many experiments the registry has. */
int bwm_study_exp_count(void);
/* Experiment e (its place in the registry: a bwm_study_exp for those other
 * modules name), or NULL. */
const bwm_study_experiment *bwm_study_exp_at(int e);
/* The place of entry x in the registry (what its runs' exp is), or -1. */
int bwm_study_exp_id(const bwm_study_experiment *x);

/* Frees the tables of t (those filled: t->n). */
void bwm_exp_tables_free(bwm_exp_tables *t);

/* Whether run r is on the translation experiment's GPU (translation,
 * page_reuse and their alone runs: those with a translation design). */
int bwm_study_run_translated(const bwm_study_run *r);

#endif
