/* op_decode.h — what each opcode of a running kernel is to the SM, decoded
 * once per distinct opcode text (the kernel's opcode table, sim/sass/
 * opcodes.h) and kept by its id.
 *
 * The opcode's class comes from the kernel's binary version
 * (sim/sass/opclass.h: Accel-Sim's opcode tables), its pipeline, latency
 * and initiation interval from the configuration (sim/config/exec_config.h:
 * -trace_opcode_latency_initiation_*, -specialized_unit_*), with the
 * defined fallback for a specialized unit the configuration lacks; its
 * memory space from its base opcode, and a load's cache operator from its
 * modifiers as Accel-Sim sets it (trace_driven.cc,
 * trace_warp_inst_t::parse_from_trace_struct): CACHE_GLOBAL, which skips
 * the L1D, for LDG, LDGSTS and LDL whose tokens include both STRONG and GPU
 * (LDG.E.STRONG.GPU, a volatile or relaxed-atomic load at GPU scope),
 * CACHE_ALL for every other load and every store (.STRONG.SYS, .CONSTANT,
 * .EF, .LU, .CG ... included: Accel-Sim reads no other modifier), and
 * CACHE_GLOBAL for ATOM, ATOMG and RED.  Opcodes no table knows run as
 * integer instructions; both lists are reported once a run
 * (bwm_op_report_text). */
#ifndef BWM_OP_DECODE_H
#define BWM_OP_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/sass/header.h"
#include "sim/sass/opcodes.h"
#include "util/buf.h"

typedef enum bwm_op_exec {
    BWM_EXEC_PIPE,    /* a pipeline's instruction: unit, latency, initiation */
    BWM_EXEC_MEMORY,  /* a global or local load or store, through the L1D (but for a load
                         whose cache operator skips it: bwm_op_decoded.cache_global) */
    BWM_EXEC_ATOMIC,  /* ATOM, ATOMG, RED: a global atomic or reduction, past the L1D, at the L2 */
    BWM_EXEC_SHARED,  /* a shared-memory instruction */
    BWM_EXEC_SHARED_ATOMIC, /* ATOMS: a shared-memory instruction its warp waits for */
    BWM_EXEC_GENERIC, /* LD/ST: its space follows from its first active lane's address */
    BWM_EXEC_FIXED,   /* constant and texture loads: latency only (the constant and texture
                         caches are taken to hit; they carry no traffic to the L2) */
    BWM_EXEC_BARRIER  /* BAR: the block's warps meet */
} bwm_op_exec;

/* Cycles a pipeline's result takes beyond the configured latency before a
 * dependent instruction may issue: GPGPU-Sim's stages between issue and
 * the scoreboard's release (shader_core_ctx::cycle runs writeback,
 * execute, read_operands and issue in that order): the issued
 * instruction waits in the ID_OC register, an operand collector is
 * allocated, reads its registers from the banks and dispatches it to the
 * OC_EX register, the pipeline takes it (latency cycles), and writeback
 * releases its registers: five cycles besides the latency when no bank
 * conflict or full pipeline delays it. */
#define BWM_PIPE_EXTRA_CYCLES 5

typedef struct bwm_op_decoded {
    uint8_t exec;       /* bwm_op_exec */
    uint8_t unit;       /* BWM_UNIT_* (sim/core/warp_source.h) of a pipeline's instruction */
    uint8_t is_store;   /* memory: a store (atomics and reductions are not: Accel-Sim issues them as loads) */
    uint8_t width;      /* bytes per lane */
    uint16_t latency, initiation;
    uint8_t cache_global; /* a global or local load (LDG, LDGSTS, LDL) whose modifiers hold both
                             STRONG and GPU: cache operator CACHE_GLOBAL, past the L1D to the L2 */
} bwm_op_decoded;

#define BWM_OP_REPORT_MAX 64 /* opcodes a report names (more are counted) */

#define BWM_OP_REPORT_SHORT 8     /* kernel files short of their grids a report names */
#define BWM_OP_REPORT_PATH 512    /* bytes of such a file's path kept */

/* A kernel file that lists fewer thread blocks than its grid holds. */
typedef struct bwm_op_short_kernel {
    char path[BWM_OP_REPORT_PATH];
    uint64_t listed, grid;
} bwm_op_short_kernel;

/* What a run met in its kernels: opcodes no table knows, and opcodes
 * whose specialized unit the configuration lacks (with it), each named
 * once; kernel files with fewer blocks than their grids. */
typedef struct bwm_op_report {
    char unknown[BWM_OP_REPORT_MAX][BWM_SASS_OPCODE_MAX];
    int n_unknown, more_unknown;
    char fallback[BWM_OP_REPORT_MAX][BWM_SASS_OPCODE_MAX];
    int fallback_unit[BWM_OP_REPORT_MAX];
    int n_fallback, more_fallback;
    bwm_op_short_kernel short_kernel[BWM_OP_REPORT_SHORT];
    int n_short, more_short;
    int last_short;           /* the kernel (trace_app.h's count) noted last */
} bwm_op_report;

typedef struct bwm_op_decode {
    const bwm_gpu_config *cfg;
    unsigned binary_version;
    bwm_op_decoded *ops;  /* by opcode id, ops[0 .. n) decoded */
    size_t n, cap;
    bwm_op_report *report;
    int failed;           /* out of memory */
} bwm_op_decode;

/* Decoding for the kernel of header h, what it meets added to report. */
void bwm_op_decode_init(bwm_op_decode *d, const bwm_gpu_config *cfg, const bwm_sass_header *h, bwm_op_report *report);
void bwm_op_decode_free(bwm_op_decode *d);

/* Kernel number `kernel` of the run, read from path, listed `listed` of
 * its grid's `grid` blocks: noted once per kernel (a run goes on with the
 * blocks its file lists, where Accel-Sim stops with an assertion). */
void bwm_op_report_short_kernel(bwm_op_report *r, int kernel, const char *path, uint64_t listed, uint64_t grid);

/* The report's lines (none when it is empty), each ending in a newline:
 * the unknown opcodes, the fallback warning naming the options that would
 * define the missing units, and each kernel file short of its grid. */
void bwm_op_report_text(const bwm_op_report *r, const bwm_gpu_config *cfg, bwm_buf *out);

/* Opcode id of table t, decoded (once). */
const bwm_op_decoded *bwm_op_decode_get(bwm_op_decode *d, const bwm_sass_opcodes *t, int id);

#endif
