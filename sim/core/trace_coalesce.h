/* trace_coalesce.h — the accesses a traced warp's global or local load or
 * store makes from its lanes' addresses, as GPGPU-Sim's
 * warp_inst_t::memory_coalescing_arch forms them
 * (abstract_hardware_model.cc), in the conventions of the synthetic
 * coalescer (coalescer.h) so that the SM takes either alike.
 *
 * The warp's lanes are split into `parts` parts of warp_size / parts lanes
 * (-gpgpu_shmem_warp_parts); each part coalesces its own lanes apart.  A
 * lane's access goes to the segment of its first byte and, when its last
 * byte lies in another segment (an unaligned access), to that one too —
 * GPGPU-Sim looks at the first and last bytes only.  Each touched segment
 * is one transaction, with a sector mask holding the 32-byte sector of
 * every such first or last byte.  Segments are 32 bytes with 32-byte
 * segments (!line_segments: coalesce arch >= 40, or a Fermi/Kepler L1D
 * skipped); with 128-byte ones (line_segments) they are 32 bytes for 1-byte
 * accesses, 64 for 2-byte ones and 128 for 4, 8 and 16 bytes.  So:
 *   - with 32-byte segments a lane crossing a sector boundary marks both
 *     sectors, and one crossing a line boundary both lines;
 *   - with 128-byte segments a lane crossing a sector boundary inside its
 *     line marks only its first byte's sector (GPGPU-Sim's chunk mask),
 *     one crossing into the next line marks its last byte's sector there.
 *
 * Output, as bwm_coalesce's: line[] (128-byte aligned) and sectors[]
 * (sector.h masks), BWM_MAX_ACCESSES each, in the order the load/store
 * unit takes them — GPGPU-Sim queues a part's transactions in address
 * order, part after part, and takes them from the back: the last part
 * first, the highest address first.  With 32-byte segments a line's
 * sectors within a part are one entry (the GPU sends them as one request
 * per sector, the highest first as GPGPU-Sim's queue gives them,
 * bwm_gpu_sector_requests); with 128-byte segments each
 * transaction is one entry: a 128-byte segment's line with its sector
 * mask, reduced for a store to the segment GPGPU-Sim sends
 * (bwm_sector_segment); a 1- or 2-byte access's 32- or 64-byte segments
 * each an entry of the sectors they hold, which is the segment sent.
 *
 * Atomics and reductions (bwm_trace_coalesce_atomic) follow
 * memory_coalescing_arch_atomic: a lane joins the first transaction of its
 * segment none of whose lanes touch its bytes, else opens another, so
 * lanes updating one word make one access each; Accel-Sim sends them as
 * loads that skip the L1D (cache operator CACHE_GLOBAL).
 *
 * A store's entries also say which of their sectors the lanes write only
 * in part (partial[]: GPGPU-Sim's byte mask, reduced to what the caches
 * need of it, the sectors not written whole; a sector the 128-byte segment
 * adds without a lane's byte in it is one).
 *
 * What GPGPU-Sim does that this module does not: local memory's translation
 * (translate_local_memaddr: an access of more than 4 bytes becomes 4-byte
 * accesses at per-thread interleaved addresses, which the caller must form
 * as the SM knows the thread, SM and CTA); the per-access lane masks and,
 * beyond the sectors written in part, byte masks; access widths other than 1, 2, 4, 8 and
 * 16 bytes (GPGPU-Sim leaves the segment size undefined; here they are
 * refused). */
#ifndef BWM_TRACE_COALESCE_H
#define BWM_TRACE_COALESCE_H

#include <stdint.h>

#include "sim/core/coalescer.h"

/* The accesses of a warp instruction whose active lanes (active_mask, bit
 * l for lane l < warp_size) access width bytes at lane_addr[] (one address
 * per active lane, in lane order), for a warp of warp_size lanes (1 .. 32)
 * in parts parts (1 .. warp_size, dividing it), with 128-byte segments
 * (line_segments) or 32-byte ones, a store if is_write: lines and sectors
 * into line[] and sectors[] (BWM_MAX_ACCESSES each) and, unless partial is
 * NULL, each entry's sectors written only in part into partial[] (0 for a
 * load); returns how many (0 for no active lane), or -1 for a width, warp
 * size, parts or mask outside those. */
int bwm_trace_coalesce(uint32_t active_mask, const uint64_t *lane_addr, int width, int parts, int warp_size,
                       int line_segments, int is_write, uint64_t *line, uint8_t *sectors, uint8_t *partial);

/* The same for an atomic or reduction: one entry per transaction (at most
 * one a lane), in the order the load/store unit takes them (a segment's
 * transactions last opened first); -1 also for a lane whose bytes leave
 * its segment (GPGPU-Sim asserts they do not). */
int bwm_trace_coalesce_atomic(uint32_t active_mask, const uint64_t *lane_addr, int width, int parts, int warp_size,
                              int line_segments, uint64_t *line, uint8_t *sectors);

#endif
