/* sass_fuzz.c — libFuzzer harness: Accel-Sim kernel traces (sim/sass),
 * plain and xz-compressed.
 *
 * The input is a kernel trace (.traceg text, or xz data).  It is read
 * through a thread block at a time; every block must hold together: its
 * warps' instructions add up to the block's, each instruction's opcode is
 * in the table, a memory instruction has one address per active lane
 * inside the block's arena and the others none.  When the input is text, it
 * is read a second time xz-compressed: both readings must agree on the
 * outcome, the counts, and the message of a refusal (inputs up to 16 KiB,
 * so that the compression does not slow the run down). */
#include <lzma.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/sass/kernel.h"
#include "sim/sass/lines.h"

typedef struct reading {
    int status;
    uint64_t blocks, insts, addrs;
    bwm_err err;
} reading;

static void check_block(const bwm_sass_kernel *k, const bwm_sass_block *b)
{
    uint64_t n = 0;
    for (uint32_t w = 0; w < b->n_warps; w++) {
        bwm_fuzz_require(b->warps[w].listed || b->warps[w].n == 0, "an unlisted warp has instructions");
        bwm_fuzz_require(b->warps[w].first + (uint64_t)b->warps[w].n <= b->n_insts, "a warp outside the block");
        n += b->warps[w].n;
    }
    bwm_fuzz_require(n == b->n_insts, "warps' instructions do not add up to the block's");
    for (size_t i = 0; i < b->n_insts; i++) {
        const bwm_sass_inst *in = &b->insts[i];
        bwm_fuzz_require(in->op < k->ops.n, "opcode outside the table");
        bwm_fuzz_require(in->n_dst <= BWM_SASS_MAX_DST && in->n_src <= BWM_SASS_MAX_SRC, "register counts");
        int lanes = __builtin_popcount(in->mask);
        bwm_fuzz_require(in->n_addr == (in->mem_width ? lanes : 0), "addresses and active lanes differ");
        bwm_fuzz_require((uint64_t)in->addr + in->n_addr <= b->n_addrs || !in->n_addr, "addresses outside the arena");
    }
}

static void read_all(const char *path, reading *r)
{
    memset(r, 0, sizeof *r);
    bwm_sass_kernel k;
    r->status = bwm_sass_kernel_open(&k, path, &r->err);
    if (r->status != BWM_OK)
        return;
    bwm_sass_block b;
    bwm_sass_block_init(&b);
    int got = 1;
    while (got && (r->status = bwm_sass_kernel_next_block(&k, &b, &got, &r->err)) == BWM_OK && got) {
        check_block(&k, &b);
        r->blocks++;
        r->insts += b.n_insts;
        r->addrs += b.n_addrs;
    }
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
}

/* The message with the scratch file's name taken out (the two readings'
 * files differ). */
static const char *after_path(const bwm_err *e)
{
    const char *p = strstr(e->msg, ": ");
    return p ? p : e->msg;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static reading plain, packed;
    const char *path = bwm_fuzz_file(0, data, size);
    read_all(path, &plain);
    if (bwm_sass_is_xz(data, size) || size > (1 << 14))
        return 0;
    size_t cap = lzma_stream_buffer_bound(size), n = 0;
    uint8_t *xz = malloc(cap);
    bwm_fuzz_require(xz != NULL, "out of memory");
    bwm_fuzz_require(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, data, size, xz, &n, cap) == LZMA_OK,
                     "cannot xz-compress the input");
    read_all(bwm_fuzz_file(1, xz, n), &packed);
    free(xz);
    bwm_fuzz_require(plain.status == packed.status && plain.blocks == packed.blocks && plain.insts == packed.insts &&
                         plain.addrs == packed.addrs,
                     "the xz-compressed trace reads differently");
    if (plain.status != BWM_OK)
        bwm_fuzz_require(strcmp(after_path(&plain.err), after_path(&packed.err)) == 0,
                         "the xz-compressed trace is refused differently");
    return 0;
}
