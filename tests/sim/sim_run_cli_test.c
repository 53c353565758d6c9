/* sim_run_cli_test.c — "bwmpki sim run": the JSON of DESIGN.md, metrics
 * consistent with the per-application numbers, byte-identical output for a
 * seed, the time series, --alone, and bad input (exit 2, a message naming the
 * option or file, no output file). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/mem/req_life.h"
#include "tests/support/cli_expect.h"
#include "tests/support/csv_field.h"
#include "util/sha256.h"
#include "tests/support/tmp_text.h"

/* A small, quick GPU: 4 SMs of memsys15. */
#define SMALL "--set '-gpgpu_n_clusters 4' --cycles 3000 --warmup 300"

static const char APPS_HEADER[] =
    "name,abbr,mpki,bw_frac,class,warps,mem_frac,store_frac,coalesce,pattern,row_run,footprint_mb,hot_frac,"
    "hot_kb,reuse,smem_frac,smem_latency,compute_latency,dep_distance,loads_in_flight,lanes\n";

Test(sim_run_cli, json_has_the_fields_of_design_md)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --sched frfcfs " SMALL " --format json");
    bwm_expect_ok(&r);
    const char *keys[] = {"name", "insts", "ipc", "mpki", "bw", "bw_frac", "row_hit_rate", "avg_mem_latency", "sd"};
    const char *app = strstr(r.out, "\"apps\":[{");
    cr_assert(app, "%s", r.out);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char pat[64];
        snprintf(pat, sizeof pat, "\"%s\":", keys[i]);
        cr_assert(strstr(app, pat), "%s missing in %s", keys[i], r.out);
    }
    cr_assert(strstr(r.out, "\"name\":\"BlackScholes\""), "%s", r.out);
    cr_assert(strstr(r.out, "\"name\":\"Random Access\""), "%s", r.out);
    cr_assert_float_eq(bwm_json_number(r.out, "cycles"), 3000, 1e-9);
    /* it is the sum of the IPCs, ws the sum of the slowdowns */
    const char *second = strstr(app + 8, "},{");
    cr_assert(second);
    double ipc1 = bwm_json_number(app, "ipc"), ipc2 = bwm_json_number(second, "ipc");
    double sd1 = bwm_json_number(app, "sd"), sd2 = bwm_json_number(second, "sd");
    cr_assert_float_eq(bwm_json_number(r.out, "it"), ipc1 + ipc2, 1e-6 * (ipc1 + ipc2));
    cr_assert_float_eq(bwm_json_number(r.out, "ws"), sd1 + sd2, 1e-9);
    cr_assert_float_eq(bwm_json_number(r.out, "hs"), 2 / (1 / sd1 + 1 / sd2), 1e-9);
    cr_assert_float_eq(sd1, ipc1 / bwm_json_number(app, "ipc_alone"), 1e-9);
    /* bw_frac is bw over the 88.704 GB/s peak */
    cr_assert_float_eq(bwm_json_number(app, "bw_frac"), bwm_json_number(app, "bw") / 88.704, 1e-9);
    bwm_run_free(&r);
}

Test(sim_run_cli, results_say_what_produced_them)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --seed 5 --format json");
    bwm_expect_ok(&r);
    const char *p = strstr(r.out, "\"provenance\":{");
    cr_assert(p, "%s", r.out);
    char sha[BWM_SHA256_HEX], want[128];
    bwm_err err;
    cr_assert_eq(bwm_sha256_file(BWM_SOURCE_DIR "/data/configs/memsys15.config", sha, &err), BWM_OK);
    snprintf(want, sizeof want, "\"config_sha256\":\"%s\"", sha);
    bwm_expect_contains(p, want);
    cr_assert_eq(bwm_sha256_file(BWM_SOURCE_DIR "/data/apps_calibrated.csv", sha, &err), BWM_OK);
    snprintf(want, sizeof want, "\"apps_sha256\":\"%s\"", sha);
    bwm_expect_contains(p, want);
    bwm_expect_contains(p, "\"command_line\":\"bwmpki sim run --apps BLK,GUPS --set '-gpgpu_n_clusters 4' --cycles 3000");
    bwm_expect_contains(p, "\"set\":\"-gpgpu_n_clusters 4\"");
    cr_assert_float_eq(bwm_json_number(p, "seed"), 5, 0);
    cr_assert_float_eq(bwm_json_number(p, "warmup"), 300, 0);
    cr_assert_float_eq(bwm_json_number(p, "cycles"), 3000, 0);
    bwm_expect_contains(p, "\"version\":\"");
    bwm_expect_contains(p, "\"source_revision\":\"");
    bwm_run_free(&r);
    /* CSV stays plain unless asked */
    bwm_run_cli(&r, "sim run --apps BLK " SMALL " --format csv");
    cr_assert_eq(strncmp(r.out, "workload,", 9), 0, "%s", r.out);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps BLK " SMALL " --format csv --provenance");
    cr_assert_eq(strncmp(r.out, "# version: ", 11), 0, "%s", r.out);
    bwm_expect_contains(r.out, "\n# seed: 1\n# warmup: 300\n# cycles: 3000\nworkload,");
    bwm_run_free(&r);
}

