/* fit_perf_cli_test.c — "bwmpki fit perf": a results CSV worked out by hand
 * in table, CSV and JSON, --out DIR with its five files, a short on-demand
 * simulation, excluded rows, and bad input (exit code 2, the option, file or
 * line at fault on stderr, nothing on stdout, no output files). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define APPS BWM_SOURCE_DIR "/data/apps_synth.csv"

/* At 1 GHz with 128-byte lines the plain model is ipc = bw x 1000 / (128 mpki),
 * its error (model - measured) / measured:
 *   BLK: 12.8 / 1 -> 100 against 80:  error +0.25 (f_smem 0)
 *   QTC: 25.6 / 2 -> 100 against 125: error -0.2  (f_smem 0)
 *   MM:   6.4 / 1 -> 50  against 100: error -0.5  (f_smem 0.3 in apps_synth.csv: heavy)
 * The rows are sim run's CSV layout (app the abbreviation, app_name the name). */
#define RESULTS                                                                                           \
    "workload,sched,app_name,app,sms,ipc,mpki,bw\n"                                                       \
    "BLK,frfcfs,BlackScholes,BLK,15,80,1,12.8\n"                                                          \
    "QTC,frfcfs,Quality Threshold Clustering,QTC,15,125,2,25.6\n"                                         \
    "MM,frfcfs,Matrix Multiplication,MM,15,100,1,6.4\n"

/* Least squares by hand: c = sum xy / sum x^2 = 3264000 / 368640000, L = 1/c. */
#define L_FIT (368640000.0 / 3264000.0)

static void fit_results(bwm_run *r, const char *text, const char *args)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, text);
    bwm_run_cli(r, "fit perf --results %s --apps-file %s --clock 1000 %s", path, APPS, args);
    unlink(path);
}

/* The object of the row whose first column is "key":"value". */
static const char *json_row(const char *json, const char *key, const char *value)
{
    char pat[128];
    snprintf(pat, sizeof pat, "{\"%s\":\"%s\"", key, value);
    const char *p = strstr(json, pat);
    cr_assert(p, "no row %s in %s", pat, json);
    return p;
}

Test(fit_perf_cli, results_json_by_hand)
{
    bwm_run r;
    fit_results(&r, RESULTS, "--format json");
    bwm_expect_ok(&r);
    const char *first = "{\"errors\":[{\"app\":\"BLK\",\"ipc\":80,\"mpki\":1,\"bw\":12.8,\"f_smem\":0,"
                        "\"ipc_model\":100,\"ipc_model_err\":0.25,";
    cr_assert_eq(strncmp(r.out, first, strlen(first)), 0, "%s", r.out);
    const char *mm = json_row(r.out, "app", "MM");
    cr_assert_float_eq(bwm_json_number(mm, "f_smem"), 0.3, 1e-12);
    cr_assert_float_eq(bwm_json_number(mm, "ipc_model_err"), -0.5, 1e-12);
    cr_assert_float_eq(bwm_json_number(json_row(r.out, "app", "QTC"), "ipc_model_err"), -0.2, 1e-12);
    cr_assert_float_eq(bwm_json_number(mm, "ipc_lsq"), 6400 / L_FIT, 1e-9);
    bwm_expect_contains(mm, "\"note\":\"heavy smem\"");
    /* from --results: the command line and the applications file, no simulation */
    const char *prov = strstr(r.out, "\"provenance\":{");
    cr_assert(prov, "%s", r.out);
    bwm_expect_contains(prov, "\"command_line\":\"bwmpki fit perf --results ");
    bwm_expect_contains(prov, "\"apps_sha256\":\"");
    cr_assert(!strstr(prov, "\"seed\"") && !strstr(prov, "\"config\""), "%s", prov);
    /* MAREs, the mean of |error|, in their own table */
    const char *sum = strstr(r.out, "],\"summary\":[");
    cr_assert(sum, "%s", r.out);
    cr_assert_float_eq(bwm_json_number(json_row(sum, "group", "all"), "mare_model"), 0.95 / 3, 1e-12);
    cr_assert_float_eq(bwm_json_number(json_row(sum, "group", "light"), "mare_model"), 0.225, 1e-12);
    cr_assert_float_eq(bwm_json_number(json_row(sum, "group", "heavy"), "mare_model"), 0.5, 1e-12);
    cr_assert_float_eq(bwm_json_number(json_row(sum, "group", "all"), "n"), 3, 0);
    const char *params = strstr(r.out, "],\"params\":[");
    cr_assert(params, "%s", r.out);
    const char *L = json_row(params, "parameter", "L_fit");
    cr_assert_float_eq(bwm_json_number(L, "value"), L_FIT, 1e-9);
    cr_assert_float_eq(bwm_json_number(L, "theory"), 128, 0);
    cr_assert(bwm_json_number(L, "stderr") > 0);
    /* three samples: u is dropped (no degrees of freedom left), k and s fitted */
    bwm_expect_contains(json_row(params, "parameter", "u"),
                        "\"value\":null,\"stderr\":null,\"theory\":0,\"note\":\"dropped (not determined: 3 samples "
                        "for 3 parameters)\"}");
    cr_assert(bwm_json_number(json_row(params, "parameter", "k"), "stderr") > 0);
    *strstr(r.out, "\"provenance\":") = '\0'; /* its command line names a random temporary file */
    cr_assert(!strstr(r.out, "nan") && !strstr(r.out, "inf"), "%s", r.out);
    bwm_run_free(&r);
}

