/* synth_source.c — the synthetic applications' warp source (warp_source.h):
 * each warp's instructions come from its stream (sim/workload/warp_stream.h)
 * kept in the warp; a compute or scratchpad instruction holds its warp for
 * the application's latency, and loads are waited on by dependence distance
 * (sm.h), not by registers. */
#include "sim/core/coalescer.h"
#include "sim/core/sm.h"
#include "sim/core/warp_source.h"

static void synth_next(void *state, bwm_sm *sm, int w)
{
    (void)state;
    bwm_warp *wp = &sm->warps[w];
    const bwm_synth_app *a = sm->prog;
    bwm_warp_stream_next(&wp->stream, a, &wp->next);
    bwm_warp_op *op = &wp->op;
    op->kind = (uint8_t)wp->next.kind;
    op->lanes = (uint8_t)a->lanes;
    op->lines = (uint8_t)wp->next.nlines;
    op->stall = (uint16_t)(op->kind == BWM_WOP_COMPUTE ? a->compute_latency
                           : op->kind == BWM_WOP_SMEM  ? a->smem_latency
                                                      : 1);
}

static int synth_accesses(void *state, bwm_sm *sm, int w, uint64_t *line, uint8_t *sectors, uint8_t *partial)
{
    (void)state;
    int n = bwm_coalesce(&sm->warps[w].next, sm->prog, sm->warp_parts, BWM_WARP_SIZE, sm->line_segments, line,
                         sectors);
    for (int i = 0; i < n; i++) /* a synthetic store writes whole sectors */
        partial[i] = 0;
    return n;
}

static int synth_take_cta(void *state, bwm_sm *sm, int slot, int64_t now)
{
    (void)state;
    (void)now;
    uint64_t seq;
    return bwm_sm_ctas_take(&sm->ctas, slot, sm->rank, &seq) ? sm->ctas.warps : 0;
}

static void synth_start_warp(void *state, bwm_sm *sm, int slot, int i, int w)
{
    (void)state;
    bwm_warp *wp = &sm->warps[w];
    uint64_t seq = sm->ctas.seq[slot];
    bwm_warp_stream_start_cta(&wp->stream, sm->prog, seq, &sm->ctas.cursor[slot],
                              bwm_sm_ctas_warp_seed(&sm->ctas, sm->app, seq, i));
    wp->left = (uint64_t)sm->prog->cta_insts;
}

const bwm_warp_source_ops bwm_synth_source = {
    .name = "synthetic",
    .next = synth_next,
    .accesses = synth_accesses,
    .take_cta = synth_take_cta,
    .start_warp = synth_start_warp,
    .cta_done = NULL,
};