Test(sim_run_cli, same_seed_gives_identical_bytes)
{
    bwm_run a, b, c;
    bwm_run_cli(&a, "sim run --apps MUM,NN --sched rr " SMALL " --seed 5 --format csv");
    bwm_run_cli(&b, "sim run --apps MUM,NN --sched rr " SMALL " --seed 5 --format csv");
    bwm_run_cli(&c, "sim run --apps MUM,NN --sched rr " SMALL " --seed 6 --format csv");
    bwm_expect_ok(&a);
    bwm_expect_ok(&c);
    cr_assert_str_eq(a.out, b.out);
    cr_assert_str_neq(a.out, c.out);
    bwm_run_free(&a);
    bwm_run_free(&b);
    bwm_run_free(&c);
}

/* An output path in a folder that does not exist is bad input: exit 2 with
 * one message, which names the option and the path. */
Test(sim_run_cli, an_unwritable_output_is_reported_once)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps MUM,NN " SMALL " --format csv -o /nonexistent/run.csv");
    cr_assert_eq(r.status, 2, "status %d, stderr %s", r.status, r.err);
    cr_assert_str_eq(r.err, "bwmpki sim run: option -o: /nonexistent/run.csv: cannot create output file: No such "
                            "file or directory\n");
    cr_assert_str_eq(r.out, "");
    bwm_run_free(&r);
}

Test(sim_run_cli, stderr_is_quiet_unless_progress_is_asked_for)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps MUM,NN " SMALL " --format csv");
    bwm_expect_ok(&r);
    cr_expect_str_eq(r.err, "", "not a terminal: no progress, no ignored options");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps MUM,NN " SMALL " --format csv --progress");
    bwm_expect_ok(&r);
    cr_expect(strstr(r.err, "\rsim run: 0/3 simulations") && strstr(r.err, "\rsim run: 3/3 simulations"), "%s",
              r.err);
    bwm_run_free(&r);
}

Test(sim_run_cli, the_schedulers_of_seed_001_give_identical_bytes_for_a_seed)
{
    const char *runs[] = {"parbs", "atlas --sched-param quantum=500", "tcm --sched-param quantum=500", "bliss",
                          "sms"};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        bwm_run a, b;
        bwm_run_cli(&a, "sim run --apps GUPS,BLK --sched %s " SMALL " --seed 3 --format csv", runs[i]);
        bwm_run_cli(&b, "sim run --apps GUPS,BLK --sched %s " SMALL " --seed 3 --format csv", runs[i]);
        bwm_expect_ok(&a);
        cr_assert_str_eq(a.out, b.out, "%s", runs[i]);
        bwm_run_free(&a);
        bwm_run_free(&b);
    }
}

Test(sim_run_cli, sched_param_changes_the_run_and_help_lists_the_defaults)
{
    bwm_run a, b, h;
    bwm_run_cli(&a, "sim run --apps GUPS,BLK --sched bliss " SMALL " --format csv");
    bwm_run_cli(&b, "sim run --apps GUPS,BLK --sched bliss --sched-param threshold=1 --sched-param "
                    "bliss.clearing-interval=50 " SMALL " --format csv");
    bwm_expect_ok(&b);
    cr_assert_str_neq(a.out, b.out, "the knobs reached the scheduler");
    bwm_run_cli(&h, "sim run --help");
    bwm_expect_ok(&h);
    const char *want[] = {"--sched-param NAME=VALUE", "parbs.marking-cap=5", "atlas.quantum=10000000 core cycles",
                          "bliss.clearing-interval=10000 core cycles"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        bwm_expect_contains(h.out, want[i]);
    bwm_run_free(&a);
    bwm_run_free(&b);
    bwm_run_free(&h);
}

Test(sim_run_cli, a_run_shorter_than_a_quantum_says_so)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps SCP,HISTO --sched atlas " SMALL " --format csv");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.err, "bwmpki sim run: note: scheduler atlas ranks the applications once per quantum of "
                               "10000000 core cycles, and this run lasts 3300, so it orders requests as FR-FCFS does "
                               "throughout; a shorter quantum: --sched-param atlas.quantum=N");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps SCP,HISTO --sched tcm " SMALL " --format csv");
    bwm_expect_contains(r.err, "scheduler tcm ranks the applications once per quantum of 1000000 core cycles");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps SCP,HISTO --sched tcm --sched-param quantum=1000 " SMALL " --format csv");
    bwm_expect_ok(&r);
    cr_assert_null(strstr(r.err, "note:"), "%s", r.err);
    bwm_run_free(&r);
}

Test(sim_run_cli, every_scheduler_runs)
{
    const char *scheds[] = {"fcfs", "frfcfs", "rr", "prior-1", "prior-2", "prior-low-mpki", "prior-low-bw",
                            "its", "weis", "asjf", "asjfw", "parbs", "atlas", "tcm", "bliss", "sms"};
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "sim run --apps SCP,HISTO --sched %s " SMALL " --format json", scheds[i]);
        bwm_expect_ok(&r);
        char want[64];
        snprintf(want, sizeof want, "\"sched\":\"%s\"", scheds[i]);
        bwm_expect_contains(r.out, want);
        bwm_run_free(&r);
    }
}

