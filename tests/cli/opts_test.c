/* opts_test.c — the option parser every command shares (cli/opts.h), run
 * through bwmpki: --NAME=VALUE, "--", -oFILE, the format an -o file's
 * extension picks, renamed options, a repeated --set refused, and the
 * errors (exit 2, naming the option, or the one a misspelling means); an
 * output file (-o, --series) or --out folder that cannot be written and an
 * unknown --table are refused before any simulation starts. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/study_dir.h"

#define COMPARE "model compare --mpki 20,5 --bw-alone 30,40 --peak 50"
#define CSV_HEADER                                                                                           \
    "policy,app_index,mpki,bw_alone,perf_alone,rbl,bw,bw_frac,perf,sd,it,ws,hs,antt,max_slowdown,unfairness,peak\n"
#define JSON_START "{\"peak\":50,"
#define APPS BWM_SOURCE_DIR "/data/apps.csv"

/* Runs args (shell text) and asserts exit 0 with nothing on stderr; the
 * caller frees r. */
static void run_quiet(bwm_run *r, const char *args)
{
    bwm_run_cli(r, "%s", args);
    bwm_expect_ok(r);
    cr_assert_str_eq(r->err, "", "%s: stderr: %s", args, r->err);
}

/* Cuts a JSON result before its provenance, whose command_line is the
 * spelling the command was given. */
static void cut_provenance(char *json)
{
    char *p = strstr(json, ",\"provenance\":");
    if (p)
        *p = '\0';
}

/* Asserts that two command lines print the same, non-empty output (JSON:
 * but for the provenance). */
static void expect_same_output(const char *a, const char *b)
{
    bwm_run ra, rb;
    bwm_run_cli(&ra, "%s", a);
    bwm_run_cli(&rb, "%s", b);
    bwm_expect_ok(&ra);
    bwm_expect_ok(&rb);
    cr_assert_neq(ra.out[0], '\0', "%s printed nothing", a);
    cr_assert(strstr(ra.out, ",\"provenance\":{\"version\":") || ra.out[0] != '{', "%s: no provenance", a);
    cut_provenance(ra.out);
    cut_provenance(rb.out);
    cr_assert_str_eq(ra.out, rb.out, "'%s' and '%s' differ", a, b);
    bwm_run_free(&ra);
    bwm_run_free(&rb);
}

/* Runs "COMPARE <opts>" with "%s" in opts standing for a file in a new
 * folder, and returns what the file holds (the caller frees it). */
static char *compare_into(const char *opts, const char *file)
{
    char dir[BWM_DIR_MAX], path[BWM_DIR_MAX + 32], args[512];
    bwm_tmp_dir(dir);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char filled[256];
    snprintf(filled, sizeof filled, opts, path);
    snprintf(args, sizeof args, COMPARE " %s", filled);
    bwm_run r;
    run_quiet(&r, args);
    cr_assert_str_eq(r.out, "", "%s: output went to stdout", args);
    bwm_run_free(&r);
    char *text = bwm_slurp(path);
    cr_assert_not_null(text, "%s: no file %s", args, path);
    bwm_rm_rf(dir);
    return text;
}

/* Asserts that "COMPARE opts" (see compare_into) writes a file that starts
 * with start. */
static void expect_file_starts(const char *opts, const char *file, const char *start)
{
    char *text = compare_into(opts, file);
    cr_assert(strncmp(text, start, strlen(start)) == 0, "%s (%s): %.300s", opts, file, text);
    free(text);
}

Test(opts, name_equals_value_is_name_space_value)
{
    expect_same_output("model compare --mpki=20,5 --bw-alone=30,40 --peak=50 --format=json",
                       COMPARE " --format json");
    bwm_run r;
    run_quiet(&r, "model compare --mpki=20,5 --bw-alone=30,40 --peak=50 --format=json");
    bwm_expect_contains(r.out, "{\"peak\":50,\"apps\":[{\"mpki\":20,\"bw_alone\":30,");
    bwm_run_free(&r);
}

Test(opts, value_may_hold_an_equals_sign)
{
    /* Only the first '=' separates; the rest is the value (here a bad number). */
    bwm_expect_bad_cli("model compare --mpki=20=5 --bw-alone 30 --peak 50", "option --mpki");
}

