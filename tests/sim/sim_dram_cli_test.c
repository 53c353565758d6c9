/* sim_dram_cli_test.c — "bwmpki sim dram": the JSON of DESIGN.md, the table
 * and CSV, per-channel and per-bank reports, stdin and gzip input,
 * determinism, -o, and every bad input (exit code 2, FILE:LINE on stderr,
 * nothing on stdout). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/traces/"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
#define GTX480 BWM_SOURCE_DIR "/tests/fixtures/gtx480.config"

/* The JSON up to its provenance, which names the command line (cut in place). */
static const char *results_of(char *json)
{
    char *p = strstr(json, ",\"provenance\":");
    cr_assert(p, "%s", json);
    *p = '\0';
    return json;
}

Test(sim_dram_cli, json_has_the_fields_of_design_md_in_order)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --format json", MEMSYS15, FIX);
    bwm_expect_ok(&r);
    const char *keys[] = {"requests", "reads", "writes", "dram_cycles", "bw", "bw_frac", "row_hits",
                          "row_misses", "row_conflicts", "read_latency_avg", "read_latency_p99"};
    cr_assert_eq(strncmp(r.out, "{\"requests\":6,\"reads\":4,\"writes\":2,", 35), 0, "%s", r.out);
    const char *at = r.out;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char pat[64];
        snprintf(pat, sizeof pat, "%s\"%s\":", i ? "," : "{", keys[i]);
        const char *p = strstr(at, pat);
        cr_assert(p, "%s missing or out of order in %s", keys[i], r.out);
        at = p + 1;
    }
    double hits = bwm_json_number(r.out, "row_hits"), misses = bwm_json_number(r.out, "row_misses"),
           conflicts = bwm_json_number(r.out, "row_conflicts");
    cr_assert_float_eq(hits + misses + conflicts, 6, 1e-9);
    cr_assert_float_eq(bwm_json_number(r.out, "peak"), 88.704, 1e-9);
    double bw = bwm_json_number(r.out, "bw"), frac = bwm_json_number(r.out, "bw_frac");
    cr_assert_float_eq(frac, bw / 88.704, 1e-9);
    /* each line is one 64-byte burst (2 chips x 4 B x BL 8), as the peers read
       traces: bw = 6 requests x 64 bytes over dram_cycles at 924 MHz */
    cr_assert_float_eq(bwm_json_number(r.out, "req_bytes"), 64, 0);
    cr_assert_float_eq(bw, 6 * 64 / (bwm_json_number(r.out, "dram_cycles") / 924e6) / 1e9, 1e-6);
    bwm_run_free(&r);
    /* --req-bytes line: a 128-byte L2 line each */
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --req-bytes line --format json", MEMSYS15, FIX);
    bwm_expect_ok(&r);
    cr_assert_float_eq(bwm_json_number(r.out, "req_bytes"), 128, 0);
    cr_assert_float_eq(bwm_json_number(r.out, "bw"),
                       6 * 128 / (bwm_json_number(r.out, "dram_cycles") / 924e6) / 1e9, 1e-6);
    bwm_run_free(&r);
}

Test(sim_dram_cli, per_channel_and_per_bank_add_up)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --per-channel --per-bank --format json",
                MEMSYS15, FIX);
    bwm_expect_ok(&r);
    const char *ch = strstr(r.out, "\"per_channel\":[");
    const char *bk = strstr(r.out, "\"per_bank\":[");
    cr_assert(ch && bk && ch < bk, "%s", r.out);
    double sum_ch = 0, sum_bk = 0;
    int n_ch = 0, n_bk = 0;
    for (const char *p = ch; (p = strstr(p, "{\"channel\":")) != NULL; p++) {
        if (p > bk) {
            sum_bk += bwm_json_number(p, "requests");
            n_bk++;
        } else {
            sum_ch += bwm_json_number(p, "requests");
            n_ch++;
        }
    }
    cr_assert_eq(n_ch, 6);
    cr_assert_eq(n_bk, 6 * 8);
    cr_assert_float_eq(sum_ch, 6, 1e-9);
    cr_assert_float_eq(sum_bk, 6, 1e-9);
    /* the channels' DRAM commands add up to the total's (banks have none of their own) */
    double act = 0, pre = 0;
    for (const char *p = ch; (p = strstr(p, "{\"channel\":")) != NULL && p < bk; p++) {
        act += bwm_json_number(p, "activates");
        pre += bwm_json_number(p, "precharges");
    }
    cr_assert_float_eq(act, bwm_json_number(r.out, "activates"), 1e-9);
    cr_assert_float_eq(pre, bwm_json_number(r.out, "precharges"), 1e-9);
    cr_assert(act > 0);
    cr_assert(!strstr(bk, "\"activates\""), "%s", bk);
    bwm_run_free(&r);
}

