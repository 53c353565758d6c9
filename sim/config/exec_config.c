/* exec_config.c — defaults of the execution units, where an instruction
 * class executes and the fallback warning (see exec_config.h). */
#include "sim/config/exec_config.h"

#include <string.h>

void bwm_exec_config_defaults(bwm_exec_config *x)
{
    memset(x, 0, sizeof *x);
    const bwm_lat_ii four_one = {4, 1}, four_four = {4, 4}; /* trace_config::reg_options */
    x->lat_int = x->lat_sp = x->lat_dp = x->lat_sfu = x->lat_tensor = four_one;
    for (int i = 0; i < BWM_SPEC_UNITS; i++) {
        x->lat_spec[i] = four_four;
        x->spec[i] = (bwm_spec_unit){0, 4, 4, 4, 4, "BRA"}; /* "0,4,4,4,4,BRA" */
    }
    x->n_spec = 0;
    x->num_sp_units = 1;
    x->num_dp_units = 0;
    x->num_int_units = 0;
    x->num_sfu_units = 1;
    x->num_tensor_units = 0;
    x->sub_core_model = 0;
    x->max_insn_issue_per_warp = 2;
    x->dual_issue_diff_exec_units = 1;
    x->shader_registers = 8192;
    x->registers_per_block = 8192;
    x->shmem_per_block = 49152;
    x->kernel_launch_latency = 0;
    x->tb_launch_latency = 0;
    x->smem_latency = 3;
    x->shmem_num_banks = 16;
    x->shmem_limited_broadcast = 1;
    x->ignore_resources_limitation = 0;
    x->concurrent_kernel_sm = 0;
    x->max_concurrent_kernel = 8;
}

const char *bwm_exec_pipe_name(bwm_exec_pipe p)
{
    static const char *const names[BWM_PIPE_N] = {"none", "int", "sp", "dp", "sfu", "tensor", "spec", "mem"};
    return (unsigned)p < BWM_PIPE_N ? names[p] : "none";
}

int bwm_exec_has_spec(const bwm_exec_config *x, int n)
{
    return n >= 1 && n <= x->n_spec && n <= BWM_SPEC_UNITS && x->spec[n - 1].enabled;
}

/* The class Accel-Sim's tables give the work of specialized unit n where
 * the unit does not exist (exec_config.h). */
static bwm_op_class spec_fallback(int n)
{
    switch (n) {
    case 1:
        return BWM_OP_BRANCH;
    case 2:
        return BWM_OP_ALU;
    case 3:
        return BWM_OP_TENSOR;
    default:
        return BWM_OP_INT;
    }
}

static void put(bwm_exec_slot *out, bwm_exec_pipe pipe, bwm_lat_ii t)
{
    out->pipe = pipe;
    out->latency = t.latency;
    out->initiation = t.initiation;
}

int bwm_exec_resolve(const bwm_exec_config *x, bwm_op_info op, bwm_exec_slot *out)
{
    static const bwm_lat_ii one = {1, 1}; /* set_latency's value for the classes it does not name */
    *out = (bwm_exec_slot){BWM_PIPE_NONE, 0, 1, 1, 0};
    bwm_op_class c = (bwm_op_class)op.cls;
    if (c == BWM_OP_SPEC) {
        if (op.spec_unit < 1 || op.spec_unit > BWM_SPEC_UNITS)
            return 0;
        if (bwm_exec_has_spec(x, op.spec_unit)) {
            out->spec_unit = op.spec_unit;
            put(out, BWM_PIPE_SPEC, x->lat_spec[op.spec_unit - 1]);
            return 1;
        }
        out->fallback = 1;
        c = spec_fallback(op.spec_unit);
    }
    /* GPGPU-Sim runs what is neither SP nor a unit of its own on the INT
       units, on the SP units when there are none */
    bwm_exec_pipe int_pipe = x->num_int_units > 0 ? BWM_PIPE_INT : BWM_PIPE_SP;
    switch (c) {
    case BWM_OP_INT:
    case BWM_OP_ALU:
    case BWM_OP_BRANCH:
    case BWM_OP_CALL:
    case BWM_OP_RET:
        put(out, int_pipe, x->lat_int);
        break;
    case BWM_OP_BARRIER:
    case BWM_OP_EXIT:
    case BWM_OP_NOP:
        put(out, int_pipe, one);
        break;
    case BWM_OP_SP:
        put(out, BWM_PIPE_SP, x->lat_sp);
        break;
    case BWM_OP_DP:
        put(out, x->num_dp_units > 0 ? BWM_PIPE_DP : BWM_PIPE_SFU, x->lat_dp);
        break;
    case BWM_OP_SFU:
        put(out, BWM_PIPE_SFU, x->lat_sfu);
        break;
    case BWM_OP_TENSOR:
        if (x->num_tensor_units > 0) {
            put(out, BWM_PIPE_TENSOR, x->lat_tensor);
        } else {
            put(out, BWM_PIPE_SP, x->lat_sp);
            out->fallback = 1;
        }
        break;
    case BWM_OP_LOAD:
    case BWM_OP_STORE:
    case BWM_OP_MEMBAR:
        put(out, BWM_PIPE_MEM, one);
        break;
    default:
        return 0;
    }
    if ((op.flags & BWM_OP_FP16) && out->initiation > 1)
        out->initiation /= 2;
    return 1;
}

void bwm_exec_fallback_warning(const bwm_exec_config *x, const char *const *opcodes, const int *units, size_t n,
                               bwm_buf *out)
{
    int first = 1;
    for (int u = 1; u <= BWM_SPEC_UNITS; u++) {
        int named = 0;
        for (size_t i = 0; i < n; i++) {
            if (units[i] != u)
                continue;
            if (named++ == 0)
                bwm_buf_printf(out, "%sspecialized unit %d is not defined: ", first ? "" : "; ", u);
            bwm_buf_printf(out, "%s%s", named > 1 ? ", " : "", opcodes[i]);
        }
        if (!named)
            continue;
        first = 0;
        bwm_exec_slot s;
        bwm_exec_resolve(x, (bwm_op_info){BWM_OP_SPEC, (uint8_t)u, 0}, &s);
        bwm_buf_printf(out, " %s on the %s pipeline (latency %d, initiation %d); -specialized_unit_%d and "
                       "-trace_opcode_latency_initiation_spec_op_%d would define it",
                       named > 1 ? "run" : "runs", bwm_exec_pipe_name(s.pipe), s.latency, s.initiation, u, u);
    }
}
