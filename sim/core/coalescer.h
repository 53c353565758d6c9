/* coalescer.h — the accesses a warp's global load or store makes, as
 * GPGPU-Sim's memory_coalescing_arch forms them: the warp's lanes are split
 * into -gpgpu_shmem_warp_parts parts of warp_size / parts lanes each, and
 * each part coalesces its own lanes, so a line whose lanes fall in several
 * parts is accessed once per part, each time for the sectors of that part's
 * words.  The instruction's lanes fill its lines in order,
 * bwm_warp_stream_lanes_per_line of them each from the line's first word
 * (warp_stream.h; lanes past the last part's start belong to the last
 * part).  The load/store unit takes them as GPGPU-Sim's takes its access
 * queue, from the back: the last part first and, within a part, the
 * highest address first (each part's transactions are queued in address
 * order, and accessq_back is taken first).
 * With 128-byte segments a store sends what GPGPU-Sim's coalescer reduces
 * its segment to (bwm_sector_segment: a 32-byte sector, a 64-byte half or
 * the whole line); with 32-byte segments each sector is its own (the GPU
 * sends them one by one, bwm_gpu_sector_requests). */
#ifndef BWM_COALESCER_H
#define BWM_COALESCER_H

#include <stdint.h>

#include "sim/workload/synth_app.h"
#include "sim/workload/warp_stream.h"

/* The most accesses an instruction makes: its lines cut at the parts'
 * boundaries, at most lines + parts - 1 of them. */
#define BWM_MAX_ACCESSES (2 * BWM_MAX_COALESCE)

/* The accesses of load or store in (of application a) for a warp of
 * warp_size lanes in parts parts (1 .. warp_size, a divisor of it), with
 * 128-byte segments (line_segments) or 32-byte ones: lines and sectors into
 * line[] and sectors[] (BWM_MAX_ACCESSES each); returns how many. */
int bwm_coalesce(const bwm_inst *in, const bwm_synth_app *a, int parts, int warp_size, int line_segments,
                 uint64_t *line, uint8_t *sectors);

#endif