Test(opts, empty_value_after_equals_is_an_error)
{
    bwm_expect_bad_cli("model compare --mpki= --bw-alone 30,40 --peak 50", "option --mpki: empty value after '='");
    bwm_expect_bad_cli(COMPARE " --format=", "option --format: empty value after '='");
    bwm_expect_bad_cli(COMPARE " --output=", "option --output: empty value after '='");
}

/* An empty file or folder name is refused naming the option, before it is
 * opened (a configuration, an applications file, a results folder). */
Test(opts, an_empty_file_name_names_the_option)
{
    bwm_expect_bad_cli("sim run --apps BLK --config ''", "option --config: empty file name");
    bwm_expect_bad_cli("sim variation --apps-file ''", "option --apps-file: empty file name");
    bwm_expect_bad_cli("sim config --config=''", "option --config: empty value after '='");
    bwm_expect_bad_cli("study --out ''", "option --out: empty folder name");
    bwm_expect_bad_cli("sim trace-info --trace ''", "option --trace: empty path");
}

Test(opts, flag_with_value_is_an_error)
{
    bwm_expect_bad_cli("sim dram --per-bank=yes", "option --per-bank takes no value");
    bwm_expect_bad_cli("sim dram --per-channel=", "option --per-channel takes no value");
}

Test(opts, missing_value_names_the_option)
{
    bwm_expect_bad_cli(COMPARE " --format", "option --format needs a value");
    bwm_expect_bad_cli(COMPARE " -o", "option -o needs a file name");
}

Test(opts, double_dash_ends_the_options)
{
    expect_same_output(COMPARE " --format json --", COMPARE " --format json");
    bwm_expect_bad_cli(COMPARE " -- extra", "unexpected argument 'extra'");
    bwm_expect_bad_cli(COMPARE " -- --format json", "unexpected argument '--format'");
    bwm_expect_bad_cli(COMPARE " -- --help", "unexpected argument '--help'");
    bwm_expect_bad_cli(COMPARE " extra", "unexpected argument 'extra'");
}

Test(opts, double_dash_makes_a_dashed_name_a_shard_of_study_merge)
{
    char dir[BWM_DIR_MAX], args[256];
    bwm_tmp_dir(dir);
    snprintf(args, sizeof args, "study merge --out %s/merged -- -shard", dir);
    bwm_expect_bad_cli(args, "-shard: not a study folder");
    snprintf(args, sizeof args, "study merge --out %s/merged -shard", dir);
    bwm_expect_bad_cli(args, "unexpected argument '-shard'");
    bwm_rm_rf(dir);
}

Test(opts, short_o_takes_an_attached_file_name)
{
    char *text = compare_into("--format csv -o%s", "out.csv");
    cr_assert(strstr(text, CSV_HEADER "prior-1,1,20,30,1.5,,30,0.6,1.5,1,5.5,1.5,") == text, "%.400s", text);
    free(text);
}

Test(opts, json_extension_picks_json)
{
    expect_file_starts("-o %s", "out.json", JSON_START);
    expect_file_starts("-o%s", "OUT.JSON", JSON_START);
    expect_file_starts("--output=%s", "out.json", JSON_START);
}

Test(opts, csv_and_txt_extensions_pick_csv_and_table)
{
    expect_file_starts("-o %s", "out.csv", CSV_HEADER);
    char *text = compare_into("-o %s", "out.txt");
    cr_assert(strstr(text, "\n| policy "), "not a table: %.300s", text);
    cr_assert(!strstr(text, CSV_HEADER), "CSV, not a table: %.300s", text);
    free(text);
}

Test(opts, explicit_format_wins_over_the_extension)
{
    expect_file_starts("--format csv -o %s", "out.json", CSV_HEADER);
    expect_file_starts("-o %s --format=json", "out.csv", JSON_START);
    expect_file_starts("-o %s --format table", "out.csv", "Bandwidth sharing");
}

Test(opts, unknown_extension_keeps_the_default_format)
{
    /* Not a terminal: CSV, as without -o. */
    expect_file_starts("-o %s", "out.dat", CSV_HEADER);
    expect_file_starts("-o %s", "json", CSV_HEADER);
}

