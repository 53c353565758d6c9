/* gpu_config.c — what follows from a bwm_gpu_config (see gpu_config.h):
 * the L1D an SM gets and a packet's flits.  Reading it from options is
 * gpu_read.c's. */
#include "sim/config/gpu_config.h"

int bwm_gpu_l1d_for(const bwm_gpu_config *cfg, int uses_shmem, bwm_cache_config *out, bwm_err *err)
{
    *out = cfg->l1d;
    if (!cfg->adaptive_l1 || cfg->l1d_none)
        return BWM_OK;
    long need = uses_shmem ? cfg->shmem_bytes : 0;
    for (int i = 0; i < cfg->n_shmem_options; i++) {
        long carve = (long)cfg->shmem_options_kb[i] * 1024;
        if (carve < need)
            continue;
        long l1 = (long)cfg->unified_l1d_kb * 1024 - carve;
        long way = (long)out->sets * out->line_bytes;
        if (l1 < way)
            return bwm_fail(err, BWM_EINPUT, "a %ld KB shared-memory carve-out leaves %ld KB of the %d KB unified "
                            "memory, less than one way of the L1D", carve / 1024, l1 / 1024, cfg->unified_l1d_kb);
        out->ways = (int)((l1 + way / 2) / way);
        out->streaming_on_miss = carve == 0;
        return BWM_OK;
    }
    return bwm_fail(err, BWM_EINPUT, "no -gpgpu_shmem_option holds the %ld bytes of -gpgpu_shmem_size", need);
}

int bwm_gpu_packet_flits(const bwm_gpu_config *cfg, int bytes)
{
    return (bytes + cfg->flit_bytes - 1) / cfg->flit_bytes;
}
