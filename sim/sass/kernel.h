/* kernel.h — one kernel of an Accel-Sim trace, streamed a thread block at
 * a time.
 *
 * Opening reads the header (header.h); then each call to
 * bwm_sass_kernel_next_block reads the next "#BEGIN_TB ... #END_TB" of the
 * file into a block the caller owns and reuses:
 *   #BEGIN_TB
 *   thread block = X,Y,Z
 *   warp = W
 *   insts = K
 *   ... K instruction lines (inst.h) ...
 *   warp = ...
 *   #END_TB
 * so memory is bounded by the largest block held, never by the file.  A
 * block's warps are indexed by their number (0 .. the block's warps - 1; a
 * warp the file does not list has no instructions); each warp's
 * instructions are contiguous in the block's array, and the addresses of
 * its memory instructions in the block's arena.  Blank lines and '#'
 * comments between blocks are skipped.  Bad input, named FILE:LINE: a
 * block without #END_TB (the file ends, or another #BEGIN_TB starts), a
 * warp whose instruction lines disagree with its insts count, a block or
 * warp outside the header's dims, a warp listed twice in its block, a block
 * the file lists twice (block_set.h), a bad instruction line.  A file may
 * list fewer blocks than its grid holds: bwm_sass_kernel_missing says how
 * many it lacks once it is read through, for the caller to warn (Accel-Sim
 * stops at the first block past the file's end, with an assertion in
 * trace_driven.cc: a block without instructions). */
#ifndef BWM_SASS_KERNEL_H
#define BWM_SASS_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "sim/sass/block_set.h"
#include "sim/sass/header.h"
#include "sim/sass/inst.h"
#include "sim/sass/lines.h"
#include "sim/sass/opcodes.h"
#include "util/status.h"

typedef struct bwm_sass_warp {
    uint32_t first, n; /* its instructions: insts[first .. first + n) */
    int listed;        /* the file lists it */
} bwm_sass_warp;

typedef struct bwm_sass_block {
    uint32_t id[3];
    long line;                 /* its #BEGIN_TB line */
    uint32_t n_warps;          /* warps of the kernel's block dim */
    bwm_sass_warp *warps;
    bwm_sass_inst *insts;
    size_t n_insts, cap_insts;
    uint64_t *addrs;           /* active lanes' addresses, in lane order */
    size_t n_addrs, cap_addrs, cap_warps;
} bwm_sass_block;

typedef struct bwm_sass_kernel {
    bwm_sass_lines lines;
    bwm_sass_header h;
    bwm_sass_opcodes ops;      /* the opcodes seen so far */
    uint64_t blocks;           /* blocks read so far */
    bwm_sass_block_set seen;   /* their ids */
    int begin_pending;         /* the header ended at a #BEGIN_TB */
    int at_end;                /* the file was read through */
} bwm_sass_kernel;

/* Opens a kernel trace (plain or xz) and reads its header. */
int bwm_sass_kernel_open(bwm_sass_kernel *k, const char *path, bwm_err *err);
/* Reads the next thread block into b (*got = 1), or *got = 0 at the end. */
int bwm_sass_kernel_next_block(bwm_sass_kernel *k, bwm_sass_block *b, int *got, bwm_err *err);
void bwm_sass_kernel_close(bwm_sass_kernel *k);

/* Once the file is read through (next_block gave *got = 0): the blocks of
 * the header's grid the file does not list; 0 before. */
static inline uint64_t bwm_sass_kernel_missing(const bwm_sass_kernel *k)
{
    return k->at_end ? bwm_sass_grid_blocks(&k->h) - k->blocks : 0;
}

void bwm_sass_block_init(bwm_sass_block *b);
void bwm_sass_block_free(bwm_sass_block *b);

/* The instructions of warp w of b, and their count. */
static inline const bwm_sass_inst *bwm_sass_warp_insts(const bwm_sass_block *b, uint32_t w, uint32_t *n)
{
    *n = b->warps[w].n;
    return b->insts + b->warps[w].first;
}

#endif
