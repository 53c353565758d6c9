/* sass_reader_test.c — reading Accel-Sim traces (sim/sass): the public
 * vectorAdd trace, with counts derived by hand from its header and its
 * lines, and a hand-made trace with both line layouts and every address
 * mode. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sass/kernel.h"
#include "sim/sass/list.h"
#include "sim/sass/summary.h"
#include "tests/support/tmp_text.h"

#define VECTORADD BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd"

static uint64_t op_count(const bwm_sass_summary *s, const char *text)
{
    for (size_t i = 0; i < s->n_ops; i++)
        if (strcmp(s->ops[i].text, text) == 0)
            return s->ops[i].warp_insts;
    return 0;
}

/* kernelslist.g: two copies of n = 50,000 floats (200,000 bytes) to the
 * device, then the kernel, named kernel-1.traceg and shipped as .xz. */
Test(sass_reader, vectoradd_list)
{
    bwm_sass_list l;
    bwm_err err;
    cr_assert_eq(bwm_sass_list_load(&l, VECTORADD, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(l.n, 3);
    cr_expect_eq(l.n_memcpy, 2);
    cr_expect_eq(l.n_kernels, 1);
    cr_expect_eq(l.cmds[0].kind, BWM_SASS_MEMCPY);
    cr_expect_eq(l.cmds[0].addr, 0x00007fb0fc400000ull);
    cr_expect_eq(l.cmds[0].bytes, 200000);
    cr_expect_eq(l.cmds[1].addr, 0x00007fb0fc430e00ull);
    cr_expect_eq(l.cmds[2].kind, BWM_SASS_KERNEL);
    cr_expect(strstr(l.cmds[2].path, "kernel-1.traceg.xz") != NULL, "%s", l.cmds[2].path);
    cr_expect_eq(l.cmds[2].line, 3);
    bwm_sass_list_free(&l);
}

/* The header, and the counts: grid 196 x 1 x 1 of 256-thread blocks is 196
 * blocks of 8 warps, 1568 warps, 50,176 threads for n = 50,000 elements.
 * A thread with i < n runs 17 instructions (MOV, S2R x2, IMAD, ISETP, the
 * EXIT of i >= n, HFMA2, ULDC, IMAD.WIDE x2, LDG x2, IMAD.WIDE, FADD x2,
 * STG, EXIT); a warp none of whose threads has i < n runs the first 6.
 * 50,000 / 32 = 1562 full warps and one of 16 threads (threads 49,984 ..
 * 50,015) run all 17: 1563 x 17 + 5 x 6 = 26,601 warp instructions,
 * 1563 x 2 = 3126 LDG, 1563 STG.  Thread instructions (active lanes):
 * a full warp 16 x 32 (its first EXIT has no active lane) = 512, the
 * half warp 5 x 32 + 16 (first EXIT) + 10 x 16 + 16 (last EXIT) = 352, an
 * idle warp 6 x 32 = 192: 1562 x 512 + 352 + 5 x 192 = 801,056, which is
 * Accel-Sim's gpu_sim_insn for this trace. */
Test(sass_reader, vectoradd_counts)
{
    bwm_sass_summary s;
    bwm_err err;
    cr_assert_eq(bwm_sass_summarize(VECTORADD "/kernel-1.traceg.xz", &s, &err), BWM_OK, "%s", err.msg);
    cr_expect_str_eq(s.h.kernel_name, "_Z9vectorAddPKfS0_Pfi");
    cr_expect_eq(s.h.kernel_id, 1);
    cr_expect_eq(s.h.grid[0], 196);
    cr_expect_eq(s.h.grid[1], 1);
    cr_expect_eq(s.h.block[0], 256);
    cr_expect_eq(s.h.nregs, 12);
    cr_expect_eq(s.h.binary_version, 80);
    cr_expect_eq(s.h.tracer_version, 5);
    cr_expect_eq(s.h.lineinfo, 0);
    cr_expect_eq(s.h.shmem_base, 0x00007fb139000000ull);
    cr_expect_eq(s.h.local_base, 0x00007fb137000000ull);
    cr_expect_str_eq(s.h.nvbit_version, "1.7");
    cr_expect_eq(s.blocks, 196);
    cr_expect_eq(s.warps, 196 * 8);
    cr_expect_eq(s.warp_insts, 1563 * 17 + 5 * 6);
    cr_expect_eq(s.warp_insts, 26601);
    cr_expect_eq(s.thread_insts, 1562 * 512 + 352 + 5 * 192);
    cr_expect_eq(s.thread_insts, 801056);
    cr_expect_eq(op_count(&s, "LDG.E"), 3126);
    cr_expect_eq(op_count(&s, "STG.E"), 1563);
    cr_expect_eq(op_count(&s, "EXIT"), 1563 * 2 + 5);
    cr_expect_eq(op_count(&s, "IMAD.WIDE"), 1563 * 3);
    cr_expect_eq(s.mem_insts, 1563 * 3);
    cr_expect_eq(s.space[BWM_SASS_GLOBAL], 1563 * 3);
    cr_expect_eq(s.space[BWM_SASS_CONSTANT], 1563); /* ULDC.64 */
    cr_expect_eq(s.addresses, 3 * 50000); /* each element read twice, written once */
    cr_expect_eq(s.n_ops, 11);
    cr_expect_eq(s.text_bytes, 1079128);
    bwm_sass_summary_free(&s);
}

/* Opens the kernel trace at path and reads its first block. */
static void first_block(const char *path, bwm_sass_kernel *k, bwm_sass_block *b)
{
    bwm_err err;
    cr_assert_eq(bwm_sass_kernel_open(k, path, &err), BWM_OK, "%s", err.msg);
    bwm_sass_block_init(b);
    int got;
    cr_assert_eq(bwm_sass_kernel_next_block(k, b, &got, &err), BWM_OK, "%s", err.msg);
    cr_assert(got);
}

/* The addresses of block 0's first warp, and of the half warp. */
Test(sass_reader, vectoradd_addresses)
{
    bwm_sass_kernel k;
    bwm_sass_block b;
    bwm_err err;
    int got;
    first_block(VECTORADD "/kernel-1.traceg.xz", &k, &b);
    cr_expect_eq(b.n_warps, 8);
    uint32_t n;
    const bwm_sass_inst *in = bwm_sass_warp_insts(&b, 0, &n);
    cr_assert_eq(n, 17);
    cr_expect_eq(in[10].pc, 0xa0);
    cr_expect_str_eq(k.ops.ops[in[10].op].text, "LDG.E");
    cr_expect_eq(k.ops.ops[in[10].op].width, 4);
    cr_expect_eq(in[10].addr_mode, BWM_SASS_BASE_STRIDE);
    cr_expect_eq(in[10].n_addr, 32);
    cr_expect_eq(in[10].dst[0], 4);
    cr_expect_eq(in[10].src[0], 4);
    cr_expect_eq(b.addrs[in[10].addr], 0x7fb0fc430e00ull);
    cr_expect_eq(b.addrs[in[10].addr + 31], 0x7fb0fc430e00ull + 31 * 4);
    cr_expect_eq(in[5].mask, 0); /* EXIT of threads past n: none here */
    for (int i = 1; i < 196; i++)
        cr_assert_eq(bwm_sass_kernel_next_block(&k, &b, &got, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(b.id[0], 195);
    in = bwm_sass_warp_insts(&b, 2, &n);
    cr_assert_eq(n, 17);
    cr_expect_eq(in[10].mask, 0x0000ffff);
    cr_expect_eq(in[10].n_addr, 16);
    in = bwm_sass_warp_insts(&b, 3, &n);
    cr_expect_eq(n, 6);
    cr_assert_eq(bwm_sass_kernel_next_block(&k, &b, &got, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(got, 0);
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
}

#define HEAD3                                                                                                      \
    "-kernel name = tiny\n-kernel id = 7\n-grid dim = (2,1,1)\n-block dim = (64,1,1)\n-shmem = 128\n"            \
    "-nregs = 20\n-binary version = 70\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"             \
    "-local mem base_addr = 0x00007f1000000000\n-nvbit version = 1.5\n"

/* Version 3 (no immediate), lines with and without the raw tracer's
 * block/warp prefix, every address mode. */
static const char tiny_v3[] = HEAD3 "-accelsim tracer version = 3\n\n"
    "#traces format = threadblock_x threadblock_y threadblock_z warpid_tb PC mask dest_num [reg_dests] opcode "
    "src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n\n"
    "#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 1\ninsts = 4\n"
    "0000 0000000f 1 R1 LDG.E.64 1 R2 8 0 0x1000 0x1008 0x2000 0x3000 \n"
    "1 0 0 1 0010 000000f0 1 R3 LDS.U16 1 R4 2 1 0x7f0000000040 2 \n"
    "0020 80000003 0 STG.E 2 R3 R5 4 2 0x500 4 -8 \n"
    "1 0 0 1 0030 ffffffff 0 EXIT 0 0 \n"
    "#END_TB\n";

/* Version 5 with line numbers, and an immediate. */
static const char tiny_v5[] = HEAD3 "-accelsim tracer version = 5\n-enable lineinfo = 1\n\n"
    "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
    "12 0000 00000003 1 R0 LD.E 1 R2 4 0 0x00007f0000000010 0x00007f1000000020 0 \n"
    "13 0010 00000001 0 DEPBAR.LE 0 0 1 \n"
    "14 0020 00000001 0 ATOMG.E.ADD 2 R1 R2 4 2 0x900 5 \n"
    "#END_TB\n";

static void read_one(const char *text, bwm_sass_kernel *k, bwm_sass_block *b, char *path)
{
    bwm_write_tmp(path, text);
    first_block(path, k, b);
}

/* Reads text's first block; warp 0's instructions and their count. */
static const bwm_sass_inst *warp0_of(const char *text, bwm_sass_kernel *k, bwm_sass_block *b, char *path,
                                     uint32_t *n)
{
    read_one(text, k, b, path);
    return bwm_sass_warp_insts(b, 0, n);
}

Test(sass_reader, tiny_v3_layouts_and_modes)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_sass_kernel k;
    bwm_sass_block b;
    read_one(tiny_v3, &k, &b, path);
    cr_expect_eq(k.h.tracer_version, 3);
    cr_expect_eq(k.h.shmem, 128);
    cr_expect_eq(b.id[0], 1);
    cr_expect_eq(b.n_warps, 2);
    cr_expect_eq(b.warps[0].listed, 0);
    uint32_t n;
    const bwm_sass_inst *in = bwm_sass_warp_insts(&b, 1, &n);
    cr_assert_eq(n, 4);
    /* list: four lanes, four addresses */
    cr_expect_eq(in[0].n_addr, 4);
    cr_expect_eq(k.ops.ops[in[0].op].width, 8);
    cr_expect_eq(b.addrs[in[0].addr + 2], 0x2000);
    cr_expect_eq(b.addrs[in[0].addr + 3], 0x3000);
    /* base+stride, the prefixed layout */
    cr_expect_eq(in[1].pc, 0x10);
    cr_expect_eq(in[1].mask, 0xf0);
    cr_expect_eq(k.ops.ops[in[1].op].width, 2);
    cr_expect_eq(k.ops.ops[in[1].op].space, BWM_SASS_SHARED);
    cr_expect_eq(b.addrs[in[1].addr + 3], 0x7f0000000040ull + 6);
    /* base+deltas: lanes 0, 1 and 31 */
    cr_expect_eq(in[2].n_addr, 3);
    cr_expect_eq(in[2].n_src, 2);
    cr_expect_eq(in[2].src[1], 5);
    cr_expect_eq(b.addrs[in[2].addr], 0x500);
    cr_expect_eq(b.addrs[in[2].addr + 1], 0x504);
    cr_expect_eq(b.addrs[in[2].addr + 2], 0x4fc);
    cr_expect_eq(in[3].mem_width, 0);
    cr_expect_eq(in[3].n_addr, 0);
    int got;
    bwm_err err;
    cr_expect_eq(bwm_sass_kernel_next_block(&k, &b, &got, &err), BWM_OK);
    cr_expect_eq(got, 0);
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
    unlink(path);
}

/* A memory instruction with no active lane, first in its block (the
 * address arena not yet allocated), lists no address. */
Test(sass_reader, memory_instruction_without_active_lanes)
{
    static const char text[] = HEAD3 "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
        "0000 00000000 1 R1 LDG.E 1 R2 4 0 \n"
        "0010 00000001 1 R3 LDG.E 1 R2 4 0 0x40 \n"
        "#END_TB\n";
    char path[BWM_TMP_PATH_MAX];
    bwm_sass_kernel k;
    bwm_sass_block b;
    uint32_t n;
    const bwm_sass_inst *in = warp0_of(text, &k, &b, path, &n);
    cr_assert_eq(n, 2);
    cr_expect_eq(in[0].n_addr, 0);
    cr_expect_eq(in[1].n_addr, 1);
    cr_expect_eq(b.addrs[in[1].addr], 0x40);
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
    unlink(path);
}

Test(sass_reader, tiny_v5_lineinfo_and_immediate)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_sass_kernel k;
    bwm_sass_block b;
    uint32_t n;
    const bwm_sass_inst *in = warp0_of(tiny_v5, &k, &b, path, &n);
    cr_assert_eq(n, 3);
    cr_expect_eq(in[0].line_num, 12);
    cr_expect_eq(in[0].pc, 0);
    cr_expect_eq(in[0].imm, 0);
    cr_expect_eq(in[1].imm, 1);
    cr_expect_eq(in[1].line_num, 13);
    cr_expect_eq(in[2].n_addr, 1);
    cr_expect_eq(in[2].imm, 5);
    cr_expect_eq(k.ops.ops[in[2].op].space, BWM_SASS_ATOMIC);
    /* a generic LD resolved by its first lane's address: shared */
    cr_expect_eq(k.ops.ops[in[0].op].space, BWM_SASS_GENERIC);
    cr_expect_eq(bwm_sass_generic_space(b.addrs[in[0].addr], k.h.shmem_base, k.h.local_base), BWM_SASS_SHARED);
    cr_expect_eq(bwm_sass_generic_space(b.addrs[in[0].addr + 1], k.h.shmem_base, k.h.local_base), BWM_SASS_LOCAL);
    cr_expect_eq(bwm_sass_generic_space(0x1000, k.h.shmem_base, k.h.local_base), BWM_SASS_GLOBAL);
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
    unlink(path);
}

/* The same text read plain and xz-compressed gives the same blocks; a
 * single .traceg stands as a list of one. */
Test(sass_reader, plain_and_xz_agree)
{
    char path[BWM_TMP_PATH_MAX], cmd[512], xz[BWM_TMP_PATH_MAX + 16], named[BWM_TMP_PATH_MAX + 16];
    bwm_write_tmp(path, tiny_v5);
    snprintf(xz, sizeof xz, "%s.traceg.xz", path);
    snprintf(named, sizeof named, "%s.traceg", path);
    snprintf(cmd, sizeof cmd, "xz -c %s > %s && cp %s %s", path, xz, path, named);
    cr_assert_eq(system(cmd), 0);
    bwm_sass_summary a, z;
    bwm_err err;
    cr_assert_eq(bwm_sass_summarize(named, &a, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_sass_summarize(xz, &z, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(a.thread_insts, 4);
    cr_expect_eq(a.thread_insts, z.thread_insts);
    cr_expect_eq(a.addresses, z.addresses);
    cr_expect_eq(a.text_bytes, z.text_bytes);
    bwm_sass_list l;
    cr_assert_eq(bwm_sass_list_load(&l, xz, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(l.n_kernels, 1);
    bwm_sass_list_free(&l);
    bwm_sass_summary_free(&a);
    bwm_sass_summary_free(&z);
    unlink(path);
    unlink(xz);
    unlink(named);
}

/* Streamed: reading 196 blocks holds one; the block's arrays stay at the
 * size the first block gave them. */
Test(sass_reader, memory_bounded_by_the_block_held)
{
    bwm_sass_kernel k;
    bwm_sass_block b;
    bwm_err err;
    int got = 1;
    first_block(VECTORADD "/kernel-1.traceg.xz", &k, &b);
    size_t insts = b.cap_insts, addrs = b.cap_addrs, buf = k.lines.cap;
    cr_expect_eq(b.n_insts, 8 * 17);
    cr_expect_eq(b.n_addrs, 8 * 3 * 32);
    while (got)
        cr_assert_eq(bwm_sass_kernel_next_block(&k, &b, &got, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(k.blocks, 196);
    cr_expect_eq(b.cap_insts, insts);
    cr_expect_eq(b.cap_addrs, addrs);
    cr_expect_eq(k.lines.cap, buf);
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
}

/* A generic LD/ST's space, at the edges Accel-Sim's trace_driven.cc sets
 * with GPGPU-Sim's LOCAL_MEM_SIZE_MAX (1 << 14 = 16,384 bytes). */
Test(sass_reader, generic_space_at_the_window_edges)
{
    const uint64_t shmem = 0x7f0000000000ull, local = 0x7f1000000000ull;
    cr_expect_eq(BWM_SASS_LOCAL_MEM_SIZE_MAX, 16384u);
    cr_expect_eq(bwm_sass_generic_space(shmem, shmem, local), BWM_SASS_SHARED);
    cr_expect_eq(bwm_sass_generic_space(local - 1, shmem, local), BWM_SASS_SHARED);
    cr_expect_eq(bwm_sass_generic_space(shmem - 1, shmem, local), BWM_SASS_GLOBAL);
    cr_expect_eq(bwm_sass_generic_space(local, shmem, local), BWM_SASS_LOCAL);
    cr_expect_eq(bwm_sass_generic_space(local + 16383, shmem, local), BWM_SASS_LOCAL);
    cr_expect_eq(bwm_sass_generic_space(local + 16384, shmem, local), BWM_SASS_GLOBAL,
                 "past LOCAL_MEM_SIZE_MAX: global, even with more local memory per thread");
    /* the shared base above the local one (microgpusim's Pascal traces): no shared window */
    cr_expect_eq(bwm_sass_generic_space(local + 0x100, local + 0x10000000, local), BWM_SASS_LOCAL);
    cr_expect_eq(bwm_sass_generic_space(local + 0x10000000, local + 0x10000000, local), BWM_SASS_GLOBAL);
    /* either base 0: shared */
    cr_expect_eq(bwm_sass_generic_space(0x1234, 0, local), BWM_SASS_SHARED);
    cr_expect_eq(bwm_sass_generic_space(0x1234, shmem, 0), BWM_SASS_SHARED);
    /* a window wrapping past 2^64 holds nothing, as in Accel-Sim's 64-bit arithmetic */
    cr_expect_eq(bwm_sass_generic_space(UINT64_MAX - 8, 1, UINT64_MAX - 16), BWM_SASS_GLOBAL);
}

/* An opcode's tokens as Accel-Sim's check_opcode_contain compares them:
 * whole tokens between dots, the base opcode one of them; only the first
 * n bytes count. */
Test(sass_reader, opcode_tokens_compare_whole)
{
    const char *s = "LDG.E.64.STRONG.GPU";
    size_t n = strlen(s);
    cr_expect(bwm_sass_opcode_has_token(s, n, "STRONG"));
    cr_expect(bwm_sass_opcode_has_token(s, n, "GPU"), "the last token");
    cr_expect(bwm_sass_opcode_has_token(s, n, "LDG"), "the base opcode is a token");
    cr_expect(bwm_sass_opcode_has_token(s, n, "64"));
    cr_expect_not(bwm_sass_opcode_has_token(s, n, "GP"), "a token's prefix");
    cr_expect_not(bwm_sass_opcode_has_token(s, n, "STRONG.GPU"), "two tokens are not one");
    cr_expect_not(bwm_sass_opcode_has_token(s, n, ""));
    cr_expect_not(bwm_sass_opcode_has_token(s, n - 4, "GPU"), "past the n bytes");
    cr_expect(bwm_sass_opcode_has_token("LDG..E.", 7, "E"), "empty tokens skipped");
    cr_expect_not(bwm_sass_opcode_has_token("LDG.E.STRONG.GPUS", 17, "GPU"));
}

/* A file with fewer blocks than its grid reads through; once it has, the
 * reader says how many it lacks (0 until then, and for vectorAdd). */
Test(sass_reader, a_file_short_of_its_grid)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "-kernel name = k\n-kernel id = 1\n-grid dim = (3,2,1)\n-block dim = (32,1,1)\n"
                        "-shmem = 0\n-nregs = 8\n-binary version = 70\n-cuda stream id = 0\n"
                        "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007f1000000000\n"
                        "-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n"
                        "#BEGIN_TB\nthread block = 2,1,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n"
                        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n");
    bwm_sass_kernel k;
    bwm_sass_block b;
    bwm_err err;
    cr_assert_eq(bwm_sass_kernel_open(&k, path, &err), BWM_OK, "%s", err.msg);
    bwm_sass_block_init(&b);
    int got = 1, blocks = 0;
    while (got) {
        cr_expect_eq(bwm_sass_kernel_missing(&k), 0u, "not read through yet");
        cr_assert_eq(bwm_sass_kernel_next_block(&k, &b, &got, &err), BWM_OK, "%s", err.msg);
        blocks += got;
    }
    cr_expect_eq(blocks, 2);
    cr_expect_eq(bwm_sass_kernel_missing(&k), 4u, "a grid of 3 × 2 blocks, 2 listed");
    bwm_sass_block_free(&b);
    bwm_sass_kernel_close(&k);
    unlink(path);
    bwm_sass_summary s;
    cr_assert_eq(bwm_sass_summarize(VECTORADD "/kernel-1.traceg.xz", &s, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(s.blocks, bwm_sass_grid_blocks(&s.h), "vectorAdd lists its grid's 196 blocks");
    bwm_sass_summary_free(&s);
}
