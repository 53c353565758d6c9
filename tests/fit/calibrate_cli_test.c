/* calibrate_cli_test.c — "bwmpki calibrate": the shipped calibrated file
 * passes its check for all 25 applications at the default simulation length
 * and carries Table 1's targets; calibrating one application rewrites only
 * its row, into the current folder unless --write says (never the shipped
 * file); a check that fails exits non-zero; bad input exits 2 and writes
 * nothing.  --traces writes stand-ins for traced applications whose
 * targets are the traces' alone profiles (fit/standin.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/catalog.h"
#include "sim/workload/synth_app.h"
#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define DATA BWM_SOURCE_DIR "/data/"

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

Test(calibrate_cli, the_shipped_file_passes_for_all_25_applications, .timeout = 900)
{
    bwm_run r;
    bwm_run_cli(&r, "calibrate --check --format json");
    cr_assert_eq(r.status, 0, "calibration check failed:\n%s\n%s", r.out, r.err);
    cr_assert_eq(count(r.out, "{\"app\":"), 25, "%s", r.out);
    cr_assert_eq(count(r.out, "\"ok\":true"), 25, "%s", r.out);
    cr_assert_eq(count(r.out, "\"class_ok\":true"), 25, "%s", r.out);
    /* every class is represented, and each application's sensitivities
       match its class (what class_ok checks) */
    cr_assert_gt(count(r.out, "\"app_class\":\"bandwidth\""), 0);
    cr_assert_gt(count(r.out, "\"app_class\":\"latency\""), 0);
    cr_assert_gt(count(r.out, "\"app_class\":\"compute\""), 0);
    /* what produced the check: the calibrated file and its sha256 */
    bwm_expect_contains(r.out, "\"provenance\":{\"version\":");
    bwm_expect_contains(r.out, "apps_calibrated.csv\",\"apps_sha256\":\"");
    bwm_run_free(&r);
}

