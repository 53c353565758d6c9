/* opclass_test.c — SASS opcode classes (sim/sass/opclass.h) against
 * Accel-Sim's tables: gpu-simulator/ISA_Def/kepler_opcode.h, pascal_opcode.h,
 * volta_opcode.h, turing_opcode.h and ampere_opcode.h of accel-sim-framework
 * (branch dev), and the binary-version switch of trace_kernel_info_t in
 * gpu-simulator/trace-driven/trace_driven.cc. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/sass/opclass.h"

static bwm_op_info cls(const char *op, unsigned version)
{
    bwm_op_info info;
    int known = bwm_sass_op_class(op, strlen(op), version, &info);
    cr_assert_eq(known, info.cls != BWM_OP_UNKNOWN, "%s: known %d but class %d", op, known, info.cls);
    return info;
}

static void expect(const char *op, unsigned version, bwm_op_class c, int unit)
{
    bwm_op_info i = cls(op, version);
    cr_expect_eq(i.cls, c, "%s on %u: class %s, expected %s", op, version, bwm_op_class_name(i.cls),
                 bwm_op_class_name(c));
    cr_expect_eq(i.spec_unit, unit, "%s on %u: unit %d, expected %d", op, version, i.spec_unit, unit);
}

Test(opclass, binary_versions_pick_accelsim_tables)
{
    /* AMPERE_RTX 86 and AMPERE_A100 80, VOLTA 70, TURING 75, PASCAL 60/61, KEPLER 35 */
    cr_expect_str_eq(bwm_sass_isa_name(70), "Volta");
    cr_expect_str_eq(bwm_sass_isa_name(75), "Turing");
    cr_expect_str_eq(bwm_sass_isa_name(80), "Ampere");
    cr_expect_str_eq(bwm_sass_isa_name(86), "Ampere");
    cr_expect_str_eq(bwm_sass_isa_name(61), "Pascal");
    cr_expect_str_eq(bwm_sass_isa_name(60), "Pascal");
    cr_expect_str_eq(bwm_sass_isa_name(35), "Kepler");
    /* no table: Accel-Sim prints "unsupported binary version" and exits */
    cr_expect_null(bwm_sass_isa_name(72));
    cr_expect_null(bwm_sass_isa_name(89));
    cr_expect_null(bwm_sass_isa_name(90));
    cr_expect_eq(bwm_sass_isa_family(90), BWM_ISA_NONE);
    cr_expect_str_eq(bwm_isa_family_name(BWM_ISA_NONE), "unsupported");
    bwm_op_info i;
    cr_expect_eq(bwm_sass_op_class("FADD", 4, 90, &i), 0);
    cr_expect_eq(i.cls, BWM_OP_UNKNOWN);
}

/* The uniform datapath: ULDC, S2UR, UIADD3 go to specialized unit 4 on
 * Ampere (and Turing), which stock SM7_QV100 lacks; Volta has no such
 * opcodes. */
Test(opclass, uniform_datapath_is_unit_4)
{
    const char *udp[] = {"ULDC", "S2UR", "UIADD3", "UMOV", "R2UR", "VOTEU", "REDUX"};
    for (size_t k = 0; k < sizeof udp / sizeof udp[0]; k++)
        expect(udp[k], 86, BWM_OP_SPEC, 4);
    expect("ULDC", 80, BWM_OP_SPEC, 4);
    expect("S2UR", 75, BWM_OP_SPEC, 4);
    expect("UIADD3", 75, BWM_OP_SPEC, 4);
    expect("ULDC", 70, BWM_OP_UNKNOWN, 0);
    expect("REDUX", 75, BWM_OP_UNKNOWN, 0); /* Ampere's only */
}

/* One opcode of each kind per family: its binary version and the class and
 * unit its table gives. */
static const struct {
    const char *op;
    unsigned version;
    bwm_op_class cls;
    int unit;
} cases[] = {
    {"FFMA", 86, BWM_OP_SP, 0},
    {"IMAD", 86, BWM_OP_INT, 0},
    {"MOV", 86, BWM_OP_ALU, 0},
    {"DFMA", 80, BWM_OP_DP, 0},
    {"MUFU", 80, BWM_OP_SFU, 0},
    {"HMMA", 80, BWM_OP_SPEC, 3},
    {"DMMA", 80, BWM_OP_SPEC, 3},
    {"KILL", 80, BWM_OP_SPEC, 3},
    {"TEX", 86, BWM_OP_SPEC, 2},
    {"BRA", 86, BWM_OP_SPEC, 1},
    {"CALL", 86, BWM_OP_SPEC, 1},
    {"RET", 86, BWM_OP_SPEC, 1},
    {"EXIT", 86, BWM_OP_EXIT, 0},
    {"BAR", 86, BWM_OP_BARRIER, 0},
    {"MEMBAR", 86, BWM_OP_MEMBAR, 0},
    {"LDG", 86, BWM_OP_LOAD, 0},
    {"LDGSTS", 86, BWM_OP_LOAD, 0},
    {"STS", 86, BWM_OP_STORE, 0},
    {"ATOMS", 86, BWM_OP_STORE, 0},
    {"LDC", 86, BWM_OP_ALU, 0}, /* "we ignore constant loads, consider it as ALU_OP" */
    {"SULD", 86, BWM_OP_ALU, 0},
    {"NOP", 86, BWM_OP_ALU, 0},
    {"F2FP", 86, BWM_OP_ALU, 0},
    {"HMMA", 70, BWM_OP_SPEC, 3},
    {"BRA", 70, BWM_OP_SPEC, 1},
    {"TLD4", 70, BWM_OP_SPEC, 2},
    {"IADD3", 70, BWM_OP_INT, 0},
    {"FSETP", 70, BWM_OP_SP, 0},
    {"LDSM", 70, BWM_OP_UNKNOWN, 0}, /* Turing on */
    {"LDSM", 75, BWM_OP_LOAD, 0},
    {"IMMA", 75, BWM_OP_SPEC, 3},
    {"DMMA", 75, BWM_OP_UNKNOWN, 0},
    {"XMAD", 61, BWM_OP_INT, 0},
    {"BRA", 61, BWM_OP_BRANCH, 0},
    {"SSY", 61, BWM_OP_BRANCH, 0},
    {"SYNC", 60, BWM_OP_BRANCH, 0},
    {"CAL", 61, BWM_OP_CALL, 0},
    {"RET", 61, BWM_OP_RET, 0},
    {"TEX", 61, BWM_OP_ALU, 0},
    {"DMNMX", 60, BWM_OP_DP, 0},
    {"ISUB", 35, BWM_OP_INT, 0},
    {"LD", 35, BWM_OP_LOAD, 0},
    {"ST", 35, BWM_OP_STORE, 0},
    {"CAL", 35, BWM_OP_CALL, 0},
    {"PBK", 35, BWM_OP_RET, 0},
    {"BRA", 35, BWM_OP_BRANCH, 0},
    {"XMAD", 35, BWM_OP_UNKNOWN, 0},
};