Test(sim_run_cli, series_alone_file_and_split)
{
    char series[] = "/tmp/bwm_series_XXXXXX", alone[] = "/tmp/bwm_alone_XXXXXX";
    close(mkstemp(series));
    close(mkstemp(alone));
    bwm_run r;
    /* alone profiles from a run of each application alone on its share */
    bwm_run_shell(&r, "(" BWM_BIN " sim run --apps BLK --set '-gpgpu_n_clusters 4' --sm-split 4 "
                      "--cycles 3000 --warmup 300 --alone /dev/null --format csv 2>/dev/null || true) >/dev/null");
    bwm_run_free(&r);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf 'abbr,ipc,mpki,bw\\nBLK,100,1.5,30\\nQTC,20,8,10\\n' > %s", alone);
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps BLK,QTC --sm-split 3,1 --alone %s --series %s --series-every 500 " SMALL
                " --format json", alone, series);
    bwm_expect_ok(&r);
    cr_assert_float_eq(bwm_json_number(r.out, "ipc_alone"), 100, 1e-9);
    cr_assert(strstr(r.out, "\"sms\":3"), "%s", r.out);
    char *csv = bwm_slurp(series);
    cr_assert(csv);
    cr_assert_eq(strncmp(csv, "cycle,app_index,app,ipc,mpki,bw,bw_frac\n500,1,BLK,", 50), 0, "%s", csv);
    /* (300 + 3000) / 500 = 6 windows of 2 applications, plus the header */
    int lines = 0;
    for (const char *p = csv; *p; p++)
        lines += *p == '\n';
    cr_assert_eq(lines, 1 + 6 * 2, "%s", csv);
    free(csv);
    bwm_run_free(&r);
    unlink(series);
    unlink(alone);
}

/* The time series follows the rule of the run's statistics: a window in
 * which an application committed no instruction has no mpki (empty), one
 * in which it committed some has a number.  GUPS on the whole GPU has such
 * windows: its warps wait on memory for whole windows of 200 cycles. */
Test(sim_run_cli, a_series_window_without_instructions_has_an_empty_mpki)
{
    char series[] = "/tmp/bwm_series_XXXXXX";
    close(mkstemp(series));
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --cycles 3000 --series %s --series-every 200 --format csv", series);
    bwm_expect_ok(&r);
    char *csv = bwm_slurp(series);
    cr_assert(csv);
    int idle = 0, rows = 0;
    /* cycle,app_index,app,ipc,mpki,bw,bw_frac */
    for (const char *line = strchr(csv, '\n') + 1; *line; line = strchr(line, '\n') + 1, rows++) {
        const char *f[5] = {line};
        for (int k = 1; k < 5; k++) {
            f[k] = strchr(f[k - 1], ',');
            cr_assert(f[k], "%s", line);
            f[k]++;
        }
        int no_insts = strncmp(f[3], "0,", 2) == 0, no_mpki = f[4][0] == ',';
        idle += no_insts;
        cr_expect_eq(no_mpki, no_insts, "mpki empty exactly without instructions: %.60s", line);
    }
    cr_expect_gt(idle, 0, "%s", csv);
    cr_expect_gt(rows, idle);
    free(csv);
    bwm_run_free(&r);
    unlink(series);
}

/* asjf's and asjfw's alpha and m are knobs: --sched-param sets them, and
 * --alpha and --m are their old spellings, kept with a note on stderr as a
 * renamed option is (the same run, in CSV, which has no command line).
 * alpha = 1 (k infinite) against 0.5 (k = 1 at m = 1) changes GUPS's run. */
