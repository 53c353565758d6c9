/* model_cli_test.c — "bwmpki model ...": the JSON contracts of DESIGN.md and
 * every bad input (exit code 2, a message on stderr, nothing on stdout). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"

#define FIX(name) BWM_SOURCE_DIR "/tests/fixtures/model/" name

/* Exit 0 and nothing on stderr. */
static void expect_quiet_ok(const bwm_run *r)
{
    bwm_expect_ok(r);
    cr_assert_str_eq(r->err, "");
}

Test(model_cli, compare_figure6_json)
{
    bwm_run r;
    bwm_run_cli(&r, "model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "{\"peak\":50,\"apps\":[{\"mpki\":20,\"bw_alone\":30,\"perf_alone\":1.5");
    bwm_expect_contains(r.out, "{\"policy\":\"prior-1\",\"bw\":[30,20],\"perf\":[1.5,4],\"sd\":[1,0.5],"
                           "\"it\":5.5,\"ws\":1.5,");
    bwm_expect_contains(r.out, "{\"policy\":\"prior-2\",\"bw\":[10,40],\"perf\":[0.5,8],");
    bwm_expect_contains(r.out, "\"it\":8.5,\"ws\":1.33333333333,");
    bwm_expect_contains(r.out, "{\"policy\":\"rr\",\"bw\":[25,25],\"perf\":[1.25,5],");
    bwm_expect_contains(r.out, "\"it\":6.25,\"ws\":1.45833333333,");
    bwm_expect_contains(r.out, "\"transfer\":{\"favour_it\":2,\"favour_ws\":1,\"favour_ws_approx\":1,\"conflict\":true");
    const char *policies[] = {"prior-low-mpki", "prior-low-bw", "weis", "frfcfs", "opt-it", "opt-ws", "opt-hs"};
    for (size_t i = 0; i < sizeof policies / sizeof policies[0]; i++) {
        char key[64];
        snprintf(key, sizeof key, "\"policy\":\"%s\"", policies[i]);
        bwm_expect_contains(r.out, key);
    }
    char *prov = strstr(r.out, ",\"provenance\":"); /* the word provenance holds "nan" */
    cr_assert_not_null(prov);
    *prov = '\0';
    cr_assert_null(strstr(r.out, "nan"));
    bwm_run_free(&r);
}

Test(model_cli, compare_by_name_uses_bw_frac_times_peak)
{
    bwm_run r;
    bwm_run_cli(&r, "model compare --apps BLK,GUPS --peak 88.8 --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"mpki\":1.6,\"bw_alone\":60.0288,");
    bwm_expect_contains(r.out, "\"mpki\":57.1,\"bw_alone\":82.584,");
    bwm_expect_contains(r.out, "\"favour_it\":1,\"favour_ws\":1,");
    bwm_run_free(&r);
}

Test(model_cli, compare_csv_has_one_row_per_policy_and_app)
{
    bwm_run r;
    bwm_run_cli(&r, "model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format csv");
    expect_quiet_ok(&r);
    int lines = 0;
    for (const char *p = r.out; *p; p++)
        lines += *p == '\n';
    cr_assert_eq(lines, 1 + 10 * 2);
    bwm_expect_contains(r.out, "policy,app_index,mpki,bw_alone,perf_alone,rbl,bw,bw_frac,perf,sd,it,ws,hs,antt,"
                               "max_slowdown,unfairness,peak\n");
    bwm_expect_contains(r.out, "prior-1,1,20,30,1.5,,30,0.6,1.5,1,5.5,1.5,");
    bwm_run_free(&r);
}

Test(model_cli, starved_metrics_are_null_not_inf)
{
    bwm_run r;
    bwm_run_cli(&r, "model compare --mpki 1,2 --bw-alone 50,50 --peak 50 --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"policy\":\"prior-1\",\"bw\":[50,0],\"perf\":[50,0],\"sd\":[1,0],\"it\":50,\"ws\":1,"
                           "\"hs\":0,\"antt\":null,\"max_slowdown\":null,\"unfairness\":null");
    cr_assert_null(strstr(r.out, "inf"));
    bwm_run_free(&r);
}

Test(model_cli, asjf_json_contract)
{
    bwm_run r;
    bwm_run_cli(&r, "model asjf --alpha 0.5 --m 3 --queues 4h,1m,6h --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "{\"k\":9,\"selected\":0,\"selected_hw\":0,\"scores\":[2,3,2.44948974278],"
                           "\"potential\":5.44948974278,");
    bwm_run_free(&r);
    /* α = 0.1: k = 3^(1/0.9) ≈ 3.39, |H_s| = 4 > 3.39 × 1: the miss queue wins */
    bwm_run_cli(&r, "model asjf --alpha 0.1 --m 3 --queues 4h,1m,6h --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"selected\":1,\"selected_hw\":1,");
    bwm_run_free(&r);
}

Test(model_cli, share_transfer_classify_perf)
{
    bwm_run r;
    bwm_run_cli(&r, "model share --mpki 20,5 --bw-alone 30,40 --peak 50 --order 2,1 --format csv");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "prior-2,1,20,30,1.5,,10,0.2,0.5,");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model transfer --apps GUPS,SCP,HISTO --format json");
    expect_quiet_ok(&r);
    /* HISTO first for IT and WS, GUPS last: the ranks of GUPS, SCP, HISTO are 3, 2, 1 */
    bwm_expect_contains(r.out, "{\"app_index\":1,\"app\":\"GUPS\",");
    bwm_expect_contains(r.out, "\"rank_it\":3,\"rank_ws\":3,");
    bwm_expect_contains(r.out, "\"app\":\"HISTO\",\"app_name\":");
    bwm_expect_contains(r.out, "\"rank_it\":1,\"rank_ws\":1,");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model transfer --apps GUPS,SCP,HISTO --format csv --table verdict");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "favour_it,favour_ws,favour_ws_approx,conflict,favour_hs,bandwidth_bound,"
                               "operating_point,peak\n3,3,");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model classify --mixes BLK_QTC,HISTO_TRD --format csv");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "1,BLK_QTC,6.3,C-MPKI,0.523,A-BW,BLK,QTC\n");
    bwm_expect_contains(r.out, "2,HISTO_TRD,0.5,B-MPKI,0.174,C-BW,TRD,TRD\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model perf --bw 64 --mpki 2 --clock 1000 --format json");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"ips\":250000000000,\"ipc\":250");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model perf --ipc 250 --mpki 2 --clock 1000 --format csv");
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "2,64,128,1000,");
    bwm_run_free(&r);
}

