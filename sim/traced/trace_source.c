/* trace_source.c — a traced application's warp source (see trace_source.h). */
#include "sim/traced/trace_source.h"

#include <string.h>

#include "sim/core/smem_banks.h"
#include "sim/core/trace_coalesce.h"

void bwm_trace_sm_init(bwm_trace_sm *t, bwm_trace_app *app, const bwm_gpu_config *cfg)
{
    memset(t, 0, sizeof *t);
    t->app = app;
    t->kern = &app->kern[0];
    t->cfg = cfg;
    for (int k = 0; k < BWM_SM_MAX_CTAS; k++)
        bwm_sass_block_init(&t->block[k]);
}

void bwm_trace_sm_free(bwm_trace_sm *t)
{
    for (int k = 0; k < BWM_SM_MAX_CTAS; k++)
        bwm_sass_block_free(&t->block[k]);
}

/* Adds register r (not RZ) to the op's wait list once. */
static void wait_on(bwm_warp_op *op, unsigned r)
{
    if (r == BWM_SASS_RZ)
        return;
    for (int i = 0; i < op->n_wait; i++)
        if (op->wait[i] == r)
            return;
    if (op->n_wait < BWM_OP_MAX_WAIT)
        op->wait[op->n_wait++] = (uint8_t)r;
}

static void registers(const bwm_sass_inst *in, bwm_warp_op *op)
{
    op->n_wait = op->n_dst = 0;
    for (int i = 0; i < in->n_dst; i++) {
        wait_on(op, in->dst[i]);
        if (in->dst[i] != BWM_SASS_RZ && op->n_dst < BWM_OP_MAX_DST)
            op->dst[op->n_dst++] = in->dst[i];
    }
    for (int i = 0; i < in->n_src; i++)
        wait_on(op, in->src[i]);
}

/* A shared-memory instruction: the shared pipeline, busy for its bank
 * cycles; its results after the shared latency and those cycles. */
static void shared_op(const bwm_trace_sm *t, const bwm_trace_warp *tw, const bwm_sass_inst *in, int width,
                      bwm_warp_op *op)
{
    const bwm_exec_config *x = &t->cfg->exec;
    int cycles = in->n_addr ? bwm_smem_cycles(in->mask, tw->addrs + in->addr, width, x->shmem_num_banks,
                                              x->shmem_limited_broadcast)
                            : 1;
    op->kind = BWM_WOP_SMEM;
    op->unit = BWM_UNIT_SHARED;
    op->initiation = (uint16_t)cycles;
    op->latency = (uint16_t)(x->smem_latency + cycles - 1 + BWM_PIPE_EXTRA_CYCLES);
}

static void trace_next(void *state, bwm_sm *sm, int w)
{
    bwm_trace_sm *t = state;
    bwm_trace_warp *tw = &t->warp[w];
    const bwm_sass_inst *in = tw->insts + tw->pos++;
    tw->cur = in;
    bwm_warp_op *op = &sm->warps[w].op;
    const bwm_op_decoded *d = bwm_op_decode_get(&t->kern->decode, &t->kern->k.ops, in->op);
    registers(in, op);
    op->lanes = (uint8_t)__builtin_popcount(in->mask);
    op->stall = 1;
    op->unit = BWM_UNIT_NONE;
    op->latency = 1;
    op->initiation = 1;
    op->lines = 0;
    int exec = d->exec;
    if (exec == BWM_EXEC_GENERIC) {
        const bwm_sass_header *h = &t->kern->k.h;
        bwm_sass_space s = in->n_addr ? bwm_sass_generic_space(tw->addrs[in->addr], h->shmem_base, h->local_base)
                                      : BWM_SASS_GLOBAL;
        exec = s == BWM_SASS_SHARED ? BWM_EXEC_SHARED : BWM_EXEC_MEMORY;
    }
    if ((exec == BWM_EXEC_MEMORY || exec == BWM_EXEC_ATOMIC) && in->n_addr == 0)
        exec = BWM_EXEC_PIPE; /* no lane active: nothing to move */
    op->past_l1d = 0;
    switch (exec) {
    case BWM_EXEC_MEMORY:
        op->kind = d->is_store ? BWM_WOP_STORE : BWM_WOP_LOAD;
        op->past_l1d = d->cache_global; /* never a generic one's (not decoded so) */
        break;
    case BWM_EXEC_ATOMIC:
        op->kind = BWM_WOP_ATOMIC;
        break;
    case BWM_EXEC_SHARED:
        shared_op(t, tw, in, d->width, op);
        break;
    case BWM_EXEC_SHARED_ATOMIC: /* its warp waits until the shared pipeline writes it back */
        shared_op(t, tw, in, d->width, op);
        op->stall = op->latency;
        break;
    case BWM_EXEC_BARRIER:
        op->kind = BWM_WOP_BARRIER;
        break;
    default: /* a pipeline, or a fixed latency */
        op->kind = BWM_WOP_COMPUTE;
        op->unit = d->unit;
        op->latency = d->latency;
        op->initiation = d->initiation;
        break;
    }
}

