/* exec_config.h — an SM's execution units and occupancy limits as data
 * (bwm_gpu_config.exec), and where an instruction class (sim/sass/opclass.h)
 * executes on them.
 *
 * The units, counts and limits are GPGPU-Sim's options (gpu-sim.cc,
 * shader_core_config); the latency and initiation interval of each class
 * are Accel-Sim's trace options (trace_driven.cc, trace_config): reading
 * them, with their defaults and checks, is gpu_read_exec.c's.
 *
 * Where a class executes (bwm_exec_resolve) follows GPGPU-Sim's
 * scheduler_unit::cycle and Accel-Sim's trace_config::set_latency:
 * - LOAD, STORE, MEMBAR: the memory pipeline; latency and initiation 1 (the
 *   memory system times them);
 * - SP: the SP units;
 * - INT, ALU, BRANCH, CALL, RET, BARRIER, EXIT, NOP: the INT units, or the
 *   SP units when there are none (-gpgpu_num_int_units 0, Fermi to Pascal);
 *   INT, ALU, BRANCH, CALL and RET with the int latency and initiation,
 *   the rest with 1 and 1;
 * - DP: the DP units, or the SFUs when there are none; the dp latency;
 * - SFU: the SFUs, sfu latency; TENSOR: the tensor cores, tensor latency;
 * - SPEC n: specialized unit n with -trace_opcode_latency_initiation_spec_op_n.
 * A half-precision pair (BWM_OP_FP16) has half the initiation interval, at
 * least 1.
 *
 * Fallback.  GPGPU-Sim builds only the specialized units 1..N enabled
 * without a gap; an instruction of unit n > N makes it abort (shader.cc,
 * assert(spec_id < m_specialized_unit.size())), as an sm_80 trace's
 * uniform-datapath opcodes do on stock SM7_QV100, which defines units 1-3.
 * Here such an instruction runs as the class Accel-Sim's own tables give
 * the same work where there is no such unit, on that class's unit with its
 * latency and initiation interval, and the slot says it fell back:
 * - unit 1 (BRA: branches, calls, returns from Volta on) -> BRANCH, as the
 *   Kepler and Pascal tables send them: the INT pipeline, int latency;
 * - unit 2 (TEX: texture fetches) -> ALU, as the Kepler and Pascal tables
 *   send TEX, TLD, TLD4, TXQ: the INT pipeline, int latency;
 * - unit 3 (TENSOR: HMMA, IMMA, BMMA, DMMA, and the tables' KILL) ->
 *   GPGPU-Sim's TENSOR_CORE_OP: the tensor cores with the tensor latency,
 *   or the SP units with the sp latency when there are none (GPGPU-Sim
 *   never issues a tensor instruction then);
 * - unit 4 (UDP, the uniform datapath: ULDC, S2UR, UIADD3, ...) -> INT: the
 *   uniform datapath is a scalar integer pipeline (NVIDIA's Turing talk,
 *   Hot Chips 31), and Volta, which lacks it, compiles the same work to
 *   IADD3, MOV, LDC, S2R (INTP_OP and ALU_OP); int latency;
 * - units 5..8 (used by no table) -> INT, int latency.
 * -gpgpu_num_sp_units and -gpgpu_num_sfu_units are at least 1: with none,
 * GPGPU-Sim never issues SP_OP (SFU_OP, and DP_OP without DP units) and
 * the warp waits forever. */
#ifndef BWM_EXEC_CONFIG_H
#define BWM_EXEC_CONFIG_H

#include <stddef.h>

#include "sim/sass/opclass.h"
#include "util/buf.h"

#define BWM_SPEC_UNITS 8       /* GPGPU-Sim's SPECIALIZED_UNIT_NUM */
#define BWM_SPEC_NAME_MAX 20   /* GPGPU-Sim's specialized_unit_params.name, with its NUL */

/* "<latency>,<initiation>" of a -trace_opcode_latency_initiation_* option. */
typedef struct bwm_lat_ii {
    int latency, initiation;
} bwm_lat_ii;

/* -specialized_unit_N "<enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,<OC_EX_SPEC>,<NAME>". */
typedef struct bwm_spec_unit {
    int enabled;
    int num_units;
    int max_latency; /* pipeline depth: an instruction enters at stage latency - initiation */
    int id_oc, oc_ex; /* widths of its issue and execute registers */
    char name[BWM_SPEC_NAME_MAX];
} bwm_spec_unit;