Test(sim_dram_cli, table_and_csv)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --per-channel --format table", MEMSYS15, FIX);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "DRAM trace simulation: frfcfs, 6 channels, peak 88.7 GB/s");
    bwm_expect_contains(r.out, "total");
    bwm_expect_contains(r.out, "channel");
    bwm_expect_contains(r.out, "read_latency_p99");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --format csv --sched fcfs", MEMSYS15, FIX);
    bwm_expect_ok(&r);
    cr_assert_eq(strncmp(r.out, "scope,channel,bank,requests,reads,writes,dram_cycles,bw,bw_frac,row_hits,", 73), 0,
                 "%s", r.out);
    bwm_expect_contains(r.out, "\ntotal,,,6,4,2,");
    bwm_run_free(&r);
}

Test(sim_dram_cli, stdin_and_the_timed_format)
{
    bwm_run a, b;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cat %ssmall_timed.trace | '%s' sim dram --config %s --trace - --format json",
             FIX, BWM_BIN, MEMSYS15);
    bwm_run_shell(&a, cmd);
    bwm_expect_ok(&a);
    bwm_run_cli(&b, "sim dram --config %s --trace %ssmall_timed.trace --format json", MEMSYS15, FIX);
    bwm_expect_ok(&b);
    cr_assert_str_eq(results_of(a.out), results_of(b.out));
    /* the last request arrives at cycle 1000 */
    cr_assert_gt(bwm_json_number(a.out, "dram_cycles"), 1000);
    bwm_run_free(&a);
    bwm_run_free(&b);
}

Test(sim_dram_cli, gzip_trace)
{
    bwm_run probe;
    bwm_run_shell(&probe, "command -v gzip");
    int have_gzip = probe.status == 0;
    bwm_run_free(&probe);
    if (!have_gzip)
        cr_skip_test("gzip is not installed");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "gzip -c %ssmall.trace > /tmp/bwm_cli_small.trace.gz", FIX);
    bwm_run g;
    bwm_run_shell(&g, cmd);
    cr_assert_eq(g.status, 0);
    bwm_run_free(&g);
    bwm_run a, b;
    bwm_run_cli(&a, "sim dram --config %s --trace /tmp/bwm_cli_small.trace.gz --format json", MEMSYS15);
    bwm_run_cli(&b, "sim dram --config %s --trace %ssmall.trace --format json", MEMSYS15, FIX);
    unlink("/tmp/bwm_cli_small.trace.gz");
#ifdef BWM_HAVE_ZLIB
    bwm_expect_ok(&a);
    cr_assert_str_eq(results_of(a.out), results_of(b.out));
#else
    bwm_expect_bad(&a, "built without zlib");
#endif
    bwm_run_free(&a);
    bwm_run_free(&b);
}

Test(sim_dram_cli, deterministic_output)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "awk 'BEGIN{s=7; for(i=0;i<20000;i++){s=(s*1103515245+12345)%%2147483648; "
             "printf \"0x%%x %%s\\n\", s - s%%128, (i%%3)?\"R\":\"W\"}}' > /tmp/bwm_cli_det.trace");
    bwm_run g;
    bwm_run_shell(&g, cmd);
    cr_assert_eq(g.status, 0);
    bwm_run_free(&g);
    bwm_run a, b;
    bwm_run_cli(&a, "sim dram --config %s --trace /tmp/bwm_cli_det.trace --per-bank --format json", MEMSYS15);
    bwm_run_cli(&b, "sim dram --config %s --trace /tmp/bwm_cli_det.trace --per-bank --format json", MEMSYS15);
    unlink("/tmp/bwm_cli_det.trace");
    bwm_expect_ok(&a);
    cr_assert_float_eq(bwm_json_number(a.out, "requests"), 20000, 1e-9);
    cr_assert_str_eq(a.out, b.out);
    bwm_run_free(&a);
    bwm_run_free(&b);
}

Test(sim_dram_cli, other_configs_and_schedulers)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --sched fcfs --queue 4 --req-bytes 64 --format json",
                GTX480, FIX);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"sched\":\"fcfs\"");
    bwm_expect_contains(r.out, "\"queue_size\":4");
    cr_assert_float_eq(bwm_json_number(r.out, "requests"), 6, 1e-9);
    bwm_run_free(&r);
}

