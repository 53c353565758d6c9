/* op_decode_test.c — sim/traced/op_decode: how a kernel's memory opcodes
 * reach the SM, as Accel-Sim's trace_warp_inst_t::parse_from_trace_struct
 * sets them up (trace_driven.cc): LDG/STG through the L1D (a store only
 * for STG); ATOM, ATOMG and RED global atomics whose cache operator
 * CACHE_GLOBAL skips the L1D, issued as loads whatever their modifiers or
 * width; ATOMS a shared-memory atomic; LDS plain shared memory; LDC a
 * constant load of fixed latency; a global or local load skips the L1D
 * (cache operator CACHE_GLOBAL) when its tokens include both STRONG and
 * GPU ("if its strong GPU, then bypass L1", for OP_LDG, OP_LDGSTS and
 * OP_LDL; tokens compared whole, inst_trace_t::check_opcode_contain), and
 * no other modifier changes a load's or store's operator. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/traced/op_decode.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

/* The decoded form of opcode text on a kernel of binary version v. */
static bwm_op_decoded decoded_on(const char *text, int v)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "", "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_sass_header h;
    memset(&h, 0, sizeof h);
    h.binary_version = v;
    bwm_sass_opcodes t;
    bwm_sass_opcodes_init(&t);
    int id = bwm_sass_opcode_id(&t, text, strlen(text));
    cr_assert_geq(id, 0);
    bwm_op_report report;
    memset(&report, 0, sizeof report);
    bwm_op_decode d;
    bwm_op_decode_init(&d, &cfg, &h, &report);
    bwm_op_decoded out = *bwm_op_decode_get(&d, &t, id);
    cr_expect_eq(report.n_unknown, 0, "%s is in the table of binary version %d", text, v);
    bwm_op_decode_free(&d);
    bwm_sass_opcodes_free(&t);
    return out;
}

/* The decoded form of opcode text on a Volta (binary version 70) kernel. */
static bwm_op_decoded decoded(const char *text)
{
    return decoded_on(text, 70);
}

Test(op_decode, global_atomics_and_reductions_skip_the_l1d_as_loads)
{
    const char *atomics[] = {"ATOMG.E.ADD.STRONG.GPU", "ATOM.E.ADD.F32.FTZ.RN.STRONG.GPU", "RED.E.ADD.STRONG.GPU",
                             "ATOMG.E.EXCH.64.STRONG.GPU", "RED.E.MIN.S32.STRONG.GPU"};
    for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
        bwm_op_decoded d = decoded(atomics[i]);
        cr_expect_eq(d.exec, BWM_EXEC_ATOMIC, "%s", atomics[i]);
        cr_expect_not(d.is_store, "%s issues as a load", atomics[i]);
    }
    cr_expect_eq(decoded("ATOMG.E.EXCH.64.STRONG.GPU").width, 8, "the width from the modifiers");
    cr_expect_eq(decoded("RED.E.ADD.STRONG.GPU").width, 4);
}

Test(op_decode, a_shared_atomic_stays_in_shared_memory)
{
    cr_expect_eq(decoded("ATOMS.ADD").exec, BWM_EXEC_SHARED_ATOMIC);
    cr_expect_eq(decoded("ATOMS.CAS.64").exec, BWM_EXEC_SHARED_ATOMIC);
    cr_expect_eq(decoded("LDS.U.128").exec, BWM_EXEC_SHARED);
}

Test(op_decode, loads_stores_and_constants)
{
    bwm_op_decoded ldg = decoded("LDG.E.64"), stg = decoded("STG.E"), ldc = decoded("LDC.64");
    cr_expect_eq(ldg.exec, BWM_EXEC_MEMORY);
    cr_expect_not(ldg.is_store);
    cr_expect_eq(stg.exec, BWM_EXEC_MEMORY);
    cr_expect(stg.is_store);
    cr_expect_eq(ldc.exec, BWM_EXEC_PIPE, "LDC is an ALU instruction in the tables, not a memory one");
}

