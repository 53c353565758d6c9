/* fit_cli_test.c — "bwmpki fit import": table, CSV and JSON of the fixture
 * logs and CSV, --out DIR with its files, and bad input (exit code 2,
 * the file and what is missing on stderr, nothing on stdout, no files). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/gpgpusim/"

Test(fit_cli, json_rows_and_mare)
{
    bwm_run r;
    bwm_run_cli(&r, "fit import --logs %snormal.log,%stwo_kernels.log --format json", FIX, FIX);
    bwm_expect_ok(&r);
    const char *first = "{\"runs\":[{\"run\":\"normal.log\",\"kernel\":\"all\",\"kernel_uid\":null,\"insts\":1400000,\"cycles\":70000,\"ipc\":20,\"mpki\":5,"
                        "\"bw\":9.408,\"bw_util_gbs\":7.9360512,\"bw_err\":0.185476222734,\"ipc_model\":21,"
                        "\"ipc_model_err\":0.05},";
    cr_assert_eq(strncmp(r.out, first, strlen(first)), 0, "%s", r.out);
    const char *k2 = strstr(r.out, "{\"run\":\"two_kernels.log\",\"kernel\":\"all\"");
    cr_assert(k2, "%s", r.out);
    cr_assert_float_eq(bwm_json_number(k2, "ipc_model"), 11.71875, 1e-9);
    cr_assert_float_eq(bwm_json_number(k2, "ipc_model_err"), -0.0625, 1e-12); /* signed: the model is below */
    const char *mare = strstr(r.out, "\"summary\":[{\"group\":\"all\",\"n\":2,");
    cr_assert(mare, "%s", r.out);
    cr_assert_float_eq(bwm_json_number(mare, "mare_model"), (0.05 + 0.0625) / 2, 1e-12);
    bwm_run_free(&r);
}

/* The acceptance figure through the command: on the 4.x fixture
 * bw = 17400 commands x 64 bytes / 1e-4 s = 11.136 GB/s and GPGPU-Sim's own
 * figure is mean bw_util (0.1948 + 0.1818) / 2 = 0.1883 x peak 59.136 GB/s
 * (2 channels x 64 bytes x ratio 4 / BL 8 x 924 MHz) = 11.1353088 GB/s, so
 * bw_err = 0.0006912 / 11.1353088 = 6.2073e-5: within 2 %. */
Test(fit_cli, v4_bandwidth_within_2_percent_of_bw_util)
{
    bwm_run r;
    bwm_run_cli(&r, "fit import --logs %sv4_sector.log --format json", FIX);
    bwm_expect_ok(&r);
    cr_assert_float_eq(bwm_json_number(r.out, "bw"), 11.136, 1e-9);
    cr_assert_float_eq(bwm_json_number(r.out, "bw_util_gbs"), 11.1353088, 1e-9);
    double diff = bwm_json_number(r.out, "bw_err");
    cr_assert_float_eq(diff, 0.0006912 / 11.1353088, 1e-12);
    cr_assert(diff > -0.02 && diff < 0.02, "bw_err %g", diff);
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit import --logs %sv4_sector.log --format csv", FIX);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\nv4_sector.log,all,,1400000,70000,20,18.1428571429,11.136,11.1353088,"
                               "6.20728183127e-05,");
    bwm_run_free(&r);
}

/* A log of two kernels: one row per kernel (differences of GPGPU-Sim's
 * running totals, worked out in gpgpusim_kernel_test.c), then the whole run
 * as kernel "all"; the MARE takes the whole run only. */
Test(fit_cli, one_row_per_kernel_then_the_whole_run)
{
    bwm_run r;
    bwm_run_cli(&r, "fit import --logs %sv4_two_kernels.log --format csv", FIX);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.out,
                     "run,kernel,kernel_uid,insts,cycles,ipc,mpki,bw,bw_util_gbs,bw_err,ipc_model,ipc_model_err\n"
                     "v4_two_kernels.log,_Z9vectorAddPKfS0_Pfi,1,700000,35000,20,17.1428571429,10.752,10.7538816,"
                     "-0.000174969380358,28,0.4\n"
                     "v4_two_kernels.log,_Z6reducePfS_i,2,252000,14000,18,15.873015873,13.12,13.113408,"
                     "0.000502691596265,36.9,1.05\n"
                     "v4_two_kernels.log,all,,952000,49000,19.4285714286,16.8067226891,11.4285714286,11.428032,"
                     "4.72022279453e-05,30.3571428571,0.5625\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit import --logs %sv4_two_kernels.log --format json", FIX);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "{\"run\":\"v4_two_kernels.log\",\"kernel\":\"_Z6reducePfS_i\",\"kernel_uid\":2,"
                               "\"insts\":252000,\"cycles\":14000,\"ipc\":18,");
    bwm_expect_contains(r.out, "{\"run\":\"v4_two_kernels.log\",\"kernel\":\"all\",\"kernel_uid\":null,");
    bwm_run_free(&r);
    /* the MARE, in its own table, takes the whole run only */
    bwm_run_cli(&r, "fit import --logs %sv4_two_kernels.log --format csv --table summary", FIX);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.out, "group,n,mare_model\nall,1,0.5625\n");
    bwm_run_free(&r);
}