Test(model_cli, long_rankings_and_orders_are_printed_whole)
{
    /* 60 applications: their ranking runs to over 400 characters, which a
       fixed buffer once cut at 255 without a word */
    char mpki[400] = "", bw[400] = "";
    for (int i = 0; i < 60; i++) {
        snprintf(mpki + strlen(mpki), sizeof mpki - strlen(mpki), "%s%d", i ? "," : "", 5 + i);
        snprintf(bw + strlen(bw), sizeof bw - strlen(bw), "%s%g", i ? "," : "", 1 + 0.5 * i);
    }
    bwm_run r;
    bwm_run_cli(&r, "model transfer --mpki %s --bw-alone %s --peak 50 --format table", mpki, bw);
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "| it        |      1 | #1          | lowest mpki (Eq. 6-8)          | #1 > #2 > ");
    bwm_expect_contains(r.out, " > #58 > #59 > #60 |");
    bwm_run_free(&r);
    /* and a priority order of 60: the policy column names it whole (it was cut at 63 characters) */
    char order[400] = "";
    for (int i = 0; i < 60; i++)
        snprintf(order + strlen(order), sizeof order - strlen(order), "%s%d", i ? "," : "", 60 - i);
    bwm_run_cli(&r, "model share --mpki %s --bw-alone %s --peak 50 --order %s --format csv", mpki, bw, order);
    expect_quiet_ok(&r);
    char want[420];
    snprintf(want, sizeof want, "\n\"order-%s\",1,5,", order);
    bwm_expect_contains(r.out, want);
    bwm_run_free(&r);
}

