/* gpu_harness.h — test support for the whole-GPU tests: memsys15 with a
 * test's overrides, synthetic applications from a few parameters, and the
 * GPU parameters of n applications under a scheduler.  Every helper asserts
 * that what it builds is valid. */
#ifndef BWM_TEST_GPU_HARNESS_H
#define BWM_TEST_GPU_HARNESS_H

#include "sim/config/gpu_config.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"
#include "sim/workload/synth_app.h"

#define GH_MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

/* memsys15.config with overrides (option syntax; may be NULL) applied. */
bwm_gpu_config gh_config(const char *overrides);

/* A synthetic application: memory instructions stream, sweep blocks or hop
 * at random; values used late (loads_in_flight bounds the run-ahead), 32
 * lanes, one-cycle scratchpad. */
bwm_synth_app gh_app(const char *abbr, int warps, double mem_frac, double store_frac, int coalesce,
                     bwm_pattern pattern, double footprint_mb, int compute_latency, int loads_in_flight);

/* An application of thread blocks: `warps` warps in 4-warp CTAs, 2 CTAs
 * a batch, each warp issuing cta_insts instructions (20 % of them memory
 * instructions of 4 lines, a tenth of those stores), values used 2
 * instructions after their load. */
bwm_synth_app gh_cta_app(bwm_pattern pattern, int warps, int cta_insts);

/* Parameters for n applications under sched; the rest zero. */
bwm_gpu_params gh_params(int n, const bwm_synth_app *apps, const char *sched);

/* Builds g on memsys15 with overrides and runs a streaming and a random
 * application (RD, RND) under FR-FCFS: 2000 core cycles of warm-up, 20000
 * measured, then the drain and its conservation check, into r. */
void gh_run_pair(bwm_gpu *g, const char *overrides, bwm_run_result *r);

/* Builds g on config (a file) with overrides and runs app alone under
 * FR-FCFS: 500 core cycles of warm-up, then `cycles`, into r. */
void gh_run_one(bwm_gpu *g, const char *config, const char *overrides, const bwm_synth_app *app, int cycles,
                bwm_run_result *r);

#endif