Test(opclass, one_of_each_kind_per_family)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        expect(cases[k].op, cases[k].version, cases[k].cls, cases[k].unit);
}

/* Accel-Sim reissues ATOM/ATOMG/RED as LOAD_OP and halves FP16 pairs'
 * initiation interval (parse_from_trace_struct). */
Test(opclass, flags)
{
    bwm_op_info a = cls("ATOMG", 86), r = cls("RED", 70), h = cls("HFMA2", 86), m = cls("HMUL2", 86);
    cr_expect_eq(a.cls, BWM_OP_LOAD);
    cr_expect(a.flags & BWM_OP_ATOMIC);
    cr_expect(r.flags & BWM_OP_ATOMIC);
    cr_expect_eq(h.cls, BWM_OP_SP);
    cr_expect(h.flags & BWM_OP_FP16);
    cr_expect_eq(m.flags & BWM_OP_FP16, 0); /* HMUL2 is not in Accel-Sim's list, HMUL2_32I is */
    cr_expect(cls("HMUL2_32I", 86).flags & BWM_OP_FP16);
}

Test(opclass, modifiers_and_bad_text)
{
    expect("LDG.E.64.SYS", 86, BWM_OP_LOAD, 0);
    expect("ULDC.64", 86, BWM_OP_SPEC, 4);
    bwm_op_info i;
    cr_expect_eq(bwm_sass_op_class("FADDX", 5, 86, &i), 0);
    cr_expect_eq(bwm_sass_op_class("FAD", 3, 86, &i), 0);   /* a prefix of FADD */
    cr_expect_eq(bwm_sass_op_class("FADDXYZ", 4, 86, &i), 1); /* only len bytes count */
    cr_expect_eq(i.cls, BWM_OP_SP);
    cr_expect_eq(bwm_sass_op_class(".E", 2, 86, &i), 0);
    cr_expect_eq(bwm_sass_op_class("", 0, 86, &i), 0);
    cr_expect_eq(bwm_sass_op_class("fadd", 4, 86, &i), 0);
    cr_expect_eq(bwm_sass_op_class("BOGUS", 5, 86, &i), 0);
    cr_expect_eq(i.cls, BWM_OP_UNKNOWN);
    cr_expect_str_eq(bwm_op_class_name(BWM_OP_UNKNOWN), "unknown");
    cr_expect_str_eq(bwm_op_class_name(BWM_OP_SPEC), "spec");
    cr_expect_str_eq(bwm_op_class_name(BWM_OP_N_CLASSES), "unknown");
}

/* Every table sorted and searchable, with the sizes of Accel-Sim's maps
 * (entries counted in each *_opcode.h). */
Test(opclass, tables_sorted_and_complete)
{
    const size_t sizes[BWM_ISA_N_FAMILIES] = {0, 102, 152, 127, 165, 174};
    const unsigned version[BWM_ISA_N_FAMILIES] = {0, 35, 61, 70, 75, 86};
    for (int f = BWM_ISA_KEPLER; f < BWM_ISA_N_FAMILIES; f++) {
        const char *name, *prev = NULL;
        bwm_op_info info;
        size_t n = 0;
        while (bwm_sass_op_table_at((bwm_isa_family)f, n, &name, &info)) {
            if (prev)
                cr_expect_lt(strcmp(prev, name), 0, "%s: %s before %s", bwm_isa_family_name(f), prev, name);
            bwm_op_info again;
            cr_expect_eq(bwm_sass_op_class(name, strlen(name), version[f], &again), 1, "%s", name);
            cr_expect_eq(again.cls, info.cls);
            cr_expect((info.cls == BWM_OP_SPEC) == (info.spec_unit >= 1 && info.spec_unit <= 8));
            prev = name;
            n++;
        }
        cr_expect_eq(n, sizes[f], "%s: %zu entries", bwm_isa_family_name(f), n);
    }
}
