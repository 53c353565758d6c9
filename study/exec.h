/* exec.h — one run of the study plan simulated and its result file written
 * (study/run_file.h), as its experiment's registry entry says
 * (study/experiment.h: its applications, GPU, run length and simulation).
 * By default a run reads the alone profiles of its applications from their
 * result files — so they must be done first — and simulates the workload
 * under its scheduler against them (study/exec_sim.h); an alone run
 * simulates its application alone on its SM share; a variation run one
 * case of paper 003's measure on its own GPU; a batch run its application
 * alone on its own GPU under its design (its alone profile is itself).
 * Reading the profiles back from the files, never from memory, makes a
 * run's result the same whichever process or shard ran its alone runs. */
#ifndef BWM_STUDY_EXEC_H
#define BWM_STUDY_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/run/run.h"
#include "study/plan.h"

typedef struct bwm_study_env {
    const bwm_gpu_config *cfg;
    const bwm_synth_app *apps;          /* the applications file of the plan's setup */
    size_t n_apps;
    bwm_run_params run;                 /* cycles mode: the setup's cycles and warmup */
    uint64_t seed;
    const bwm_study_plan *plan;
    const char *dir;                    /* the study folder (runs/ must exist) */
    const bwm_gpu_config *var_cfg;      /* the variation's GPU, its budget and cycle limit */
    uint64_t var_insts;
    int64_t var_max_cycles;
    const bwm_gpu_config *xlat_cfgs;    /* the translation experiment's GPU under each design of
                                           study/xlat_designs.h, in the table's order */
    size_t n_xlat_cfgs;
    const bwm_gpu_config *batch_cfgs;   /* the batch experiment's GPU under each design of
                                           study/batch_designs.h, in the table's order */
    size_t n_batch_cfgs;
    const bwm_synth_app *batch_apps;    /* its applications */
    size_t n_batch_apps;
    bwm_run_params xlat_run;            /* the length of translation and page_reuse runs */
} bwm_study_env;

/* Simulates run i of the plan and writes its file — a refusal by the
 * simulator (BWM_EINPUT: its inputs do not fit) as the run's result, with
 * the reason (study/run_file.h); so is a run whose alone run was refused.
 * Other errors (BWM_EFAIL) name the run. */
int bwm_study_exec(const bwm_study_env *e, size_t i, bwm_err *err);

#endif
