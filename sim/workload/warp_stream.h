/* warp_stream.h — the instruction stream of one warp of a synthetic application.
 *
 * Each call yields the warp's next instruction: compute, scratchpad, or a
 * global load/store with the 128-byte lines it touches after coalescing.
 * Streams are deterministic given their seed.  Applications live in disjoint
 * address spaces: application a's lines start at bwm_app_base(a).  A stream
 * owns only its small state; the application's parameters are passed in.
 *
 * Where the lines fall (the access pattern):
 *   - stream: the application's warps sweep one sequence together, as a
 *     grid's thread blocks are dispatched in order: each new memory
 *     instruction takes the next coalesce positions from a cursor the
 *     application's warps share (bwm_warp_stream_share; a warp alone keeps
 *     its own), so whatever their pace the warps in flight touch nearby
 *     lines and share DRAM rows;
 *   - block: each warp sweeps a contiguous block of its own (positions
 *     w × B + (k × coalesce + j) mod B, B = footprint / W), so one warp's
 *     successive loads go to the same DRAM row: bursts from one warp;
 *   - random: every line uniformly at random in the footprint;
 *   - cta: thread blocks (synth_app.h) each sweep a chunk of their own:
 *     the footprint is cut into chunks of bwm_cta_chunk_lines lines (what
 *     a CTA's new memory instructions touch in its lifetime), CTA id c
 *     owning lines c × C .. c × C + C − 1 (the grid has as many CTAs as
 *     whole chunks fit, bwm_cta_grid); a CTA's warps take their positions
 *     from one cursor of the CTA (as stream's warps share one), wrapping
 *     inside the chunk.  Chunks are not page-aligned, so consecutive CTAs
 *     share the page their chunks meet in: a thread batch of batch_stride
 *     CTAs shares pages with the next batch only there (paper 002, Sec.
 *     3.1), and the hot set is the pages all of them share.
 * For stream and block, positions map to lines in runs of row_run: run r
 * (positions r × R .. r × R + R − 1) lands on a run-aligned place chosen by
 * a fixed permutation of the runs, so the application touches R consecutive
 * lines (a DRAM row's worth, or less) before its sweep moves somewhere
 * unrelated.  R at least the footprint is a plain linear sweep.
 * With probability hot_frac a new memory instruction goes instead to the hot
 * set: coalesce consecutive lines from a random place in a region of hot_kb
 * placed after the footprint (data an application keeps coming back to,
 * which the L2 holds when it fits).  With probability `reuse` a memory
 * instruction re-touches the warp's previous lines (and sectors) instead
 * (L1 hits).
 *
 * Which sectors of each line an instruction touches (sector.h): its active
 * lanes spread evenly over its lines, ceil(lanes / coalesce) contiguous
 * lanes per line, each lane loading or storing one 4-byte word
 * (BWM_WORD_BYTES).  Stream, block and hot-set lines are touched from their
 * first byte; a random line from a word offset taken from a hash of the
 * line address (the span stays inside the line), so the sector a GUPS
 * update hits is fixed by its address and costs no draw of the generator. */
#ifndef BWM_WARP_STREAM_H
#define BWM_WARP_STREAM_H

#include <stdint.h>

#include "sim/workload/synth_app.h"
#include "util/rng.h"

#define BWM_LINE_BYTES 128
#define BWM_MAX_COALESCE 32
#define BWM_WORD_BYTES 4 /* bytes one lane loads or stores */

typedef enum bwm_inst_kind { BWM_INST_COMPUTE, BWM_INST_SMEM, BWM_INST_LOAD, BWM_INST_STORE } bwm_inst_kind;

typedef struct bwm_inst {
    bwm_inst_kind kind;
    int nlines;                          /* loads and stores: line requests */
    uint64_t line[BWM_MAX_COALESCE];     /* byte addresses, 128-byte aligned */
    uint8_t sectors[BWM_MAX_COALESCE];   /* the sectors of each line touched (sector.h) */
    uint8_t first_word[BWM_MAX_COALESCE]; /* the word of each line its first lane touches */
} bwm_inst;

