/* warp_source.h — where an SM's warps take their instructions from.
 *
 * The SM (sm.h) runs one path whatever its warps execute; a warp source
 * tells it, instruction by instruction, what the next one is (a bwm_warp_op:
 * its kind, the pipeline it needs, its latency, the registers it waits for
 * and writes, its active lanes), which accesses a load or store makes, and
 * which thread block a free CTA slot takes next.  Two sources exist:
 *   - synthetic streams (synth_source.c): the catalogue's applications,
 *     whose instructions sim/workload/warp_stream.h draws; they wait on
 *     their loads by dependence distance, not by registers, and need no
 *     pipeline;
 *   - Accel-Sim traces (sim/traced/trace_source.c): a kernel's thread
 *     blocks as the trace lists them, streamed when a slot takes them.
 * An ops table per source, the state its own (NULL for the synthetic one,
 * which keeps its streams in the warps).  The SM calls next once per warp
 * instruction, accesses once per load or store, take_cta/start_warp when a
 * slot frees, and cta_done when a slot's warps have all exited. */
#ifndef BWM_WARP_SOURCE_H
#define BWM_WARP_SOURCE_H

#include <stdint.h>

struct bwm_sm;

/* The pipelines an instruction may need (BWM_UNIT_NONE: none, as for every
 * synthetic instruction): the SM's execution units by class, the
 * specialized units 1..8 of the configuration, and the shared-memory
 * pipeline of the load/store unit.  Each warp scheduler has its own of each
 * (GPGPU-Sim's sub-core model); a unit takes a new instruction once its
 * initiation interval since the last one is over. */
enum {
    BWM_UNIT_NONE,
    BWM_UNIT_INT,
    BWM_UNIT_SP,
    BWM_UNIT_DP,
    BWM_UNIT_SFU,
    BWM_UNIT_TENSOR,
    BWM_UNIT_SPEC1, /* .. BWM_UNIT_SPEC1 + 7 */
    BWM_UNIT_SHARED = BWM_UNIT_SPEC1 + 8,
    BWM_N_UNITS
};

/* Kinds of a warp instruction, as the SM treats them (the first four are
 * warp_stream.h's bwm_inst_kind, in its order). */
enum {
    BWM_WOP_COMPUTE, /* a pipeline's work: its results ready after latency */
    BWM_WOP_SMEM,    /* scratchpad: synthetic, a latency; traces, the shared pipeline */
    BWM_WOP_LOAD,    /* global or local load through the L1D (or past it: past_l1d): results
                        ready when its accesses are back */
    BWM_WOP_STORE,   /* global or local store */
    BWM_WOP_BARRIER, /* waits until every live warp of its CTA has reached a barrier */
    BWM_WOP_ATOMIC   /* global atomic or reduction: its accesses skip the L1D and are performed
                        at the L2, each answered with data; its warp issues nothing more until
                        every one is back (GPGPU-Sim's shd_warp_t::waiting, m_n_atomic) */
};

#define BWM_OP_MAX_WAIT 7 /* registers an instruction reads or writes */
#define BWM_OP_MAX_DST 2

/* A warp's next instruction, as the SM issues it. */
typedef struct bwm_warp_op {
    uint8_t kind;      /* BWM_OP_* */
    uint8_t unit;      /* BWM_UNIT_* it issues to */
    uint8_t lanes;     /* active lanes: the thread instructions it counts */
    uint8_t n_wait;    /* registers that must be ready before it issues (sources and destinations) */
    uint8_t n_dst;     /* registers it writes */
    uint8_t lines;     /* loads and stores: the lines it touches (counted in load_lines, store_lines) */
    uint8_t past_l1d;  /* a load whose cache operator skips the L1D (traces: LDG.E.STRONG.GPU,
                          GPGPU-Sim's CACHE_GLOBAL): its accesses, one sector each, go from the
                          load/store unit straight to the L2 (BWM_SM_LOAD_L2, sm.h), one a cycle,
                          and their data to its warp; the L1D neither sees nor keeps them */
    uint8_t wait[BWM_OP_MAX_WAIT];
    uint8_t dst[BWM_OP_MAX_DST];
    uint16_t stall;    /* cycles before its warp issues again (1: the next cycle) */
    uint16_t latency;  /* cycles until its results are ready (compute, scratchpad) */
    uint16_t initiation; /* cycles its unit takes no other instruction */
} bwm_warp_op;

typedef struct bwm_warp_source_ops {
    const char *name;
    /* Warp w's next instruction into sm->warps[w].op (and what accesses
       reads for it). */
    void (*next)(void *state, struct bwm_sm *sm, int w);
    /* The accesses of warp w's next instruction, a load, store or atomic,
       with their sectors (BWM_MAX_ACCESSES at most) and, for a store, the
       sectors of each it writes only in part (0: every byte; the SM reads
       partial[] for stores only); returns how many. */
    int (*accesses)(void *state, struct bwm_sm *sm, int w, uint64_t *line, uint8_t *sectors, uint8_t *partial);
    /* CTA slot `slot` takes the SM's next thread block at cycle now:
       returns its warps (0: none; the slot stays empty). */
    int (*take_cta)(void *state, struct bwm_sm *sm, int slot, int64_t now);
    /* Warp i of that block runs as the SM's warp w: its instructions start
       (and sm->warps[w].left says how many). */
    void (*start_warp)(void *state, struct bwm_sm *sm, int slot, int i, int w);
    /* The block in slot `slot` has finished at cycle now (may be NULL). */
    void (*cta_done)(void *state, struct bwm_sm *sm, int slot, int64_t now);
} bwm_warp_source_ops;

/* The synthetic streams' source (synth_source.c). */
extern const bwm_warp_source_ops bwm_synth_source;

#endif
