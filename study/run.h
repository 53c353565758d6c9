/* run.h — one run of the study and the setup a plan is built from: the
 * experiments (by name), a run's fields (its workload, SM split, scheduler
 * and knobs, design, content key) and the inputs that name everything a
 * result depends on.  The plan (study/plan.h) lists runs; the key
 * (study/key.h) names one. */
#ifndef BWM_STUDY_RUN_H
#define BWM_STUDY_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/workload/synth_app.h"
#include "study/list.h"
#include "study/traces.h"
#include "study/xlat_designs.h"
#include "util/sha256.h"

#define BWM_STUDY_MAX_APPS 4
#define BWM_STUDY_MAX_SCHEDS 32
#define BWM_STUDY_NAME 32

/* The experiments other modules name, by their place in the registry
 * (study/experiment.c, whose first entries they are, in this order); an
 * experiment no other module names needs no value here: its runs carry
 * bwm_study_exp_id of its entry. */
typedef enum bwm_study_exp {
    BWM_EXP_ALONE, BWM_EXP_MAIN, BWM_EXP_PRIOR, BWM_EXP_THREE, BWM_EXP_SPLIT, BWM_EXP_WINDOW, BWM_EXP_ASJF,
    BWM_EXP_VARIATION, BWM_EXP_TRANSLATION, BWM_EXP_PAGE_REUSE, BWM_EXP_BATCH
} bwm_study_exp;

typedef struct bwm_study_run {
    int exp;                            /* bwm_study_exp */
    char workload_id[BWM_STUDY_NAME];   /* the list's id; "" for alone runs */
    char workload[128];                 /* BLK_QTC; alone runs: the application */
    size_t napps;
    char app[BWM_STUDY_MAX_APPS][16];   /* abbreviations */
    int split[BWM_STUDY_MAX_APPS];      /* SMs per application */
    char sched[BWM_STUDY_NAME];
    int64_t window;                     /* core cycles */
    double alpha, m;                    /* asjf, asjfw; 0 otherwise */
    char mpki_class[2], bw_class[2];    /* "A".."C"; "" for single applications */
    char partition[8];                  /* variation: "whole", "cp" or "cmp"; "" otherwise */
    int parts;                          /* variation: partitions of the GPU (0 for whole) */
    char design[BWM_XLAT_DESIGN_NAME];  /* translation (and its alone runs): "GROUP/NAME"; batch: the
                                           design's name (study/batch_designs.h); "" otherwise */
    bwm_study_flags flags;
    char key[BWM_SHA256_HEX];
} bwm_study_run;

typedef struct bwm_study_plan {
    bwm_study_run *r;
    size_t n, cap;
} bwm_study_plan;

/* What the plan is built from; the key inputs name everything a result
 * depends on. */
typedef struct bwm_study_setup {
    const bwm_gpu_config *cfg;
    const bwm_synth_app *apps;          /* the applications file, then the variation's extra ones */
    size_t n_apps;
    size_t n_fit_apps;                  /* the first n_fit_apps: the applications file's (alone on the
                                           two-way share for the performance-model fit) */
    const bwm_study_list *list;         /* resolved against a catalogue over apps */
    const char *const *scheds;          /* main schedulers; frfcfs is added first if missing */
    size_t nsched;
    int quick;
    int64_t window;                     /* its/weis window of every experiment but window */
    char binary[BWM_SHA256_HEX];        /* the executable */
    char config[BWM_SHA256_HEX];        /* the GPU configuration file and --set text */
    uint64_t seed;
    int64_t cycles, warmup;
    const bwm_gpu_config *var_cfg;      /* the variation's GPU */
    char var_config[BWM_SHA256_HEX];    /* its file's sha256 */
    uint64_t var_insts;                 /* thread instructions per variation run */
    int64_t var_max_cycles;             /* a variation run that takes longer fails */
    const bwm_gpu_config *xlat_cfg;     /* the translation experiment's GPU (its file alone) */
    char xlat_config[BWM_SHA256_HEX];   /* its file's sha256 */
    const bwm_gpu_config *batch_cfgs;   /* the thread-batching experiment's GPU under each design of
                                           study/batch_designs.h, in the table's order */
    char batch_config[BWM_SHA256_HEX];  /* its file's sha256 */
    const bwm_synth_app *batch_apps;    /* its applications (a namespace of their own) */
    size_t n_batch_apps;
    int64_t xlat_cycles, xlat_warmup;   /* core cycles of each translation and page_reuse run */
    const bwm_synth_app *xlat_probes;   /* page_reuse's applications (also in apps, after the rest) */
    size_t n_xlat_probes;
    const bwm_gpu_config *traces_cfg;   /* the traced experiment's GPU */
    char traces_config[BWM_SHA256_HEX]; /* its file's sha256 */
    const bwm_study_trace *traces;      /* its traces */
    size_t n_traces;
    const bwm_synth_app *standins;      /* their stand-ins (NAME-syn rows; a namespace of their own) */
    size_t n_standins;
    uint64_t traces_insts;              /* thread instructions of a stand-in's paper-mode run */
    int64_t traces_max_cycles;          /* a traced experiment's run that takes longer fails */
} bwm_study_setup;

/* The name of experiment exp ("?" for none) — the registry's
 * (study/experiment.c). */
const char *bwm_study_exp_name(int exp);
/* The experiment named s, or -1. */
int bwm_study_exp_parse(const char *s);

#endif