Test(sim_run_cli, asjf_alpha_and_m_are_knobs)
{
#define ASJF "sim run --apps GUPS --cycles 12000 --warmup 3000 --format csv --sched "
    bwm_run knob, shorthand, mixed, same, half;
    bwm_run_cli(&knob, ASJF "asjf --sched-param alpha=1 --sched-param m=1");
    bwm_run_cli(&shorthand, ASJF "asjf --alpha 1 --m 1");
    bwm_run_cli(&mixed, ASJF "asjf --sched-param asjf.alpha=1 --m 1");
    bwm_run_cli(&same, ASJF "asjf --sched-param alpha=1.0,m=1 --alpha 1 --m 1"); /* the same values twice */
    bwm_run_cli(&half, ASJF "asjf --m 1");
    bwm_expect_ok(&knob);
    bwm_expect_ok(&same);
    cr_assert_str_eq(knob.out, shorthand.out);
    cr_assert_str_eq(knob.out, mixed.out);
    cr_assert_str_eq(knob.out, same.out);
    cr_expect_str_eq(knob.err, "", "the knobs' own spelling needs no note");
    bwm_expect_contains(shorthand.err, "bwmpki sim run: option --alpha is now --sched-param alpha=1; the old "
                                       "spelling will be removed in the next release\n");
    bwm_expect_contains(shorthand.err, "bwmpki sim run: option --m is now --sched-param m=1;");
    bwm_expect_contains(mixed.err, "option --m is now --sched-param m=1;");
    cr_assert_str_neq(knob.out, half.out, "alpha did not reach the scheduler");
    bwm_run_free(&knob);
    bwm_run_free(&shorthand);
    bwm_run_free(&mixed);
    bwm_run_free(&same);
    bwm_run_free(&half);
    /* asjfw the same way */
    bwm_run_cli(&knob, ASJF "asjfw --sched-param asjfw.alpha=1,asjfw.m=1");
    bwm_run_cli(&shorthand, ASJF "asjfw --alpha 1 --m 1");
    bwm_expect_ok(&knob);
    cr_assert_str_eq(knob.out, shorthand.out);
    bwm_run_free(&knob);
    bwm_run_free(&shorthand);
    /* the help lists them with the other knobs */
    bwm_run_cli(&knob, "sim run --help");
    bwm_expect_contains(knob.out, "asjf.alpha=0.5: weight of queue length");
    bwm_expect_contains(knob.out, "asjfw.m=3: row-miss / row-hit service-time ratio");
    bwm_expect_contains(knob.out, "old spelling of --sched-param alpha=A");
    bwm_run_free(&knob);
#undef ASJF
}