Test(model_cli, bad_workloads)
{
    bwm_expect_bad_cli("model compare --mpki 0,5 --bw-alone 30,40 --peak 50", "option --mpki: value 1 must be > 0 (got 0)");
    bwm_expect_bad_cli("model compare --mpki 20,-1 --bw-alone 30,40 --peak 50", "option --mpki: value 2 must be > 0");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone -30,40 --peak 50", "option --bw-alone: value 1 must be > 0");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone abc,40 --peak 50", "option --bw-alone: value 1 of 'abc,40' is not a finite number");
    bwm_expect_bad_cli("model compare --mpki 20,1e-320 --bw-alone 30,40 --peak 50",
                       "option --mpki: value 2 of '20,1e-320' underflows");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 30,40 --peak -1e-400", "option --peak: '-1e-400' underflows");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 60,40 --peak 50",
               "option --bw-alone: value 1 (60) exceeds the peak bandwidth 50 of --peak");
    bwm_expect_bad_cli("model compare --mpki 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --bw-alone 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 "
               "--peak 50", "option --mpki: 17 applications; model compare takes at most 16");
    bwm_expect_bad_cli("model share --mpki 20,0 --bw-alone 30,40 --peak 50 --policy rr", "option --mpki: value 2 must be > 0");
    bwm_expect_bad_cli("model transfer --mpki 20,5 --bw-alone 30,0 --peak 50", "option --bw-alone: value 2 must be > 0");
    bwm_expect_bad_cli("model compare --mpki 20,5,1 --bw-alone 30,40 --peak 50", "list 3 and 2 values");
    bwm_expect_bad_cli("model compare --mpki nan,5 --bw-alone 30,40 --peak 50", "option --mpki");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 30,inf --peak 50", "option --bw-alone");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 30,40 --peak inf", "option --peak");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 30,40 --peak -5", "option --peak: must be > 0");
    bwm_expect_bad_cli("model compare --mpki 20,5 --bw-alone 30,40", "option --peak is required");
    bwm_expect_bad_cli("model compare --apps BLK,FOO", "option --apps: unknown application 'FOO'");
    bwm_expect_bad_cli("model compare --apps BLK --mpki 3 --bw-alone 3", "not both");
    bwm_expect_bad_cli("model compare --apps BLK,QTC --rbl 1", "option --rbl: 1 values for 2 applications");
    bwm_expect_bad_cli("model compare --apps BLK,QTC --rbl 0,1", "option --rbl: value 1 must be > 0");
    bwm_expect_bad_cli("model compare --apps BLK,QTC --apps-file " FIX("apps_bad_number.csv"),
               "apps_bad_number.csv:3: column 'mpki': 'abc' is not a finite number");
    bwm_expect_bad_cli("model compare --apps BLK --apps-file " FIX("apps_short_row.csv"), "apps_short_row.csv:4:");
}

Test(model_cli, bad_options)
{
    bwm_expect_bad_cli("model compare --mpki 20 --bw-alone 30 --peak 50 --bogus 1", "unknown option '--bogus'");
    bwm_expect_bad_cli("model compare --mpki 20 --bw-alone 30 --peak 50 --format xml", "not one of table, csv, json");
    bwm_expect_bad_cli("model compare --mpki", "option --mpki needs a value");
    bwm_expect_bad_cli("model nosuchverb", "unknown verb 'nosuchverb'");
    bwm_expect_bad_cli("nosucharea", "unknown area 'nosucharea'");
    bwm_expect_bad_cli("model share --mpki 20,5 --bw-alone 30,40 --peak 50 --policy prior-3", "option --policy:");
    bwm_expect_bad_cli("model share --mpki 20,5 --bw-alone 30,40 --peak 50 --order 2,2", "appears twice");
    bwm_expect_bad_cli("model share --mpki 20,5 --bw-alone 30,40 --peak 50 --order 0,1", "not an application number");
    bwm_expect_bad_cli("model transfer --mpki 20,5 --bw-alone 30,40 --peak 50 --bw 40,10", "must be within 0..bw_alone");
    bwm_expect_bad_cli("model perf --bw 10 --mpki 0", "option --mpki: must be > 0 (got 0)");
    bwm_expect_bad_cli("model perf --bw -10 --mpki 1", "option --bw: must be >= 0 (got -10)");
    bwm_expect_bad_cli("model perf --bw 10 --mpki 1 --line 0", "option --line: must be > 0 bytes (got 0)");
    bwm_expect_bad_cli("model perf --bw 10 --mpki 1 --clock -1", "option --clock: must be > 0 MHz (got -1)");
    bwm_expect_bad_cli("model perf --ipc -1 --mpki 1", "option --ipc: must be >= 0 (got -1)");
    bwm_expect_bad_cli("model classify --mixes BLK_NOPE", "option --mixes: unknown application 'NOPE'");
    bwm_expect_bad_cli("model classify --workloads " FIX("workloads_unknown.csv"), "workloads_unknown.csv:3: unknown application 'FOO'");
    bwm_expect_bad_cli("model classify --workloads " FIX(""), "/model/: is a directory (expected a file)");
    bwm_expect_bad_cli("model compare --apps BLK,QTC --apps-file " FIX(""), "/model/: is a directory (expected a file)");
}