/* The n accesses in line[] and sectors[] as one access a sector, each
 * access's sectors the highest first, in place: the 32-byte transactions
 * GPGPU-Sim queues for a load past the L1D, each its own request, taken
 * in that order.  Returns how many (at most BWM_MAX_ACCESSES: a lane marks
 * two sectors at most). */
static int one_sector_each(uint64_t *line, uint8_t *sectors, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += __builtin_popcount(sectors[i]);
    int total = k;
    for (int i = n - 1; i >= 0; i--) { /* from the back: entry i's pieces land at i or later */
        uint64_t l = line[i];
        for (unsigned left = sectors[i]; left; left &= left - 1) { /* the lowest sector last */
            k--;
            line[k] = l;
            sectors[k] = (uint8_t)(left & -left);
        }
    }
    return total;
}

static int trace_accesses(void *state, bwm_sm *sm, int w, uint64_t *line, uint8_t *sectors, uint8_t *partial)
{
    bwm_trace_sm *t = state;
    const bwm_trace_warp *tw = &t->warp[w];
    const bwm_sass_inst *in = tw->cur;
    const bwm_op_decoded *d = bwm_op_decode_get(&t->kern->decode, &t->kern->k.ops, in->op);
    bwm_warp_op *op = &sm->warps[w].op;
    int sector_segments = bwm_gpu_cache_global_sectors(t->cfg); /* of an access past the L1D */
    int n = op->kind == BWM_WOP_ATOMIC
                ? bwm_trace_coalesce_atomic(in->mask, tw->addrs + in->addr, d->width, sm->warp_parts,
                                            BWM_WARP_SIZE, !sector_segments, line, sectors)
                : bwm_trace_coalesce(in->mask, tw->addrs + in->addr, d->width, sm->warp_parts, BWM_WARP_SIZE,
                                     op->past_l1d ? !sector_segments : sm->line_segments,
                                     op->kind == BWM_WOP_STORE, line, sectors, partial);
    if (n < 0)
        n = 0; /* a width the coalescer does not take: no access (cannot come from the reader) */
    if (op->past_l1d && sector_segments)
        n = one_sector_each(line, sectors, n);
    int lines = 0; /* distinct lines: the parts may touch one line each */
    for (int i = 0; i < n; i++) {
        if (line[i] >> BWM_TRACE_ADDR_SHIFT && !t->app->failed) { /* above a GPU's address space */
            t->app->failed = 1;
            bwm_fail(&t->app->fault, BWM_EINPUT, "%s, kernel %d: address 0x%llx is beyond the 2^%d bytes an "
                     "application's addresses may span", t->app->name, t->kern->index, (unsigned long long)line[i],
                     BWM_TRACE_ADDR_SHIFT);
        }
        line[i] += t->app->addr_tag;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = line[j] == line[i];
        lines += !seen;
    }
    op->lines = (uint8_t)(lines > 255 ? 255 : lines);
    return n;
}

static int trace_take_cta(void *state, bwm_sm *sm, int slot, int64_t now)
{
    bwm_trace_sm *t = state;
    bwm_sass_block *b = &t->block[slot];
    if (!bwm_trace_app_next_block(t->app, t->kern, b, now)) {
        const bwm_trace_kernel *r = t->kern;
        uint64_t missing = r->open ? bwm_sass_kernel_missing(&r->k) : 0;
        if (missing) /* the file ended before the grid did */
            bwm_op_report_short_kernel(&t->app->report, r->index, r->k.lines.path, r->k.blocks, r->k.blocks + missing);
        return 0;
    }
    int n = (int)b->n_warps;
    sm->ctas.live[slot] = n;
    return n;
}

static void trace_start_warp(void *state, bwm_sm *sm, int slot, int i, int w)
{
    bwm_trace_sm *t = state;
    const bwm_sass_block *b = &t->block[slot];
    uint32_t n;
    bwm_trace_warp *tw = &t->warp[w];
    tw->insts = bwm_sass_warp_insts(b, (uint32_t)i, &n);
    tw->addrs = b->addrs;
    tw->pos = 0;
    tw->cur = NULL;
    sm->warps[w].left = n;
}

static void trace_cta_done(void *state, bwm_sm *sm, int slot, int64_t now)
{
    (void)sm;
    (void)slot;
    bwm_trace_sm *t = state;
    bwm_trace_app_cta_done(t->app, t->kern, now);
}

const bwm_warp_source_ops bwm_trace_source = {
    .name = "trace",
    .next = trace_next,
    .accesses = trace_accesses,
    .take_cta = trace_take_cta,
    .start_warp = trace_start_warp,
    .cta_done = trace_cta_done,
};
