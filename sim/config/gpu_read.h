/* gpu_read.h — the whole GPU's configuration (bwm_gpu_config, gpu_config.h)
 * from GPGPU-Sim options: the SMs, their warp schedulers and L1D, the
 * crossbar, the L2 slices and the latencies between units, plus the memory
 * system (memsys_config.h).  gpu_read_cores.c, gpu_read_caches.c and
 * gpu_read_icnt.c read the sections, config_limits.c checks what the model
 * can build and the memory limit.
 *
 * Absent options take GPGPU-Sim's defaults.  Bad values fail with
 * "FILE:LINE: option -NAME: ..." and BWM_EINPUT.
 *
 * Honoured here: -gpgpu_n_clusters, -gpgpu_n_cores_per_cluster,
 * -gpgpu_simt_core_sim_order (0 or 1),
 * -gpgpu_shader_core_pipeline (threads per SM : warp size), -gpgpu_num_sched_per_core,
 * -gpgpu_scheduler (gto, lrr), -gpgpu_cache:dl1, -gpgpu_cache:dl2,
 * -gpgpu_l1_latency, -gpgpu_l2_rop_latency (3.x name: -rop_latency),
 * -dram_latency, -icnt_flit_size, -icnt_in_buffer_limit, -icnt_out_buffer_limit,
 * -gpgpu_gmem_skip_L1D (3.x: -gmem_skip_L1D), -gpgpu_adaptive_cache_config
 * (early 4.x: -adaptive_volta_cache_config) with -gpgpu_unified_l1d_size,
 * -gpgpu_shmem_option and -gpgpu_shmem_size, -gpgpu_dram_partition_queues,
 * -gpgpu_dram_return_queue_size, -gpgpu_l1_cache_write_ratio, the
 * execution units, their latencies and the occupancy limits of
 * gpu_read_exec.h (GPGPU-Sim's and Accel-Sim's trace options), and at the
 * values the model reproduces -gpgpu_coalesce_arch, -gpgpu_l1_banks (with
 * -gpgpu_l1_banks_byte_interleaving and -gpgpu_l1_banks_hashing_function),
 * -gpgpu_n_cluster_ejection_buffer_size, -icnt_subnets and -icnt_arbiter_algo
 * (gpu_read_cores.c, gpu_read_caches.c and gpu_read_icnt.c say which
 * values and why; any other value is refused,
 * naming the option), and bwmpki's own -bwm_icnt_latency
 * (crossbar traversal in interconnect cycles), -bwm_l2_sharing
 * (partitioned | shared) and -bwm_l2_set_address (partition: the L2 slices
 * index their sets with GPGPU-Sim's partition address, the line address
 * without its channel and sub-partition bits; physical: with the address
 * itself, as bwmpki did before).
 *
 * Defaults: 10 clusters of 3 SMs in round-robin order, "1024:32", 1 warp scheduler, gto, the
 * cache strings of gpu_config.h, latencies 1 (L1), 85 (ROP), 30 (DRAM), 32-byte flits,
 * 64-flit buffers, 8 interconnect cycles, partitioned L2.  Beyond the ranges
 * of each option the model requires 32-thread warps, at most 64 warps per
 * SM, 128-byte L1D and L2 lines, and crossbar buffers that hold the largest
 * packet (BWM_ICNT_MAX_PACKET_BYTES). */
#ifndef BWM_GPU_READ_H
#define BWM_GPU_READ_H

#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "util/status.h"

/* Fills cfg from s (the memory-system options too), marking the options used. */
int bwm_gpu_config_from_opts(bwm_optset *s, bwm_gpu_config *cfg, bwm_err *err);

/* Loads an option file, applies overrides (option syntax, may be NULL; origin
 * names them in messages) and fills cfg; ign (may be NULL) receives the
 * options nobody models (free with bwm_optlist_free). */
int bwm_gpu_config_load_with(const char *path, const char *overrides, const char *origin,
                             bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err);

/* The same for n option files read in order, a later file's options
 * replacing an earlier one's (optset_load.h), then the overrides. */
int bwm_gpu_config_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                              bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err);

#endif
