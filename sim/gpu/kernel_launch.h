/* kernel_launch.h — launching a traced application's kernel on its SMs.
 *
 * Launching opens the application's next kernel, gives every SM of the
 * application the CTA slots the kernel's occupancy allows (sim/core/
 * occupancy.h), and starts its first blocks slot by slot in SM order
 * (GPGPU-Sim's launch); the slots take the next blocks as theirs finish.
 * The run (sim/run/kernel_run.h) launches the next kernel once the
 * application's state says the last one ended, its first blocks
 * -gpgpu_kernel_launch_latency plus -gpgpu_TB_launch_latency times its grid's
 * blocks cycles later: GPGPU-Sim's kernel_info_t counts both in one delay
 * (m_kernel_TB_latency) before the kernel's first block; no per-block delay.
 *
 * With -gpgpu_flush_l2_cache, GPGPU-Sim flushes the L2 in every cycle in
 * which no SM has a thread left (gpgpu_sim::cycle), i.e. once a kernel has
 * ended and until the next one's first block: its flush (tag_array::flush)
 * invalidates every line with a dirty sector and writes nothing back
 * (memory_sub_partition::flushL2 leaves the write to DRAM as a TODO), so no
 * DRAM write is counted, clean lines stay, and the next launch waits for
 * nothing.  Its loop flushes the slices 0 .. -gpgpu_n_mem - 1 only, of the
 * n_mem × -gpgpu_n_sub_partition_per_mchannel there are (with 2 per
 * channel, the first half; the others keep their dirty lines): done the
 * same here, so that counts match.  Here the flush is per application:
 * when traced application a's kernel ends, a's own dirty lines leave those
 * slices (bwm_gpu_flush_l2_app); other applications' lines stay.  With one
 * application alone that is GPGPU-Sim's flush; with several, GPGPU-Sim's
 * condition (no thread on the whole GPU) would rarely hold, and never
 * beside a synthetic application, whose warps never finish. */
#ifndef BWM_KERNEL_LAUNCH_H
#define BWM_KERNEL_LAUNCH_H

#include "sim/gpu/gpu_state.h"
#include "util/status.h"

/* Launches traced application a's next kernel at the current core cycle
 * (nothing when every kernel has run).  BWM_EINPUT for a kernel that cannot
 * be read or whose block does not fit an SM. */
int bwm_gpu_launch_kernel(bwm_gpu *g, int a, bwm_err *err);

/* Kernels of several streams at once (sim/run/run_streams.h): SM k (0 ..
 * the application's SMs - 1) of traced application a, empty, runs record
 * r's blocks from now on: the CTA slots r's occupancy allows into *slots
 * (none started yet), its L1D invalidated first with -gpgpu_flush_l1_cache
 * (GPGPU-Sim invalidates a cluster's L1Ds whenever it has no thread left).
 * BWM_EINPUT for a block that does not fit an SM. */
int bwm_gpu_bind_sm(bwm_gpu *g, int a, int k, bwm_trace_kernel *r, int *slots, bwm_err *err);
/* Starts the slots given (slots[k] of SM k; 0 for an SM left alone) slot by
 * slot in SM order, as a launch does. */
void bwm_gpu_start_bound(bwm_gpu *g, int a, const int *slots, int64_t now);
/* Whether SM k of application a holds no block. */
int bwm_gpu_sm_empty(const bwm_gpu *g, int a, int k);

/* The cycles from the moment traced application a may start its next
 * kernel to that kernel's first block: the kernel launch latency plus the
 * block launch latency times its grid's blocks (0 blocks after the last). */
int64_t bwm_gpu_kernel_launch_delay(const bwm_gpu *g, int a);

/* Drops application a's dirty lines from the L2 slices GPGPU-Sim's L2
 * flush reaches (above; bwm_cache_flush_app); returns the lines dropped. */
uint64_t bwm_gpu_flush_l2_app(bwm_gpu *g, int a);

#endif
