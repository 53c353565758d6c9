/* exec_config_test.c — the execution units (sim/config/exec_config.h) read
 * from GPGPU-Sim's and Accel-Sim's options (gpu_read_exec.c): defaults,
 * the stock SM86_RTX3070 gpgpusim.config followed by its trace.config
 * (several files read in order, later options winning), where each class
 * executes, the fallback of a specialized unit the config lacks with its
 * warning, and every bad value refused naming its option. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim/config/gpu_read.h"
#include "sim/config/gpu_read_exec.h"
#include "tests/support/tmp_text.h"
#include "tests/support/trace_config.h"

#define RTX3070 BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM86_RTX3070.config"
#define QV100 BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM7_QV100.config"

#define RTX3070_TRACE bwm_rtx3070_trace_config
#define QV100_TRACE bwm_qv100_trace_config

/* Loads the file at base followed by text (NULL: base alone; the file it
 * was written to is named in path, then removed) and returns the status. */
static int load_pair(const char *base, const char *text, char *path, bwm_gpu_config *c, bwm_optlist *ign,
                     bwm_err *err)
{
    const char *files[2] = {base, path};
    if (text)
        bwm_write_tmp(path, text);
    int st = bwm_gpu_config_load_files(files, text ? 2 : 1, NULL, NULL, c, ign, err);
    if (text)
        unlink(path);
    return st;
}

