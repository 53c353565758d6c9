/* sim_variation_cli_test.c — "bwmpki sim variation": a short run prints
 * the three tables (JSON keys, CSV of the one --table names) with a
 * variation that is its runs' ratio; bad options exit 2 naming the option,
 * leaving no output file; SMs the partitions leave idle are named. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_run.h"
#include "tests/support/cli_expect.h"

#define QUICK "--apps VA --interferers MM,VA --insts 200000 --no-progress"

Test(sim_variation_cli, a_short_run_prints_apps_runs_and_summary, .timeout = 300)
{
    bwm_run r;
    bwm_run_cli(&r, "sim variation " QUICK " --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"apps\":[{\"partitioning\":\"cp\",\"parts\":2,\"app\":\"VA\",\"t_whole\":");
    bwm_expect_contains(r.out, "\"runs\":[");
    bwm_expect_contains(r.out, "\"summary\":[");
    bwm_expect_contains(r.out, "{\"partitioning\":\"cmp\",\"parts\":2,\"app\":\"VA\",\"interferer\":\"MM\"");
    bwm_expect_contains(r.out, "\"provenance\":{");
    bwm_run_free(&r);

    bwm_run_cli(&r, "sim variation " QUICK " --partition cp --table runs --format csv");
    bwm_expect_ok(&r);
    static const char head[] = "partitioning,parts,app,interferer,cycles,vs_alone\n";
    cr_assert(strncmp(r.out, head, strlen(head)) == 0, "%s", r.out);
    long long mm = 0, va = 0;
    double ratio_mm = 0, ratio_va = 0;
    cr_assert_eq(sscanf(strstr(r.out, "cp,2,VA,MM,"), "cp,2,VA,MM,%lld,%lf", &mm, &ratio_mm), 2, "%s", r.out);
    cr_assert_eq(sscanf(strstr(r.out, "cp,2,VA,VA,"), "cp,2,VA,VA,%lld,%lf", &va, &ratio_va), 2, "%s", r.out);
    cr_expect_gt(ratio_va, ratio_mm, "VA beside VA is slower than beside MM (%g vs %g)", ratio_va, ratio_mm);
    bwm_run_free(&r);

    bwm_run_cli(&r, "sim variation " QUICK " --partition cp --table summary --format csv");
    bwm_expect_ok(&r);
    double mean, max;
    cr_assert_eq(sscanf(strstr(r.out, "cp,2,1,"), "cp,2,1,%lf,%lf", &mean, &max), 2, "%s", r.out);
    cr_expect_float_eq(mean, 100.0 * (ratio_va - 1), 1e-3 * mean, "one application: the mean is its variation");
    cr_expect_float_eq(mean, max, 1e-9);
    bwm_run_free(&r);
}

Test(sim_variation_cli, bad_options_exit_2_and_write_nothing)
{
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"--parts 5", "option --parts: 5 is out of range 2..4"},
        {"--parts 4", "options --partition and --parts: cmp: the address map has 2 page colours, fewer than the 4 "
                      "partitions"},
        {"--partition mps", "option --partition: 'mps' is neither cp nor cmp"},
        {"--partition cp,cp", "option --partition: cp given twice"},
        {"--apps VA,VA", "option --apps: VA given twice (as 'VA' and 'VA')"},
        {"--interferers MM,FWT,mm", "option --interferers: MM given twice (as 'MM' and 'mm')"},
        {"--interferers 'VA,Vector Addition'", "option --interferers: VA given twice (as 'VA' and 'Vector Addition')"},
        {"--apps NOPE", "option --apps: unknown application 'NOPE'"},
        {"--interferers MM,", "option --interferers: unknown application ''"},
        {"--interferers MM,FWT,VA,MM,FWT,VA,MM,FWT,VA", "option --interferers: give 1 to 8 application names"},
        {"--insts 0", "option --insts"},
        {"--extra-apps " BWM_SOURCE_DIR "/data/apps_calibrated.csv",
         "option --extra-apps: " BWM_SOURCE_DIR "/data/apps_calibrated.csv:"},
        {"--config " BWM_SOURCE_DIR "/data/configs/memsys15.config",
         "options --partition and --parts: cmp needs page colours: the channel is the address modulo 6"},
        {"--set '-bwm_addr_hash k80'", "unknown address hash 'k80'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[] = "/tmp/bwm_varout_XXXXXX";
        close(mkstemp(out));
        unlink(out);
        bwm_run r;
        bwm_run_cli(&r, "sim variation --insts 1000 %s -o %s", cases[i].args, out);
        cr_assert_eq(r.status, 2, "case %zu: status %d, stderr %s", i, r.status, r.err);
        cr_assert(strstr(r.err, cases[i].message), "case %zu: %s", i, r.err);
        cr_assert_neq(access(out, F_OK), 0, "case %zu left %s", i, out);
        bwm_run_free(&r);
    }
}

/* The GTX 1080's 20 SMs in 3 partitions: 6 each, the other 2 idle, said in
 * a note and in a column sms (6) after parts in every table; 2 partitions
 * of 10 leave none and say nothing, with no column. */
Test(sim_variation_cli, sms_left_over_by_the_parts_are_named)
{
    static const char *const tables[] = {"apps", "runs", "summary"};
    static const char *const heads[] = {"partitioning,parts,sms,app,t_whole,", "partitioning,parts,sms,app,interferer,",
                                        "partitioning,parts,sms,n,"};
    bwm_run r;
    for (int k = 0; k < 3; k++) {
        bwm_run_cli(&r, "sim variation --apps VA --interferers VA --partition cp --parts 3 --insts 1000 --no-progress "
                    "--format csv --table %s", tables[k]);
        bwm_expect_ok(&r);
        bwm_expect_contains(r.err, "note: 20 SMs make 3 partitions of 6 SMs; the other 2 stay idle in every run "
                                   "(--parts 3)");
        cr_expect(strncmp(r.out, heads[k], strlen(heads[k])) == 0, "%s", r.out);
        bwm_expect_contains(r.out, "\ncp,3,6,");
        bwm_run_free(&r);
    }
    bwm_run_cli(&r, "sim variation --apps VA --interferers VA --partition cp --parts 3 --insts 1000 --no-progress "
                "--format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "{\"partitioning\":\"cp\",\"parts\":3,\"sms\":6,\"app\":\"VA\",\"interferer\"");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim variation --apps VA --interferers VA --partition cp --parts 2 --insts 1000 --no-progress "
                "--format csv");
    bwm_expect_ok(&r);
    cr_expect(!strstr(r.err, "note:"), "%s", r.err);
    cr_expect(strncmp(r.out, "partitioning,parts,app,", 23) == 0, "%s", r.out);
    bwm_run_free(&r);
}
