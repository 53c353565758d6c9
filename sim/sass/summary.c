/* summary.c — counting what a kernel trace holds (see summary.h). */
#include "sim/sass/summary.h"

#include <stdlib.h>
#include <string.h>

#include "sim/sass/kernel.h"
#include "sim/sass/opclass.h"

void bwm_sass_summary_free(bwm_sass_summary *s)
{
    free(s->ops);
    s->ops = NULL;
    s->n_ops = 0;
}

static void count_block(const bwm_sass_kernel *k, const bwm_sass_block *b, bwm_sass_summary *s)
{
    for (uint32_t w = 0; w < b->n_warps; w++)
        s->warps += b->warps[w].listed;
    s->warp_insts += b->n_insts;
    for (size_t i = 0; i < b->n_insts; i++) {
        const bwm_sass_inst *in = &b->insts[i];
        const bwm_sass_opcode *op = &k->ops.ops[in->op];
        uint64_t lanes = (uint64_t)__builtin_popcount(in->mask);
        s->thread_insts += lanes;
        s->ops[in->op].warp_insts++;
        s->ops[in->op].thread_insts += lanes;
        if (in->mem_width) {
            s->mem_insts++;
            s->addresses += in->n_addr;
        }
        bwm_sass_space sp = (bwm_sass_space)bwm_sass_table_space(op->space, k->h.binary_version);
        if (sp == BWM_SASS_GENERIC)
            sp = in->n_addr ? bwm_sass_generic_space(b->addrs[in->addr], k->h.shmem_base, k->h.local_base)
                            : BWM_SASS_GLOBAL;
        s->space[sp]++;
    }
}

int bwm_sass_summarize(const char *path, bwm_sass_summary *s, bwm_err *err)
{
    memset(s, 0, sizeof *s);
    bwm_sass_kernel k;
    int st = bwm_sass_kernel_open(&k, path, err);
    if (st != BWM_OK)
        return st;
    bwm_sass_block b;
    bwm_sass_block_init(&b);
    int got = 1;
    size_t cap = 0;
    while (st == BWM_OK && (st = bwm_sass_kernel_next_block(&k, &b, &got, err)) == BWM_OK && got) {
        if (k.ops.n > cap) { /* room for the opcodes the block brought */
            bwm_sass_op_count *ops = realloc(s->ops, k.ops.n * sizeof *ops);
            if (!ops) {
                st = bwm_fail(err, BWM_EFAIL, "%s: out of memory", path);
                break;
            }
            memset(ops + cap, 0, (k.ops.n - cap) * sizeof *ops);
            s->ops = ops;
            cap = k.ops.n;
        }
        s->blocks++;
        count_block(&k, &b, s);
    }
    if (st == BWM_OK) {
        s->h = k.h;
        s->n_ops = k.ops.n;
        for (size_t i = 0; i < s->n_ops; i++)
            memcpy(s->ops[i].text, k.ops.ops[i].text, BWM_SASS_OPCODE_MAX);
        s->text_bytes = k.lines.bytes;
    } else {
        bwm_sass_summary_free(s);
    }
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
    return st;
}
