/* gpu_read_exec.h — the execution units of an SM (bwm_gpu_config.exec,
 * exec_config.h) from GPGPU-Sim's and Accel-Sim's options.
 *
 * Honoured: -trace_opcode_latency_initiation_{int,sp,dp,sfu,tensor} and
 * _spec_op_1.._8 ("<latency>,<initiation>", 1 <= initiation <= latency),
 * -specialized_unit_1.._8 ("<enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,
 * <OC_EX_SPEC>,<NAME>": units enabled from 1 on without a gap, each with at
 * least one unit and max_latency above its latency - initiation),
 * -gpgpu_num_{sp,dp,int,sfu,tensor_core}_units (sp and sfu at least 1),
 * -gpgpu_sub_core_model, -gpgpu_max_insn_issue_per_warp (1 or 2),
 * -gpgpu_dual_issue_diff_exec_units, -gpgpu_shader_registers,
 * -gpgpu_registers_per_block, -gpgpu_shmem_per_block,
 * -gpgpu_kernel_launch_latency, -gpgpu_TB_launch_latency,
 * -gpgpu_smem_latency (GPGPU-Sim 4.0: -smem_latency; above 1),
 * -gpgpu_shmem_num_banks, -gpgpu_shmem_limited_broadcast,
 * -gpgpu_flush_l1_cache, -gpgpu_flush_l2_cache and
 * -gpgpu_ignore_resources_limitation.  Absent options take the defaults of
 * bwm_exec_config_defaults; a bad value fails naming the option
 * (BWM_EINPUT). */
#ifndef BWM_GPU_READ_EXEC_H
#define BWM_GPU_READ_EXEC_H

#include "sim/config/exec_config.h"
#include "sim/config/optset.h"
#include "util/status.h"

int bwm_gpu_read_exec(bwm_optset *s, bwm_exec_config *x, bwm_err *err);

#endif