/* Without --clock the core clock comes from --config and --set: the
 * provenance names them (path, sha256 of the file, the --set text). */
Test(fit_perf_cli, results_clock_from_config_in_provenance)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, RESULTS);
    const char *cfg = BWM_SOURCE_DIR "/tests/fixtures/gtx480.config"; /* core clock 700 MHz */
    const char *set = "-gpgpu_clock_domains 1000.0:700.0:700.0:924.0";
    bwm_run sum;
    bwm_run_shell(&sum, "sha256sum " BWM_SOURCE_DIR "/tests/fixtures/gtx480.config");
    bwm_expect_ok(&sum);
    char sha[65];
    snprintf(sha, sizeof sha, "%.64s", sum.out);
    bwm_run_free(&sum);

    bwm_run r;
    bwm_run_cli(&r, "fit perf --results %s --apps-file %s --config %s --set '%s' --format json", path, APPS, cfg, set);
    bwm_expect_ok(&r);
    /* the clock of --set, 1 GHz: BLK's plain model is 100 as in the hand-worked case */
    cr_assert_float_eq(bwm_json_number(json_row(r.out, "app", "BLK"), "ipc_model"), 100, 1e-9);
    const char *prov = strstr(r.out, "\"provenance\":{");
    cr_assert(prov, "%s", r.out);
    char want[512];
    snprintf(want, sizeof want, "\"config\":\"%s\",\"config_sha256\":\"%s\",\"set\":\"%s\",", cfg, sha, set);
    bwm_expect_contains(prov, want);
    cr_assert(!strstr(prov, "\"seed\""), "nothing was simulated: %s", prov);
    bwm_run_free(&r);

    bwm_run_cli(&r, "fit perf --results %s --apps-file %s --config %s --format csv --provenance", path, APPS, cfg);
    bwm_expect_ok(&r);
    snprintf(want, sizeof want, "\n# config: %s\n# config_sha256: %s\n", cfg, sha);
    bwm_expect_contains(r.out, want);
    cr_assert(!strstr(r.out, "# set:") && !strstr(r.out, "# seed:"), "%s", r.out);
    bwm_run_free(&r);

    /* the default configuration, when none is given */
    bwm_run_cli(&r, "fit perf --results %s --apps-file %s --format json", path, APPS);
    bwm_expect_ok(&r);
    bwm_expect_contains(strstr(r.out, "\"provenance\":{"), "/configs/memsys15.config\",\"config_sha256\":\"");
    bwm_run_free(&r);
    unlink(path);
}

