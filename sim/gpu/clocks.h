/* clocks.h — the GPU's four clock domains (core, interconnect, L2, DRAM):
 * each one's period in femtoseconds (from -gpgpu_clock_domains), its next
 * edge and the cycles it has completed, and the global time.  bwm_gpu_step
 * (gpu.h) moves time to the next edge (bwm_gpu_clocks_edge), ticks the
 * domains whose edge it is, in the order core, interconnect, L2, DRAM — as
 * GPGPU-Sim does — and then moves them on (bwm_gpu_clocks_advance). */
#ifndef BWM_GPU_CLOCKS_H
#define BWM_GPU_CLOCKS_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "util/status.h"

enum { BWM_CLK_CORE, BWM_CLK_ICNT, BWM_CLK_L2, BWM_CLK_DRAM, BWM_CLK_COUNT };

typedef struct bwm_gpu_clocks {
    int64_t period_fs[BWM_CLK_COUNT];
    int64_t next_fs[BWM_CLK_COUNT]; /* each domain's next edge */
    int64_t cycle[BWM_CLK_COUNT];   /* cycles completed in each domain */
    int64_t now_fs;                 /* the edge being ticked */
} bwm_gpu_clocks;

/* BWM_EINPUT, saying which, when a domain's clock is outside
 * BWM_CLOCK_MHZ_MIN..MAX. */
int bwm_gpu_clocks_check(const bwm_gpu_config *cfg, bwm_err *err);

/* Every domain at cycle 0, its first edge one period on (cfg checked). */
void bwm_gpu_clocks_init(bwm_gpu_clocks *clk, const bwm_gpu_config *cfg);

/* Moves global time to the next edge of any domain and returns it. */
static inline int64_t bwm_gpu_clocks_edge(bwm_gpu_clocks *clk)
{
    int64_t t = clk->next_fs[0];
    for (int c = 1; c < BWM_CLK_COUNT; c++)
        if (clk->next_fs[c] < t)
            t = clk->next_fs[c];
    clk->now_fs = t;
    return t;
}

/* The domains whose edge t is have completed a cycle: each counts it and
 * moves to its next edge. */
static inline void bwm_gpu_clocks_advance(bwm_gpu_clocks *clk, int64_t t)
{
    for (int c = 0; c < BWM_CLK_COUNT; c++)
        if (clk->next_fs[c] == t) {
            clk->cycle[c]++;
            clk->next_fs[c] += clk->period_fs[c];
        }
}

#endif