Test(sim_run_cli, bad_input_exits_2_without_output)
{
    char apps[BWM_TMP_PATH_MAX], text[1024], alone[BWM_TMP_PATH_MAX], alone_args[128], twice[BWM_TMP_PATH_MAX],
        twice_args[128];
    snprintf(text, sizeof text, "%sBad,BAD,1,0.5,latency,99,0.1,0,1,stream,1,1,0,1,0,0,1,1,1,1,32\n",
             APPS_HEADER);
    bwm_write_tmp(apps, text);
    bwm_write_tmp(alone, "abbr,ipc,mpki,bw\nBLK,100,0,10\nQTC,50,2,5\n");
    snprintf(alone_args, sizeof alone_args, "--apps BLK,QTC --sched prior-low-mpki --alone %s", alone);
    bwm_write_tmp(twice, "abbr,ipc,mpki,bw\nBLK,100,1,10\nQTC,50,2,5\nBlackScholes,90,1,10\n");
    snprintf(twice_args, sizeof twice_args, "--apps BLK,QTC --alone %s", twice);
    struct {
        const char *args, *message;
    } cases[] = {
        {"--apps BLK,NOPE", "unknown application 'NOPE'"},
        {"--apps BLK,QTC --sched nosuch", "option --sched: unknown memory scheduler 'nosuch'"},
        {"--apps BLK,QTC --sched prior-3", "option --sched: scheduler 'prior-3'"},
        {"--apps BLK,QTC --sm-split 3,2", "the SMs add up to 5, the GPU has 4"},
        {"--apps BLK,QTC --sm-split 4", "1 values for 2 applications"},
        {"--apps BLK,QTC --sm-split 1e308,1", "option --sm-split: '1e+308' is not a whole number of SMs in 1..4"},
        {"--apps BLK,QTC,GUPS --sm-split 2147483647,2147483647,6", "option --sm-split: '2.14748e+09' is not"},
        {"--apps BLK,QTC --sm-split 2.5,1.5", "option --sm-split: '2.5' is not a whole number of SMs"},
        {"--apps BLK,QTC,GUPS,NN,MUM", "1 to 4 application"},
        {"--apps BLK,QTC,GUPS --set '-gpgpu_n_clusters 2'", "option --apps: 3 applications but the GPU has 2 SMs"},
        {"--apps BLK --cycles 0", "--cycles"},
        {"--apps BLK --seed 99999999999999999999", "option --seed: '99999999999999999999' is out of range 0.."},
        {"--apps BLK --alpha 0 --sched asjf", "option --alpha: 0 is outside (0, 1] (weight of queue length"},
        {"--apps BLK --alpha 1.5 --sched frfcfs", "option --alpha: 1.5 is outside (0, 1]"},
        {"--apps BLK --alpha 0.5 --sched frfcfs", "option --alpha: scheduler frfcfs has no parameter alpha (only asjf and asjfw take it)"},
        {"--apps BLK --m 2", "option --m: scheduler frfcfs has no parameter m (only asjf and asjfw take it)"},
        {"--apps BLK --m 0.5 --sched asjfw", "option --m: 0.5 is outside 1..inf (row-miss / row-hit"},
        {"--apps BLK --set '-gpgpu_simt_core_sim_order 3'", "option -gpgpu_simt_core_sim_order: 3 is out of range 0..1"},
        {"--apps BLK --alone /nonexistent/alone.csv", "/nonexistent/alone.csv"},
        {"--apps BLK --alone " BWM_SOURCE_DIR "/tests", "/tests: is a directory (expected a file)"},
        {"--apps BLK --apps-file " BWM_SOURCE_DIR "/tests", "/tests: is a directory (expected a file)"},
        {"--apps BLK --config " BWM_SOURCE_DIR "/tests", "/tests: is a directory (expected a file)"},
        {alone_args, "option --alone: "},
        {twice_args, ":4: a second alone profile of BLK (the first is line 2)"},
        {"--apps BLK,QTC --sched parbs --sched-param quantum=5",
         "option --sched-param: 'quantum': no scheduler of this run has that parameter (known: parbs.marking-cap"},
        {"--apps BLK,QTC --sched atlas --sched-param alpha=2", "option --sched-param: alpha=2: 2 is outside [0, 1)"},
        {"--apps BLK,QTC --sched atlas --sched-param quantum", "option --sched-param: 'quantum' is not NAME=VALUE"},
        {"--apps BLK,QTC --sched bliss --sched-param source=warp", "option --sched-param: source=warp: 'warp' is not "
                                                                   "one of app, sm"},
        {"--apps BLK,QTC --sched frfcfs --sched-param threshold=3", "(known: none)"},
        {"--apps BLK --sched asjf --sched-param alpha=0", "option --sched-param: alpha=0: 0 is outside (0, 1]"},
        {"--apps BLK --sched asjfw --sched-param asjfw.alpha=1.01", "option --sched-param: asjfw.alpha=1.01: 1.01 is "
                                                                    "outside (0, 1]"},
        {"--apps BLK --sched asjf --sched-param m=0.99", "option --sched-param: m=0.99: 0.99 is outside 1..inf"},
        {"--apps BLK --sched asjf --sched-param alpha=0.5 --alpha 0.25",
         "options --alpha and --sched-param: --alpha 0.25 and alpha=0.5 differ (give one)"},
        {"--apps BLK --sched asjfw --m 4 --sched-param asjfw.m=5",
         "options --m and --sched-param: --m 4 and asjfw.m=5 differ (give one)"},
        {"--apps BLK --sched frfcfs --sched-param alpha=0.25", "'alpha': no scheduler of this run has that parameter"},
        {"--apps BLK,QTC --sched medic --sched-param mostly-miss=0.8", "medic: mostly-miss=0.8 must be >= 0 and below "
                                                                       "mostly-hit=0.7"},
        {"--apps BLK,QTC --sched medic --sched-param bypass=maybe", "option --sched-param: bypass=maybe"},
        /* page colours: a map with them, a value per application, at most as many as there are */
        {"--apps BLK,QTC --colors 1,1", "option --colors: the channel is the address modulo 6 (dramid@8)"},
        {"--apps BLK,QTC --colors 1 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config",
         "option --colors: 1 values for 2 applications"},
        {"--apps BLK,QTC --colors 2,1 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config",
         "option --colors: the applications' colours add up to more than the 2 there are"},
        {"--apps BLK,QTC --colors 1,0 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config", "option --colors"},
        {"--apps BLK,QTC,GUPS --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config --set '-bwm_vm color'",
         "2 page colours for 3 applications: -bwm_vm color (or --colors) gives each application colours of its own"},
        {"--apps BLK --colors 1 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config --set '-bwm_page_size 65536'",
         "option --colors: "},
        /* a placement of the configuration's own that --colors would replace: refused, naming both */
        {"--apps BLK,QTC --colors 1,1 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config --set '-bwm_vm cocoa "
         "-bwm_large_page 2097152'",
         "option --colors places pages by colour, but the configuration places them by -bwm_vm cocoa -bwm_large_page "
         "2097152: give one of them"},
        {"--apps BLK,QTC --colors 1,1 --config " BWM_SOURCE_DIR "/data/configs/cal12.config --set '-bwm_vm temp'",
         "option --colors places pages by colour, but the configuration places them by -bwm_vm temp: give one"},
        {"--apps BLK,QTC --colors 1,1 --config " BWM_SOURCE_DIR "/data/configs/gtx1080.config --set '-bwm_vm "
         "first-touch'", "but the configuration places them by -bwm_vm first-touch: give one"},
        /* address translation: designs, geometries that do not divide, walkers, page sizes */
        {"--apps BLK --set '-bwm_mmu shared_tlb -bwm_l1_tlb 1048576:1048576:1 -gpgpu_n_clusters 400'",
         "--set:1: option -bwm_l1_tlb: the TLBs and the MMU's queues would take 6641 MiB"},
        /* the MMU's queues: 200 SMs of 48 warps, each waiting on up to 64 pages, 121 MiB */
        {"--apps BLK --set '-bwm_mmu shared_tlb -gpgpu_n_clusters 200 -bwm_memory_limit_mb 64'",
         "121 MiB of queues for up to 614400 warp pages waiting (48 warps per SM"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_mmu mask'",
         "option -bwm_mmu: 'mask' is not ideal, pwcache, shared_tlb or static_tlb"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_mmu shared_tlb -bwm_l2_tlb 500:16:10:2'",
         "option -bwm_l2_tlb: '500:16:10:2': 500 entries are not a whole number of sets of 16 ways"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_l1_tlb 64:0:1'", "option -bwm_l1_tlb: 0 is out of range 1..1048576"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_ptw 0:4'", "option -bwm_ptw: 0 is out of range 1..65536"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_ptw 64:7'", "option -bwm_ptw: '64:7': a walk of 7 levels"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_pwc 8000:16:10'",
         "option -bwm_pwc: '8000:16:10': 8000 bytes are not a whole number of 128-byte lines"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_mmu pwcache -bwm_page_size 2048'",
         "option -bwm_page_size: translation (-bwm_mmu other than ideal) needs pages of at least 4096 bytes"},
        {"--apps BLK,QTC --set '-gpgpu_n_clusters 4 -bwm_mmu static_tlb -bwm_l2_tlb 8:1:10:2'",
         "option -bwm_l2_tlb: 1 ways cannot be split among 2 owners (each needs a way)"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_vm cocoa -bwm_large_page 3000000'",
         "option -bwm_large_page: a large page is 512 base pages (what one entry above the page table's leaf maps): "
         "2097152 with pages of 4096 bytes, not 3000000"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_vm cocoa'",
         "option -bwm_vm: cocoa needs large pages: -bwm_large_page 2097152"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_large_page 2097152'",
         "option -bwm_large_page: large pages need pages placed"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_mmu shared_tlb -bwm_l2_tlb 512:16:10:2:256'",
         "option -bwm_l2_tlb: '512:16:10:2:256': large-page entries need their ways too"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_mmu shared_tlb -bwm_l2_tlb 512:16:10:2:250:16'",
         "option -bwm_l2_tlb: '512:16:10:2:250:16': 250 entries are not a whole number of sets of 16 ways"},
        {"--apps BLK,QTC --sched mask", "scheduler mask needs address translation (-bwm_mmu shared_tlb, static_tlb or "
                                         "pwcache)"},
        {"--apps BLK,QTC --sched mask --set '-gpgpu_n_clusters 4 -bwm_mmu pwcache'",
         "MASK's TLB-fill tokens need an L2 TLB (-bwm_mmu shared_tlb or static_tlb, not pwcache); turn them off with "
         "--sched-param mask.tokens=off"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_cta_dispatch zigzag'",
         "option -bwm_cta_dispatch: unknown CTA dispatch 'zigzag' (interleaved or serial)"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -gpgpu_shader_cta 0'", "option -gpgpu_shader_cta: 0 is out of range 1..64"},
        {"--apps BLK --set '-gpgpu_n_clusters 4 -bwm_vm temp'",
         "option -bwm_vm: no bank colours on this memory system: the channel is the address modulo 6"},
        {"--apps BLK --config " BWM_SOURCE_DIR "/data/configs/cal12.config --set '-bwm_vm temp -bwm_mmu shared_tlb'",
         "option -bwm_vm: temp places a page at the SM that first touches it"},
        {NULL, ":2: column 'warps': 99 is out of range 0.1..64"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[] = "/tmp/bwm_runout_XXXXXX";
        close(mkstemp(out));
        unlink(out);
        bwm_run r;
        if (cases[i].args) /* a small GPU, unless the case gives its own --set */
            bwm_run_cli(&r, "sim run %s --cycles 1000 %s -o %s",
                        strstr(cases[i].args, "--set") ? "" : "--set '-gpgpu_n_clusters 4'", cases[i].args, out);
        else
            bwm_run_cli(&r, "sim run --apps-file %s --apps BAD --cycles 1000 -o %s", apps, out);
        cr_assert_eq(r.status, 2, "case %zu: status %d, stderr %s", i, r.status, r.err);
        cr_assert(strstr(r.err, cases[i].message), "case %zu: %s", i, r.err);
        if (cases[i].args == alone_args)
            bwm_expect_contains(r.err, ": application BLK has an alone mpki of 0, but --sched prior-low-mpki ranks by it");
        cr_assert_neq(access(out, F_OK), 0, "case %zu left %s", i, out);
        bwm_run_free(&r);
    }
    unlink(apps);
    unlink(alone);
    unlink(twice);
    /* issue case 9: two outputs on one file, spelt alike or not */
    char same[] = "/tmp/bwm_same_XXXXXX";
    close(mkstemp(same));
    unlink(same);
    bwm_run r;
    bwm_run_cli(&r, "sim run --set '-gpgpu_n_clusters 4' --apps BLK --cycles 1000 -o %s.csv --series /tmp/.%s.csv",
                same, same + 4);
    bwm_expect_bad(&r, "options -o and --series: both write '/tmp/./bwm_same_");
    bwm_run_free(&r);
    char path[64];
    snprintf(path, sizeof path, "%s.csv", same);
    cr_assert_neq(access(path, F_OK), 0, "nothing written");
}

Test(sim_run_cli, every_stage_of_a_loads_life_is_printed)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --set '-gpgpu_n_clusters 4' --cycles 3000 --warmup 300 --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"mem_round_trip\":");
    bwm_expect_contains(r.out, "\"mem_stall_frac\":");
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        char key[64];
        snprintf(key, sizeof key, "\"lat_%s\":", bwm_stage_names[s]);
        bwm_expect_contains(r.out, key);
    }
    bwm_run_free(&r);
}