Test(model_cli, bad_asjf_input)
{
    bwm_expect_bad_cli("model asjf --alpha 0 --queues 1h", "option --alpha: must be in (0, 1] (got 0)");
    bwm_expect_bad_cli("model asjf --alpha 1.5 --queues 1h", "option --alpha: must be in (0, 1] (got 1.5)");
    bwm_expect_bad_cli("model asjf --alpha 0.5 --m 0.5 --queues 1h", "option --m: must be >= 1");
    bwm_expect_bad_cli("model asjf --alpha 0.5 --queues 1x", "not a length followed by h");
    bwm_expect_bad_cli("model asjf --alpha 0.5 --queues 0h", "must be a number > 0");
    bwm_expect_bad_cli("model asjf --alpha 0.5 --queues 1h,2m --cores 0,1 --ready 4", "--ready lists 1 cores");
    bwm_expect_bad_cli("model asjf --alpha 0.5 --queues 1h --cores 0 --ready 0", "ready warps must be >= 1");
}

Test(model_cli, no_partial_output_file_on_error)
{
    char dir[] = "/tmp/bwm_cli_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    bwm_run r;
    bwm_run_cli(&r, "model compare --mpki 0,5 --bw-alone 30,40 --peak 50 -o %s/out.json", dir);
    cr_assert_eq(r.status, 2);
    bwm_run_free(&r);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A %s)\"", dir);
    bwm_run_shell(&r, cmd);
    cr_assert_eq(r.status, 0, "the output folder is not empty");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format json -o %s/out.json", dir);
    expect_quiet_ok(&r);
    cr_assert_str_eq(r.out, "");
    bwm_run_free(&r);
    char path[256];
    snprintf(path, sizeof path, "%s/out.json", dir);
    char *text = bwm_slurp(path);
    cr_assert_not_null(text);
    bwm_expect_contains(text, "\"favour_it\":2");
    free(text);
    unlink(path);
    rmdir(dir);
}

Test(model_cli, output_to_a_directory_is_bad_usage)
{
    char dir[] = "/tmp/bwm_cli_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    bwm_run r;
    bwm_run_cli(&r, "model compare --mpki 20,5 --bw-alone 30,40 --peak 50 -o %s", dir);
    bwm_expect_bad(&r, "option -o: ");
    bwm_expect_contains(r.err, dir);
    bwm_expect_contains(r.err, "is a directory");
    bwm_run_free(&r);
    struct stat st;
    cr_assert_eq(stat(dir, &st), 0);
    cr_assert(S_ISDIR(st.st_mode));
    rmdir(dir);
}

Test(model_cli, help_on_every_level)
{
    const char *levels[] = {"--help", "model --help", "model compare --help", "model asjf --help",
                            "model share --help", "model transfer --help", "model classify --help",
                            "model perf --help"};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "%s", levels[i]);
        cr_assert_eq(r.status, 0, "%s", levels[i]);
        bwm_expect_contains(r.out, "usage: bwmpki");
        bwm_run_free(&r);
    }
}

/* --model queueing on tests/model/queue_test.c's hand-derived pair: FR-FCFS
 * gives 55.062908401 and 27.812419930 of a peak of 100.  Measured waits alone
 * of 15 and 18/7 are those --queue-scale 10,2 implies (same allocation); A
 * measured waiting 30 queues more, so B gets less. */
Test(model_cli, share_under_the_queueing_model)
{
    static const char *const base = "model share --mpki 10,5 --bw-alone 60,30 --peak 100 --policy frfcfs "
                                    "--model queueing --round-trip 300,250 --lat-share 1,0.5 --row-hit 0,0.5 "
                                    "--queue-scale 10,2 --format json";
    bwm_run r;
    bwm_run_cli(&r, "%s", base);
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"bw\":55.0629084");
    bwm_expect_contains(r.out, "\"bw\":27.8124199");
    bwm_run_free(&r);
    bwm_run_cli(&r, "%s --wait-alone 15,2.5714285714285714", base);
    expect_quiet_ok(&r);
    bwm_expect_contains(r.out, "\"bw\":55.0629084");
    bwm_expect_contains(r.out, "\"bw\":27.8124199");
    bwm_run_free(&r);
    bwm_run_cli(&r, "%s --wait-alone 30,2.5714285714285714", base);
    expect_quiet_ok(&r);
    cr_assert_null(strstr(r.out, "\"bw\":27.8124199"), "%s", r.out);
    bwm_run_free(&r);
    bwm_expect_bad_cli("model share --mpki 10,5 --bw-alone 60,30 --peak 100 --wait-alone 15,2",
                       "need --model queueing");
    bwm_expect_bad_cli("model share --mpki 10,5 --bw-alone 60,30 --peak 100 --model queueing --wait-alone -1,2",
                       "option --wait-alone: value 1 must be in [0, 1e+12] (got -1)");
    bwm_expect_bad_cli("model share --mpki 10,5 --bw-alone 60,30 --peak 100 --model queueing --wait-alone 15",
                       "option --wait-alone: 1 values for 2 applications");
}
