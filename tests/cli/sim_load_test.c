/* sim_load_test.c — --config given more than once (cli/sim_load.h): the
 * files read in order with later options winning, as Accel-Sim reads
 * "-config gpgpusim.config -config trace.config" (the stock SM86_RTX3070
 * pair), errors naming the file and line, the provenance covering every
 * file, the commands that take it, and the study that takes one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_run.h"
#include "tests/support/tmp_text.h"
#include "tests/support/trace_config.h"
#include "util/sha256.h"

#define RTX3070 BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM86_RTX3070.config"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

#define TRACE_CONFIG bwm_rtx3070_trace_config

static void expect_in(const char *out, const char *want)
{
    cr_expect(strstr(out, want), "'%s' not in %s", want, out);
}

Test(sim_load, gpgpusim_then_trace_config)
{
    char trace[BWM_TMP_PATH_MAX], last[BWM_TMP_PATH_MAX];
    bwm_write_tmp(trace, TRACE_CONFIG);
    bwm_write_tmp(last, "-gpgpu_kernel_launch_latency 0\n-trace_opcode_latency_initiation_int 3,1\n");
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --config %s --format json", RTX3070, trace);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_in(r.out, "\"int_latency\":2,\"int_initiation\":2,");
    expect_in(r.out, "\"sfu_latency\":21,\"sfu_initiation\":8,");
    expect_in(r.out, "\"spec_units\":4,");
    expect_in(r.out, "\"spec2_name\":\"TEX\",\"spec2_units\":4,\"spec2_max_latency\":200,\"spec2_latency\":200,");
    expect_in(r.out, "\"spec4_name\":\"UDP\"");
    expect_in(r.out, "\"launch_latency\":5000,"); /* from the gpgpusim.config */
    expect_in(r.out, "\"sms\":46,");
    char want[3 * BWM_TMP_PATH_MAX];
    snprintf(want, sizeof want, "\"config\":\"%s + %s\"", RTX3070, trace);
    expect_in(r.out, want);
    /* the hash is of the files one after the other */
    char *a = bwm_slurp(RTX3070), *b = bwm_slurp(trace);
    cr_assert(a && b);
    size_t na = strlen(a), nb = strlen(b);
    char *both = malloc(na + nb + 1), hex[BWM_SHA256_HEX];
    memcpy(both, a, na);
    memcpy(both + na, b, nb + 1);
    bwm_sha256_of(both, na + nb, hex);
    snprintf(want, sizeof want, "\"config_sha256\":\"%s\"", hex);
    expect_in(r.out, want);
    free(a);
    free(b);
    free(both);
    bwm_run_free(&r);
    /* a third file wins over both */
    bwm_run_cli(&r, "sim config --config %s --config %s --config=%s --format json", RTX3070, trace, last);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_in(r.out, "\"launch_latency\":0,");
    expect_in(r.out, "\"int_latency\":3,\"int_initiation\":1,");
    expect_in(r.out, "\"spec4_name\":\"UDP\"");
    bwm_run_free(&r);
    /* in the other order the gpgpusim.config's launch latency wins */
    bwm_run_cli(&r, "sim config --config %s --config %s --format json", last, RTX3070);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_in(r.out, "\"launch_latency\":5000,");
    bwm_run_free(&r);
    unlink(trace);
    unlink(last);
}

Test(sim_load, errors_name_the_file_and_line)
{
    char bad[BWM_TMP_PATH_MAX];
    bwm_write_tmp(bad, "# trace options\n-trace_opcode_latency_initiation_sfu 8,21\n");
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --config %s", RTX3070, bad);
    cr_expect_eq(r.status, 2);
    cr_expect_str_empty(r.out);
    char want[BWM_TMP_PATH_MAX + 128];
    snprintf(want, sizeof want, "%s:2: option -trace_opcode_latency_initiation_sfu: initiation interval 21 exceeds "
             "latency 8", bad);
    expect_in(r.err, want);
    bwm_run_free(&r);
    /* an option the first file gives wrongly is named there even when a later file is good */
    bwm_run_cli(&r, "sim config --config %s --config %s", bad, RTX3070);
    cr_expect_eq(r.status, 2);
    expect_in(r.err, want);
    bwm_run_free(&r);
    unlink(bad);
    bwm_run_cli(&r, "sim config --config %s --config /nonexistent/trace.config", RTX3070);
    cr_expect_eq(r.status, 2);
    expect_in(r.err, "/nonexistent/trace.config");
    bwm_run_free(&r);
}

/* sim run and sim dram read every file too; a study takes one. */
Test(sim_load, other_commands)
{
    char extra[BWM_TMP_PATH_MAX];
    bwm_write_tmp(extra, "-gpgpu_n_clusters 4\n");
    bwm_run r;
    bwm_run_cli(&r, "sim run --config %s --config %s --apps BLK --cycles 2000 --warmup 200 --format json", MEMSYS15,
                extra);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char want[3 * BWM_TMP_PATH_MAX];
    snprintf(want, sizeof want, "\"config\":\"%s + %s\"", MEMSYS15, extra);
    expect_in(r.out, want);
    bwm_run_free(&r);
    bwm_run_cli(&r, "study --out /tmp/never-made --quick --config %s --config %s", MEMSYS15, extra);
    cr_expect_eq(r.status, 2);
    expect_in(r.err, "option --config: a study reads one configuration file");
    bwm_run_free(&r);
    cr_expect_neq(access("/tmp/never-made", F_OK), 0);
    unlink(extra);
}

Test(sim_load, at_most_16_files)
{
    char cmd[4096] = "sim config";
    for (int i = 0; i < 17; i++)
        strcat(cmd, " --config " MEMSYS15);
    bwm_run r;
    bwm_run_cli(&r, "%s", cmd);
    cr_expect_eq(r.status, 2);
    expect_in(r.err, "option --config: more than 16 files");
    bwm_run_free(&r);
}