Test(fit_perf_cli, results_table_and_csv)
{
    bwm_run r;
    fit_results(&r, RESULTS, "--format table");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "Performance model: measured ipc beside the plain model");
    bwm_expect_contains(r.out, "| BLK |  80 |    1 | 12.8 |      0 |       100 |          0.25 |");
    bwm_expect_contains(r.out, "\nMean absolute relative errors\n\n| group |   n | mare_model |");
    bwm_expect_contains(r.out, "| heavy |   1 |        0.5 |");
    bwm_expect_contains(r.out, "\nFitted parameters\n\n| parameter  |");
    bwm_expect_contains(r.out, "| L_fit      |   112.9 |");
    bwm_run_free(&r);

    fit_results(&r, RESULTS, "--format csv");
    bwm_expect_ok(&r);
    const char *head = "app,ipc,mpki,bw,f_smem,ipc_model,ipc_model_err,ipc_lsq,ipc_lsq_err,ipc_ext,ipc_ext_err,note\n"
                       "BLK,80,1,12.8,0,100,0.25,";
    cr_assert_eq(strncmp(r.out, head, strlen(head)), 0, "%s", r.out);
    cr_assert(!strstr(r.out, "MARE") && !strstr(r.out, "parameter"), "one table per CSV: %s", r.out);
    bwm_run_free(&r);
    fit_results(&r, RESULTS, "--format csv --table summary");
    bwm_expect_ok(&r);
    cr_assert_eq(strncmp(r.out, "group,n,mare_model,mare_lsq,mare_ext,note\nall,3,0.316666666667,", 63), 0, "%s",
                 r.out);
    bwm_expect_contains(r.out, "\nheavy,1,0.5,");
    bwm_run_free(&r);
    fit_results(&r, RESULTS, "--format csv --table params");
    bwm_expect_ok(&r);
    cr_assert_eq(strncmp(r.out, "parameter,value,stderr,theory,note\nsamples,3,,,used of 3; excluded: none\n"
                         "heavy_smem,1,,,f_smem >= 0.1: MM\n", 106), 0, "%s", r.out);
    bwm_run_free(&r);
    fit_results(&r, RESULTS, "--format csv --table mare");
    bwm_expect_bad(&r, "option --table: unknown table 'mare' (tables: errors, summary, params)");
    bwm_run_free(&r);
}

Test(fit_perf_cli, name_column_and_heavy_threshold)
{
    bwm_run r;
    fit_results(&r, "name,ipc,mpki,bw\nBlackScholes,80,1,12.8\nqtc,125,2,25.6\nMatrix Multiplication,100,1,6.4\n",
                "--heavy 0.5 --format json");
    bwm_expect_ok(&r);
    json_row(r.out, "app", "QTC"); /* named by the abbreviation of the applications file */
    const char *heavy = json_row(r.out, "group", "heavy");
    bwm_expect_contains(heavy, "\"n\":0,\"mare_model\":null");
    bwm_expect_contains(heavy, "\"note\":\"f_smem >= 0.5\"");
    bwm_run_free(&r);
}

Test(fit_perf_cli, unpredictable_row_is_excluded)
{
    bwm_run r;
    fit_results(&r, RESULTS "GUPS,frfcfs,Random Access,GUPS,15,5,0,10\n", "--format json");
    bwm_expect_ok(&r);
    const char *g = json_row(r.out, "app", "GUPS");
    bwm_expect_contains(g, "\"ipc_model\":null,\"ipc_model_err\":null,\"ipc_lsq\":null,\"ipc_lsq_err\":null,"
                           "\"ipc_ext\":null,\"ipc_ext_err\":null,\"note\":\"excluded: mpki <= 0\"}");
    bwm_expect_contains(r.out, "\"note\":\"used of 4; excluded: GUPS (mpki <= 0)\"");
    cr_assert_float_eq(bwm_json_number(json_row(r.out, "group", "all"), "mare_model"), 0.95 / 3, 1e-12);
    bwm_run_free(&r);
}

