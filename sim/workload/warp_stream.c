/* warp_stream.c — synthetic per-warp instruction streams (see warp_stream.h).
 *
 * Stream pattern: the warps of an application sweep the footprint in a
 * grid-stride loop — memory instruction k of warp w touches lines
 * ((k × warps + w) × coalesce + j) mod footprint — so consecutive warps hit
 * consecutive lines and DRAM rows.  Random pattern: each line is drawn
 * uniformly from the footprint.  With probability `reuse` a memory
 * instruction re-touches the warp's previous lines instead (cache hits). */
#include "sim/workload/warp_stream.h"

uint64_t bwm_app_base(int app)
{
    return (uint64_t)app << 40;
}

void bwm_warp_stream_init(bwm_warp_stream *w, const bwm_synth_app *a, int app, uint64_t warp_index,
                          uint64_t warp_count, uint64_t seed)
{
    bwm_rng_seed(&w->rng, seed);
    w->base = bwm_app_base(app);
    w->nlines = (uint64_t)(a->footprint_mb * 1024 * 1024 / BWM_LINE_BYTES);
    if (w->nlines == 0)
        w->nlines = 1;
    w->warp_index = warp_index;
    w->warp_count = warp_count ? warp_count : 1;
    w->mem_issued = 0;
    w->nprev = 0;
}

static void new_lines(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out)
{
    out->nlines = a->coalesce;
    uint64_t first = (w->mem_issued * w->warp_count + w->warp_index) * (uint64_t)a->coalesce;
    for (int j = 0; j < a->coalesce; j++) {
        uint64_t idx = a->pattern == BWM_PATTERN_RANDOM ? bwm_rng_below(&w->rng, w->nlines)
                                                        : (first + (uint64_t)j) % w->nlines;
        out->line[j] = w->base + idx * BWM_LINE_BYTES;
        w->prev[j] = out->line[j];
    }
    w->nprev = a->coalesce;
    w->mem_issued++;
}

void bwm_warp_stream_next(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out)
{
    double u = bwm_rng_uniform(&w->rng);
    out->nlines = 0;
    if (u >= a->mem_frac) {
        out->kind = u < a->mem_frac + a->smem_frac ? BWM_INST_SMEM : BWM_INST_COMPUTE;
        return;
    }
    out->kind = bwm_rng_uniform(&w->rng) < a->store_frac ? BWM_INST_STORE : BWM_INST_LOAD;
    if (w->nprev > 0 && bwm_rng_uniform(&w->rng) < a->reuse) {
        out->nlines = w->nprev;
        for (int j = 0; j < w->nprev; j++)
            out->line[j] = w->prev[j];
        return;
    }
    new_lines(w, a, out);
}
