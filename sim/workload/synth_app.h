/* synth_app.h — a synthetic GPU application: the parameter set of DESIGN.md.
 *
 * An application is described by how its warps mix compute, scratchpad and
 * global memory instructions and how its memory instructions touch lines, so
 * that each of paper 000's 25 applications can be calibrated to its Table 1
 * MPKI and BW/C.  Parameters are read from CSV rows (the catalogue's key
 * columns plus the parameters below), checked field by field, and written
 * back in the same form. */
#ifndef BWM_SYNTH_APP_H
#define BWM_SYNTH_APP_H

#include <stddef.h>

#include "util/buf.h"
#include "util/status.h"

typedef enum bwm_pattern {
    BWM_PATTERN_STREAM, /* warps sweep the footprint line after line (grid-stride) */
    BWM_PATTERN_RANDOM  /* every line uniformly at random in the footprint (GUPS) */
} bwm_pattern;

typedef struct bwm_synth_app {
    char name[64];
    char abbr[16];
    double mpki;          /* Table 1 target (0 when unknown) */
    double bw_frac;       /* Table 1 target (0 when unknown) */
    int warps;            /* warps per SM, 1..48 */
    double mem_frac;      /* warp instructions that access global memory, 0..1 */
    double store_frac;    /* of those, stores, 0..1 */
    int coalesce;         /* 128-byte line requests per memory instruction, 1..32 */
    bwm_pattern pattern;
    double footprint_mb;  /* bytes touched, in MiB, > 0 */
    double reuse;         /* memory instructions that re-touch the warp's previous lines, 0..1 */
    double smem_frac;     /* warp instructions that use the scratchpad, 0..1, mem+smem <= 1 */
    int smem_latency;     /* cycles, >= 1 */
    int compute_latency;  /* dependent-compute latency in cycles, >= 1 */
    int loads_in_flight;  /* loads a warp may have outstanding before it waits, >= 1 */
    int lanes;            /* active lanes per warp instruction, 1..32 */
} bwm_synth_app;

/* The CSV columns, in order (name and abbr first). */
extern const char *const bwm_synth_columns[];
extern const size_t bwm_synth_ncolumns;

/* Checks every field; the message names the field, the value and the range. */
int bwm_synth_app_check(const bwm_synth_app *a, bwm_err *err);

/* Loads every row of a CSV of synthetic applications into *apps (caller
 * frees with free()); errors read "FILE:LINE: column 'x': ...". */
int bwm_synth_load(const char *path, bwm_synth_app **apps, size_t *n, bwm_err *err);

/* Appends apps as a CSV the loader reads back exactly: `comment` (may be
 * NULL or hold several lines) as '#' lines, the header, one row each. */
void bwm_synth_write(const bwm_synth_app *apps, size_t n, const char *comment, bwm_buf *out);

/* The application whose abbreviation or name matches key (case-insensitive), or NULL. */
const bwm_synth_app *bwm_synth_find(const bwm_synth_app *apps, size_t n, const char *key);

const char *bwm_pattern_name(bwm_pattern p);
int bwm_pattern_parse(const char *s, bwm_pattern *p);

#endif