static bwm_gpu_config load_ok(const char *base, const char *text)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_err err;
    cr_assert_eq(load_pair(base, text, path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    return c;
}

/* Asserts that text after RTX3070's file is refused at "TMP:LINE: option NAME: ...WHAT". */
static void expect_bad(const char *text, int line, const char *name, const char *what)
{
    char path[BWM_TMP_PATH_MAX], option[128];
    bwm_gpu_config c;
    bwm_err err = {{0}};
    cr_assert_eq(load_pair(RTX3070, text, path, &c, NULL, &err), BWM_EINPUT, "accepted: %s", text);
    snprintf(option, sizeof option, ":%d: option %s: ", line, name);
    bwm_expect_at(err.msg, path, line, option);
    bwm_expect_at(err.msg, path, line, what);
}

/* GPGPU-Sim's registered defaults (gpu-sim.cc) and Accel-Sim's (trace_driven.cc). */
Test(exec_config, defaults)
{
    bwm_exec_config x;
    bwm_optset s;
    bwm_err err;
    bwm_optset_init(&s);
    cr_assert_eq(bwm_gpu_read_exec(&s, &x, &err), BWM_OK, "%s", err.msg);
    bwm_optset_free(&s);
    cr_expect_eq(x.lat_int.latency, 4);
    cr_expect_eq(x.lat_int.initiation, 1);
    cr_expect_eq(x.lat_tensor.initiation, 1);
    cr_expect_eq(x.lat_spec[7].latency, 4);
    cr_expect_eq(x.lat_spec[7].initiation, 4);
    cr_expect_eq(x.n_spec, 0);
    cr_expect_str_eq(x.spec[0].name, "BRA");
    cr_expect_eq(x.num_sp_units, 1);
    cr_expect_eq(x.num_dp_units, 0);
    cr_expect_eq(x.num_int_units, 0);
    cr_expect_eq(x.num_sfu_units, 1);
    cr_expect_eq(x.num_tensor_units, 0);
    cr_expect_eq(x.max_insn_issue_per_warp, 2);
    cr_expect_eq(x.dual_issue_diff_exec_units, 1);
    cr_expect_eq(x.shader_registers, 8192);
    cr_expect_eq(x.registers_per_block, 8192);
    cr_expect_eq(x.shmem_per_block, 49152);
    cr_expect_eq(x.kernel_launch_latency, 0);
    cr_expect_eq(x.smem_latency, 3);
    cr_expect_eq(x.shmem_num_banks, 16);
    cr_expect_eq(x.shmem_limited_broadcast, 1);
    cr_expect_eq(x.ignore_resources_limitation, 0);
}

/* gpgpusim.config then trace.config, as Accel-Sim reads them. */
Test(exec_config, rtx3070_gpgpusim_then_trace_config)
{
    bwm_gpu_config alone = load_ok(RTX3070, NULL), c = load_ok(RTX3070, RTX3070_TRACE);
    cr_expect_eq(alone.exec.n_spec, 0, "the gpgpusim.config defines no specialized unit");
    cr_expect_eq(alone.exec.lat_int.latency, 4, "nor trace latencies");
    const bwm_exec_config *x = &c.exec;
    cr_expect_eq(x->lat_int.latency, 2);
    cr_expect_eq(x->lat_int.initiation, 2);
    cr_expect_eq(x->lat_sp.latency, 2);
    cr_expect_eq(x->lat_sp.initiation, 1);
    cr_expect_eq(x->lat_dp.latency, 64);
    cr_expect_eq(x->lat_sfu.latency, 21);
    cr_expect_eq(x->lat_sfu.initiation, 8);
    cr_expect_eq(x->lat_tensor.latency, 32);
    cr_expect_eq(x->n_spec, 4);
    cr_expect_str_eq(x->spec[1].name, "TEX");
    cr_expect_eq(x->spec[1].max_latency, 200);
    cr_expect_eq(x->lat_spec[1].latency, 200);
    cr_expect_str_eq(x->spec[3].name, "UDP");
    cr_expect_eq(x->lat_spec[3].initiation, 1);
    /* SM86_RTX3070.config itself */
    cr_expect_eq(x->num_int_units, 4);
    cr_expect_eq(x->num_tensor_units, 4);
    cr_expect_eq(x->sub_core_model, 1);
    cr_expect_eq(x->max_insn_issue_per_warp, 1);
    cr_expect_eq(x->shader_registers, 65536);
    cr_expect_eq(x->smem_latency, 29);
    cr_expect_eq(x->shmem_num_banks, 32);
    cr_expect_eq(x->shmem_limited_broadcast, 0);
    cr_expect_eq(x->kernel_launch_latency, 5000);
    cr_expect_eq(x->tb_launch_latency, 0);
    cr_expect_eq(x->flush_l1, 1);
    cr_expect_eq(x->flush_l2, 0, "read, and off in the stock file");
    /* a later file wins: the reference's "-gpgpu_kernel_launch_latency 0" appended */
    char text[4096];
    snprintf(text, sizeof text, "%s-gpgpu_kernel_launch_latency 0\n", RTX3070_TRACE);
    cr_expect_eq(load_ok(RTX3070, text).exec.kernel_launch_latency, 0);
    snprintf(text, sizeof text, "%s-gpgpu_flush_l2_cache 1\n-gpgpu_TB_launch_latency 7\n", RTX3070_TRACE);
    bwm_exec_config later = load_ok(RTX3070, text).exec;
    cr_expect_eq(later.flush_l2, 1);
    cr_expect_eq(later.tb_launch_latency, 7);
    cr_expect_eq(c.n_sms, 46, "the first file's other options stand");
}

static bwm_exec_slot slot(const bwm_exec_config *x, const char *op, unsigned version)
{
    bwm_op_info info;
    bwm_exec_slot s;
    cr_assert(bwm_sass_op_class(op, strlen(op), version, &info), "%s", op);
    cr_assert(bwm_exec_resolve(x, info, &s), "%s", op);
    return s;
}

static void expect_slot(const bwm_exec_config *x, const char *op, unsigned version, bwm_exec_pipe pipe, int unit,
                        int latency, int initiation, int fallback)
{
    bwm_exec_slot s = slot(x, op, version);
    cr_expect_eq(s.pipe, pipe, "%s: pipe %s, expected %s", op, bwm_exec_pipe_name(s.pipe), bwm_exec_pipe_name(pipe));
    cr_expect_eq(s.spec_unit, unit, "%s: unit %d", op, s.spec_unit);
    cr_expect_eq(s.latency, latency, "%s: latency %d, expected %d", op, s.latency, latency);
    cr_expect_eq(s.initiation, initiation, "%s: initiation %d, expected %d", op, s.initiation, initiation);
    cr_expect_eq(s.fallback, fallback, "%s: fallback %d", op, s.fallback);
}

/* trace_config::set_latency and scheduler_unit::cycle on the RTX3070 files. */
Test(exec_config, classes_on_rtx3070)
{
    bwm_gpu_config c = load_ok(RTX3070, RTX3070_TRACE);
    const bwm_exec_config *x = &c.exec;
    expect_slot(x, "IMAD", 86, BWM_PIPE_INT, 0, 2, 2, 0);
    expect_slot(x, "MOV", 86, BWM_PIPE_INT, 0, 2, 2, 0);   /* ALU_OP: int latency, INT unit */
    expect_slot(x, "FFMA", 86, BWM_PIPE_SP, 0, 2, 1, 0);
    expect_slot(x, "HFMA2", 86, BWM_PIPE_SP, 0, 2, 1, 0);  /* 1 / 2 -> at least 1 */
    expect_slot(x, "DFMA", 86, BWM_PIPE_DP, 0, 64, 64, 0);
    expect_slot(x, "MUFU", 86, BWM_PIPE_SFU, 0, 21, 8, 0);
    expect_slot(x, "HMMA", 86, BWM_PIPE_SPEC, 3, 32, 32, 0);
    expect_slot(x, "TEX", 86, BWM_PIPE_SPEC, 2, 200, 4, 0);
    expect_slot(x, "BRA", 86, BWM_PIPE_SPEC, 1, 4, 4, 0);
    expect_slot(x, "ULDC", 86, BWM_PIPE_SPEC, 4, 4, 1, 0);
    expect_slot(x, "S2UR", 80, BWM_PIPE_SPEC, 4, 4, 1, 0);
    expect_slot(x, "LDG", 86, BWM_PIPE_MEM, 0, 1, 1, 0);
    expect_slot(x, "ATOMG", 86, BWM_PIPE_MEM, 0, 1, 1, 0);
    expect_slot(x, "STG", 86, BWM_PIPE_MEM, 0, 1, 1, 0);
    expect_slot(x, "MEMBAR", 86, BWM_PIPE_MEM, 0, 1, 1, 0);
    expect_slot(x, "EXIT", 86, BWM_PIPE_INT, 0, 1, 1, 0);  /* set_latency leaves EXIT_OPS at 1,1 */
    expect_slot(x, "BAR", 86, BWM_PIPE_INT, 0, 1, 1, 0);
    bwm_exec_slot none;
    cr_expect_eq(bwm_exec_resolve(x, (bwm_op_info){BWM_OP_UNKNOWN, 0, 0}, &none), 0);
    cr_expect_eq(none.pipe, BWM_PIPE_NONE);
    cr_expect_eq(bwm_exec_resolve(x, (bwm_op_info){BWM_OP_SPEC, 9, 0}, &none), 0);
}

/* QV100's sp "2,2": a half-precision pair initiates every cycle. */
Test(exec_config, fp16_halves_initiation)
{
    bwm_gpu_config c = load_ok(QV100, QV100_TRACE);
    expect_slot(&c.exec, "HADD2", 70, BWM_PIPE_SP, 0, 2, 1, 0);
    expect_slot(&c.exec, "HMUL2", 70, BWM_PIPE_SP, 0, 2, 2, 0); /* not in Accel-Sim's list */
    expect_slot(&c.exec, "FADD", 70, BWM_PIPE_SP, 0, 2, 2, 0);
}

/* Fermi-like units: no INT units (INT and ALU on SP), no DP units (DP on the
 * SFUs), no tensor cores, no specialized units. */
Test(exec_config, without_int_dp_tensor_units)
{
    bwm_gpu_config c = load_ok(BWM_SOURCE_DIR "/tests/fixtures/gtx480.config", NULL);
    const bwm_exec_config *x = &c.exec;
    cr_assert_eq(x->num_int_units, 0);
    cr_assert_eq(x->num_dp_units, 0);
    expect_slot(x, "IMAD", 61, BWM_PIPE_SP, 0, 4, 1, 0);
    expect_slot(x, "BRA", 61, BWM_PIPE_SP, 0, 4, 1, 0);
    expect_slot(x, "DFMA", 61, BWM_PIPE_SFU, 0, 4, 1, 0);
    /* Volta's unit-1 branch on a config with no unit 1: BRANCH, on SP here */
    expect_slot(x, "BRA", 70, BWM_PIPE_SP, 0, 4, 1, 1);
    /* a tensor instruction with no tensor cores runs on SP */
    expect_slot(x, "HMMA", 70, BWM_PIPE_SP, 0, 4, 1, 1);
}

/* An sm_80 trace on stock SM7_QV100 (units 1-3): the uniform datapath
 * falls back to the INT pipeline with the int latency, "2,2". */
Test(exec_config, udp_on_qv100_falls_back_to_int)
{
    bwm_gpu_config c = load_ok(QV100, QV100_TRACE);
    const bwm_exec_config *x = &c.exec;
    cr_assert_eq(x->n_spec, 3);
    cr_expect(!bwm_exec_has_spec(x, 4));
    cr_expect(bwm_exec_has_spec(x, 3));
    expect_slot(x, "ULDC", 80, BWM_PIPE_INT, 0, 2, 2, 1);
    expect_slot(x, "UIADD3", 80, BWM_PIPE_INT, 0, 2, 2, 1);
    expect_slot(x, "HMMA", 80, BWM_PIPE_SPEC, 3, 2, 2, 0);
    /* with the reference's two lines the unit exists */
    char text[4096];
    snprintf(text, sizeof text, "%s-specialized_unit_4 1,4,4,4,4,UDP\n-trace_opcode_latency_initiation_spec_op_4 4,1\n",
             QV100_TRACE);
    bwm_gpu_config udp = load_ok(QV100, text);
    expect_slot(&udp.exec, "ULDC", 80, BWM_PIPE_SPEC, 4, 4, 1, 0);
}

/* The fallback of each specialized unit (exec_config.h) on a config with
 * none: 1 BRANCH and 2 ALU on INT (int latency), 3 the tensor cores. */
Test(exec_config, fallback_of_each_unit)
{
    bwm_gpu_config c = load_ok(RTX3070, "-trace_opcode_latency_initiation_int 3,1\n"
                                        "-trace_opcode_latency_initiation_tensor 16,8\n");
    const bwm_exec_config *x = &c.exec;
    cr_assert_eq(x->n_spec, 0);
    expect_slot(x, "BRA", 86, BWM_PIPE_INT, 0, 3, 1, 1);
    expect_slot(x, "TLD", 86, BWM_PIPE_INT, 0, 3, 1, 1);
    expect_slot(x, "IMMA", 86, BWM_PIPE_TENSOR, 0, 16, 8, 1);
    expect_slot(x, "USHF", 86, BWM_PIPE_INT, 0, 3, 1, 1);
    bwm_exec_slot s;
    cr_expect(bwm_exec_resolve(x, (bwm_op_info){BWM_OP_SPEC, 7, 0}, &s));
    cr_expect_eq(s.pipe, BWM_PIPE_INT);
    cr_expect(s.fallback);
}

Test(exec_config, fallback_warning)
{
    bwm_gpu_config c = load_ok(QV100, QV100_TRACE);
    const char *ops[] = {"ULDC.64", "S2UR", "UIADD3"};
    const int units[] = {4, 4, 4};
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_exec_fallback_warning(&c.exec, ops, units, 3, &b);
    cr_expect_str_eq(bwm_buf_str(&b), "specialized unit 4 is not defined: ULDC.64, S2UR, UIADD3 run on the int "
                                      "pipeline (latency 2, initiation 2); -specialized_unit_4 and "
                                      "-trace_opcode_latency_initiation_spec_op_4 would define it");
    bwm_buf_clear(&b);
    bwm_gpu_config none = load_ok(RTX3070, NULL);
    const char *two[] = {"USEL", "BRA.U"};
    const int at[] = {4, 1};
    bwm_exec_fallback_warning(&none.exec, two, at, 2, &b);
    cr_expect_str_eq(bwm_buf_str(&b), "specialized unit 1 is not defined: BRA.U runs on the int pipeline (latency "
                                      "4, initiation 1); -specialized_unit_1 and "
                                      "-trace_opcode_latency_initiation_spec_op_1 would define it; specialized "
                                      "unit 4 is not defined: USEL runs on the int pipeline (latency 4, "
                                      "initiation 1); -specialized_unit_4 and "
                                      "-trace_opcode_latency_initiation_spec_op_4 would define it");
    bwm_buf_clear(&b);
    bwm_exec_fallback_warning(&none.exec, two, at, 0, &b);
    cr_expect_str_eq(bwm_buf_str(&b), "");
    bwm_buf_free(&b);
}

Test(exec_config, bad_values_name_their_option)
{
    expect_bad("-trace_opcode_latency_initiation_int 2\n", 1, "-trace_opcode_latency_initiation_int", "expected 2");
    expect_bad("\n-trace_opcode_latency_initiation_sp 1,2\n", 2, "-trace_opcode_latency_initiation_sp",
               "initiation interval 2 exceeds latency 1");
    expect_bad("-trace_opcode_latency_initiation_spec_op_3 0,0\n", 1, "-trace_opcode_latency_initiation_spec_op_3",
               "0 is out of range 1..");
    expect_bad("-specialized_unit_1 1,4,4,4,BRA\n", 1, "-specialized_unit_1", "is not <enabled>,<num_units>");
    expect_bad("-specialized_unit_1 2,4,4,4,4,BRA\n", 1, "-specialized_unit_1", "enabled: 2 is out of range 0..1");
    expect_bad("-specialized_unit_1 1,0,4,4,4,BRA\n", 1, "-specialized_unit_1", "never issues");
    expect_bad("-specialized_unit_1 1,4,4,4,4,ABCDEFGHIJKLMNOPQRSTU\n", 1, "-specialized_unit_1", "1 to 19 characters");
    expect_bad("-specialized_unit_1 1,4,4,4,4,BRA\n-specialized_unit_3 1,4,8,4,4,TENSOR\n", 2, "-specialized_unit_3",
               "unit 2 is not");
    /* TEX at 300 cycles enters stage 296 of a 200-stage pipeline; the later line is named */
    expect_bad("-specialized_unit_1 1,4,200,4,4,TEX\n-trace_opcode_latency_initiation_spec_op_1 300,4\n", 2,
               "-trace_opcode_latency_initiation_spec_op_1", "beyond unit 1's pipeline of 200 stages");
    expect_bad("-gpgpu_num_sp_units 0\n", 1, "-gpgpu_num_sp_units", "out of range 1..");
    expect_bad("-gpgpu_max_insn_issue_per_warp 3\n", 1, "-gpgpu_max_insn_issue_per_warp", "out of range 1..2");
    expect_bad("-gpgpu_smem_latency 1\n", 1, "-gpgpu_smem_latency", "out of range 2..");
    expect_bad("-gpgpu_kernel_launch_latency -1\n", 1, "-gpgpu_kernel_launch_latency", "out of range 0..");
}

/* GPGPU-Sim 4.0's -smem_latency (SM6_TITANX and SM3_KEPLER_TITAN use it). */
Test(exec_config, old_smem_latency_name)
{
    bwm_gpu_config c = load_ok(BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM6_TITANX.config", NULL);
    cr_expect_eq(c.exec.smem_latency, 24);
    cr_expect_eq(c.exec.ignore_resources_limitation, 1);
    cr_expect_eq(c.exec.num_dp_units, 1);
}

/* Accel-Sim's trace options are known names: read, never refused as typos. */
Test(exec_config, trace_options_are_taken)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_pair(QV100, QV100_TRACE, path, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect(!bwm_optlist_has(&ign, "-trace_opcode_latency_initiation_int"));
    cr_expect(!bwm_optlist_has(&ign, "-specialized_unit_2"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_num_int_units"));
    bwm_optlist_free(&ign);
}

/* A fault two options make together is named where the later of them is
 * given: in the later file (origins ranked in the order read). */
Test(exec_config, fault_of_two_files_named_in_the_later)
{
    char a[BWM_TMP_PATH_MAX], b[BWM_TMP_PATH_MAX];
    const char *unit = "-specialized_unit_1 1,4,200,4,4,TEX\n";
    const char *lat = "\n-trace_opcode_latency_initiation_spec_op_1 300,4\n";
    for (int order = 0; order < 2; order++) {
        bwm_write_tmp(a, order ? lat : unit);
        bwm_write_tmp(b, order ? unit : lat);
        const char *files[] = {RTX3070, a, b};
        bwm_gpu_config c;
        bwm_err err = {{0}};
        cr_expect_eq(bwm_gpu_config_load_files(files, 3, NULL, NULL, &c, NULL, &err), BWM_EINPUT);
        if (order == 0)
            bwm_expect_at(err.msg, b, 2, "option -trace_opcode_latency_initiation_spec_op_1: latency 300");
        else
            bwm_expect_at(err.msg, b, 1, "option -specialized_unit_1: latency 300");
        unlink(a);
        unlink(b);
    }
}

/* A misspelt trace option is refused with the name meant, as GPGPU-Sim's
 * parser stops at an unknown option (option_typos.h). */
Test(exec_config, misspelt_trace_option)
{
    expect_bad("-trace_opcode_latency_initiation_spec_op_9 4,4\n", 1, "-trace_opcode_latency_initiation_spec_op_9",
               "did you mean -trace_opcode_latency_initiation_spec_op_");
    expect_bad("-specialized_unit4 1,4,4,4,4,UDP\n", 1, "-specialized_unit4", "did you mean -specialized_unit_4?");
}
