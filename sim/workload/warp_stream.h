/* warp_stream.h — the instruction stream of one warp of a synthetic application.
 *
 * Each call yields the warp's next instruction: compute, scratchpad, or a
 * global load/store with the 128-byte lines it touches after coalescing.
 * Streams are deterministic given their seed.  Applications live in disjoint
 * address spaces: application a's lines start at bwm_app_base(a).  A stream
 * owns only its small state; the application's parameters are passed in. */
#ifndef BWM_WARP_STREAM_H
#define BWM_WARP_STREAM_H

#include <stdint.h>

#include "sim/workload/synth_app.h"
#include "util/rng.h"

#define BWM_LINE_BYTES 128
#define BWM_MAX_COALESCE 32

typedef enum bwm_inst_kind { BWM_INST_COMPUTE, BWM_INST_SMEM, BWM_INST_LOAD, BWM_INST_STORE } bwm_inst_kind;

typedef struct bwm_inst {
    bwm_inst_kind kind;
    int nlines;                          /* loads and stores: line requests */
    uint64_t line[BWM_MAX_COALESCE];     /* byte addresses, 128-byte aligned */
} bwm_inst;

typedef struct bwm_warp_stream {
    bwm_rng rng;
    uint64_t base;         /* first byte of the application's address space */
    uint64_t nlines;       /* footprint in lines */
    uint64_t warp_index;   /* this warp's place among all warps of the application */
    uint64_t warp_count;
    uint64_t mem_issued;   /* new (non-reused) memory instructions so far */
    uint64_t prev[BWM_MAX_COALESCE];
    int nprev;
} bwm_warp_stream;

/* Byte address where application app's address space begins (1 TiB apart). */
uint64_t bwm_app_base(int app);

void bwm_warp_stream_init(bwm_warp_stream *w, const bwm_synth_app *a, int app, uint64_t warp_index,
                          uint64_t warp_count, uint64_t seed);
void bwm_warp_stream_next(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out);

#endif
