/* smem_banks.h — the cycles a warp's shared-memory access spends in the
 * banks, as GPGPU-Sim computes bank conflicts
 * (warp_inst_t::generate_mem_accesses, shared_space, in
 * abstract_hardware_model.cc; ldst_unit::shared_cycle in shader.cc then
 * holds the instruction that many cycles in the load/store unit).
 *
 * Shared memory is -gpgpu_shmem_num_banks banks of 4-byte words, word w in
 * bank w mod banks.  The warp's lanes are split into -gpgpu_shmem_warp_parts
 * parts, each served apart, and the cycles are the sum over the parts of:
 *   - without -gpgpu_shmem_limited_broadcast, the most distinct words any
 *     one bank is asked for (lanes reading one word share it: broadcast);
 *   - with it, the most lanes any one bank serves, where only one word of
 *     the whole part is broadcast: the first word asked for by several
 *     lanes, in order of bank and then word address, counts once, every
 *     other lane once each.
 * A lane's access is counted by the word holding its address: GPGPU-Sim
 * looks at no byte past it, so an 8- or 16-byte access costs what a 4-byte
 * one at its address costs (lanes at 8- or 16-byte strides still conflict
 * 2- or 4-way through their first words, as on the hardware).  A warp with
 * no active lane takes 0 cycles (GPGPU-Sim makes no access).
 *
 * What GPGPU-Sim does that this module does not: count the words of wider
 * accesses past the first (it does not either); record per-PC conflict
 * statistics; the latency after the banks (-gpgpu_smem_latency) is the
 * SM's. */
#ifndef BWM_SMEM_BANKS_H
#define BWM_SMEM_BANKS_H

#include <stdint.h>

/* The cycles of a shared-memory access of a 32-lane warp in one part
 * (active_mask bit l for lane l; lane_addr[] one address per active lane
 * in lane order; width bytes each) on n_banks banks, with limited
 * broadcast if limited_broadcast: >= 1, 0 for no active lane, -1 for
 * width < 1 or n_banks < 1. */
int bwm_smem_cycles(uint32_t active_mask, const uint64_t *lane_addr, int width, int n_banks, int limited_broadcast);

/* The same for a warp of warp_size lanes (1 .. 32, active_mask's bits
 * above it clear) in parts parts (dividing it): the sum of the parts'
 * cycles; -1 for parts or warp_size outside that. */
int bwm_smem_cycles_parts(uint32_t active_mask, const uint64_t *lane_addr, int width, int n_banks,
                          int limited_broadcast, int parts, int warp_size);

#endif