typedef struct bwm_exec_config {
    /* -trace_opcode_latency_initiation_{int,sp,dp,sfu,tensor}, default 4,1 */
    bwm_lat_ii lat_int, lat_sp, lat_dp, lat_sfu, lat_tensor;
    bwm_lat_ii lat_spec[BWM_SPEC_UNITS]; /* ..._spec_op_1..8, default 4,4 */
    bwm_spec_unit spec[BWM_SPEC_UNITS];  /* -specialized_unit_1..8, default 0,4,4,4,4,BRA */
    int n_spec;               /* units 1..n_spec are enabled (no gap is accepted) */
    int num_sp_units;         /* -gpgpu_num_sp_units, default 1 */
    int num_dp_units;         /* -gpgpu_num_dp_units, default 0: DP runs on the SFUs */
    int num_int_units;        /* -gpgpu_num_int_units, default 0: INT runs on the SP units */
    int num_sfu_units;        /* -gpgpu_num_sfu_units, default 1 */
    int num_tensor_units;     /* -gpgpu_num_tensor_core_units, default 0 */
    int sub_core_model;       /* -gpgpu_sub_core_model, default 0 */
    int max_insn_issue_per_warp; /* -gpgpu_max_insn_issue_per_warp: 1 or 2, default 2 */
    int dual_issue_diff_exec_units; /* -gpgpu_dual_issue_diff_exec_units, default 1 */
    int shader_registers;     /* -gpgpu_shader_registers per SM, default 8192 */
    int registers_per_block;  /* -gpgpu_registers_per_block, default 8192 */
    int shmem_per_block;      /* -gpgpu_shmem_per_block bytes, default 49152 */
    int kernel_launch_latency; /* -gpgpu_kernel_launch_latency core cycles, default 0 */
    int tb_launch_latency;    /* -gpgpu_TB_launch_latency core cycles, default 0 */
    int flush_l1;             /* -gpgpu_flush_l1_cache: the L1Ds are invalidated between kernels
                                 (when an SM has no thread left), default 0 */
    int flush_l2;             /* -gpgpu_flush_l2_cache: a traced application's dirty L2 lines are
                                 dropped, unwritten, when its kernel ends (kernel_launch.h);
                                 synthetic warps never end.  Default 0 */
    int smem_latency;         /* -gpgpu_smem_latency (GPGPU-Sim 4.0: -smem_latency), default 3, > 1 */
    int shmem_num_banks;      /* -gpgpu_shmem_num_banks, default 16 */
    int shmem_limited_broadcast; /* -gpgpu_shmem_limited_broadcast, default 1 */
    int ignore_resources_limitation; /* -gpgpu_ignore_resources_limitation, default 0 */
    int concurrent_kernel_sm; /* -gpgpu_concurrent_kernel_sm, default 0: a traced application's kernels of
                                 different CUDA streams may run at once (sim/run/run_streams.h) */
    int max_concurrent_kernel; /* -gpgpu_max_concurrent_kernel, default 8: with concurrent_kernel_sm, the
                                  kernels of an application read ahead of the list at once (Accel-Sim's window) */
} bwm_exec_config;

/* GPGPU-Sim's and Accel-Sim's defaults, as an absent option gives them. */
void bwm_exec_config_defaults(bwm_exec_config *x);

typedef enum bwm_exec_pipe {
    BWM_PIPE_NONE, /* unknown class: not executed */
    BWM_PIPE_INT,
    BWM_PIPE_SP,
    BWM_PIPE_DP,
    BWM_PIPE_SFU,
    BWM_PIPE_TENSOR,
    BWM_PIPE_SPEC, /* specialized unit spec_unit */
    BWM_PIPE_MEM,
    BWM_PIPE_N
} bwm_exec_pipe;

/* "none", "int", "sp", "dp", "sfu", "tensor", "spec", "mem". */
const char *bwm_exec_pipe_name(bwm_exec_pipe p);

typedef struct bwm_exec_slot {
    int pipe;       /* bwm_exec_pipe */
    int spec_unit;  /* 1..8 for BWM_PIPE_SPEC, else 0 */
    int latency;    /* core cycles from issue to the result */
    int initiation; /* core cycles before the unit takes the next instruction */
    int fallback;   /* 1: a specialized unit the config lacks, run elsewhere (see above) */
} bwm_exec_slot;

/* Where op executes on x, with its latency and initiation interval (see
 * above): returns 1, or 0 for BWM_OP_UNKNOWN (pipe NONE, latency and
 * initiation 1) and for a class the config cannot run at all (a SPEC
 * unit number outside 1..8). */
int bwm_exec_resolve(const bwm_exec_config *x, bwm_op_info op, bwm_exec_slot *out);

/* Whether specialized unit n (1..8) is built: enabled and within 1..n_spec. */
int bwm_exec_has_spec(const bwm_exec_config *x, int n);

/* The one warning for the n opcodes (texts, e.g. "ULDC.64") whose
 * specialized unit the config lacks, each with its unit (units[i], 1..8),
 * appended to out as one line without a newline:
 * "specialized unit 4 is not defined: ULDC.64, S2UR run on the INT pipeline
 * (int latency); -specialized_unit_4 and
 * -trace_opcode_latency_initiation_spec_op_4 would define it".  Units are
 * named in ascending order, each with its opcodes in the order given;
 * nothing is appended when n is 0. */
void bwm_exec_fallback_warning(const bwm_exec_config *x, const char *const *opcodes, const int *units, size_t n,
                               bwm_buf *out);

#endif
