/* gpu_config.c — what follows from a bwm_gpu_config (see gpu_config.h):
 * the L1D an SM gets and a packet's flits.  Reading it from options is
 * gpu_read.c's. */
#include "sim/config/gpu_config.h"

/* The L1D an SM gets beside need bytes of shared memory (what names them
 * in the message): the configured one, or with an adaptive L1 the ways the
 * unified memory keeps beside the smallest carve-out that holds need
 * (GPGPU-Sim's max_cta: the unified memory's ways times the share left, to
 * the nearest way).  *carve gets the carve-out's bytes, -1 without an
 * adaptive L1. */
static int adapt(const bwm_gpu_config *cfg, long need, const char *what, bwm_cache_config *out, long *carve,
                 bwm_err *err)
{
    *out = cfg->l1d;
    *carve = -1;
    if (!cfg->adaptive_l1 || cfg->l1d_none)
        return BWM_OK;
    for (int i = 0; i < cfg->n_shmem_options; i++) {
        long c = (long)cfg->shmem_options_kb[i] * 1024;
        if (c < need)
            continue;
        long l1 = (long)cfg->unified_l1d_kb * 1024 - c;
        long way = (long)out->sets * out->line_bytes;
        if (l1 < way)
            return bwm_fail(err, BWM_EINPUT, "a %ld KB shared-memory carve-out leaves %ld KB of the %d KB unified "
                            "memory, less than one way of the L1D", c / 1024, l1 / 1024, cfg->unified_l1d_kb);
        out->ways = (int)((l1 + way / 2) / way);
        *carve = c;
        return BWM_OK;
    }
    return bwm_fail(err, BWM_EINPUT, "no -gpgpu_shmem_option holds the %ld bytes of %s", need, what);
}

int bwm_gpu_l1d_for(const bwm_gpu_config *cfg, int uses_shmem, bwm_cache_config *out, bwm_err *err)
{
    long carve;
    int st = adapt(cfg, uses_shmem ? cfg->shmem_bytes : 0, "-gpgpu_shmem_size", out, &carve, err);
    if (st == BWM_OK && carve >= 0)
        out->streaming_on_miss = carve == 0;
    return st;
}

int bwm_gpu_l1d_for_shmem(const bwm_gpu_config *cfg, long shmem_bytes, bwm_cache_config *out, bwm_err *err)
{
    long carve;
    int st = adapt(cfg, shmem_bytes, "shared memory the kernel's resident CTAs use", out, &carve, err);
    if (st == BWM_OK && carve >= 0)
        out->streaming_on_miss = shmem_bytes == 0;
    return st;
}

int bwm_gpu_packet_flits(const bwm_gpu_config *cfg, int bytes)
{
    return (bytes + cfg->flit_bytes - 1) / cfg->flit_bytes;
}
