/* env.h — what a study run is simulated with: the GPUs of the experiments,
 * the applications, run lengths, the seed, the plan and the study folder
 * (filled once by the study's setup, read by study/exec.h and the
 * experiments' simulations). */
#ifndef BWM_STUDY_ENV_H
#define BWM_STUDY_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/run/run.h"
#include "study/plan.h"
#include "study/traces.h"

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
    const bwm_gpu_config *traces_cfg;   /* the traced experiment's GPU, traces and stand-ins */
    const bwm_study_trace *traces;
    size_t n_traces;
    const bwm_synth_app *standins;
    size_t n_standins;
    bwm_run_params traces_run;          /* paper mode: a trace's list once, a stand-in's budget */
    const bwm_gpu_config *probe_cfg;    /* the main GPU with the queueing model's latency probe
                                           (study/exp_queue_probe.c) */
} bwm_study_env;

#endif
