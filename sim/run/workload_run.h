/* workload_run.h — one simulated workload from start to metrics: the
 * applications together under a scheduler, their alone runs (each on its own
 * SM share, the rest of the GPU idle, FR-FCFS) unless alone profiles are
 * given, the slowdowns and the workload metrics of DESIGN.md (computed by
 * model/metrics).
 *
 * Scheduler names are those of the registry (sched.h) plus "prior-K"
 * (K = 1..N, 1-based as on the command line), which selects the static
 * priority policy for application K.  The static policies prior-low-mpki and
 * prior-low-bw rank applications by their alone profiles, which is why the
 * alone runs come first.
 *
 * An application is a catalogue row (synthetic) or a trace folder (traced,
 * sim/traced): in paper mode a traced one's statistics are those of its
 * kernel list's first pass, after which it starts again while the others
 * run on; in cycles mode it runs its list over and over (run.h). */
#ifndef BWM_WORKLOAD_RUN_H
#define BWM_WORKLOAD_RUN_H

#include "model/metrics.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"
#include "util/status.h"

typedef struct bwm_alone_profile {
    double ipc, mpki, bw; /* all > 0 (mpki may be 0 for an application that never misses) */
} bwm_alone_profile;

/* A traced application of a workload: a trace folder (or its
 * kernelslist.g) and a name (NULL: the folder's).  Each simulation opens
 * it afresh, so that every run starts at its first kernel. */
typedef struct bwm_trace_spec {
    const char *path, *name;
} bwm_trace_spec;

/* An application of a workload, either kind: a catalogue row (synth) or a
 * trace folder (trace); exactly one is set. */
typedef struct bwm_app_ref {
    const bwm_synth_app *synth;
    const bwm_trace_spec *trace;
} bwm_app_ref;

/* Its name: the row's abbreviation, else the trace's name, else its path. */
const char *bwm_app_ref_name(const bwm_app_ref *a);

typedef struct bwm_workload_spec {
    const bwm_gpu_config *cfg;
    int n_apps;
    const bwm_synth_app *apps[BWM_GPU_MAX_APPS]; /* NULL where traced[a] is given */
    const bwm_trace_spec *traced[BWM_GPU_MAX_APPS]; /* NULL: apps[a] is synthetic */
    int split[BWM_GPU_MAX_APPS];   /* all zero: equal split */
    int colors[BWM_GPU_MAX_APPS];  /* page colours (-bwm_vm color); all zero: equal split */
    const char *sched;             /* name, or prior-K */
    int64_t window;                /* core cycles (its, weis) */
    const bwm_sched_settings *settings; /* knobs of asjf, parbs, atlas, ... (NULL: defaults) */
    bwm_run_params run;
    uint64_t seed;
    const bwm_alone_profile *alone; /* n_apps profiles, or NULL: simulate them */
    void (*run_done)(void *ctx);   /* called after each simulation (alone runs, then the
                                      workload's); may be NULL */
    void *run_done_ctx;
} bwm_workload_spec;

typedef struct bwm_workload_result {
    bwm_run_result run;
    bwm_alone_profile alone[BWM_GPU_MAX_APPS];
    int alone_simulated;
    double sd[BWM_GPU_MAX_APPS];
    bwm_metrics metrics;
    int have_metrics;              /* 0 when an alone IPC is 0 (no metric is defined) */
    bwm_op_report report[BWM_GPU_MAX_APPS]; /* traced applications: opcodes unknown or sent to a
                                               fallback unit in the workload's run (op_decode.h) */
} bwm_workload_result;

/* Resolves a scheduler name: the registry's name to run and, for prior-K,
 * K - 1 in *prior_app (else 0).  Unknown names and K out of 1..n_apps are
 * BWM_EINPUT. */
int bwm_workload_sched(const char *name, int n_apps, const char **policy, int *prior_app, bwm_err *err);

/* One application alone on `sms` SMs (the rest of the GPU idle, the whole
 * memory system its own, FR-FCFS): the alone profile every other run
 * compares against.  Under -bwm_vm color it keeps `colors` page colours
 * (0: every colour); the alone runs of bwm_workload_run keep the
 * applications' shares of the workload's colours. */
int bwm_workload_alone(const bwm_gpu_config *cfg, const bwm_synth_app *app, int sms, int colors,
                       const bwm_run_params *run, uint64_t seed, bwm_app_result *out, bwm_err *err);

/* The same for an application of either kind; a traced one runs its
 * kernel list over and over in cycles mode and once in paper mode. */
int bwm_workload_alone_ref(const bwm_gpu_config *cfg, const bwm_app_ref *app, int sms, int colors,
                           const bwm_run_params *run, uint64_t seed, bwm_app_result *out, bwm_err *err);

int bwm_workload_run(const bwm_workload_spec *s, bwm_workload_result *out, bwm_err *err);
void bwm_workload_result_free(bwm_workload_result *r);

#endif
