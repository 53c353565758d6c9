/* sass_trace_info_cli_test.c — "bwmpki sim trace-info": the vectorAdd
 * trace's counts in JSON and CSV, a single kernel file, and bad input
 * (exit code 2, FILE:LINE on stderr, nothing written). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"
#include "tests/support/tmp_text.h"

#define VECTORADD BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd"

Test(sass_trace_info_cli, vectoradd_json)
{
    bwm_run r;
    bwm_run_cli(&r, "sim trace-info --trace %s --format json", VECTORADD);
    bwm_expect_ok(&r);
    cr_expect_eq(bwm_json_number(r.out, "blocks"), 196);
    cr_expect_eq(bwm_json_number(r.out, "warps"), 1568);
    cr_expect_eq(bwm_json_number(r.out, "warp_insts"), 26601);
    cr_expect_eq(bwm_json_number(r.out, "thread_insts"), 801056);
    cr_expect_eq(bwm_json_number(r.out, "global"), 4689);
    cr_expect_eq(bwm_json_number(r.out, "bytes"), 200000);
    bwm_expect_contains(r.out, "\"kernel_name\":\"_Z9vectorAddPKfS0_Pfi\"");
    bwm_expect_contains(r.out, "{\"opcode\":\"LDG.E\",\"warp_insts\":3126,\"thread_insts\":100000}");
    bwm_expect_contains(r.out, "{\"opcode\":\"STG.E\",\"warp_insts\":1563,\"thread_insts\":50000}");
    bwm_expect_contains(r.out, "\"provenance\":");
    bwm_run_free(&r);
}

Test(sass_trace_info_cli, one_kernel_file_csv)
{
    bwm_run r;
    bwm_run_cli(&r, "sim trace-info --trace %s/kernel-1.traceg.xz --format csv", VECTORADD);
    bwm_expect_ok(&r);
    cr_expect(strncmp(r.out, "kernel,key,value\n", 17) == 0, "%s", r.out);
    bwm_expect_contains(r.out, "\n1,grid_dim,\"(196,1,1)\"\n");
    bwm_expect_contains(r.out, "\n1,op LDG.E,3126\n");
    cr_expect(strstr(r.out, "memcpy_htod") == NULL);
    bwm_run_free(&r);
}

/* A generic LD whose lanes point into the shared window: shared in a
 * Volta trace (the space by address), global in a Kepler one (binary
 * version 35), whose table names LD OP_LDG (kepler_opcode.h). */
static double space_of_ld(int binary_version, const char *space)
{
    char text[2048], path[BWM_TMP_PATH_MAX];
    snprintf(text, sizeof text,
             "-kernel name = k\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 256\n"
             "-nregs = 8\n-binary version = %d\n-cuda stream id = 0\n"
             "-shmem base_addr = 0x00007f4e00000000\n-local mem base_addr = 0x00007f5000000000\n"
             "-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
             "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 2\n"
             "0000 ffffffff 1 R2 LD.E 1 R0 4 1 0x7f4e00000000 4\n0010 ffffffff 0 EXIT 0 0\n\n#END_TB\n",
             binary_version);
    bwm_write_tmp(path, text);
    char kernel[BWM_TMP_PATH_MAX + 8]; /* a kernel file is known by its name */
    snprintf(kernel, sizeof kernel, "%s.traceg", path);
    cr_assert_eq(rename(path, kernel), 0);
    bwm_run r;
    bwm_run_cli(&r, "sim trace-info --trace %s --format json", kernel);
    bwm_expect_ok(&r);
    double n = bwm_json_number(r.out, space);
    bwm_run_free(&r);
    unlink(kernel);
    return n;
}

Test(sass_trace_info_cli, keplers_ld_is_global)
{
    cr_expect_eq(space_of_ld(70, "shared"), 1);
    cr_expect_eq(space_of_ld(70, "global"), 0);
    cr_expect_eq(space_of_ld(35, "global"), 1);
    cr_expect_eq(space_of_ld(35, "shared"), 0);
}

Test(sass_trace_info_cli, bad_input_writes_nothing)
{
    char path[BWM_TMP_PATH_MAX], named[BWM_TMP_PATH_MAX + 8], out[BWM_TMP_PATH_MAX + 8], cmd[512];
    bwm_write_tmp(path, "-kernel name = k\n-accelsim tracer version = 5\n#BEGIN_TB\n");
    snprintf(named, sizeof named, "%s.traceg", path);
    snprintf(out, sizeof out, "%s.json", path);
    cr_assert_eq(rename(path, named), 0);
    bwm_run r;
    bwm_run_cli(&r, "sim trace-info --trace %s -o %s", named, out);
    char where[256];
    snprintf(where, sizeof where, "%s:3: the header that ends here lacks '-kernel id'", named);
    bwm_expect_bad(&r, where);
    cr_expect_neq(access(out, F_OK), 0, "%s was written", out);
    bwm_run_free(&r);
    unlink(named);
    snprintf(cmd, sizeof cmd, "sim trace-info --trace /dev/zero");
    bwm_expect_bad_cli(cmd, "/dev/zero:1: line longer than");
    bwm_expect_bad_cli("sim trace-info", "option --trace is required");
    bwm_expect_bad_cli("sim trace-info --trace /nonexistent/folder", "cannot open");
}
