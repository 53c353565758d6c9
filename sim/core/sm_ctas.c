/* sm_ctas.c — an SM's CTA slots' books (see sm_ctas.h). */
#include "sim/core/sm_ctas.h"

#include <string.h>

#include "sim/workload/warp_stream.h"

int bwm_sm_ctas_init(bwm_sm_ctas *c, int id, const bwm_synth_app *prog, int n_warps, bwm_cta_dispatch *dispatch,
                     bwm_page_sharing *pages, uint64_t seed, bwm_err *err)
{
    memset(c, 0, sizeof *c);
    c->seed = seed;
    if (prog->cta_warps <= 0)
        return BWM_OK;
    c->warps = prog->cta_warps;
    c->slots = n_warps / c->warps;
    c->dispatch = dispatch;
    c->pages = pages;
    c->grid = bwm_cta_grid(prog);
    if (!dispatch || c->slots * c->warps != n_warps || c->slots > BWM_SM_MAX_CTAS)
        return bwm_fail(err, BWM_EINPUT, "SM %d: %d warps are not whole CTAs of %d warps (at most %d)", id, n_warps,
                        c->warps, BWM_SM_MAX_CTAS);
    return BWM_OK;
}

int bwm_sm_ctas_take(bwm_sm_ctas *c, int slot, int rank, uint64_t *seq)
{
    if (!bwm_cta_take(c->dispatch, rank, seq))
        return 0;
    c->seq[slot] = *seq;
    c->live[slot] = c->warps;
    c->cursor[slot] = 0;
    return 1;
}

uint64_t bwm_sm_ctas_warp_seed(const bwm_sm_ctas *c, int app, uint64_t seq, int i)
{
    uint64_t gw = seq * (uint64_t)c->warps + (uint64_t)i;
    return c->seed ^ ((uint64_t)(app + 1) << 48) ^ (gw * 0x9E3779B97F4A7C15ULL) ^ 0xC7A0000000000000ULL;
}