typedef struct bwm_warp_stream {
    bwm_rng rng;
    uint64_t base;         /* first byte of the application's address space */
    uint64_t nlines;       /* footprint in lines */
    uint64_t run;          /* row_run, at most nlines */
    uint64_t nruns;        /* whole runs in the footprint */
    uint64_t run_step;     /* the run permutation: run r goes to (r × run_step) mod nruns */
    uint64_t block;        /* block pattern: this warp's block size in lines */
    uint64_t hot_base;     /* first line of the hot set */
    uint64_t hot_lines;
    uint64_t warp_index;   /* this warp's place among all warps of the application */
    uint64_t warp_count;
    uint64_t mem_issued;   /* new (non-reused) memory instructions so far */
    uint64_t own_cursor;   /* stream: the sweep cursor of a warp that shares none */
    uint64_t *cursor;      /* stream: the next sweep position (own_cursor or shared);
                              cta: the CTA's next position in its chunk */
    uint64_t chunk_first;  /* cta: the first line of the CTA's chunk */
    uint64_t chunk_lines;  /* cta: C */
    uint64_t prev[BWM_MAX_COALESCE];
    uint8_t prev_sectors[BWM_MAX_COALESCE];
    uint8_t prev_first_word[BWM_MAX_COALESCE];
    int nprev;
} bwm_warp_stream;

/* Byte address where application app's address space begins (1 TiB apart). */
uint64_t bwm_app_base(int app);

/* The bytes application a's streams touch from its base: its footprint,
 * then its hot set (what it allocates, sim/vm/vm.h). */
uint64_t bwm_app_bytes(const bwm_synth_app *a);

void bwm_warp_stream_init(bwm_warp_stream *w, const bwm_synth_app *a, int app, uint64_t warp_index,
                          uint64_t warp_count, uint64_t seed);
/* Makes the stream pattern take its positions from *cursor, a sweep
 * position shared by all warps of the application (it must outlive w). */
void bwm_warp_stream_share(bwm_warp_stream *w, uint64_t *cursor);
void bwm_warp_stream_next(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out);

/* Thread blocks: the stream of a warp of a new CTA (sequence number seq,
 * cta_dispatch.h: CTA id seq mod bwm_cta_grid) starts again from seed, its
 * cta positions from *cursor (the CTA's, which must outlive it; reset to 0
 * by the caller when the CTA starts). */
void bwm_warp_stream_start_cta(bwm_warp_stream *w, const bwm_synth_app *a, uint64_t seq, uint64_t *cursor,
                               uint64_t seed);

/* The cta pattern's chunk: lines a CTA's new memory instructions touch
 * (cta_warps × cta_insts × mem_frac × (1 − reuse) × (1 − hot_frac) ×
 * coalesce, rounded, 1 .. the footprint), and the CTAs in the grid: the
 * whole chunks in the footprint.  For the other patterns the grid has
 * cta_warps-warp CTAs enough to cover the footprint the same way. */
uint64_t bwm_cta_chunk_lines(const bwm_synth_app *a);
uint64_t bwm_cta_grid(const bwm_synth_app *a);

/* The line index (0 .. nlines-1) at sweep position pos: the run mapping of
 * the stream and block patterns (exposed for tests). */
uint64_t bwm_warp_stream_place(const bwm_warp_stream *w, uint64_t pos);

/* The lanes an instruction of a puts on each of its lines (see above). */
unsigned bwm_warp_stream_lanes_per_line(const bwm_synth_app *a);

/* The word of line_addr the first of those lanes touches (see above). */
unsigned bwm_warp_stream_first_word(const bwm_synth_app *a, uint64_t line_addr, int random);

/* The sectors of line_addr an instruction of a touches (see above). */
unsigned bwm_warp_stream_sectors(const bwm_synth_app *a, uint64_t line_addr, int random);

#endif
