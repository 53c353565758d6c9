/* gpu_read_caches.h — the caches' part of reading bwm_gpu_config from
 * options (gpu_read.h): -gpgpu_cache:dl1 and its write ratio, skip, adaptive
 * size and shared memory, the L1D's banks, -gpgpu_cache:dl2, the
 * sub-partition's queues (-gpgpu_dram_partition_queues,
 * -gpgpu_dram_return_queue_size) and the L2 slices' set address, sharing
 * and XOR set index (-bwm_l2_set_address, -bwm_l2_sharing,
 * -bwm_l2_set_xor, -bwm_addr_hash's set rows).  The memory system (c->dram)
 * and the SMs must be read already: the memory limit is checked here,
 * before an L2 slice is built. */
#ifndef BWM_GPU_READ_CACHES_H
#define BWM_GPU_READ_CACHES_H

#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "util/status.h"

/* Fills the caches' fields of c from s; a bad value fails naming its option. */
int bwm_gpu_read_caches(bwm_optset *s, bwm_gpu_config *c, bwm_err *err);

#endif
