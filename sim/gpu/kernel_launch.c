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
    if ((st = bwm_trace_app_kernel_ctas(app, &app->kern[0], g->n_sms_of[a], &ctas, &warps, err)) != BWM_OK)
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

int bwm_gpu_bind_sm(bwm_gpu *g, int a, int k, bwm_trace_kernel *r, int *slots, bwm_err *err)
{
    bwm_trace_app *app = g->traces.app[a];
    int warps, st = bwm_trace_app_kernel_ctas(app, r, g->n_sms_of[a], slots, &warps, err);
    if (st != BWM_OK)
        return st;
    bwm_sm *sm = &g->sms[g->first_sm[a] + k];
    if (g->cfg.exec.flush_l1) /* the SM has no thread left: its L1D goes */
        bwm_cache_invalidate(&sm->l1);
    g->traces.sm[a][k].kern = r;
    return bwm_sm_set_ctas(sm, *slots, warps, err);
}

void bwm_gpu_start_bound(bwm_gpu *g, int a, const int *slots, int64_t now)
{
    int first = g->first_sm[a], n = g->n_sms_of[a], most = 0;
    for (int k = 0; k < n; k++)
        most = slots[k] > most ? slots[k] : most;
    for (int slot = 0; slot < most; slot++)
        for (int k = 0; k < n; k++)
            if (slot < slots[k])
                bwm_sm_start_cta(&g->sms[first + k], slot, now);
    for (int k = 0; k < n; k++)
        if (slots[k] > 0)
            bwm_sm_calendar_set(&g->calendar, first + k, bwm_sm_next_active(&g->sms[first + k]));
    g->sm_wake = 0;
}

int bwm_gpu_sm_empty(const bwm_gpu *g, int a, int k)
{
    const bwm_sm_ctas *c = &g->sms[g->first_sm[a] + k].ctas;
    for (int s = 0; s < c->slots; s++)
        if (c->live[s] > 0)
            return 0;
    return 1;
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
