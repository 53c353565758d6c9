/* gpu_read_icnt.h — the interconnect's part of reading bwm_gpu_config from
 * options (gpu_read.h): -icnt_flit_size, -network_mode,
 * -icnt_in_buffer_limit, -icnt_out_buffer_limit, -bwm_icnt_latency,
 * -gpgpu_n_cluster_ejection_buffer_size, -icnt_subnets and
 * -icnt_arbiter_algo.  The memory system, the SMs and the caches must be
 * read already: the crossbars count against the memory limit with them. */
#ifndef BWM_GPU_READ_ICNT_H
#define BWM_GPU_READ_ICNT_H

#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "util/status.h"

/* Fills the interconnect's fields of c from s; a bad value fails naming its
 * option. */
int bwm_gpu_read_interconnect(bwm_optset *s, bwm_gpu_config *c, bwm_err *err);

#endif