/* An application alone on part of the GPU (the rest idle) is the alone run a
 * pair compares it with: its share of an equal split. */
Test(sim_run_cli, an_application_alone_on_its_share_is_the_pairs_alone_run)
{
    bwm_run pair, alone;
    bwm_run_cli(&pair, "sim run --apps BLK,QTC " SMALL " --format json");
    bwm_run_cli(&alone, "sim run --apps BLK --sm-split 2 " SMALL " --format json");
    bwm_expect_ok(&pair);
    bwm_expect_ok(&alone);
    cr_assert(strstr(alone.out, "\"sms\":2"), "%s", alone.out);
    cr_assert_eq(bwm_json_number(pair.out, "ipc_alone"), bwm_json_number(alone.out, "ipc"), "%s\n%s", pair.out,
                 alone.out);
    bwm_run_free(&pair);
    bwm_run_free(&alone);
}

/* A run of one cycle (docs/vocabulary.md, "Nothing to divide by"): a rate
 * or a mean whose denominator was 0 is empty (null in JSON, an empty CSV
 * field), not a 0 it never measured; one with a denominator, and every
 * count, stays a number.  In its first cycle, no request of the 4-SM GPU
 * left an SM: no load was answered and no DRAM access made (latencies,
 * stages and row_hit_rate null), while both applications committed
 * instructions in their cycle (ipc, mpki a number: 0 L2 misses over them).
 * The slowdowns and metrics are null only when an alone run committed
 * nothing. */
