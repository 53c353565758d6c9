/* kernel_launch.c — a traced application's kernel onto its SMs (see
 * kernel_launch.h). */
#include "sim/gpu/kernel_launch.h"

int bwm_gpu_launch_kernel(bwm_gpu *g, int a, bwm_err *err)
{
    bwm_trace_app *app = g->traces.app[a];
    int st = bwm_trace_app_launch(app, err);
    if (st != BWM_OK || app->state == BWM_TRACE_FINISHED)
        return st;
    int ctas, warps;
    if ((st = bwm_trace_app_kernel_ctas(app, g->n_sms_of[a], &ctas, &warps, err)) != BWM_OK)
        return st;
    int64_t now = g->clk.cycle[BWM_CLK_CORE];
    int first = g->first_sm[a], n = g->n_sms_of[a];
    if (g->cfg.exec.flush_l1) /* every thread of the last kernel is done: its SMs' L1Ds go */
        for (int k = 0; k < n; k++)
            bwm_cache_invalidate(&g->sms[first + k].l1);
    for (int k = 0; k < n; k++)
        if ((st = bwm_sm_set_ctas(&g->sms[first + k], ctas, warps, err)) != BWM_OK)
            return st;
    for (int slot = 0; slot < ctas; slot++)
        for (int k = 0; k < n; k++)
            bwm_sm_start_cta(&g->sms[first + k], slot, now);
    for (int k = 0; k < n; k++)
        bwm_sm_calendar_set(&g->calendar, first + k, bwm_sm_next_active(&g->sms[first + k]));
    g->sm_wake = 0;
    return app->failed ? (*err = app->fault, BWM_EINPUT) : BWM_OK;
}

int64_t bwm_gpu_kernel_launch_delay(const bwm_gpu *g, int a)
{
    const bwm_exec_config *x = &g->cfg.exec;
    return x->kernel_launch_latency + (int64_t)bwm_trace_app_next_grid_blocks(g->traces.app[a]) * x->tb_launch_latency;
}

uint64_t bwm_gpu_flush_l2_app(bwm_gpu *g, int a)
{
    /* GPGPU-Sim's loop runs over the first -gpgpu_n_mem slices, not all
       n_mem × sub-partitions (kernel_launch.h) */
    int n = g->cfg.dram.n_channels < g->n_subparts ? g->cfg.dram.n_channels : g->n_subparts;
    uint64_t dropped = 0;
    for (int i = 0; i < n; i++)
        dropped += bwm_cache_flush_app(&g->subparts[i].l2, a);
    return dropped;
}
