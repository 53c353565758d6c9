/* trace_source.h — the warp source (sim/core/warp_source.h) of an SM that
 * runs a traced application (trace_app.h).
 *
 * The SM runs one kernel (a record of the application's window, trace_app.h)
 * at a time.  A free CTA slot takes that kernel's next block into block storage
 * of its own; warp i of the block runs as the slot's warp i and issues the
 * trace's instructions in order.  Each instruction becomes a bwm_warp_op
 * through the kernel's decoded opcodes (op_decode.h):
 *   - a pipeline's instruction (integer, single and double precision, SFU,
 *     tensor, specialized units, branches): its unit, latency and
 *     initiation interval; its destination registers ready after the latency;
 *   - global and local loads and stores (and generic ones that resolve to
 *     them by address): coalesced from the active lanes' addresses
 *     (sim/core/trace_coalesce.h) into lines and sectors for the L1D; a
 *     load's registers ready when every access is back;
 *   - a global or local load whose cache operator skips the L1D
 *     (LDG.E.STRONG.GPU, op_decode.h): coalesced the same way in 32-byte
 *     segments, one access a sector, sent past the L1D to the L2 (the SM's
 *     bwm_warp_op.past_l1d); its registers ready when every access is
 *     back, its warp issuing meanwhile as after any load;
 *   - global atomics and reductions (ATOM, ATOMG, RED): accesses coalesced
 *     as GPGPU-Sim's memory_coalescing_arch_atomic forms them (lanes that
 *     update the same bytes apart), sent past the L1D to be performed at
 *     the L2 (BWM_WOP_ATOMIC); the warp waits until all are answered;
 *   - shared-memory instructions: the shared pipeline, busy for the bank
 *     conflicts' cycles (sim/core/smem_banks.h), results after the shared
 *     latency and those cycles; a shared atomic (ATOMS) is one whose warp
 *     issues nothing more until then (GPGPU-Sim counts it among the warp's
 *     outstanding atomics until the pipeline writes it back);
 *   - constant and texture loads: a fixed latency (op_decode.h), no traffic;
 *   - BAR: a barrier for the block's warps;
 *   - EXIT and the rest: a cycle.
 * Every instruction waits for its source and destination registers (RZ
 * never waits).  Thread instructions count the active lanes. */
#ifndef BWM_TRACE_SOURCE_H
#define BWM_TRACE_SOURCE_H

#include <stdint.h>

#include "sim/core/sm.h"
#include "sim/core/warp_source.h"
#include "sim/sass/kernel.h"
#include "sim/traced/trace_app.h"

/* Where one warp is in its instructions. */
typedef struct bwm_trace_warp {
    const bwm_sass_inst *insts; /* its instructions in its block */
    const uint64_t *addrs;      /* its block's address arena */
    uint32_t pos;               /* the next one to decode */
    const bwm_sass_inst *cur;   /* the one decoded last (the SM's next) */
} bwm_trace_warp;

/* One SM's state: the kernel it runs, its slots' blocks and its warps'
 * places. */
typedef struct bwm_trace_sm {
    bwm_trace_app *app;
    bwm_trace_kernel *kern;     /* the record whose blocks its slots take (the app's first at the start) */
    const bwm_gpu_config *cfg;
    bwm_sass_block block[BWM_SM_MAX_CTAS];
    bwm_trace_warp warp[BWM_SM_MAX_WARPS];
} bwm_trace_sm;

extern const bwm_warp_source_ops bwm_trace_source;

void bwm_trace_sm_init(bwm_trace_sm *t, bwm_trace_app *app, const bwm_gpu_config *cfg);
void bwm_trace_sm_free(bwm_trace_sm *t);

#endif
