/* trace_input_cli_test.c — "sim run --apps trace:" and "sim trace-info" on
 * kernel files whose blocks disagree with their header's grid:
 *   - a block listed twice is bad input: exit 2, FILE:LINE named, nothing
 *     written (the block would run twice: Accel-Sim takes blocks in file
 *     order, whatever their ids);
 *   - a file listing fewer blocks than its grid is read and run: one
 *     warning naming the file and both counts.  The run goes on with the
 *     blocks the file lists (Accel-Sim stops there: its first block past
 *     the file's end has no instruction, an assertion in trace_driven.cc's
 *     get_start_trace_pc). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"
#include "tests/support/tmp_text.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define QV100 "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config"

/* A Volta kernel of grid (GRID,1,1), blocks of one warp, 13 header lines. */
#define HEAD(grid)                                                                                                 \
    "-kernel name = k\n-kernel id = 1\n-grid dim = (" grid ",1,1)\n-block dim = (32,1,1)\n-shmem = 0\n"            \
    "-nregs = 8\n-binary version = 70\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"              \
    "-local mem base_addr = 0x00007f1000000000\n-nvbit version = 1.5.5\n-accelsim tracer version = 4\n"          \
    "-enable lineinfo = 0\n"
#define BLOCK(x) "#BEGIN_TB\nthread block = " x ",0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 1 R1 MOV 0 0\n" \
                 "0010 ffffffff 0 EXIT 0 0\n#END_TB\n"

/* A trace folder under /tmp holding kernelslist.g and kernel-1.traceg of
 * text `kernel`: the folder into dir, the kernel file's path into path. */
static void write_trace(char *dir, char *path, const char *kernel)
{
    snprintf(dir, BWM_TMP_PATH_MAX, "/tmp/bwm_trace_XXXXXX");
    cr_assert(mkdtemp(dir));
    char list[BWM_TMP_PATH_MAX + 16];
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    snprintf(path, BWM_TMP_PATH_MAX + 16, "%s/kernel-1.traceg", dir);
    FILE *f = fopen(list, "w");
    cr_assert(f);
    fputs("kernel-1.traceg\n", f);
    fclose(f);
    cr_assert((f = fopen(path, "w")));
    fputs(kernel, f);
    fclose(f);
}

static void remove_trace(const char *dir, const char *path)
{
    char list[BWM_TMP_PATH_MAX + 16];
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    unlink(path);
    unlink(list);
    rmdir(dir);
}

Test(trace_input_cli, a_block_listed_twice_is_bad_input)
{
    char dir[BWM_TMP_PATH_MAX], path[BWM_TMP_PATH_MAX + 16], where[BWM_TMP_PATH_MAX + 80];
    write_trace(dir, path, HEAD("3") BLOCK("0") BLOCK("1") BLOCK("0"));
    snprintf(where, sizeof where, "%s:29: thread block (0,0,0) is listed a second time", path); /* 13 + 2 × 7 + 2 */
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:%s " QV100 " --format csv", dir);
    bwm_expect_bad(&r, where);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim trace-info --trace %s", dir);
    bwm_expect_bad(&r, where);
    bwm_run_free(&r);
    remove_trace(dir, path);
}

Test(trace_input_cli, a_file_short_of_its_grid_runs_with_one_warning)
{
    char dir[BWM_TMP_PATH_MAX], path[BWM_TMP_PATH_MAX + 16], warning[BWM_TMP_PATH_MAX + 80];
    write_trace(dir, path, HEAD("5") BLOCK("0") BLOCK("3"));
    snprintf(warning, sizeof warning, "%s lists 2 thread blocks of its grid's 5", path);
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:%s " QV100 " --format json", dir);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.err, warning);
    cr_expect(!strstr(strstr(r.err, warning) + 1, warning), "one warning: %s", r.err);
    bwm_expect_contains(r.err, "without the 3 missing");
    const char *t = strstr(r.out, "\"kernel\":\"total\"");
    cr_assert(t, "%s", r.out);
    cr_expect_eq(bwm_json_number(t, "ctas"), 2, "the blocks listed ran");
    cr_expect_eq(bwm_json_number(t, "warp_insts"), 4);
    bwm_expect_contains(r.out, "\"complete\":true");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim trace-info --trace %s --format csv", dir);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.err, warning);
    bwm_expect_contains(r.out, "1,blocks,2\n");
    bwm_run_free(&r);
    remove_trace(dir, path);
}