/* --queue sizes every controller: more than 2 GiB of them is refused. */
Test(sim_dram_cli, queue_over_2_gib)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --set '-gpgpu_n_mem 4096' --trace %ssmall.trace --queue 1048576 "
                "--format json", MEMSYS15, FIX);
    bwm_expect_bad(&r, "bwmpki sim dram: option --queue: the memory controllers would take ");
    bwm_expect_contains(r.err, "4096 channels (-gpgpu_n_mem) each with 1048576 request entries (--queue 1048576)");
    bwm_run_free(&r);
}

Test(sim_dram_cli, output_file_is_written_whole)
{
    const char *path = "/tmp/bwm_cli_dram_out.json";
    unlink(path);
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --format json -o %s", MEMSYS15, FIX, path);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.out, "");
    char *text = bwm_slurp(path);
    cr_assert(text && strncmp(text, "{\"requests\":6,", 14) == 0);
    free(text);
    bwm_run_free(&r);
    unlink(path);
    bwm_run_cli(&r, "sim dram --config %s --trace %sbad_op.trace --format json -o %s", MEMSYS15, FIX, path);
    bwm_expect_bad(&r, "bad_op.trace:3:");
    cr_assert_neq(access(path, F_OK), 0, "a failed run left %s", path);
    bwm_run_free(&r);
}

static void bad_trace(const char *name, const char *message)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --trace %s%s --format json", MEMSYS15, FIX, name);
    char want[512];
    snprintf(want, sizeof want, "bwmpki sim dram: %s%s%s", FIX, name, message);
    bwm_expect_bad(&r, want);
    bwm_run_free(&r);
}

Test(sim_dram_cli, bad_traces)
{
    bad_trace("bad_fields.trace", ":3: expected '0xADDR R|W' or '0xADDR READ|WRITE CYCLE'");
    bad_trace("bad_op.trace", ":3: unknown request type 'X' (expected R or W)");
    bad_trace("bad_timed_op.trace", ":2: unknown request type 'R' (expected READ or WRITE)");
    bad_trace("bad_addr.trace", ":2: bad address '0xzz'");
    bad_trace("bad_cycle.trace", ":2: bad cycle '-3'");
    bad_trace("back_in_time.trace", ":3: cycle 8 goes back in time");
    bad_trace("empty.trace", ":3: empty trace");
    bad_trace("mixed.trace", ":2: a timed");
    bad_trace("no_such.trace", ": cannot open: No such file or directory");
    bad_trace("", ": is a directory (expected a file)"); /* the fixtures' folder */
}

Test(sim_dram_cli, bad_usage)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --config %s --format json", MEMSYS15);
    bwm_expect_bad(&r, "option --trace is required");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --sched fifo", MEMSYS15, FIX);
    bwm_expect_bad(&r, "option --sched: unknown memory scheduler 'fifo' (known: fcfs, frfcfs, rr, prior, ");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --queue 0", MEMSYS15, FIX);
    bwm_expect_bad(&r, "option --queue: 0 is out of range 1..");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace --req-bytes x", MEMSYS15, FIX);
    bwm_expect_bad(&r, "option --req-bytes: 'x' is not an integer");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %sno_such.config --trace %ssmall.trace", FIX, FIX);
    bwm_expect_bad(&r, "no_such.config");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace %ssmall.trace", FIX, FIX);
    bwm_expect_bad(&r, "bwmpki sim dram: " FIX ": is a directory (expected a file)");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --trace %ssmall.trace --set '-gpgpu_dram_timing_opt \"nbk=8:CCD=0\"'", FIX);
    bwm_expect_bad(&r, "CCD");
    bwm_run_free(&r);
}

Test(sim_dram_cli, help)
{
    bwm_run r;
    bwm_run_cli(&r, "sim dram --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "--trace FILE");
    bwm_expect_contains(r.out, "--per-bank");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "dram");
    bwm_run_free(&r);
}

Test(sim_dram_cli, no_reads_no_latency)
{
    bwm_run r;
    bwm_run_shell(&r, "printf '0x0 W\\n0x80 W\\n' > /tmp/bwm_cli_writes.trace");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim dram --config %s --trace /tmp/bwm_cli_writes.trace --format json", MEMSYS15);
    unlink("/tmp/bwm_cli_writes.trace");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"requests\":2,\"reads\":0,\"writes\":2,");
    bwm_expect_contains(r.out, "\"read_latency_avg\":null,\"read_latency_p99\":null,");
    bwm_run_free(&r);
}
