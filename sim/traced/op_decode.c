/* op_decode.c — a kernel's opcodes decoded for the SM (see op_decode.h). */
#include "sim/traced/op_decode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/warp_source.h"
#include "sim/sass/opclass.h"
#include "util/grow.h"

void bwm_op_decode_init(bwm_op_decode *d, const bwm_gpu_config *cfg, const bwm_sass_header *h, bwm_op_report *report)
{
    memset(d, 0, sizeof *d);
    d->cfg = cfg;
    d->binary_version = (unsigned)h->binary_version;
    d->report = report;
}

void bwm_op_decode_free(bwm_op_decode *d)
{
    free(d->ops);
    d->ops = NULL;
    d->n = d->cap = 0;
}

/* Adds text to list (n of them) once; *more counts those beyond its room.
 * Returns its place, or -1. */
static int list_add(char (*list)[BWM_SASS_OPCODE_MAX], int *n, int *more, const char *text)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(list[i], text) == 0)
            return -1;
    if (*n == BWM_OP_REPORT_MAX) {
        (*more)++;
        return -1;
    }
    memcpy(list[*n], text, BWM_SASS_OPCODE_MAX);
    return (*n)++;
}

void bwm_op_report_short_kernel(bwm_op_report *r, int kernel, const char *path, uint64_t listed, uint64_t grid)
{
    if (r->last_short == kernel)
        return;
    r->last_short = kernel;
    if (r->n_short == BWM_OP_REPORT_SHORT) {
        r->more_short++;
        return;
    }
    bwm_op_short_kernel *s = &r->short_kernel[r->n_short++];
    snprintf(s->path, sizeof s->path, "%s", path);
    s->listed = listed;
    s->grid = grid;
}

void bwm_op_report_text(const bwm_op_report *r, const bwm_gpu_config *cfg, bwm_buf *out)
{
    if (r->n_unknown) {
        bwm_buf_printf(out, "opcodes no opcode table knows ran as integer instructions:");
        for (int i = 0; i < r->n_unknown; i++)
            bwm_buf_printf(out, "%s %s", i ? "," : "", r->unknown[i]);
        if (r->more_unknown)
            bwm_buf_printf(out, " and %d more", r->more_unknown);
        bwm_buf_printf(out, "\n");
    }
    if (r->n_fallback) {
        const char *texts[BWM_OP_REPORT_MAX];
        for (int i = 0; i < r->n_fallback; i++)
            texts[i] = r->fallback[i];
        bwm_exec_fallback_warning(&cfg->exec, texts, r->fallback_unit, (size_t)r->n_fallback, out);
        if (r->more_fallback)
            bwm_buf_printf(out, " (and %d more opcodes)", r->more_fallback);
        bwm_buf_printf(out, "\n");
    }
    for (int i = 0; i < r->n_short; i++) {
        const bwm_op_short_kernel *s = &r->short_kernel[i];
        bwm_buf_printf(out, "%s lists %llu thread blocks of its grid's %llu: the run goes on without the %llu missing\n",
                       s->path, (unsigned long long)s->listed, (unsigned long long)s->grid,
                       (unsigned long long)(s->grid - s->listed));
    }
    if (r->more_short)
        bwm_buf_printf(out, "and %d more kernel files list fewer thread blocks than their grids\n", r->more_short);
}

/* The SM's unit for a resolved pipeline. */
static uint8_t unit_of(const bwm_exec_slot *s)
{
    switch (s->pipe) {
    case BWM_PIPE_INT:
        return BWM_UNIT_INT;
    case BWM_PIPE_SP:
        return BWM_UNIT_SP;
    case BWM_PIPE_DP:
        return BWM_UNIT_DP;
    case BWM_PIPE_SFU:
        return BWM_UNIT_SFU;
    case BWM_PIPE_TENSOR:
        return BWM_UNIT_TENSOR;
    case BWM_PIPE_SPEC:
        return (uint8_t)(BWM_UNIT_SPEC1 + s->spec_unit - 1);
    default:
        return BWM_UNIT_NONE;
    }
}

static uint16_t clamp16(int v)
{
    return (uint16_t)(v < 1 ? 1 : v > 65535 ? 65535 : v);
}

