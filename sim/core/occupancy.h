/* occupancy.h — how many CTAs (thread blocks) of a kernel an SM holds at
 * once, as GPGPU-Sim's shader_core_config::max_cta computes it (shader.cc),
 * and the L1D an adaptive cache leaves the kernel.
 *
 * The CTAs are the least of four limits, each a whole number:
 *   threads    -gpgpu_shader_core_pipeline's threads / the CTA's threads
 *              padded up to whole warps;
 *   shmem      -gpgpu_shmem_size / the kernel's shared memory per CTA
 *              (no limit when it uses none);
 *   regs       -gpgpu_shader_registers / (padded threads x registers per
 *              thread rounded up to a multiple of 4) (no limit at 0);
 *   cta_limit  -gpgpu_shader_cta.
 * A kernel with fewer CTAs than that many on every SM gets fewer: the
 * grid's CTAs over the SMs, rounded up (bwm_occupancy_grid_cap, max_cta's
 * "not enough to keep all cores busy").  With -gpgpu_adaptive_cache_config
 * the shared memory the kernel's resident CTAs use (per-CTA bytes x CTAs,
 * after the grid cap) picks the smallest -gpgpu_shmem_option holding it;
 * the L1D gets the rest of -gpgpu_unified_l1d_size
 * (bwm_occupancy_l1d, over gpu_config.h's bwm_gpu_l1d_for_shmem).
 *
 * What GPGPU-Sim does that this module does not: it asserts that no SM
 * holds more than 32 CTAs (MAX_CTA_PER_SHADER) where bwmpki's
 * -gpgpu_shader_cta allows 64; with -gpgpu_concurrent_kernel_sm it counts
 * threads, registers and shared memory CTA by CTA across kernels
 * (occupy_shader_resource_1block) instead; under
 * -gpgpu_ignore_resources_limitation it keeps the previous kernel's L1D for
 * a kernel that does not fit (it returns before reconfiguring); and its
 * reconfigured L1D stays in the shared cache configuration until the next
 * kernel's first max_cta call.  -gpgpu_registers_per_block and
 * -gpgpu_shmem_per_block limit nothing in GPGPU-Sim's timing model (they
 * are only reported to the CUDA API), nor here. */
#ifndef BWM_OCCUPANCY_H
#define BWM_OCCUPANCY_H

#include <stdint.h>

#include "sim/cache/cache_config.h"
#include "util/status.h"

struct bwm_gpu_config;

/* An SM's resources. */
typedef struct bwm_occupancy_sm {
    int max_threads;   /* -gpgpu_shader_core_pipeline's THREADS */
    int warp_size;     /* its WARP */
    int max_ctas;      /* -gpgpu_shader_cta */
    int regs;          /* -gpgpu_shader_registers */
    int shmem_bytes;   /* -gpgpu_shmem_size */
    int ignore_limits; /* -gpgpu_ignore_resources_limitation: a CTA that does not fit gets 1 */
} bwm_occupancy_sm;

/* A kernel's CTA (from its trace header: block dims, nregs, shmem). */
typedef struct bwm_occupancy_kernel {
    int block_threads;   /* threads per CTA, x * y * z */
    int regs_per_thread; /* 0: no register limit */
    int shmem_bytes;     /* per CTA; 0: no shared-memory limit */
} bwm_occupancy_kernel;

/* The CTAs of k one sm holds at once (>= 1), with *limiter (may be NULL)
 * naming the limits that give that number in GPGPU-Sim's words ("threads",
 * "shmem", "regs", "cta_limit", space-separated when several tie).  When
 * one CTA does not fit, -BWM_EINPUT with err naming what does not fit and
 * *limiter those limits; under ignore_limits 1 instead, as GPGPU-Sim does,
 * unless the CTA's threads (unpadded) exceed the SM's, which GPGPU-Sim
 * refuses at launch whatever the option.  Bad values (a CTA of no threads,
 * negative counts, an SM without threads, warps or CTA slots) give
 * -BWM_EINPUT too. */
int bwm_occupancy_ctas(const bwm_occupancy_sm *sm, const bwm_occupancy_kernel *k, const char **limiter,
                       bwm_err *err);

/* ctas capped for a grid of n_blocks CTAs on n_sms SMs: when the grid has
 * fewer than ctas x n_sms CTAs, ceil(n_blocks / n_sms) (so a small grid
 * spreads over the SMs); otherwise ctas. */
int bwm_occupancy_grid_cap(int ctas, uint64_t n_blocks, int n_sms);

/* An SM's resources from cfg (threads, warp size, -gpgpu_shader_cta,
 * -gpgpu_shmem_size) and the options cfg does not hold yet: regs
 * (-gpgpu_shader_registers) and ignore_limits
 * (-gpgpu_ignore_resources_limitation). */
void bwm_occupancy_sm_from(const struct bwm_gpu_config *cfg, int regs, int ignore_limits, bwm_occupancy_sm *out);

/* The L1D an SM of cfg gets while it runs k with ctas CTAs resident (after
 * the grid cap): under -gpgpu_adaptive_cache_config the unified memory
 * less the smallest -gpgpu_shmem_option holding k->shmem_bytes x ctas, a
 * streaming L1 allocating on miss when the kernel uses no shared memory;
 * otherwise the configured L1D.  BWM_EINPUT when no option holds it. */
int bwm_occupancy_l1d(const struct bwm_gpu_config *cfg, const bwm_occupancy_kernel *k, int ctas,
                      bwm_cache_config *out, bwm_err *err);

#endif