Test(op_decode, a_strong_gpu_load_skips_the_l1d)
{
    const char *past[] = {"LDG.E.STRONG.GPU", "LDG.E.64.STRONG.GPU", "LDG.E.U8.STRONG.GPU", "LDG.E.128.STRONG.GPU",
                          "LDL.STRONG.GPU", "LDG.E.GPU.STRONG"};
    for (size_t i = 0; i < sizeof past / sizeof past[0]; i++) {
        bwm_op_decoded d = decoded(past[i]);
        cr_expect_eq(d.exec, BWM_EXEC_MEMORY, "%s", past[i]);
        cr_expect_not(d.is_store, "%s", past[i]);
        cr_expect(d.cache_global, "%s: STRONG and GPU among its tokens", past[i]);
    }
    cr_expect_eq(decoded("LDG.E.64.STRONG.GPU").width, 8, "the width from the modifiers still");
    bwm_op_decoded ldgsts = decoded_on("LDGSTS.E.STRONG.GPU", 80);
    cr_expect_eq(ldgsts.exec, BWM_EXEC_MEMORY);
    cr_expect(ldgsts.cache_global, "LDGSTS shares LDG's case in Accel-Sim");
}

Test(op_decode, every_other_load_and_every_store_goes_through_the_l1d)
{
    const char *through[] = {"LDG.E",           "LDG.E.STRONG.SYS", "LDG.E.STRONG.CTA", "LDG.E.CONSTANT",
                             "LDG.E.EF",        "LDG.E.LU",         "LDG.E.CG",         "LDG.E.CONSTANT.GPU",
                             "LDG.E.STRONGGPU", "LDG.E.STRONG.GPUS", "LDL.LU",          "LDGSTS.E.BYPASS.LTC128B.128"};
    for (size_t i = 0; i < sizeof through / sizeof through[0]; i++) {
        bwm_op_decoded d = decoded_on(through[i], 80);
        cr_expect_eq(d.exec, BWM_EXEC_MEMORY, "%s", through[i]);
        cr_expect_not(d.cache_global, "%s: Accel-Sim reads no other modifier", through[i]);
    }
    const char *stores[] = {"STG.E.STRONG.GPU", "STL.STRONG.GPU", "STG.E.64.STRONG.SYS", "STG.E.EF"};
    for (size_t i = 0; i < sizeof stores / sizeof stores[0]; i++) {
        bwm_op_decoded d = decoded(stores[i]);
        cr_expect(d.is_store, "%s", stores[i]);
        cr_expect_not(d.cache_global, "%s: a store's operator is CACHE_ALL", stores[i]);
    }
    bwm_op_decoded ld = decoded("LD.E.STRONG.GPU");
    cr_expect_eq(ld.exec, BWM_EXEC_GENERIC);
    cr_expect_not(ld.cache_global, "a generic load keeps CACHE_ALL (Accel-Sim's OP_LD case)");
}

/* Kepler's table (binary version 35, kepler_opcode.h) names LD and ST
 * OP_LDG and OP_STG: global, through the L1D, whatever the address; the
 * later tables keep them generic (OP_LD, OP_ST: the space by address). */
Test(op_decode, keplers_ld_and_st_are_global)
{
    bwm_op_decoded ld = decoded_on("LD.E", 35), st = decoded_on("ST.E", 35);
    cr_expect_eq(ld.exec, BWM_EXEC_MEMORY);
    cr_expect_not(ld.is_store);
    cr_expect_eq(st.exec, BWM_EXEC_MEMORY);
    cr_expect(st.is_store);
    cr_expect_eq(decoded_on("LD.E", 61).exec, BWM_EXEC_GENERIC);
    cr_expect_eq(decoded("ST.E").exec, BWM_EXEC_GENERIC);
    cr_expect_eq(decoded_on("LD.E", 86).exec, BWM_EXEC_GENERIC);
}
