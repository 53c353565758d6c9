/* gpu.h — the whole simulated GPU: N applications on their SMs, the two
 * crossbars, the L2 sub-partitions, the memory controllers and DRAM, and the
 * four clock domains that drive them.  gpu_build.h assembles it (included
 * here); gpu.c runs it cycle by cycle.
 *
 * Loads that miss in an L1D and every store travel as pool requests (req_pool.h)
 * over the request crossbar to the sub-partition their address maps to;
 * replies come back over the reply crossbar.  A crossbar node is an SM
 * cluster (cluster.h: its SMs share the node's input and output ports) or
 * a sub-partition: SM cluster c is input c of the request crossbar and
 * output c of the reply crossbar, sub-partition j output j and input j.
 * Each memory channel has one controller with the chosen scheduler; its
 * completions go back to the sub-partition (reads) or free the write.
 * With address translation (-bwm_mmu other than ideal) the SMs' L1 TLB
 * misses go to the shared MMU (sim/tlb/mmu.h), whose page walks read the
 * page tables through the same crossbars, slices and controllers
 * (translation.h).
 *
 * Time: every domain (core, interconnect, L2, DRAM) has a period in
 * femtoseconds from -gpgpu_clock_domains (clocks.h); bwm_gpu_step advances
 * global time to the next edge and ticks the domains whose edge it is, in
 * the order core, interconnect, L2, DRAM — as GPGPU-Sim does.  Everything
 * is deterministic: the seed feeds every warp's instruction stream and
 * nothing else is random.  The GPU owns all its parts; it must not be moved
 * after init. */
#ifndef BWM_GPU_H
#define BWM_GPU_H

#include <stdint.h>

#include "sim/gpu/gpu_build.h"
#include "sim/gpu/gpu_state.h"
#include "sim/gpu/shares.h"
#include "util/status.h"

/* Advances to the next clock edge.  Fails (BWM_EFAIL) on an internal fault. */
int bwm_gpu_step(bwm_gpu *g, bwm_err *err);

/* Runs until the core domain has completed `cycles` more cycles. */
int bwm_gpu_run_core_cycles(bwm_gpu *g, int64_t cycles, bwm_err *err);

/* Stops (1) or resumes (0) instruction issue on every SM; requests in
 * flight still complete (used to drain the memory system). */
void bwm_gpu_halt(bwm_gpu *g, int halted);

/* Every request created has been answered and nothing is queued anywhere. */
int bwm_gpu_quiet(const bwm_gpu *g);

#endif