Test(sim_run_cli, a_one_cycle_run_prints_null_for_rates_with_nothing_to_divide_by)
{
    bwm_run r;
    const char *run = "sim run --apps BLK,GUPS --set '-gpgpu_n_clusters 4' --cycles 1 --warmup 0";
    bwm_run_cli(&r, "%s --format json", run);
    bwm_expect_ok(&r);
    cr_expect_gt(bwm_json_number(r.out, "ipc"), 0, "%s", r.out);
    bwm_expect_contains(r.out, "\"mpki\":0,\"bw\":0,\"bw_frac\":0,\"row_hit_rate\":null,"
                               "\"avg_mem_latency\":null,\"mem_round_trip\":null,");
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        char key[64];
        snprintf(key, sizeof key, "\"lat_%s\":null", bwm_stage_names[s]);
        bwm_expect_contains(r.out, key);
    }
    bwm_expect_contains(r.out, "\"mem_stall_frac\":0,\"l1_accesses\":0,");
    bwm_expect_contains(r.out, "\"dram_bytes_written\":0,\"ipc_alone\":");
    bwm_expect_contains(r.out, ",\"mpki_alone\":0,\"bw_alone\":0,\"sd\":1}");
    bwm_run_free(&r);
    /* the same in CSV: empty fields, numbers beside them */
    bwm_run_cli(&r, "%s --format csv", run);
    bwm_expect_ok(&r);
    const char *gups = "BLK_GUPS,frfcfs,cycles,1,0,2,GUPS,";
    const char *const empty[] = {"row_hit_rate", "avg_mem_latency", "mem_round_trip", "lat_dram"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++)
        bwm_expect_csv_field(r.out, gups, empty[i], "");
    char ipc[64];
    bwm_csv_field_of(r.out, gups, "ipc", ipc, sizeof ipc);
    cr_expect_gt(atof(ipc), 0, "ipc '%s'", ipc);
    bwm_expect_csv_field(r.out, gups, "mpki", "0");
    bwm_expect_csv_field(r.out, gups, "mem_stall_frac", "0");
    bwm_expect_csv_field(r.out, gups, "l2_misses", "0");
    bwm_run_free(&r);
    /* on the whole GPU, GUPS's warps spend the 10,000 cycles of warm-up
     * waiting on memory: in its one measured cycle it commits nothing (mpki
     * null, ipc 0) but its loads come back (latencies numbers), and its
     * alone run commits nothing either (mpki_alone, sd and metrics null) */
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --cycles 1 --format json");
    bwm_expect_ok(&r);
    const char *g = strstr(r.out, "\"app\":\"GUPS\"");
    cr_assert(g, "%s", r.out);
    bwm_expect_contains(g, "\"sms\":15,\"insts\":0,\"cycles\":1,\"ipc\":0,\"mpki\":null,");
    cr_expect_gt(bwm_json_number(g, "avg_mem_latency"), 0, "%s", g);
    bwm_expect_contains(g, "\"ipc_alone\":0,\"mpki_alone\":null,\"bw_alone\":179.2,\"sd\":null");
    bwm_expect_contains(r.out, "\"it\":null,");
    bwm_run_free(&r);
}

/* A saved run of an application that committed nothing has its mpki
 * empty (nothing to divide by): as an alone profile it is refused for its
 * ipc of 0, as any, not for the empty field. */
Test(sim_run_cli, an_alone_profile_with_an_empty_mpki_is_refused_for_its_ipc)
{
    char alone[BWM_TMP_PATH_MAX];
    bwm_write_tmp(alone, "app,ipc,mpki,bw\nBLK,0,,0\nQTC,50,2,5\n");
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,QTC --alone %s " SMALL, alone);
    bwm_expect_bad(&r, ":2: alone profile of BLK needs ipc > 0");
    bwm_run_free(&r);
    unlink(alone);
}