Test(opts, old_spelling_works_with_a_note)
{
    expect_same_output("model compare --apps BLK,QTC --apps-csv " APPS " --format json",
                       "model compare --apps BLK,QTC --apps-file " APPS " --format json");
    bwm_run r;
    bwm_run_cli(&r, "model compare --apps BLK,QTC --apps-csv=" APPS " --format json");
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.err, "bwmpki model compare: option --apps-csv is now --apps-file; the old spelling will be "
                            "removed in the next release\n");
    bwm_expect_contains(r.out, "\"mpki\":1.6,\"bw_alone\":60.0288,");
    bwm_run_free(&r);

    expect_same_output("model classify --workload BLK_QTC,HISTO_TRD --format csv",
                       "model classify --mixes BLK_QTC,HISTO_TRD --format csv");
    bwm_run_cli(&r, "model classify --workload BLK_QTC --format csv");
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.err, "bwmpki model classify: option --workload is now --mixes; the old spelling will be "
                            "removed in the next release\n");
    bwm_expect_contains(r.out, "1,BLK_QTC,6.3,C-MPKI,0.523,A-BW,BLK,QTC\n");
    bwm_run_free(&r);
}

/* A repeatable option (--sched-param) keeps each of its values, read as the
 * parser reads the command line: --NAME=VALUE, and other options' values
 * (an old spelling's too) skipped. */
Test(opts, repeated_option_keeps_every_value)
{
#define RUN "sim run --apps GUPS,BLK --sched bliss --set '-gpgpu_n_clusters 8' --cycles 3000 --warmup 300 "
    expect_same_output(RUN "--sched-param threshold=1 --sched-param bliss.clearing-interval=50 --format csv",
                       RUN "--sched-param=threshold=1 --apps-csv " BWM_SOURCE_DIR "/data/apps_calibrated.csv "
                           "--sched-param bliss.clearing-interval=50 --format csv");
    bwm_run a, b;
    bwm_run_cli(&a, RUN "--sched-param threshold=1 --sched-param bliss.clearing-interval=50 --format csv");
    bwm_run_cli(&b, RUN "--sched-param bliss.clearing-interval=50 --format csv");
    bwm_expect_ok(&b);
    cr_assert_str_neq(a.out, b.out, "the first --sched-param was lost");
    bwm_run_free(&a);
    bwm_run_free(&b);
#undef RUN
}

Test(opts, old_spelling_errors_name_the_spelling_given)
{
    bwm_expect_bad_cli("model classify --workload=", "option --workload: empty value after '='");
    bwm_expect_bad_cli("model classify --workload", "option --workload needs a value");
    /* Only where the new name exists: sim dram has no --apps-file. */
    bwm_expect_bad_cli("sim dram --apps-csv " APPS, "unknown option '--apps-csv'");
}

Test(opts, an_unknown_option_near_a_known_one_names_it)
{
    bwm_expect_bad_cli("sim run --apps BLK --cycle 1000", "unknown option '--cycle'; did you mean --cycles? (see --help)");
    bwm_expect_bad_cli(COMPARE " --formt csv", "unknown option '--formt'; did you mean --format?");
    bwm_expect_bad_cli("plot fig8 --result out", "unknown option '--result'; did you mean --results?");
    /* nothing near: no guess */
    bwm_expect_bad_cli(COMPARE " --bogus 1", "unknown option '--bogus' (see --help)");
}

Test(opts, help_mentions_the_getopt_forms_and_new_names)
{
    bwm_run r;
    run_quiet(&r, "model classify --help");
    bwm_expect_contains(r.out, "\n--NAME=VALUE works like --NAME VALUE, -oFILE like -o FILE, and -- ends the options.\n");
    bwm_expect_contains(r.out, "--mixes A_B,C_D");
    bwm_expect_contains(r.out, "--apps-file FILE");
    cr_assert_null(strstr(r.out, "--workload "), "%s", r.out);
    cr_assert_null(strstr(r.out, "--apps-csv"), "%s", r.out);
    bwm_run_free(&r);
}

/* --set is option-file text: a second one would silently replace the
 * first, so a repeat is refused (in either spelling), and one --set holding
 * several options reads them all.  So is any option that takes a value
 * (issue case 10: --cycles 20000 --cycles 30000 ran 30000), -o among them,
 * in any spelling; --sched-param adds up, and a flag twice is the flag. */
