/* variation.h — paper 003's measure of how well partitioning isolates
 * applications (Sec. VI): the GPU is split into `parts` equal partitions,
 * application A is timed on the first (cycles to commit a fixed number of
 * thread instructions) while a copy of an interferer B runs on each of the
 * others, and
 *     variation_A = max over B of T_A,B / T_A,- - 1,
 * T_A,- being A's time with the other partitions idle under the same
 * partitioning.  Two partitionings:
 *   cp   compute partitioning: SMs split, memory shared (pages placed as the
 *        configuration says, -bwm_vm, or first-touch where it says color);
 *   cmp  compute and memory partitioning: SMs split and each partition
 *        given an equal share of the page colours (-bwm_vm color), which an
 *        alone run keeps.
 * Every run also knows A alone on the whole GPU with the configuration's
 * placement (the paper's baseline).  Scheduling is FR-FCFS throughout. */
#ifndef BWM_VARIATION_H
#define BWM_VARIATION_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/stats/app_stats.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

#define BWM_VARIATION_MAX_APPS 16
#define BWM_VARIATION_MAX_INTERFERERS 8

typedef enum bwm_partitioning { BWM_PARTITION_CP, BWM_PARTITION_CMP } bwm_partitioning;

/* "cp", "cmp" into *p; -1 for an unknown name. */
int bwm_partitioning_parse(const char *name, bwm_partitioning *p);
const char *bwm_partitioning_name(bwm_partitioning p);

typedef struct bwm_variation_spec {
    const bwm_gpu_config *cfg;
    int n_apps;
    const bwm_synth_app *apps[BWM_VARIATION_MAX_APPS];
    int n_interferers;
    const bwm_synth_app *interferers[BWM_VARIATION_MAX_INTERFERERS];
    int n_partitionings;
    bwm_partitioning partitionings[2];
    int parts;              /* 2..4 (BWM_GPU_MAX_APPS) */
    uint64_t budget;        /* thread instructions A commits in each run */
    int64_t max_cycles;     /* give up (BWM_EFAIL) after this many core cycles per run */
    uint64_t seed;
    void (*run_done)(void *ctx); /* after each simulation; may be NULL */
    void *run_done_ctx;
} bwm_variation_spec;

/* One application under one partitioning. */
typedef struct bwm_variation_row {
    bwm_partitioning how;
    int app;                /* index into the spec's apps */
    int64_t t_alone;        /* T_A,-: core cycles to the budget, the other partitions idle */
    int64_t t_with[BWM_VARIATION_MAX_INTERFERERS]; /* T_A,B, per interferer */
    int worst;              /* the interferer with the longest T_A,B */
    double variation;       /* max_B T_A,B / T_A,- - 1 */
} bwm_variation_row;

typedef struct bwm_variation_result {
    int n_rows;             /* partitionings × applications, partitioning-major */
    bwm_variation_row rows[2 * BWM_VARIATION_MAX_APPS];
    int64_t t_whole[BWM_VARIATION_MAX_APPS]; /* alone on every SM, the configuration's placement */
    double mean[2], max[2];  /* per partitioning (in the spec's order): over the applications */
} bwm_variation_result;

/* max over the n times of t_with[i] / t_alone - 1, and in *worst the index
 * of the first longest; t_alone > 0, n >= 1. */
double bwm_variation_of(const int64_t *t_with, int n, int64_t t_alone, int *worst);

/* BWM_EINPUT, saying why, when the spec cannot run: counts out of range,
 * fewer SMs than partitions, cmp with fewer colours than partitions (a map
 * without colours, or GTX 1080's 2 colours for 4 partitions). */
int bwm_variation_check(const bwm_variation_spec *s, bwm_err *err);

/* Runs every case (after bwm_variation_check): (1 + n_interferers) × n_apps per partitioning, plus the
 * whole-GPU baselines. */
int bwm_variation_run(const bwm_variation_spec *s, bwm_variation_result *out, bwm_err *err);

/* One simulation of the measure, on its own (the study runs each as a
 * separate, cached run): `app` alone on every SM with the configuration's
 * placement (whole), or on the first of s->parts partitions under `how`
 * with a copy of `interferer` on each other one (NULL: the others idle).
 * Only s's cfg, parts, budget, max_cycles, seed and run_done are used.  On
 * success out[0] is app's result (cycles: to the budget) and out[1..] the
 * interferers' over the same cycles; *n_out the number of results. */
typedef struct bwm_variation_case {
    int whole;
    bwm_partitioning how;
    const bwm_synth_app *app, *interferer;
} bwm_variation_case;

int bwm_variation_case_run(const bwm_variation_spec *s, const bwm_variation_case *c, bwm_app_result *out,
                           int *n_out, bwm_err *err);

/* Each row's variation and worst interferer from its times, then mean and
 * max per partitioning (partitionings[k] of n); what bwm_variation_run
 * ends with, and what a caller that gathered the times itself calls. */
void bwm_variation_summarise(bwm_variation_result *r, int n_interferers, const bwm_partitioning *partitionings,
                             int n);

#endif