Test(calibrate_cli, the_targets_are_table_1)
{
    bwm_catalog cat;
    bwm_err err;
    cr_assert_eq(bwm_catalog_load(&cat, DATA "apps.csv", &err), BWM_OK, "%s", err.msg);
    bwm_synth_app *apps;
    size_t n;
    cr_assert_eq(bwm_synth_load(DATA "apps_calibrated.csv", &apps, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n, cat.n);
    for (size_t i = 0; i < n; i++) {
        cr_assert_str_eq(apps[i].abbr, cat.e[i].abbr);
        cr_assert_str_eq(apps[i].name, cat.e[i].name);
        cr_assert_eq(apps[i].mpki, cat.e[i].mpki, "%s", apps[i].abbr);
        cr_assert_eq(apps[i].bw_frac, cat.e[i].bw_frac, "%s", apps[i].abbr);
    }
    free(apps);
    bwm_catalog_free(&cat);
}

Test(calibrate_cli, one_application_is_recalibrated_and_the_rest_copied)
{
    /* run from another folder without --write: the file goes there, the shipped one stays */
    char cwd[] = "/tmp/bwm_calib_XXXXXX", out[64], cmd[512];
    cr_assert_not_null(mkdtemp(cwd));
    snprintf(out, sizeof out, "%s/apps_calibrated.csv", cwd);
    char *shipped_before = bwm_slurp(DATA "apps_calibrated.csv");
    bwm_run r;
    snprintf(cmd, sizeof cmd, "cd %s && '%s' calibrate --apps LIB --format json --progress", cwd, BWM_BIN);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    char *shipped_after = bwm_slurp(DATA "apps_calibrated.csv");
    cr_assert_str_eq(shipped_after, shipped_before, "the shipped file is left alone");
    free(shipped_before);
    free(shipped_after);
    cr_assert_eq(strncmp(r.out, "{\"apps\":[{\"app\":\"LIB\",", 22), 0, "%s", r.out);
    bwm_expect_contains(r.out, "\"ok\":true");
    bwm_expect_contains(r.err, "LIB   within tolerance"); /* --progress: a line per application */
    bwm_synth_app *start, *calibrated;
    size_t n_start, n_cal;
    bwm_err err;
    cr_assert_eq(bwm_synth_load(DATA "apps_synth.csv", &start, &n_start, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_synth_load(out, &calibrated, &n_cal, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n_cal, n_start);
    for (size_t i = 0; i < n_cal; i++)
        if (strcmp(start[i].abbr, "LIB") != 0)
            cr_assert_eq(memcmp(&start[i], &calibrated[i], sizeof start[i]), 0, "%s changed", start[i].abbr);
    /* the shipped file: every row calibrated */
    bwm_synth_app *shipped;
    size_t n_shipped;
    cr_assert_eq(bwm_synth_load(DATA "apps_calibrated.csv", &shipped, &n_shipped, &err), BWM_OK, "%s", err.msg);
    for (size_t i = 0; i < n_shipped; i++)
        cr_assert(shipped[i].calibrated, "%s", shipped[i].abbr);
    free(shipped);
    char *text = bwm_slurp(out);
    cr_assert(strstr(text, "# Synthetic applications written by 'bwmpki calibrate' from apps_synth.csv.\n"
                           "# Calibrated (column calibrated = true): alone on 15 of the GPU's 30 SMs"), "%s", text); /* the pair share */
    cr_assert(strstr(text, "(BW/C: or 0.005 of peak): LIB.\n"), "only LIB is listed as calibrated: %s", text);
    cr_assert(strstr(text, "# Not calibrated (false; copied as given, or out of tolerance): GUPS, MUM,"), "%s", text);
    for (size_t i = 0; i < n_cal; i++)
        cr_assert_eq(calibrated[i].calibrated, strcmp(calibrated[i].abbr, "LIB") == 0, "%s", calibrated[i].abbr);
    free(text);
    bwm_run_free(&r);
    bwm_run_cli(&r, "calibrate --check --apps-file %s --apps LIB --out %s.d", out, out);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    static const char *const ext[] = {"txt", "csv", "json"};
    for (int i = 0; i < 3; i++) {
        char path[BWM_TMP_PATH_MAX + 64];
        snprintf(path, sizeof path, "%s.d/calibration_check.%s", out, ext[i]);
        char *body = bwm_slurp(path);
        cr_assert(body && strstr(body, "LIB"), "%s", path);
        free(body);
        remove(path);
    }
    char dir[BWM_TMP_PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%s.d", out);
    cr_assert_eq(rmdir(dir), 0, "%s", dir);
    free(start);
    free(calibrated);
    remove(out);
    cr_assert_eq(rmdir(cwd), 0, "%s", cwd);
}

Test(calibrate_cli, a_check_out_of_tolerance_exits_1_and_names_it)
{
    /* the starting occupancy of GUPS (8 warps per SM) does not reach its Table 1 BW/C */
    bwm_run r;
    bwm_run_cli(&r, "calibrate --check --apps-file %sapps_synth.csv --apps GUPS --format csv", DATA);
    cr_assert_eq(r.status, 1, "%s", r.err);
    bwm_expect_contains(r.out, "\nGUPS,bandwidth,57.1,");
    bwm_expect_contains(r.err, "out of tolerance: GUPS\n");
    bwm_run_free(&r);
}

Test(calibrate_cli, bad_input_exits_2_and_writes_nothing)
{
    char out[BWM_TMP_PATH_MAX], bad[BWM_TMP_PATH_MAX];
    bwm_write_tmp(out, "");
    remove(out);
    bwm_write_tmp(bad, "name,abbr,mpki,bw_frac\nX,X,1,0.5\n");
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"--apps NOPE", "option --apps: unknown application 'NOPE'"},
        {"--tol 0", "option --tol: must be in (0, 1) (got 0)"},
        {"--bw-abs -1", "option --bw-abs: must be in [0, 1) (got -1)"},
        {"--sms 31", "option --sms"},
        {"--cycles 0", "option --cycles"},
        {"--max-evals x", "option --max-evals"},
        {"--apps-file %s", "missing column 'class'"},
        {"--apps-file /nonexistent/apps.csv", "/nonexistent/apps.csv"},
        {"--apps-file " BWM_SOURCE_DIR "/tests/fixtures", "/tests/fixtures: is a directory (expected a file)"},
        {"--check", "option --write: --check writes no application file"},
        {"--out ''", "option --out: empty folder name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[512];
        snprintf(args, sizeof args, cases[i].args, bad);
        bwm_run r;
        bwm_run_cli(&r, "calibrate %s --write %s", args, out);
        bwm_expect_bad(&r, cases[i].message);
        cr_assert_neq(access(out, F_OK), 0, "case %zu wrote %s", i, out);
        bwm_run_free(&r);
    }
    remove(bad);
    /* a target of 0 is refused before anything runs, naming the file */
    char zero[BWM_TMP_PATH_MAX], want[BWM_TMP_PATH_MAX + 64];
    bwm_write_tmp(zero, "name,abbr,mpki,bw_frac,class,warps,mem_frac,store_frac,coalesce,pattern,row_run,"
                        "footprint_mb,hot_frac,hot_kb,reuse,smem_frac,smem_latency,compute_latency,dep_distance,"
                        "loads_in_flight,lanes\n"
                        "Zero,ZERO,0,0.5,latency,8,0.01,0.2,4,stream,4096,64,0,1,0,0.0,24,4,1,1,32\n");
    bwm_run r;
    bwm_run_cli(&r, "calibrate --apps-file %s --write %s", zero, out);
    snprintf(want, sizeof want, "%s: application 'ZERO' has no Table 1 target (mpki 0, bw_frac 0.5)", zero);
    bwm_expect_bad(&r, want);
    cr_assert_neq(access(out, F_OK), 0, "wrote %s", out);
    bwm_run_free(&r);
    remove(zero);
}

#define TRACE_GPU " --config " BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM7_QV100.config --config " BWM_SOURCE_DIR \
                  "/tests/fixtures/accel-sim/SM7_QV100/trace.config"
#define VA "va=" BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd"

Test(calibrate_cli, traces_write_stand_ins_a_model_catalogue_of_the_traces_profiles_writes_a_model_catalogue_of_the_traces_profiles)
{
    const char *path = "/tmp/bwm_standin_test.csv";
    unlink(path);
    bwm_run r;
    bwm_run_cli(&r, "calibrate --traces " VA " --like SCAN --apps-file " BWM_SOURCE_DIR "/data/apps_synth.csv"
                    TRACE_GPU " --cycles 30000 --warmup 3000 --write %s --format json", path);
    cr_assert(r.status == 0 || r.status == 1, "%s", r.err);
    bwm_expect_contains(r.out, "\"app\":\"va\",\"standin\":\"va-syn\",\"like\":\"SCAN\"");
    /* the trace's profile is sim run's: vectorAdd alone on 40 of 80 SMs, paper mode */
    bwm_run sr;
    bwm_run_cli(&sr, "sim run --apps trace:" VA TRACE_GPU " --paper-mode --sm-split 40 --format json");
    bwm_expect_ok(&sr);
    const char *a = strstr(sr.out, "\"apps\":[{");
    cr_assert(a);
    double mpki = bwm_json_number(a, "mpki"), bw_frac = bwm_json_number(a, "bw_frac");
    cr_assert_float_eq(bwm_json_number(r.out, "mpki_trace"), mpki, 1e-9 * mpki);
    cr_assert_float_eq(bwm_json_number(r.out, "bw_frac_trace"), bw_frac, 1e-9 * bw_frac);
    cr_assert_float_eq(bwm_json_number(r.out, "ipc_trace"), bwm_json_number(a, "ipc"), 1e-6);
    bwm_run_free(&sr);
    /* the written stand-in carries the trace's profile as its targets: a model catalogue */
    bwm_catalog cat;
    bwm_err err;
    cr_assert_eq(bwm_catalog_load(&cat, path, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(cat.n, 1);
    cr_assert_str_eq(cat.e[0].abbr, "va-syn");
    cr_assert_float_eq(cat.e[0].mpki, mpki, 1e-9 * mpki);
    cr_assert_float_eq(cat.e[0].bw_frac, bw_frac, 1e-9 * bw_frac);
    bwm_catalog_free(&cat);
    bwm_run_free(&r);
    bwm_run_cli(&r, "model compare --apps-file %s --apps va-syn,BLK --format csv", path);
    cr_assert_eq(r.status, 2, "%s", r.err); /* BLK is not in the stand-ins' file */
    bwm_run_free(&r);
    bwm_run_cli(&r, "model share --apps-file %s --apps va-syn --policy frfcfs --format csv", path);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    unlink(path);
}

Test(calibrate_cli, bad_traces)
{
    /* the b+tree fixture's blocks hit in the L2 alone: no memory profile */
    bwm_expect_bad_cli_writes_nothing("calibrate --traces bt=" BWM_SOURCE_DIR
                                      "/tests/fixtures/traces/mgpusim-rodinia-b+tree-128-1000 --like SCAN" TRACE_GPU
                                      " --write /tmp/bwm_standin_bad.csv",
                                      "bt alone has mpki 0 and BW/C 0: no memory traffic to stand in for");
    bwm_expect_bad_cli("calibrate --traces " VA " --like NOPE" TRACE_GPU, "option --like: unknown application 'NOPE'");
    bwm_expect_bad_cli("calibrate --traces " VA " --check" TRACE_GPU, "option --traces: not with --check");
    bwm_expect_bad_cli("calibrate --traces averyverylongname=" BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd"
                       TRACE_GPU, "option --traces: trace name 'averyverylongname' is longer than 11 characters");
}