/* A pipeline's instruction of class info (unknown ones as integer work). */
static void decode_pipe(bwm_op_decode *d, const bwm_sass_opcode *o, bwm_op_info info, bwm_op_decoded *out)
{
    bwm_op_report *r = d->report;
    if (info.cls == BWM_OP_UNKNOWN) {
        list_add(r->unknown, &r->n_unknown, &r->more_unknown, o->text);
        info.cls = BWM_OP_INT;
        info.spec_unit = 0;
    }
    bwm_exec_slot s;
    if (!bwm_exec_resolve(&d->cfg->exec, info, &s)) {
        s.pipe = BWM_PIPE_NONE;
        s.latency = s.initiation = 1;
        s.fallback = 0;
    }
    int at;
    if (s.fallback && (at = list_add(r->fallback, &r->n_fallback, &r->more_fallback, o->text)) >= 0)
        r->fallback_unit[at] = info.spec_unit;
    out->exec = BWM_EXEC_PIPE;
    out->unit = unit_of(&s);
    out->latency = clamp16(s.latency + BWM_PIPE_EXTRA_CYCLES);
    out->initiation = clamp16(s.initiation);
}

/* Whether opcode o, a global or local load, has cache operator
 * CACHE_GLOBAL: Accel-Sim's test for OP_LDG, OP_LDGSTS and OP_LDL, "if its
 * strong GPU, then bypass L1" (both tokens, anywhere among the opcode's). */
static int strong_gpu(const bwm_sass_opcode *o)
{
    size_t n = strnlen(o->text, BWM_SASS_OPCODE_MAX);
    return bwm_sass_opcode_has_token(o->text, n, "STRONG") && bwm_sass_opcode_has_token(o->text, n, "GPU");
}

/* A load or store (atomics included) by its opcode's memory space.  As
 * Accel-Sim's trace_warp_inst_t::parse_from_trace_struct: ATOM, ATOMG and
 * RED are global loads whose cache operator (CACHE_GLOBAL) skips the L1D,
 * performed at the L2; ATOMS is a shared-memory load, both atomics (its
 * warp waits for them); a global or local load .STRONG.GPU skips the L1D
 * too (strong_gpu); generic LD and ST never do (Accel-Sim's OP_LD/OP_ST
 * case sets no such operator). */
static void decode_memory(bwm_op_decode *d, const bwm_sass_opcode *o, bwm_op_info info, bwm_op_decoded *out)
{
    int atomic = o->space == BWM_SASS_ATOMIC;
    out->is_store = info.cls == BWM_OP_STORE && !atomic;
    out->latency = clamp16(d->cfg->l1_latency);
    out->initiation = 1;
    switch (bwm_sass_table_space(o->space, d->binary_version)) {
    case BWM_SASS_GLOBAL:
    case BWM_SASS_LOCAL:
        out->exec = BWM_EXEC_MEMORY;
        out->cache_global = (uint8_t)(!out->is_store && strong_gpu(o));
        break;
    case BWM_SASS_ATOMIC:
        out->exec = o->base_len == 5 && memcmp(o->text, "ATOMS", 5) == 0 ? BWM_EXEC_SHARED_ATOMIC : BWM_EXEC_ATOMIC;
        break;
    case BWM_SASS_SHARED:
        out->exec = BWM_EXEC_SHARED;
        break;
    case BWM_SASS_GENERIC:
        out->exec = BWM_EXEC_GENERIC;
        break;
    default: /* constant, texture, surface: their caches taken to hit */
        out->exec = BWM_EXEC_FIXED;
        break;
    }
}

static void decode(bwm_op_decode *d, const bwm_sass_opcode *o, bwm_op_decoded *out)
{
    memset(out, 0, sizeof *out);
    out->width = o->width;
    bwm_op_info info;
    bwm_sass_op_class(o->text, o->base_len, d->binary_version, &info);
    if (info.cls == BWM_OP_BARRIER) {
        out->exec = BWM_EXEC_BARRIER;
        out->latency = out->initiation = 1;
    } else if (info.cls == BWM_OP_LOAD || info.cls == BWM_OP_STORE) {
        decode_memory(d, o, info, out);
    } else {
        decode_pipe(d, o, info, out);
    }
}

const bwm_op_decoded *bwm_op_decode_get(bwm_op_decode *d, const bwm_sass_opcodes *t, int id)
{
    if ((size_t)id < d->n)
        return &d->ops[id];
    static const bwm_op_decoded one_cycle = {
        .exec = BWM_EXEC_PIPE, .unit = BWM_UNIT_NONE, .width = 4, .latency = 1, .initiation = 1};
    while (d->n <= (size_t)id && d->n < t->n) {
        bwm_op_decoded *v = bwm_grow(d->ops, &d->cap, d->n, sizeof *v);
        if (!v) {
            d->failed = 1;
            return &one_cycle;
        }
        d->ops = v;
        decode(d, &t->ops[d->n], &d->ops[d->n]);
        d->n++;
    }
    return (size_t)id < d->n ? &d->ops[id] : &one_cycle;
}
