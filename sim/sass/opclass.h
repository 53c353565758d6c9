/* opclass.h — the instruction class of a SASS opcode, as Accel-Sim assigns it.
 *
 * Accel-Sim's trace-driven mode picks one opcode table per kernel from the
 * trace header's binary version (trace_driven.cc, trace_kernel_info_t) and
 * looks the base opcode up in it (the text before the first '.': "LDG" of
 * "LDG.E.64"); the table gives a GPGPU-Sim category (abstract_hardware_model.h,
 * uarch_op_t), which decides the execution unit and, with the config's
 * -trace_opcode_latency_initiation_* options, the latency and initiation
 * interval (sim/config/exec_config.h resolves those).  The tables here are
 * the facts of Accel-Sim's gpu-simulator/ISA_Def/{kepler,pascal,volta,turing,
 * ampere}_opcode.h (branch dev; there is no Hopper table there).
 *
 * An opcode a table lacks is unknown: Accel-Sim stops with "undefined
 * instruction"; here it is BWM_OP_UNKNOWN, for the caller to count and
 * report. */
#ifndef BWM_SASS_OPCLASS_H
#define BWM_SASS_OPCLASS_H

#include <stddef.h>
#include <stdint.h>

/* GPGPU-Sim's categories that Accel-Sim's tables use, one class each.
 * ALU_OP and INTP_OP are both here (ALU, INT): GPGPU-Sim issues both to the
 * INT unit (to SP when there is none) with the int latency, but Accel-Sim's
 * tables keep them apart.  Categories no table uses (ALU_SFU_OP,
 * TENSOR_CORE_LOAD_OP, TENSOR_CORE_STORE_OP) have no class; TENSOR is
 * GPGPU-Sim's TENSOR_CORE_OP, which Accel-Sim's tables never give (tensor
 * instructions go to specialized unit 3), and NOP GPGPU-Sim's NO_OP (the
 * tables send SASS NOP to ALU_OP). */
typedef enum bwm_op_class {
    BWM_OP_UNKNOWN,
    BWM_OP_INT,     /* INTP_OP */
    BWM_OP_SP,      /* SP_OP: single precision (and half precision) */
    BWM_OP_DP,      /* DP_OP */
    BWM_OP_SFU,     /* SFU_OP */
    BWM_OP_TENSOR,  /* TENSOR_CORE_OP */
    BWM_OP_SPEC,    /* SPECIALIZED_UNIT_n_OP, n in spec_unit */
    BWM_OP_LOAD,    /* LOAD_OP */
    BWM_OP_STORE,   /* STORE_OP */
    BWM_OP_BRANCH,  /* BRANCH_OP */
    BWM_OP_BARRIER, /* BARRIER_OP */
    BWM_OP_MEMBAR,  /* MEMORY_BARRIER_OP */
    BWM_OP_CALL,    /* CALL_OPS */
    BWM_OP_RET,     /* RET_OPS */
    BWM_OP_EXIT,    /* EXIT_OPS */
    BWM_OP_NOP,     /* NO_OP */
    BWM_OP_ALU,     /* ALU_OP: moves, conversions, predicates, constant loads, ... */
    BWM_OP_N_CLASSES
} bwm_op_class;

/* flags of bwm_op_info */
enum {
    /* Half-precision pair (HADD2, HADD2_32I, HFMA2, HFMA2_32I, HMUL2_32I,
       HSET2, HSETP2): Accel-Sim halves the SP initiation interval, at least
       1 (trace_driven.cc, parse_from_trace_struct; HMUL2 is not in its list). */
    BWM_OP_FP16 = 1,
    /* ATOM, ATOMG, RED: the tables say STORE_OP; Accel-Sim issues them as
       LOAD_OP (loads that return a value, done at the L2), as class is here. */
    BWM_OP_ATOMIC = 2
};

typedef struct bwm_op_info {
    uint8_t cls;       /* bwm_op_class */
    uint8_t spec_unit; /* 1..8 for BWM_OP_SPEC, else 0 */
    uint8_t flags;     /* BWM_OP_FP16, BWM_OP_ATOMIC */
} bwm_op_info;

/* The ISA family (opcode table) of a trace's binary version, as
 * trace_kernel_info_t chooses it: 35 Kepler, 60 and 61 Pascal, 70 Volta,
 * 75 Turing, 80 and 86 Ampere; anything else (72, 87, 89, 90, ...) has no
 * table: BWM_ISA_NONE.  On such a version Accel-Sim prints "unsupported
 * binary version: N" and exits with status 0 before simulating the kernel. */
typedef enum bwm_isa_family {
    BWM_ISA_NONE,
    BWM_ISA_KEPLER,
    BWM_ISA_PASCAL,
    BWM_ISA_VOLTA,
    BWM_ISA_TURING,
    BWM_ISA_AMPERE,
    BWM_ISA_N_FAMILIES
} bwm_isa_family;

bwm_isa_family bwm_sass_isa_family(unsigned binary_version);
/* "Kepler", "Pascal", "Volta", "Turing", "Ampere"; "unsupported" for NONE. */
const char *bwm_isa_family_name(bwm_isa_family f);
/* The family name of a binary version, or NULL when Accel-Sim has no table
 * for it (and would stop as said above). */
const char *bwm_sass_isa_name(unsigned binary_version);

/* The memory space an opcode of base space `space` (opcodes.h's
 * bwm_sass_space) has under the table of binary_version: Kepler's table
 * (kepler_opcode.h) names LD and ST OP_LDG and OP_STG, global whatever the
 * address; every other space, and a generic one elsewhere, is unchanged. */
int bwm_sass_table_space(int space, unsigned binary_version);

/* The class of the opcode base_opcode (len bytes, not NUL-terminated; text
 * from the first '.' on is ignored, so a whole "LDG.E.64" works too) under
 * the table of binary_version: 1 and *out filled when the table has it, 0
 * and *out = {BWM_OP_UNKNOWN} when not (or when the version has no table). */
int bwm_sass_op_class(const char *base_opcode, size_t len, unsigned binary_version, bwm_op_info *out);

/* "int", "sp", "dp", "sfu", "tensor", "spec", "load", "store", "branch",
 * "barrier", "membar", "call", "ret", "exit", "nop", "alu"; "unknown". */
const char *bwm_op_class_name(bwm_op_class c);

/* Entry i of family f's table, in strcmp order of the opcodes: 1 with
 * *name and *info, 0 past the end (for listings and checks). */
int bwm_sass_op_table_at(bwm_isa_family f, size_t i, const char **name, bwm_op_info *info);

#endif
