/* kernel_launch.h — launching a traced application's kernel on its SMs.
 *
 * Launching opens the application's next kernel, gives every SM of the
 * application the CTA slots the kernel's occupancy allows (sim/core/
 * occupancy.h), and starts its first blocks slot by slot in SM order
 * (GPGPU-Sim's launch); the slots take the next blocks as theirs finish.
 * The run (sim/run/kernel_run.h) launches the next kernel once the
 * application's state says the last one ended. */
#ifndef BWM_KERNEL_LAUNCH_H
#define BWM_KERNEL_LAUNCH_H

#include "sim/gpu/gpu_state.h"
#include "util/status.h"

/* Launches traced application a's next kernel at the current core cycle
 * (nothing when every kernel has run).  BWM_EINPUT for a kernel that cannot
 * be read or whose block does not fit an SM. */
int bwm_gpu_launch_kernel(bwm_gpu *g, int a, bwm_err *err);

#endif
