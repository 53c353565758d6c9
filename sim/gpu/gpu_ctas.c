/* gpu_ctas.c — the applications' thread blocks on the GPU (see gpu_ctas.h). */
#include "sim/gpu/gpu_ctas.h"

#include "sim/workload/warp_stream.h"

static int cta_slots(const bwm_gpu_config *cfg, const bwm_synth_app *prog, int *slots, bwm_err *err)
{
    if (prog->cta_warps > cfg->max_warps_per_sm)
        return bwm_fail(err, BWM_EINPUT, "application %s: a CTA of %d warps (column cta_warps) does not fit an SM "
                        "of %d warps", prog->abbr, prog->cta_warps, cfg->max_warps_per_sm);
    int n = (int)(prog->warps / prog->cta_warps);
    int fit = cfg->max_warps_per_sm / prog->cta_warps;
    if (n < 1)
        n = 1;
    if (n > fit)
        n = fit;
    if (n > cfg->cta_limit)
        n = cfg->cta_limit;
    *slots = n;
    return BWM_OK;
}

int bwm_gpu_ctas_add(bwm_gpu_ctas *c, int a, const bwm_gpu_config *cfg, const bwm_synth_app *prog, int n_sms,
                     int *slots, bwm_err *err)
{
    int st = cta_slots(cfg, prog, slots, err);
    if (st == BWM_OK)
        st = bwm_cta_dispatch_init(&c->dispatch[a], cfg->cta_dispatch, bwm_cta_grid(prog), n_sms, err);
    if (st == BWM_OK)
        st = bwm_page_sharing_init(&c->pages[a], bwm_app_base(a), bwm_app_bytes(prog), err);
    return st;
}

void bwm_gpu_ctas_free(bwm_gpu_ctas *c)
{
    for (int a = 0; a < BWM_GPU_MAX_APPS; a++) {
        bwm_cta_dispatch_free(&c->dispatch[a]);
        bwm_page_sharing_free(&c->pages[a]);
    }
}
