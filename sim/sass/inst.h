/* inst.h — one warp instruction of an Accel-Sim trace, stored compactly,
 * and the tokenizer of its line.
 *
 * A line reads (fields separated by spaces):
 *   [LINE] PC MASK NDST [Rd...] OPCODE NSRC [Rs...] WIDTH [MODE ADDRESSES] [IMM]
 * PC and MASK in hexadecimal; LINE (tracer versions 4 and 5, when the
 * header's enable lineinfo is 1) the source line; registers R0..R255 (R255
 * is RZ); WIDTH 0 for an instruction without memory access, else the access
 * width and then the addresses of the active lanes in one of three modes:
 * Addresses are hexadecimal with 0x, as the tracer writes them:
 *   0  list:        one address per active lane;
 *   1  base+stride: BASE and STRIDE (decimal): the k-th active lane
 *                   reads BASE + k*STRIDE (the tracer writes it only for
 *                   one run of consecutive active lanes);
 *   2  base+deltas: BASE, then one decimal delta per further active
 *                   lane, each from the lane before.
 * IMM, the trailing immediate (DEPBAR's group count), is written from
 * tracer version 4 on (optional there, as traces of version 4 exist with
 * and without it) and never in version 3.  Version 3 lines may also start
 * with the raw tracer's "BLOCK_X BLOCK_Y BLOCK_Z WARP" prefix (which must
 * then name the block and warp the line is listed under).  The addresses
 * of the active lanes, in lane order, go to an arena the caller owns. */
#ifndef BWM_SASS_INST_H
#define BWM_SASS_INST_H

#include <stddef.h>
#include <stdint.h>

#include "sim/sass/opcodes.h"
#include "util/status.h"

#define BWM_SASS_MAX_DST 2
#define BWM_SASS_MAX_SRC 5
#define BWM_SASS_RZ 255

enum { BWM_SASS_LIST = 0, BWM_SASS_BASE_STRIDE = 1, BWM_SASS_BASE_DELTA = 2 };

typedef struct bwm_sass_inst {
    uint32_t pc, mask;
    uint32_t addr;       /* first of its n_addr addresses in the block's arena */
    uint32_t line_num;   /* source line (lineinfo traces), else 0 */
    int32_t imm;
    uint16_t op;         /* id in the kernel's opcode table */
    uint16_t mem_width;  /* as the line gives it; 0: no memory access */
    uint8_t n_dst, n_src;
    uint8_t n_addr;      /* active lanes of a memory instruction, else 0 */
    uint8_t addr_mode;
    uint8_t dst[BWM_SASS_MAX_DST], src[BWM_SASS_MAX_SRC];
} bwm_sass_inst;

_Static_assert(sizeof(bwm_sass_inst) == 36, "an instruction is 36 bytes");

/* What a line is read against. */
typedef struct bwm_sass_line_ctx {
    int tracer_version, lineinfo;
    uint32_t block[3], warp;    /* where the line is listed (checks a v3 prefix) */
    bwm_sass_opcodes *ops;
    uint64_t **addrs;           /* the arena: *addrs holds *n_addrs of *cap_addrs */
    size_t *n_addrs, *cap_addrs;
} bwm_sass_line_ctx;

/* Parses the NUL-terminated line text into *in.  BWM_OK, or BWM_EINPUT
 * with a message without FILE:LINE (BWM_EFAIL out of memory). */
int bwm_sass_parse_inst(const char *text, const bwm_sass_line_ctx *c, bwm_sass_inst *in, bwm_err *err);

#endif
