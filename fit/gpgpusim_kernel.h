/* gpgpusim_kernel.h — one kernel's own figures from a GPGPU-Sim log that
 * holds several.
 *
 * GPGPU-Sim prints totals since the start of the run after every kernel
 * (fit/gpgpusim_log.h), so kernel k's own counts are its block's totals
 * less the previous block's (the first kernel's are its block's).  They come
 * as a bwm_gpgpusim_log of that kernel alone (same options, clocks and
 * channels as the run), so every figure derived in gpgpusim_log.h (ipc,
 * mpki, bw, bw_util_gbs ...) applies to it unchanged.
 *
 * Its bw_util is the data-bus cycles the kernel added over the DRAM command
 * cycles it added, both summed over the channels (sum of bw_util x n_cmd
 * over sum of n_cmd: the channels' mean, as their n_cmd are equal, all
 * channels sharing the DRAM clock).  bw_util is printed with 4 significant
 * digits, and the difference carries that rounding: up to half a unit of
 * each printed bw_util's last digit times its n_cmd, in both blocks.  It is
 * -1 (none) when the log has no bw_util, the kernel added no DRAM command
 * cycles, or that bound exceeds BWM_GPGPUSIM_KERNEL_UTIL_ROUNDING of the
 * data-bus cycles it added (the digits cannot tell them, as when a kernel
 * of a few cycles adds none), or it is above 1. */
#ifndef BWM_GPGPUSIM_KERNEL_H
#define BWM_GPGPUSIM_KERNEL_H

#include <stddef.h>

#include "fit/gpgpusim_log.h"

/* The largest print-rounding bound of a kernel's data-bus cycles, as a
 * fraction of them, for which its bw_util is given. */
#define BWM_GPGPUSIM_KERNEL_UTIL_ROUNDING 0.01

/* Fills out with kernel k's (0-based, k < ks->n) own figures; run is the
 * whole run read with ks (bwm_gpgpusim_log_read_kernels). */
void bwm_gpgpusim_kernel_log(const bwm_gpgpusim_log *run, const bwm_gpgpusim_kernels *ks, size_t k,
                             bwm_gpgpusim_log *out);

#endif
