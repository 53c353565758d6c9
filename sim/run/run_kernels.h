/* run_kernels.h — the traced applications' kernels during a run (run.h):
 * each traced application's next kernel launched when the last one ends,
 * its blocks dispatched after the configuration's launch latency (counted
 * in the kernel's cycles, as GPGPU-Sim counts it), and each kernel's
 * statistics (kernel_stats.h) recorded when it ends, for the run's result.
 *
 * A list that ends may start again (restart): an application that keeps
 * loading the GPU beside others that have not finished.  Its first pass's
 * end is remembered with its counters then, which is where paper mode
 * takes its statistics; kernels of the first record_passes passes are
 * recorded, the later ones are run but not.  bwm_run_kernels_tick
 * is called once per core cycle, before the cycle runs.
 *
 * With -gpgpu_concurrent_kernel_sm, an application's kernels of different
 * CUDA streams run at once: run_streams.h steps them instead. */
#ifndef BWM_RUN_KERNELS_H
#define BWM_RUN_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "sim/gpu/gpu.h"
#include "sim/run/kernel_books.h"
#include "util/status.h"


/* Launches every traced application's first kernel at the current cycle.
 * BWM_EFAIL when out of memory. */
int bwm_run_kernels_start(bwm_run_kernels *k, const bwm_gpu *g, int restart, int record_passes, bwm_err *err);
/* Frees what start took (not done: the run's result takes it). */
void bwm_run_kernels_free(bwm_run_kernels *k);


/* One step at the current cycle: kernels that ended join done, the next
 * ones launch, blocks dispatch.  BWM_EINPUT for a trace that turned out bad. */
int bwm_run_kernels_tick(bwm_run_kernels *k, bwm_gpu *g, bwm_err *err);

/* Traced applications whose list has not ended (with restart: ended once). */
int bwm_run_kernels_left(const bwm_run_kernels *k, const bwm_gpu *g);

/* The run stops now: each kernel still running joins done, cut (complete 0). */
int bwm_run_kernels_cut(bwm_run_kernels *k, const bwm_gpu *g, bwm_err *err);

/* Every traced application's total of the kernels done holds, after them. */
int bwm_run_kernels_totals(bwm_run_kernels *k, const bwm_gpu *g, bwm_err *err);

#endif