/* --sm-split may leave SMs idle, as --help and docs/sim.md say: BLK on 1
 * SM and QTC on 2 of the GPU's 4 run, each on its own share. */
Test(sim_run_cli, split_leaves_sms_idle)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,QTC --sm-split 1,2 " SMALL " --format json");
    bwm_expect_ok(&r);
    const char *qtc = strstr(r.out, "\"app\":\"QTC\"");
    cr_assert(qtc, "%s", r.out);
    cr_expect(strstr(r.out, "\"sms\":1") && strstr(r.out, "\"sms\":1") < qtc, "BLK on 1 SM: %s", r.out);
    cr_expect_eq(bwm_json_number(qtc, "sms"), 2, "QTC on 2 SMs");
    bwm_run_free(&r);
}

/* --extra-apps adds its rows to the shipped catalogue (--apps-file would
 * replace it): the shipped and the added application run side by side, the
 * added row does not disturb a run that does not name it, and a row whose
 * abbreviation or name is already the catalogue's is refused at its line. */
Test(sim_run_cli, extra_apps_join_the_shipped_catalogue)
{
    /* two comment lines, the header at line 3, rows from line 4 */
    static const char MINE[] = "My Kernel,MYK,0,0,latency,8,0.2,0,1,random,1,2048,0,64,0,0,1,4,1,4,32\n";
    char text[2048], extra[BWM_TMP_PATH_MAX];
    snprintf(text, sizeof text, "# my kernel\n# read at random\n%s%s", APPS_HEADER, MINE);
    bwm_write_tmp(extra, text);
    bwm_run both, plain, with;
    bwm_run_cli(&both, "sim run --apps BLK,MYK --extra-apps %s " SMALL " --format csv", extra);
    bwm_expect_ok(&both);
    bwm_expect_contains(both.out, ",1,BLK,BlackScholes,");
    bwm_expect_contains(both.out, ",2,MYK,My Kernel,");
    /* the provenance names the added file and its hash */
    bwm_run prov;
    bwm_run_cli(&prov, "sim run --apps BLK,MYK --extra-apps %s " SMALL " --format csv --provenance", extra);
    bwm_expect_ok(&prov);
    char sha[BWM_SHA256_HEX], want[BWM_TMP_PATH_MAX + 128];
    bwm_err err;
    cr_assert_eq(bwm_sha256_file(extra, sha, &err), BWM_OK);
    snprintf(want, sizeof want, "# extra_apps_file: %s\n# extra_apps_sha256: %s\n", extra, sha);
    bwm_expect_contains(prov.out, want);
    bwm_run_free(&prov);
    /* replacing the catalogue instead loses BLK */
    bwm_run_cli(&plain, "sim run --apps BLK,MYK --apps-file %s " SMALL " --format csv", extra);
    bwm_expect_bad(&plain, "option --apps: unknown application 'BLK'");
    bwm_run_free(&plain);
    /* a pair of shipped applications runs as without the added row */
    bwm_run_cli(&plain, "sim run --apps BLK,GUPS " SMALL " --format csv");
    bwm_run_cli(&with, "sim run --apps BLK,GUPS --extra-apps %s " SMALL " --format csv", extra);
    bwm_expect_ok(&with);
    cr_assert_str_eq(with.out, plain.out);
    bwm_run_free(&both);
    bwm_run_free(&plain);
    bwm_run_free(&with);
    /* an unknown name points at both files */
    bwm_run_cli(&with, "sim run --apps NOPE --extra-apps %s " SMALL, extra);
    bwm_expect_bad(&with, "option --apps: unknown application 'NOPE' (see ");
    bwm_expect_contains(with.err, extra);
    bwm_run_free(&with);
    unlink(extra);
    /* the clashing row is line 5: by abbreviation, then by name */
    static const char *const clash[] = {
        "Black,BLK,0,0,latency,8,0.2,0,1,random,1,2048,0,64,0,0,1,4,1,4,32\n",
        "blackscholes,BLX,0,0,latency,8,0.2,0,1,random,1,2048,0,64,0,0,1,4,1,4,32\n",
    };
    static const char *const said[] = {
        ":5: application 'BLK' is already in " BWM_SOURCE_DIR "/data/apps_calibrated.csv",
        ":5: name 'blackscholes' is already the name of application BLK in " BWM_SOURCE_DIR "/data/apps_calibrated.csv",
    };
    for (size_t i = 0; i < 2; i++) {
        snprintf(text, sizeof text, "# my kernel\n# read at random\n%s%s%s", APPS_HEADER, MINE, clash[i]);
        bwm_write_tmp(extra, text);
        char want[512];
        snprintf(want, sizeof want, "bwmpki sim run: option --extra-apps: %s%s", extra, said[i]);
        bwm_run_cli(&with, "sim run --apps MYK --extra-apps %s " SMALL, extra);
        bwm_expect_bad(&with, want);
        bwm_run_free(&with);
        unlink(extra);
    }
}