Test(fit_cli, table_and_csv_with_the_csv_input)
{
    bwm_run r;
    bwm_run_cli(&r, "fit import --logs %snormal.log --csv %sruns.csv --clock 1400 --format table", FIX, FIX);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out,
                        "| run        | kernel | kernel_uid |   insts | cycles | ipc | mpki |    bw | bw_util_gbs "
                        "| bw_err | ipc_model | ipc_model_err |\n"
                        "|------------|--------|-----------:|--------:|-------:|----:|-----:|------:|------------:"
                        "|-------:|----------:|--------------:|\n"
                        "| normal.log | all    |          - | 1400000 |  70000 |  20 |    5 | 9.408 |       7.936 "
                        "| 0.1855 |        21 |          0.05 |\n"
                        "| BLK        | -      |          - |       - |      - |  80 |    5 |  89.6 |           - "
                        "|      - |       100 |          0.25 |\n");
    bwm_expect_contains(r.out, "| group |   n | mare_model |\n|-------|----:|-----------:|\n| all   |   3 |        0.1 |\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit import --csv %sruns.csv --clock 700 --line 64 --format csv", FIX);
    bwm_expect_ok(&r);
    /* BLK: 89.6 / (0.064 x 5) / 0.7 = 400 against 80: 4; QTC: 17.92 / 0.64 / 0.7 = 40 against 10: 3 */
    cr_assert_str_eq(r.out, "run,kernel,kernel_uid,insts,cycles,ipc,mpki,bw,bw_util_gbs,bw_err,ipc_model,"
                            "ipc_model_err\nBLK,,,,,80,5,89.6,,,400,4\nQTC,,,,,10,10,17.92,,,40,3\n");
    bwm_run_free(&r);
}

Test(fit_cli, out_dir_writes_the_runs_and_the_summary)
{
    const char *dir = "/tmp/bwm_fit_cli_out";
    bwm_run r;
    bwm_run_shell(&r, "rm -rf /tmp/bwm_fit_cli_out");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit import --logs %snormal.log --csv %sruns.csv --out %s --format csv", FIX, FIX, dir);
    bwm_expect_ok(&r);
    char path[256];
    snprintf(path, sizeof path, "%s/import.txt", dir);
    char *txt = bwm_slurp(path);
    snprintf(path, sizeof path, "%s/import.csv", dir);
    char *csv = bwm_slurp(path);
    snprintf(path, sizeof path, "%s/import.json", dir);
    char *json = bwm_slurp(path);
    cr_assert(txt && csv && json);
    cr_assert_eq(strncmp(txt, "Imported runs:", 14), 0, "%s", txt);
    cr_assert_str_eq(csv, r.out); /* stdout still gets the --format output */
    cr_assert_eq(strncmp(json, "[{\"run\":\"normal.log\",", 21), 0, "%s", json);
    snprintf(path, sizeof path, "%s/import_summary.csv", dir);
    char *sum = bwm_slurp(path);
    cr_assert(sum);
    cr_assert_eq(strncmp(sum, "group,n,mare_model\nall,3,", 25), 0, "%s", sum);
    free(sum);
    free(txt);
    free(csv);
    free(json);
    bwm_run_free(&r);
    bwm_run_shell(&r, "rm -rf /tmp/bwm_fit_cli_out");
    bwm_run_free(&r);
}

Test(fit_cli, bad_input_exits_2_with_the_file_and_what_is_missing)
{
#define IMPORT "fit import "
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "cut_short.log",
                                      "bwmpki fit import: " FIX "cut_short.log: no 'gpu_tot_sim_cycle' (log cut short?)");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "normal.log," FIX "no_dram.log",
                                      FIX "no_dram.log: no 'DRAM[0]' statistics");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "cut_kernel2.log",
                                      FIX "cut_kernel2.log: no 'gpu_tot_ipc' for kernel 2");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "v4_cut_kernel2.log",
                                      FIX "v4_cut_kernel2.log: no 'gpu_tot_sim_cycle' for kernel 2 (its statistics "
                                          "start at line 125; log cut short?)");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--csv " FIX "missing_mpki.csv",
                                      FIX "missing_mpki.csv:1: missing column 'mpki'");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--csv " FIX "bad_number.csv",
                                      FIX "bad_number.csv:3: column 'mpki': 'ten' is not a finite number");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "no_such.log", FIX "no_such.log: cannot open");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX, FIX ": is a directory (expected a file)");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--csv " FIX, FIX ": is a directory (expected a file)");
    bwm_expect_bad_cli_writes_nothing(IMPORT, "give --logs, --csv or both");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--csv " FIX "runs.csv --line 0", "option --line: must be > 0");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--csv " FIX "runs.csv --clock x",
                                      "option --clock: 'x' is not a finite number");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "normal.log,", "option --logs: empty file name (item 2)");
    bwm_expect_bad_cli_writes_nothing(IMPORT "--logs " FIX "absurd_insn.log",
                                      FIX "absurd_insn.log:26: gpu_tot_sim_insn: '1.8e23' is not a count");
    /* an output folder under a file is bad input too (missing parents are made) */
    bwm_expect_bad_cli(IMPORT "--logs " FIX "normal.log --out /dev/null/results",
                       "bwmpki fit import: option --out: cannot create '/dev/null/results': Not a directory");
#undef IMPORT
}

/* "bwmpki ARGS" succeeds and its help mentions needle. */
static void help_mentions(const char *args, const char *needle)
{
    bwm_run r;
    bwm_run_cli(&r, "%s", args);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, needle);
    bwm_run_free(&r);
}

Test(fit_cli, help_and_area)
{
    help_mentions("fit import --help", "--logs A.log,B.log");
    help_mentions("fit import --help", "--out DIR");
    help_mentions("fit --help", "import");
    help_mentions("--help", "  fit ");
}
