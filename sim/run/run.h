/* run.h — how long a simulation runs and what it reports.
 *
 * Two modes (DESIGN.md):
 *   - cycles: warm up for `warmup` core cycles, then measure `cycles` core
 *     cycles; every application's statistics cover the same interval.
 *   - paper (paper 000, Sec. 7): run until every application has committed
 *     its instruction budget once.  Applications that finish early keep
 *     running (relaunched: their warps go on with fresh work) so that they
 *     keep loading the memory system, but their statistics are taken at
 *     their first finish: insts is exactly the budget and cycles the core
 *     cycle in which the budget's last instruction issued.  With timed_apps,
 *     the run ends when the first timed_apps applications have finished
 *     (paper 003's runs: an application timed beside interferers).
 *   - trace: applications that run Accel-Sim traces (sim/traced) launch
 *     their kernels one after another, each after the configuration's
 *     launch latency (counted in the kernel's cycles, as GPGPU-Sim counts
 *     it), until the last one ends or the cycle limit comes; statistics
 *     cover the whole run, and each kernel's its own (kernel_stats.h).
 * Optionally a time series: every `series_every` core cycles, each
 * application's ipc, mpki, bw and bw_frac over that window.
 * DRAM energy (sim/dram/energy.h): per channel over the measured interval,
 * and per application over its own (paper mode: to its first finish).
 * After the run, the simulator stops issuing and drains, and checks that
 * every request created was answered exactly once (conservation). */
#ifndef BWM_RUN_H
#define BWM_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "sim/stats/app_stats.h"
#include "sim/stats/kernel_stats.h"
#include "sim/gpu/gpu.h"
#include "util/status.h"

typedef struct bwm_run_params {
    int paper_mode;
    int64_t cycles, warmup;  /* cycles mode */
    uint64_t budget;         /* paper mode: thread instructions per application */
    int64_t max_cycles;      /* paper mode: give up (BWM_EFAIL) after this many core cycles */
    int64_t series_every;    /* 0: no series */
    int timed_apps;          /* paper mode: only the first timed_apps applications need to finish
                                (0: all); the others interfere until then, their statistics
                                taken when the run ends, short of the budget */
    int traced;              /* trace mode: run until every traced application's last kernel has
                                ended, or for `cycles` core cycles if that comes first (0: no limit
                                but max_cycles) */
} bwm_run_params;

typedef struct bwm_series_point {
    int64_t cycle;           /* core cycle at the end of the window */
    int app;
    double ipc, mpki, bw, bw_frac;
    uint32_t no_den;         /* the window's denominators that were 0 (bwm_app_result's) */
} bwm_series_point;

typedef struct bwm_run_result {
    int n_apps;
    int64_t cycles;          /* measured core cycles (paper mode: until the last first finish) */
    bwm_app_result apps[BWM_GPU_MAX_APPS];
    bwm_series_point *series; /* malloc'ed; free with bwm_run_result_free */
    size_t n_series;
    uint64_t requests;       /* line requests the memory system carried */
    double seconds_simulated;
    int n_channels;
    bwm_energy *channel_energy; /* [n_channels] DRAM energy of the measured interval (paper
                                   mode: from the start to the last first finish); malloc'ed */
    bwm_kernel_result *kernels; /* trace mode: every kernel that ran, in the order they ended
                                   (malloc'ed), then one total per traced application */
    size_t n_kernels;
    int truncated;           /* trace mode: the cycle limit came before the traces' end */
} bwm_run_result;

int bwm_run(bwm_gpu *g, const bwm_run_params *p, bwm_run_result *out, bwm_err *err);
void bwm_run_result_free(bwm_run_result *r);

#endif