/* A saved sim run prints an mpki with no instructions to divide by empty
 * (docs/vocabulary.md): read as the 0 the run had, the row is excluded as
 * one with mpki 0 (unpredictable_row_is_excluded). */
Test(fit_perf_cli, an_empty_mpki_is_the_0_the_run_had)
{
    bwm_run r;
    fit_results(&r, RESULTS "GUPS,frfcfs,Random Access,GUPS,15,0,,10\n", "--format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"note\":\"used of 4; excluded: GUPS (mpki <= 0)\"");
    cr_assert_float_eq(bwm_json_number(json_row(r.out, "group", "all"), "mare_model"), 0.95 / 3, 1e-12);
    bwm_run_free(&r);
}

Test(fit_perf_cli, out_dir_writes_five_files)
{
    char dir[64], path[128];
    snprintf(dir, sizeof dir, "/tmp/bwm_fit_perf_out_%d", (int)getpid());
    bwm_run r;
    char args[128];
    snprintf(args, sizeof args, "--out %s --format json", dir);
    fit_results(&r, RESULTS, args);
    bwm_expect_ok(&r);
    static const char *const names[] = {"perf.txt", "perf.csv", "perf_summary.csv", "perf_params.csv", "perf.json"};
    static const char *const starts[] = {"Performance model:", "app,ipc,mpki,bw,f_smem,", "group,n,mare_model,",
                                         "parameter,value,", "{\"errors\":[{"};
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *text = bwm_slurp(path);
        cr_assert(text, "no %s", path);
        cr_assert_eq(strncmp(text, starts[i], strlen(starts[i])), 0, "%s: %s", path, text);
        if (i == 4)
            cr_assert_str_eq(text, r.out); /* the same JSON as on standard output */
        if (i == 1)
            cr_assert(!strstr(text, "parameter,"), "errors CSV holds the parameters: %s", text);
        free(text);
        unlink(path);
    }
    rmdir(dir);
    bwm_run_free(&r);
}

Test(fit_perf_cli, short_simulation_of_two_apps)
{
    bwm_run r;
    /* the default applications file: data/apps_calibrated.csv */
    bwm_run_cli(&r, "fit perf --apps BLK,MM --cycles 20000 --warmup 2000 --format json");
    bwm_expect_ok(&r);
    const char *blk = json_row(r.out, "app", "BLK");
    const char *mm = json_row(r.out, "app", "MM");
    cr_assert(bwm_json_number(blk, "ipc") > 0 && bwm_json_number(blk, "ipc_model") > 0, "%s", r.out);
    cr_assert(bwm_json_number(mm, "mpki") > 0 && bwm_json_number(mm, "ipc_model") > 0, "%s", r.out);
    cr_assert_float_eq(bwm_json_number(mm, "f_smem"), 0.3, 1e-12);
    double e = bwm_json_number(json_row(r.out, "group", "all"), "mare_model");
    cr_assert(e >= 0 && e < 1, "MARE %g", e);
    /* two samples: only k can be fitted */
    cr_assert(bwm_json_number(json_row(r.out, "parameter", "k"), "value") > 0);
    bwm_expect_contains(json_row(r.out, "parameter", "s"), "\"value\":null");
    bwm_run_free(&r);
}

/* "fit perf ARGS" is bad input that writes nothing. */
static void bad_run(const char *args, const char *message)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "fit perf %s", args);
    bwm_expect_bad_cli_writes_nothing(cmd, message);
}

/* Bad --results text: the message names the file and line. */
static void bad_results(const char *text, int line, const char *what)
{
    char path[BWM_TMP_PATH_MAX], args[256], msg[256];
    bwm_write_tmp(path, text);
    snprintf(args, sizeof args, "--results %s --apps-file %s", path, APPS);
    snprintf(msg, sizeof msg, "%s:%d: %s", path, line, what);
    bad_run(args, msg);
    unlink(path);
}

