/* setup.h — the study's setup: every input loaded and checked and the plan
 * built, before anything is written.  The command (cli/study_run.c) parses
 * the options into a bwm_study_inputs (numbers, and each input file's path
 * and the name the plan records for it); bwm_study_prepare reads the files
 * (the main GPU and applications, the variation's GPU and extra
 * applications, the translation experiment's GPU under each of its designs
 * and its probe applications, the batch experiment's GPU under each of its
 * designs and its applications, the workload list), hashes them, fills the
 * plan's record of the study and builds the plan. */
#ifndef BWM_STUDY_SETUP_H
#define BWM_STUDY_SETUP_H

#include <stddef.h>
#include <stdint.h>

#include "io/catalog.h"
#include "sim/config/optset.h"
#include "sim/config/gpu_config.h"
#include "sim/run/run.h"
#include "study/list.h"
#include "study/plan_file.h"
#include "study/run.h"
#include "util/status.h"

/* The study's input files, in the order they are hashed. */
typedef enum bwm_study_input {
    BWM_IN_CONFIG, BWM_IN_APPS, BWM_IN_WORKLOADS, BWM_IN_VAR_CONFIG, BWM_IN_VAR_APPS, BWM_IN_XLAT_CONFIG,
    BWM_IN_BATCH_CONFIG, BWM_IN_BATCH_APPS, BWM_IN_XLAT_PROBES, BWM_IN_TRACES_CONFIG, BWM_IN_TRACES_STANDINS,
    BWM_IN_COUNT
} bwm_study_input;

/* What the options decided. */
typedef struct bwm_study_inputs {
    const char *version, *revision;     /* the executable's (the plan records them) */
    const char *path[BWM_IN_COUNT];     /* where each input is read */
    const char *shown[BWM_IN_COUNT];    /* its name in the plan: the option's value or the shipped file's */
    const char *set;                    /* --set text (NULL: none) */
    bwm_run_params run;                 /* the main run length */
    uint64_t seed;
    int quick;
    int64_t window;
    uint64_t var_insts;
    int64_t xlat_cycles, xlat_warmup;
    int64_t var_max_cycles;
    const bwm_trace_spec *traces;       /* the traced experiment's traces (names given or the folders') */
    size_t n_traces;
    const char *traces_shown;           /* how the plan names them: --traces or the shipped ones */
    uint64_t traces_insts;
} bwm_study_inputs;

/* Everything loaded and decided; free with bwm_study_job_free.  scheds,
 * nsched and info.scheds are the caller's to fill before
 * bwm_study_prepare (the main schedulers, frfcfs first). */
typedef struct bwm_study_job {
    bwm_gpu_config cfg, var_cfg, xlat_cfg;
    bwm_gpu_config probe_cfg;           /* cfg with the queueing model's latency probe (study/exp_queue_probe.c) */
    bwm_gpu_config *xlat_cfgs;          /* xlat_cfg under each translation design, in the table's order */
    bwm_gpu_config *batch_cfgs;         /* the batch experiment's GPU under each of its designs */
    bwm_synth_app *batch_apps;          /* the batch experiment's applications */
    size_t n_batch_apps;
    bwm_optlist ignored;                /* configuration options not modelled */
    bwm_synth_app *apps;
    size_t n_apps;
    bwm_catalog cat;
    bwm_study_list list;
    const char *scheds[BWM_STUDY_MAX_SCHEDS];
    size_t nsched;
    char sched_buf[1024];
    bwm_study_setup setup;
    bwm_study_info info;
    bwm_study_plan plan;
    bwm_run_params run;
    size_t xlat_probe_first;            /* the probes' place in apps */
    bwm_gpu_config traces_cfg;          /* the traced experiment's GPU, traces and stand-ins */
    bwm_study_trace traces[BWM_STUDY_MAX_TRACES];
    size_t n_traces;
    bwm_synth_app *standins;
    size_t n_standins;
} bwm_study_job;

/* Loads and checks every input of in and builds the plan into j (zeroed
 * but for the schedulers).  Errors name the option of the input at fault. */
int bwm_study_prepare(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err);
void bwm_study_job_free(bwm_study_job *j);

#endif
