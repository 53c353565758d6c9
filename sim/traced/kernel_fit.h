/* kernel_fit.h — whether a traced kernel's thread block fits an SM of a GPU
 * (sim/core/occupancy.h's limits: threads, registers, shared memory, CTA
 * slots), for one kernel as it launches and for a whole trace before any
 * simulation, so that a GPU too small for a trace is named up front. */
#ifndef BWM_KERNEL_FIT_H
#define BWM_KERNEL_FIT_H

#include "sim/config/gpu_config.h"
#include "sim/sass/header.h"
#include "util/status.h"

/* The CTAs of the kernel with header h one SM of cfg holds at once (>= 1)
 * into *ctas; BWM_EINPUT, saying what does not fit, when not one does. */
int bwm_kernel_fit_ctas(const bwm_gpu_config *cfg, const bwm_sass_header *h, int *ctas, bwm_err *err);

/* Reads the headers of every kernel of the trace at path (a folder, its
 * kernelslist.g or one kernel file) and checks that each fits cfg's SMs:
 * BWM_EINPUT "kernel K (NAME), FILE: ..." for the first that does not. */
int bwm_kernel_fit_trace(const bwm_gpu_config *cfg, const char *path, bwm_err *err);

#endif
