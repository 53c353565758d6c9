/* summary.h — what a kernel trace holds, counted by reading it through:
 * thread blocks, warps, warp instructions, thread instructions (the active
 * lanes of every warp instruction, GPGPU-Sim's gpu_sim_insn), memory
 * instructions by space (opcodes.h) and each opcode's warp instructions. */
#ifndef BWM_SASS_SUMMARY_H
#define BWM_SASS_SUMMARY_H

#include <stdint.h>

#include "sim/sass/header.h"
#include "sim/sass/opcodes.h"
#include "util/status.h"

typedef struct bwm_sass_op_count {
    char text[BWM_SASS_OPCODE_MAX];
    uint64_t warp_insts, thread_insts;
} bwm_sass_op_count;

typedef struct bwm_sass_summary {
    bwm_sass_header h;
    uint64_t blocks, warps, warp_insts, thread_insts;
    uint64_t mem_insts;                      /* warp instructions with addresses */
    uint64_t addresses;                      /* active lanes' addresses */
    uint64_t space[BWM_SASS_N_SPACES];       /* warp instructions per space (GENERIC resolved) */
    uint64_t text_bytes;                     /* of the (decompressed) file */
    bwm_sass_op_count *ops;                  /* in order of first appearance */
    size_t n_ops;
} bwm_sass_summary;

/* Reads the kernel trace at path through and counts. */
int bwm_sass_summarize(const char *path, bwm_sass_summary *s, bwm_err *err);
void bwm_sass_summary_free(bwm_sass_summary *s);

#endif
