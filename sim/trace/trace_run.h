/* trace_run.h — trace mode: feeding a trace to a memory system.
 *
 * Untimed records are offered as fast as the controllers accept them, in
 * trace order (a full queue holds back the rest of the trace); timed records
 * are offered at their cycle (DRAM clock), or as soon after as their queue
 * has room.  Latency counts from acceptance by the controller.  The run ends
 * when the trace is exhausted and every request has completed; memory use
 * does not depend on the trace's length. */
#ifndef BWM_TRACE_RUN_H
#define BWM_TRACE_RUN_H

#include <stdint.h>

#include "sim/mc/memsys.h"
#include "sim/trace/trace.h"
#include "util/status.h"

typedef struct bwm_trace_summary {
    uint64_t records;
    int64_t dram_cycles; /* cycle after the last request's data */
} bwm_trace_summary;

/* Runs trace t through ms (freshly initialised) with requests of req_bytes
 * bytes.  Errors: the trace's (FILE:LINE), an untimed trace with an
 * unbounded queue, an address outside the memory system. */
int bwm_trace_run(bwm_memsys *ms, bwm_trace *t, uint32_t req_bytes, bwm_trace_summary *out,
                  bwm_err *err);

#endif
