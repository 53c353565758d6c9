/* header.h — the "-key = value" header of an Accel-Sim kernel trace.
 *
 * Tracer versions 3 to 5 write these keys before the first thread block:
 * kernel name, kernel id, grid dim, block dim, shmem, nregs, binary
 * version, cuda stream id, shmem base_addr, local mem base_addr, nvbit
 * version, accelsim tracer version, and from version 4 on enable lineinfo.
 * Every one the trace's version writes is required; a key not known here is
 * kept by name (a later tracer may add some) and otherwise ignored. */
#ifndef BWM_SASS_HEADER_H
#define BWM_SASS_HEADER_H

#include <stdint.h>

#include "util/status.h"

#define BWM_SASS_NAME_MAX 1024

typedef enum bwm_sass_key {
    BWM_SASS_KERNEL_NAME,
    BWM_SASS_KERNEL_ID,
    BWM_SASS_GRID_DIM,
    BWM_SASS_BLOCK_DIM,
    BWM_SASS_SHMEM,
    BWM_SASS_NREGS,
    BWM_SASS_BINARY_VERSION,
    BWM_SASS_CUDA_STREAM_ID,
    BWM_SASS_SHMEM_BASE,
    BWM_SASS_LOCAL_BASE,
    BWM_SASS_NVBIT_VERSION,
    BWM_SASS_TRACER_VERSION,
    BWM_SASS_ENABLE_LINEINFO,
    BWM_SASS_N_KEYS
} bwm_sass_key;

typedef struct bwm_sass_header {
    char kernel_name[BWM_SASS_NAME_MAX];
    char nvbit_version[64];
    uint64_t kernel_id;
    uint32_t grid[3], block[3];
    uint64_t shmem, nregs, binary_version, cuda_stream_id;
    uint64_t shmem_base, local_base;
    int tracer_version; /* 3, 4 or 5 */
    int lineinfo;       /* instruction lines start with a source line number */
    unsigned present;   /* bit k: key k was given */
    int n_unknown;      /* keys given that are not known here */
} bwm_sass_header;

/* The key's text as the trace writes it ("grid dim"). */
const char *bwm_sass_key_name(bwm_sass_key k);

/* Parses one header line (starting with '-'; line is its number in path,
 * for messages) into h. */
int bwm_sass_header_line(bwm_sass_header *h, const char *text, const char *path, long line, bwm_err *err);
/* Checks, at the header's end (line: the first line after it), that the
 * tracer version is 3 to 5 and every key it writes was given. */
int bwm_sass_header_check(const bwm_sass_header *h, const char *path, long line, bwm_err *err);

/* Threads and warps of one thread block (block dims multiplied). */
uint64_t bwm_sass_block_threads(const bwm_sass_header *h);
uint32_t bwm_sass_block_warps(const bwm_sass_header *h);
uint64_t bwm_sass_grid_blocks(const bwm_sass_header *h);

#endif
