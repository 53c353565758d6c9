/* occupancy.c — a kernel's CTAs per SM and its L1D (see occupancy.h). */
#include "sim/core/occupancy.h"

#include "sim/config/gpu_config.h"

enum { LIM_THREADS = 1, LIM_SHMEM = 2, LIM_REGS = 4, LIM_CTA = 8 };

/* The limits of a bit set of LIM_*, in GPGPU-Sim's order and words. */
static const char *limit_names(unsigned set)
{
    static const char *const names[16] = {
        "",
        "threads",
        "shmem",
        "threads shmem",
        "regs",
        "threads regs",
        "shmem regs",
        "threads shmem regs",
        "cta_limit",
        "threads cta_limit",
        "shmem cta_limit",
        "threads shmem cta_limit",
        "regs cta_limit",
        "threads regs cta_limit",
        "shmem regs cta_limit",
        "threads shmem regs cta_limit",
    };
    return names[set & 15u];
}

static int check(const bwm_occupancy_sm *sm, const bwm_occupancy_kernel *k, bwm_err *err)
{
    if (sm->max_threads < 1 || sm->warp_size < 1 || sm->max_ctas < 1 || sm->regs < 0 || sm->shmem_bytes < 0)
        return bwm_fail(err, BWM_EINPUT, "an SM of %d threads, %d-thread warps, %d CTAs, %d registers and %d bytes "
                        "of shared memory holds no CTA", sm->max_threads, sm->warp_size, sm->max_ctas, sm->regs,
                        sm->shmem_bytes);
    if (k->block_threads < 1 || k->regs_per_thread < 0 || k->shmem_bytes < 0)
        return bwm_fail(err, BWM_EINPUT, "a CTA of %d threads, %d registers per thread and %d bytes of shared memory "
                        "is not a kernel's", k->block_threads, k->regs_per_thread, k->shmem_bytes);
    if (k->block_threads > sm->max_threads)
        return bwm_fail(err, BWM_EINPUT, "a CTA of %d threads is larger than an SM's %d threads "
                        "(-gpgpu_shader_core_pipeline)", k->block_threads, sm->max_threads);
    return BWM_OK;
}

int bwm_occupancy_ctas(const bwm_occupancy_sm *sm, const bwm_occupancy_kernel *k, const char **limiter,
                       bwm_err *err)
{
    if (limiter)
        *limiter = "";
    if (check(sm, k, err) != BWM_OK)
        return -BWM_EINPUT;
    long long padded = ((long long)k->block_threads + sm->warp_size - 1) / sm->warp_size * sm->warp_size;
    long long regs = padded * ((k->regs_per_thread + 3) & ~3);
    long long lim[4] = {
        sm->max_threads / padded,
        k->shmem_bytes > 0 ? sm->shmem_bytes / k->shmem_bytes : INT32_MAX,
        regs > 0 ? sm->regs / regs : INT32_MAX,
        sm->max_ctas,
    };
    long long n = lim[0];
    for (int i = 1; i < 4; i++)
        n = lim[i] < n ? lim[i] : n;
    unsigned set = 0;
    for (int i = 0; i < 4; i++)
        if (lim[i] == n)
            set |= 1u << i;
    if (limiter)
        *limiter = limit_names(set);
    if (n >= 1)
        return (int)n;
    if (sm->ignore_limits)
        return 1;
    if (set & LIM_THREADS)
        bwm_fail(err, BWM_EINPUT, "a CTA of %d threads, %lld padded to whole %d-thread warps, does not fit in an "
                 "SM's %d threads (-gpgpu_shader_core_pipeline)", k->block_threads, padded, sm->warp_size,
                 sm->max_threads);
    else if (set & LIM_SHMEM)
        bwm_fail(err, BWM_EINPUT, "a CTA's %d bytes of shared memory do not fit in an SM's %d (-gpgpu_shmem_size)",
                 k->shmem_bytes, sm->shmem_bytes);
    else
        bwm_fail(err, BWM_EINPUT, "a CTA's %lld registers (%lld threads padded to whole warps, %d registers each "
                 "rounded up to %d) do not fit in an SM's %d (-gpgpu_shader_registers)", regs, padded,
                 k->regs_per_thread, (k->regs_per_thread + 3) & ~3, sm->regs);
    return -BWM_EINPUT;
}

int bwm_occupancy_grid_cap(int ctas, uint64_t n_blocks, int n_sms)
{
    if (n_sms < 1 || n_blocks >= (uint64_t)ctas * (uint64_t)n_sms)
        return ctas;
    return (int)((n_blocks + (uint64_t)n_sms - 1) / (uint64_t)n_sms);
}

void bwm_occupancy_sm_from(const bwm_gpu_config *cfg, int regs, int ignore_limits, bwm_occupancy_sm *out)
{
    out->max_threads = cfg->max_threads_per_sm;
    out->warp_size = cfg->warp_size;
    out->max_ctas = cfg->cta_limit;
    out->regs = regs;
    out->shmem_bytes = cfg->shmem_bytes;
    out->ignore_limits = ignore_limits;
}

int bwm_occupancy_l1d(const bwm_gpu_config *cfg, const bwm_occupancy_kernel *k, int ctas, bwm_cache_config *out,
                      bwm_err *err)
{
    return bwm_gpu_l1d_for_shmem(cfg, (long)k->shmem_bytes * ctas, out, err);
}
