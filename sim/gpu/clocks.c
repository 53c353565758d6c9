/* clocks.c — the GPU's clock domains' periods (see clocks.h). */
#include "sim/gpu/clocks.h"

#include <math.h>

/* The domains' clocks, in MHz, in domain order. */
static void clocks_mhz(const bwm_gpu_config *cfg, double *mhz)
{
    const bwm_dram_config *d = &cfg->dram;
    mhz[BWM_CLK_CORE] = d->core_mhz;
    mhz[BWM_CLK_ICNT] = d->icnt_mhz;
    mhz[BWM_CLK_L2] = d->l2_mhz;
    mhz[BWM_CLK_DRAM] = d->dram_mhz;
}

int bwm_gpu_clocks_check(const bwm_gpu_config *cfg, bwm_err *err)
{
    double mhz[BWM_CLK_COUNT];
    clocks_mhz(cfg, mhz);
    for (int c = 0; c < BWM_CLK_COUNT; c++)
        if (!(mhz[c] >= BWM_CLOCK_MHZ_MIN && mhz[c] <= BWM_CLOCK_MHZ_MAX))
            return bwm_fail(err, BWM_EINPUT, "clock of %g MHz: the simulator takes %g..%g MHz", mhz[c],
                            BWM_CLOCK_MHZ_MIN, BWM_CLOCK_MHZ_MAX);
    return BWM_OK;
}

void bwm_gpu_clocks_init(bwm_gpu_clocks *clk, const bwm_gpu_config *cfg)
{
    double mhz[BWM_CLK_COUNT];
    clocks_mhz(cfg, mhz);
    *clk = (bwm_gpu_clocks){{0}, {0}, {0}, 0};
    for (int c = 0; c < BWM_CLK_COUNT; c++) {
        /* mhz is within BWM_CLOCK_MHZ_MIN..MAX (checked): 1000 to 1e9 fs */
        clk->period_fs[c] = (int64_t)llround(1e9 / mhz[c]);
        clk->next_fs[c] = clk->period_fs[c];
    }
}
