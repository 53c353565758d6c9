/* gpu_read_cores.h — the SMs' part of reading bwm_gpu_config from options
 * (gpu_read.h): -gpgpu_n_clusters, -gpgpu_n_cores_per_cluster,
 * -gpgpu_simt_core_sim_order, -gpgpu_shader_core_pipeline,
 * -gpgpu_num_sched_per_core, -gpgpu_scheduler with every warp scheduler's
 * knobs (sim/core/warp_sched.h), -gpgpu_shader_cta, -bwm_cta_dispatch,
 * -gpgpu_coalesce_arch and -gpgpu_shmem_warp_parts. */
#ifndef BWM_GPU_READ_CORES_H
#define BWM_GPU_READ_CORES_H

#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "util/status.h"

/* Fills the SMs' fields of c from s; a bad value fails naming its option. */
int bwm_gpu_read_cores(bwm_optset *s, bwm_gpu_config *c, bwm_err *err);

#endif