Test(opts, a_repeated_set_is_refused_and_one_set_holds_several_options)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --set '-gpgpu_n_mem 4' --set=-gpgpu_n_clusters=15");
    bwm_expect_bad(&r, "option --set: given twice, and only one is read; give all the options in one --set");
    bwm_run_free(&r);
    static const char *const twice[][2] = {
        {"sim run --apps BLK --cycles 20000 --cycles 30000", "option --cycles: given twice, and only one is read"},
        {"sim run --apps BLK --cycles=20000 --cycles 30000", "option --cycles: given twice"},
        {"model compare --mpki 20,5 --bw-alone 30,40 --peak 50 -o /tmp/a.json -o /tmp/b.json",
         "option -o/--output: given twice"},
        {"model compare --mpki 20,5 --bw-alone 30,40 --peak 50 -o/tmp/a.json --output /tmp/b.json",
         "option -o/--output: given twice"},
        {"model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format csv --format json",
         "option --format: given twice"},
    };
    for (size_t k = 0; k < sizeof twice / sizeof twice[0]; k++) {
        bwm_run_cli(&r, "%s", twice[k][0]);
        bwm_expect_bad(&r, twice[k][1]);
        bwm_run_free(&r);
    }
    run_quiet(&r, "sim run --apps BLK,QTC --cycles 2000 --warmup 200 --sched atlas --sched-param quantum=500 "
                  "--sched-param alpha=0.5 --format csv");
    cr_expect_eq(r.status, 0, "--sched-param adds up: %s", r.err);
    bwm_run_free(&r);
    run_quiet(&r, "model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --provenance --provenance --format csv");
    bwm_run_free(&r);
    run_quiet(&r, "sim config --set '-gpgpu_n_mem 4 -gpgpu_n_clusters 15' --format csv");
    cr_expect(strstr(r.out, "\nchannels,4\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\nsms,15\n") != NULL, "%s", r.out);
    bwm_run_free(&r);
}

/* A --set longer than a provenance records is refused naming it, not cut. */
Test(study_cli, set_too_long_to_record_is_refused)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' sim config --set \"$(printf '# %%09000d' 0)\"", BWM_BIN);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    bwm_expect_bad(&r, "option --set: 9002 characters, more than the 8191 a provenance records");
    bwm_run_free(&r);
}

/* Each command that simulates refuses, before its first run (no progress
 * shown, only the one message), an output file in a missing or read-only
 * folder and a table it does not have. */
Test(opts, outputs_and_table_are_checked_before_any_simulation)
{
    char t[BWM_DIR_MAX];
    bwm_tmp_dir(t);
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"sim variation --insts 100000 --progress -o %s/none/v.csv", "option -o: %s/none/v.csv: cannot create output file"},
        {"sim variation --insts 100000 --progress -o /proc/bwm_v.csv%.0s", "option -o: /proc/bwm_v.csv: cannot create"},
        {"sim variation --insts 100000 --progress --table bogus%.0s", "option --table: unknown table 'bogus' (tables: "
         "apps, runs, summary)"},
        {"sim run --apps BLK --cycles 20000 --progress --series %s/none/s.csv",
         "option --series: %s/none/s.csv: cannot create output file"},
        {"sim run --apps BLK --cycles 20000 --progress -o %s/none/r.json", "option -o: %s/none/r.json"},
        {"fit perf --apps BLK,MM --cycles 20000 --progress -o %s/none/p.csv", "option -o: %s/none/p.csv"},
        {"fit perf --apps BLK,MM --cycles 20000 --progress --table bogus%.0s", "option --table: unknown table 'bogus'"},
        {"fit perf --apps BLK,MM --cycles 20000 --progress --out /proc/bwm_fit%.0s",
         "option --out: cannot create '/proc/bwm_fit': "},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char args[512], message[512];
        snprintf(args, sizeof args, cases[k].args, t);
        snprintf(message, sizeof message, cases[k].message, t);
        bwm_run r;
        bwm_run_cli(&r, "%s", args);
        bwm_expect_bad(&r, message);
        const char *nl = strchr(r.err, '\n');
        cr_assert(nl && nl[1] == '\0', "%s: one line on stderr, no simulation: %s", args, r.err);
        bwm_run_free(&r);
    }
    cr_assert_eq(bwm_count_files(t), 0, "something was written");
    bwm_rm_rf(t);
}
