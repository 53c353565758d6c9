/* synth_app.h — a synthetic GPU application: the parameter set of DESIGN.md.
 *
 * An application is described by what limits its throughput on a real SM:
 * how many warps it keeps resident (occupancy), how many loads each warp has
 * in flight and how soon it needs their values (dependence distance, kept by
 * the scoreboard), its mix of compute, scratchpad and global memory
 * instructions, and how its memory instructions touch lines and DRAM rows
 * (coalescing, access pattern, row run).  Compute latencies are pipeline
 * latencies (BWM_SYNTH_MAX_COMPUTE_LATENCY at most): an application is slow
 * only because it waits for memory, has few warps or diverges, never
 * because of an artificial delay.  Each application also records its class
 * (what bounds it alone), which the calibration checks against its measured
 * sensitivities.
 *
 * Parameters are read from CSV rows (the catalogue's key columns plus the
 * parameters below), checked field by field, and written back in the same
 * form. */
#ifndef BWM_SYNTH_APP_H
#define BWM_SYNTH_APP_H

#include <stddef.h>

#include "util/buf.h"
#include "util/status.h"

#define BWM_SYNTH_MAX_COMPUTE_LATENCY 32 /* cycles: the deepest pipeline latency allowed */
#define BWM_SYNTH_MAX_SMEM_LATENCY 64    /* cycles */
#define BWM_SYNTH_MAX_LOADS 32           /* loads in flight per warp (scoreboard entries) */
#define BWM_SYNTH_MAX_DEP 4096           /* dependence distance, warp instructions */
#define BWM_SYNTH_MAX_CTA_WARPS 64       /* warps per CTA: what an SM holds at most */

typedef enum bwm_pattern {
    BWM_PATTERN_STREAM, /* grid-stride: neighbouring warps touch neighbouring lines */
    BWM_PATTERN_BLOCK,  /* each warp sweeps a contiguous block of its own */
    BWM_PATTERN_RANDOM, /* every line uniformly at random in the footprint (GUPS) */
    BWM_PATTERN_CTA     /* thread blocks: each CTA sweeps a chunk of its own (needs cta_warps) */
} bwm_pattern;

typedef enum bwm_app_class {
    BWM_CLASS_BANDWIDTH, /* alone it keeps the DRAM busy: throughput follows peak bandwidth */
    BWM_CLASS_LATENCY,   /* bounded by its requests in flight and their latency */
    BWM_CLASS_COMPUTE    /* bounded by issue and pipelines; memory hardly matters */
} bwm_app_class;

typedef struct bwm_synth_app {
    char name[64];
    char abbr[16];
    double mpki;          /* Table 1 target (0 when unknown) */
    double bw_frac;       /* Table 1 target (0 when unknown) */
    bwm_app_class cls;
    double warps;         /* warps per SM on average, 0.1..64 (never more than the SM
                           * holds): SMs get the whole numbers around it, e.g.
                           * 1.5 gives half of them 1 warp and half 2, and 0.5
                           * leaves every other SM idle (too few threads to fill them) */
    double mem_frac;      /* warp instructions that access global memory, 0..1 */
    double store_frac;    /* of those, stores, 0..1 */
    int coalesce;         /* 128-byte line requests per memory instruction, 1..32 */
    bwm_pattern pattern;
    int row_run;          /* stream/block: consecutive lines touched before the
                           * sweep jumps elsewhere (row locality), >= 1 */
    double footprint_mb;  /* bytes touched, in MiB, > 0 */
    double hot_frac;      /* new memory instructions that go to the hot set, 0..1 */
    double hot_kb;        /* the hot set: a region the application keeps coming back to
                           * (tables, tiles, bins), KiB, > 0; sized for the L2, it hits there */
    double reuse;         /* memory instructions that re-touch the warp's previous lines, 0..1 */
    double smem_frac;     /* warp instructions that use the scratchpad, 0..1, mem+smem <= 1 */
    int smem_latency;     /* cycles, 1..BWM_SYNTH_MAX_SMEM_LATENCY */
    int compute_latency;  /* dependent-compute latency, 1..BWM_SYNTH_MAX_COMPUTE_LATENCY */
    int dep_distance;     /* warp instructions from a load to the first use of its value, >= 1 */
    int loads_in_flight;  /* loads a warp may have outstanding, 1..BWM_SYNTH_MAX_LOADS */
    int lanes;            /* active lanes per warp instruction, 1..32 */
    /* Thread blocks (optional columns; cta_warps 0, the default, runs the
     * application as resident warps that never finish, the model without
     * CTAs).  With cta_warps > 0 the application is a grid of CTAs of
     * cta_warps warps, each warp issuing cta_insts warp instructions; an SM
     * holds whole CTAs (sim/core/cta_dispatch.h) and takes a new one when one
     * finishes. */
    int cta_warps;        /* warps per CTA, 0..64 */
    int cta_insts;        /* warp instructions each warp of a CTA issues, >= 1 with cta_warps */
    int batch_stride;     /* consecutive CTAs forming a thread batch (paper 002), >= 1 */
    int calibrated;       /* 1: calibration brought it within tolerance of its targets
                           * (optional column `calibrated`, true/false; absent: false) */
} bwm_synth_app;

/* The CSV columns, in order (name and abbr first); the optional columns
 * (cta_warps, cta_insts, batch_stride, written only when an application has
 * thread blocks, and the last, `calibrated`) are not among them. */
extern const char *const bwm_synth_columns[];
extern const size_t bwm_synth_ncolumns;

/* A valid application to start from: abbr "APP", no targets, latency class,
 * 1 warp per SM, compute only (mem_frac 0), stream pattern over 64 MiB with
 * row runs of 4096 lines, 1 line per memory instruction, no hot set, no
 * reuse or scratchpad, pipeline latency 4, dependence distance 1, 1 load in
 * flight, 32 lanes.  Callers change what they need. */
void bwm_synth_app_init(bwm_synth_app *a);

/* Checks every field; the message names the column, the value and the range. */
int bwm_synth_app_check(const bwm_synth_app *a, bwm_err *err);

/* Loads every row of a CSV of synthetic applications into *apps (caller
 * frees with free()); errors read "FILE:LINE: column 'x': ...". */
int bwm_synth_load(const char *path, bwm_synth_app **apps, size_t *n, bwm_err *err);

/* Appends apps as a CSV the loader reads back exactly: `comment` (may be
 * NULL or hold several lines) as '#' lines, the header, one row each. */
void bwm_synth_write(const bwm_synth_app *apps, size_t n, const char *comment, bwm_buf *out);

/* Appends extra[0..n_extra) to *apps (n applications, malloc'ed), growing
 * it; 0, or -1 when out of memory (*apps and *n unchanged). */
int bwm_synth_concat(bwm_synth_app **apps, size_t *n, const bwm_synth_app *extra, size_t n_extra);

/* The application whose abbreviation or name matches key (case-insensitive), or NULL. */
const bwm_synth_app *bwm_synth_find(const bwm_synth_app *apps, size_t n, const char *key);

const char *bwm_pattern_name(bwm_pattern p);
int bwm_pattern_parse(const char *s, bwm_pattern *p);
const char *bwm_app_class_name(bwm_app_class c);
int bwm_app_class_parse(const char *s, bwm_app_class *c);

#endif