Test(fit_perf_cli, bad_results_files)
{
    bad_results("abbr,ipc,bw\nBLK,80,12.8\n", 1, "missing column 'mpki'");
    bad_results("ipc,mpki,bw\n80,1,12.8\n", 1, "missing column 'app' (or 'abbr' or 'name')");
    bad_results("abbr,ipc,mpki,bw\nBLK,80,1,12.8\nXYZ,1,1,1\n", 3, "unknown application 'XYZ' (not in " APPS ")");
    bad_results("abbr,ipc,mpki,bw\nBLK,80,-1,12.8\n", 2, "ipc, mpki and bw must be >= 0");
    bad_results("abbr,ipc,mpki,bw\nBLK,80,ten,12.8\n", 2, "column 'mpki': 'ten' is not a finite number");
    /* issue case 11: a subnormal says it underflows, a huge one that it overflows */
    bad_results("abbr,ipc,mpki,bw\nBLK,80,1e-320,12.8\n", 2,
                "column 'mpki': '1e-320' underflows: its magnitude is below 2.2e-308");
    bad_results("abbr,ipc,mpki,bw\nBLK,80,1e999,12.8\n", 2, "column 'mpki': '1e999' overflows");
    char path[BWM_TMP_PATH_MAX], args[256];
    bwm_write_tmp(path, "abbr,ipc,mpki,bw\nBLK,80,0,12.8\nMM,1,1,0\n");
    snprintf(args, sizeof args, "--results %s --apps-file %s", path, APPS);
    char want[BWM_TMP_PATH_MAX + 128];
    snprintf(want, sizeof want, "option --results: %s: no sample can be predicted: all 2 have mpki, bw or ipc <= 0",
             path);
    bad_run(args, want);
    unlink(path);
}

Test(fit_perf_cli, bad_options)
{
    bad_run("--results /nonexistent.csv --apps-file " APPS, "/nonexistent.csv: cannot open");
    bad_run("--apps-file /nonexistent_apps.csv", "/nonexistent_apps.csv: cannot open");
    bad_run("--results " BWM_SOURCE_DIR "/tests/fixtures --apps-file " APPS,
            BWM_SOURCE_DIR "/tests/fixtures: is a directory (expected a file)");
    bad_run("--apps-file " BWM_SOURCE_DIR "/tests/fixtures", "/tests/fixtures: is a directory");
    bad_run("--apps-file " APPS " --apps BLK,NOPE", "option --apps: unknown application 'NOPE'");
    bad_run("--apps-file " APPS " --apps BLK,", "option --apps: item 2 is empty");
    bad_run("--apps-file " APPS " --sms 0", "option --sms:");
    bad_run("--apps-file " APPS " --sms 31", "option --sms:");
    bad_run("--apps-file " APPS " --cycles x", "option --cycles:");
    bad_run("--apps-file " APPS " --heavy 2", "option --heavy: must be in 0..1");
    bad_run("--apps-file " APPS " --line 0", "option --line: must be > 0");
    bad_run("--apps-file " APPS " --clock 700", "option --clock: only with --results");
    bad_run("--results x.csv --cycles 10", "option --cycles: only without --results");
    bad_run("--results x.csv --apps BLK", "option --apps: only without --results");
    bwm_run r;
    bwm_run_cli(&r, "fit perf --results x.csv --out ''");
    bwm_expect_bad(&r, "option --out: empty folder name");
    bwm_run_free(&r);
}

Test(fit_perf_cli, help_and_area)
{
    bwm_run r;
    bwm_run_cli(&r, "fit perf --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "--results FILE");
    bwm_expect_contains(r.out, "Example: bwmpki fit perf");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "perf");
    bwm_run_free(&r);
}
