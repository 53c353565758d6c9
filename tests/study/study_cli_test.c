/* study_cli_test.c — "bwmpki study" and "bwmpki plot" on a tiny study (one
 * pair, short runs): plot without gnuplot writes the script and data and
 * says how to render them; bad options and bad input exit 2 and write
 * nothing; progress shows on a terminal only; the workload list is the
 * generator's output; the study folder is a study's or new, and one
 * process writes it at a time. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"
#include "tests/support/study_dir.h"
#include "tests/support/tmp_text.h"
#include "tests/support/tmp_text.h"

#define TINY "--cycles 4000 --warmup 400 --sched its,fcfs --variation-insts 100000"

/* A study of BLK_NN alone in folder DIR/s; the list file goes to list. */
static void tiny_study(const char *dir, char *list)
{
    bwm_write_tmp(list, "id,apps\n1,BLK_NN\n");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' study --out %s/s --workloads %s " TINY, BWM_BIN, dir, list);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
}

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

Test(study_cli, plot_without_gnuplot_writes_script_and_data, .timeout = 600)
{
    char t[BWM_DIR_MAX], list[BWM_TMP_PATH_MAX];
    bwm_tmp_dir(t);
    tiny_study(t, list);
    bwm_run r;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "env PATH=/nonexistent '%s' plot fig8 --results %s/s --out %s/f", BWM_BIN, t, t);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_assert_eq(lines(r.err), 1, "one line on stderr: %s", r.err);
    bwm_expect_contains(r.err, "gnuplot not found");
    bwm_expect_contains(r.err, "gnuplot fig8.gp");
    char path[BWM_DIR_MAX + 32];
    snprintf(path, sizeof path, "%s/f/fig8.gp", t);
    cr_assert(bwm_exists(path));
    snprintf(path, sizeof path, "%s/f/fig8.dat", t);
    char *dat = bwm_slurp(path);
    bwm_expect_contains(dat, "BLK_NN (C)");
    bwm_expect_contains(dat, "group\tITS\tFCFS\n"); /* a scheduler of --sched joins the figures by name */
    free(dat);
    snprintf(path, sizeof path, "%s/f/fig8.png", t);
    cr_assert(!bwm_exists(path));
    bwm_run_free(&r);

    /* a folder that cannot take the figures: refused before any is drawn */
    bwm_run_cli(&r, "plot all --results %s/s --out /proc/bwm_figures", t);
    bwm_expect_bad(&r, "option --out: cannot create '/proc/bwm_figures': ");
    cr_assert_eq(lines(r.err), 1, "one line on stderr: %s", r.err);
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot all --results %s/s --out %s/f/fig8.gp/sub", t, t);
    bwm_expect_bad(&r, "option --out: cannot create '");
    bwm_expect_contains(r.err, "fig8.gp/sub': Not a directory");
    bwm_run_free(&r);

    /* --format asks for a table of the files: without gnuplot, no images in it */
    snprintf(cmd, sizeof cmd, "env PATH=/nonexistent '%s' plot fig8 --results %s/s --out %s/f --format csv", BWM_BIN,
             t, t);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_expect_eq(strncmp(r.out, "figure,data,script,png,svg\nfig8,", 32), 0, "%s", r.out);
    bwm_expect_contains(r.out, "/f/fig8.gp,,\n");
    bwm_run_free(&r);

    /* with gnuplot: the same script draws the figure; plain, the images' paths */
    bwm_run_cli(&r, "plot fig8 --results %s/s --out %s/f", t, t);
    bwm_expect_ok(&r);
    bwm_expect_png(path, 5000);
    cr_expect_eq(lines(r.out), 2, "the png and the svg: %s", r.out);
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot fig8 --results %s/s --out %s/f --format json", t, t);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "[{\"figure\":\"fig8\",\"data\":\"");
    bwm_expect_contains(r.out, "/f/fig8.svg\"}]");
    bwm_run_free(&r);

    /* the study itself without gnuplot: scripts, no images, one line */
    char dir[BWM_DIR_MAX + 8];
    snprintf(dir, sizeof dir, "%s/n", t);
    snprintf(cmd, sizeof cmd, "env PATH=/nonexistent '%s' study --out %s --workloads %s " TINY, BWM_BIN, dir, list);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_assert_eq(lines(r.err), 1, "one line on stderr: %s", r.err);
    bwm_expect_contains(r.out, "0 of 19 figures drawn");
    snprintf(path, sizeof path, "%s/figures/fig6.gp", dir);
    cr_assert(bwm_exists(path));
    snprintf(path, sizeof path, "%s/REPORT.md", dir);
    char *report = bwm_slurp(path);
    bwm_expect_contains(report, "gnuplot was not found; run `gnuplot fig6.gp` in `figures/`");
    free(report);
    bwm_run_free(&r);
    unlink(list);
    bwm_rm_rf(t);
}

Test(study_cli, progress_only_on_a_terminal, .timeout = 600)
{
    char t[BWM_DIR_MAX], list[BWM_TMP_PATH_MAX];
    bwm_tmp_dir(t);
    bwm_write_tmp(list, "id,apps\n1,BLK_NN\n");
    bwm_run r;
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' study --out %s/quiet --workloads %s " TINY, BWM_BIN, t, list);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.err, "");
    bwm_run_free(&r);
    /* script(1) gives the study a terminal */
    snprintf(cmd, sizeof cmd, "script -qec \"'%s' study --out %s/tty --workloads %s " TINY "\" /dev/null", BWM_BIN, t,
             list);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\rstudy: 1/");
    bwm_expect_contains(r.out, " runs, 0:");
    bwm_expect_contains(r.out, " elapsed, ETA ");
    bwm_run_free(&r);
    unlink(list);
    bwm_rm_rf(t);
}

Test(study_cli, bad_options_exit_2_and_write_nothing)
{
    static const char *const bad[][2] = {
        {"--shard 3/2", "option --shard: shard 3/2 does not exist"},
        {"--shard 0/2", "option --shard"},
        {"--shard two", "is not K/N"},
        {"-j 0", "option -j/--jobs: '0'"},
        {"-j0", "option -j/--jobs: '0'"},
        {"--jobs x", "option -j/--jobs: 'x'"},
        {"--sched frfcfs,magic", "option --sched: unknown memory scheduler 'magic'"},
        {"--sched prior-3", "option --sched: scheduler 'prior-3'"},
        {"--window 0", "option --window"},
        {"--cycles 0", "option --cycles"},
        {"--apps-file /nonexistent.csv", "/nonexistent.csv"},
        {"--variation-insts 0", "option --variation-insts: 0 is out of range 1.."},
        {"--variation-config /nonexistent.config", "/nonexistent.config"},
        {"--variation-apps /nonexistent.csv", "/nonexistent.csv"},
        {"--translation-config /nonexistent.config", "option --translation-config: /nonexistent.config"},
        {"--translation-config " BWM_SOURCE_DIR "/tests/fixtures/study/small_pages.config",
         "option --translation-config: "},
        {"--variation-apps " BWM_SOURCE_DIR "/data/apps_calibrated.csv",
         "option --variation-apps: 'GUPS' is in both"},
        {"--translation-probes /nonexistent.csv", "option --translation-probes: /nonexistent.csv"},
        {"--translation-probes " BWM_SOURCE_DIR "/data/apps_fgpu.csv",
         "option --translation-probes: 'VA' is in both"},
        {"--translation-cycles 0", "option --translation-cycles: 0 is out of range 1.."},
        {"--translation-warmup -1", "option --translation-warmup"},
        {"--batch-config /nonexistent.config", "option --batch-config: /nonexistent.config"},
        {"--batch-config " BWM_SOURCE_DIR "/data/configs/memsys15.config",
         "option --batch-config: batch design temp:1: option -bwm_vm: no bank colours"},
        {"--variation-config " BWM_SOURCE_DIR "/data/configs/memsys15.config",
         "option --variation-config: " BWM_SOURCE_DIR "/data/configs/memsys15.config: cmp needs page colours"},
        {"--batch-apps /nonexistent.csv", "option --batch-apps: /nonexistent.csv"},
        {"--batch-apps " BWM_SOURCE_DIR "/data/apps_calibrated.csv",
         "apps_calibrated.csv: application 'GUPS' has no thread blocks"},
        {"--batch-apps " BWM_SOURCE_DIR "/tests/fixtures/study/batch_apps_clash.csv",
         "batch_apps_clash.csv: application 'BLK' is in "},
        {"--frobnicate", "unknown option '--frobnicate'"},
    };
    char t[BWM_DIR_MAX];
    bwm_tmp_dir(t);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        bwm_run r;
        bwm_run_cli(&r, "study --out %s/s --quick %s", t, bad[k][0]);
        bwm_expect_bad(&r, bad[k][1]);
        bwm_run_free(&r);
        cr_assert_eq(bwm_count_files(t), 0, "%s wrote something", bad[k][0]);
    }
    /* a copy of cal12 with 4 SMs: the batch designs run on 8 */
    char *cal12 = bwm_slurp(BWM_SOURCE_DIR "/data/configs/cal12.config"), *n = strstr(cal12, "-gpgpu_n_clusters 11");
    cr_assert(n);
    memcpy(n, "-gpgpu_n_clusters  4", 20);
    char small[BWM_TMP_PATH_MAX];
    bwm_write_tmp(small, cal12);
    free(cal12);
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/s --quick --batch-config %s", t, small);
    char want[BWM_TMP_PATH_MAX + 128];
    snprintf(want, sizeof want, "option --batch-config: %s: a GPU of 4 SMs; the batch experiment (paper 002) runs on 8 "
             "(batch design baseline)", small);
    bwm_expect_bad(&r, want);
    bwm_run_free(&r);
    unlink(small);
    cr_assert_eq(bwm_count_files(t), 0, "a batch GPU too small wrote something");
    bwm_run_cli(&r, "study --quick");
    bwm_expect_bad(&r, "option --out DIR is required");
    bwm_run_free(&r);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=2 '%s' study --out %s/s --quick", BWM_BIN, t);
    bwm_run_shell(&r, cmd);
    bwm_expect_bad(&r, "SLURM_ARRAY_TASK_COUNT");
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot fig99 --results %s", t);
    bwm_expect_bad(&r, "unknown figure 'fig99' (known: fig2, fig4,");
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot fig8 --results %s/none", t);
    bwm_expect_bad(&r, "metrics.csv");
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot --results %s", t);
    bwm_expect_bad(&r, "which figure?");
    bwm_run_free(&r);
    bwm_run_cli(&r, "study merge --out %s/m", t);
    bwm_expect_bad(&r, "no shard folder given");
    bwm_run_free(&r);
    bwm_run_cli(&r, "study merge --out %s/m %s", t, t);
    bwm_expect_bad(&r, "not a study folder");
    bwm_run_free(&r);
    cr_assert_eq(bwm_count_files(t), 0, "something was written");
    bwm_rm_rf(t);
}

Test(study_cli, bad_workload_list_names_file_and_line)
{
    char list[BWM_TMP_PATH_MAX], t[BWM_DIR_MAX];
    bwm_tmp_dir(t);
    bwm_write_tmp(list, "id,apps,quick\n1,BLK_NN,1\n2,BLK_WARP,1\n");
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/s --workloads %s", t, list);
    cr_assert_eq(r.status, 2);
    bwm_expect_at(strstr(r.err, list), list, 3, "unknown application 'WARP'");
    bwm_run_free(&r);
    bwm_write_tmp(list, "id,apps,quick\n1,BLK_NN,yes\n");
    bwm_run_cli(&r, "study --out %s/s --workloads %s", t, list);
    cr_assert_eq(r.status, 2);
    bwm_expect_at(strstr(r.err, list), list, 2, "column 'quick': expected true or false");
    bwm_run_free(&r);
    cr_assert_eq(bwm_count_files(t), 0);
    unlink(list);
    bwm_rm_rf(t);
}

Test(study_cli, shipped_workload_list_is_the_generator_output)
{
    bwm_run r;
    bwm_run_cli(&r, "study workloads");
    bwm_expect_ok(&r);
    char *shipped = bwm_slurp(BWM_SOURCE_DIR "/data/workloads/study.csv");
    cr_assert(shipped);
    cr_assert_str_eq(r.out, shipped, "data/workloads/study.csv is not 'bwmpki study workloads' output");
    free(shipped);
    bwm_run_free(&r);
}

/* Issue cases 1, 2, 4 and 5 of the study folder: a folder of someone
 * else's files is refused, untouched (study and merge alike); a folder
 * another study process holds is refused; an --out whose parents do not
 * exist is made with them; a metric <= 0 in metrics.csv and a run file
 * edited by hand are refused at their line. */
Test(study_cli, study_folder_is_a_study_s_or_new_and_one_writer_at_a_time, .timeout = 600)
{
    char t[BWM_DIR_MAX], list[BWM_TMP_PATH_MAX], path[BWM_DIR_MAX + 64];
    bwm_tmp_dir(t);
    snprintf(path, sizeof path, "%s/mine", t);
    cr_assert_eq(mkdir(path, 0777), 0);
    snprintf(path, sizeof path, "%s/mine/results.csv", t);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("my own results\n", f);
    fclose(f);
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/mine --quick", t);
    bwm_expect_bad(&r, "option --out: '");
    bwm_expect_contains(r.err, "/mine' is not empty and not a study folder (it holds 'results.csv'");
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/mine", t);
    cr_assert_eq(bwm_count_files(path), 1, "the folder is left as it was");
    snprintf(path, sizeof path, "%s/mine/results.csv", t);
    char *kept = bwm_slurp(path);
    cr_assert_str_eq(kept, "my own results\n");
    free(kept);

    tiny_study(t, list);
    bwm_run_cli(&r, "study merge --out %s/mine %s/s", t, t);
    bwm_expect_bad(&r, "is not empty and not a study folder");
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/mine", t);
    cr_assert_eq(bwm_count_files(path), 1, "merge left it as it was");

    /* another process holds the study folder: refused, nothing simulated */
    snprintf(path, sizeof path, "%s/s/.lock", t);
    int held = open(path, O_RDWR | O_CREAT, 0666);
    cr_assert(held >= 0 && flock(held, LOCK_EX) == 0);
    bwm_run_cli(&r, "study --out %s/s --workloads %s " TINY, t, list);
    bwm_expect_bad(&r, "another bwmpki study is writing");
    bwm_run_free(&r);
    bwm_run_cli(&r, "study merge --out %s/s %s/s", t, t);
    bwm_expect_bad(&r, "another bwmpki study is writing");
    bwm_run_free(&r);
    close(held);
    bwm_run_cli(&r, "study --out %s/s --workloads %s " TINY, t, list);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "(0 simulated,");
    bwm_run_free(&r);

    /* missing parents are made (mkdir -p) */
    bwm_run_cli(&r, "study merge --out %s/deep/er/m %s/s", t, t);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/deep/er/m/REPORT.md", t);
    cr_assert(bwm_exists(path));

    /* issue case 5: a metric <= 0 would drop out of a geometric mean: refused at its line */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd %s/s && awk -F, -v OFS=, 'NR==1{for(i=1;i<=NF;i++) if($i==\"it_norm\") c=i} "
             "NR==3{$c=-5} 1' metrics.csv > m && mv m metrics.csv", t);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    bwm_run_cli(&r, "plot fig8 --results %s/s --out %s/f", t, t);
    bwm_expect_bad(&r, "metrics.csv:3: column 'it_norm': -5 is not a metric (it must be > 0)");
    bwm_run_free(&r);

    /* issue case 2: a run file edited by hand (BLK made QTC) is refused at its line when reused */
    snprintf(cmd, sizeof cmd, "cd %s/s/runs && f=$(grep -l '^BLK,' *.csv | head -1) && sed -i 's/^BLK,/QTC,/' $f", t);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    bwm_run_cli(&r, "study --out %s/s --workloads %s " TINY, t, list);
    cr_assert_neq(r.status, 0, "an edited run file was taken: %s", r.out);
    bwm_expect_contains(r.err, ".csv:2: application QTC on ");
    bwm_expect_contains(r.err, "has BLK on ");
    bwm_expect_contains(r.err, "the file does not hold its key's run");
    bwm_run_free(&r);
    unlink(list);
    bwm_rm_rf(t);
}

/* The study records what produced it as every command does
 * (util/prov_record.h): a --set of two lines, 700 characters and a
 * backslash is recorded whole in the plan, read back when the study is
 * resumed and written whole in results.json's provenance (it was cut at 511
 * characters, and a line break in it made the plan unreadable). */
Test(study_cli, whole_set_text_in_the_provenance, .timeout = 600)
{
    char t[BWM_DIR_MAX], list[BWM_TMP_PATH_MAX], cmd[2048], path[BWM_DIR_MAX + 64];
    bwm_tmp_dir(t);
    bwm_write_tmp(list, "id,apps\n1,BLK_NN\n");
    snprintf(cmd, sizeof cmd, "set=\"$(printf '# a\\\\nb %%0700d\\n-gpgpu_n_mem 6' 0)\"; '%s' study --out %s/s "
             "--workloads %s " TINY " --set \"$set\"", BWM_BIN, t, list);
    bwm_run r;
    for (int pass = 0; pass < 2; pass++) { /* the second reads the plan back and simulates nothing */
        bwm_run_shell(&r, cmd);
        bwm_expect_ok(&r);
        if (pass)
            bwm_expect_contains(r.out, "(0 simulated,");
        bwm_run_free(&r);
    }
    char want[800] = "\"set\":\"# a\\\\nb ";
    memset(want + strlen(want), '0', 700);
    strcpy(want + strlen(want), "\\n-gpgpu_n_mem 6\",");
    snprintf(path, sizeof path, "%s/s/results.json", t);
    char *json = bwm_slurp(path);
    bwm_expect_contains(json, want);
    free(json);
    unlink(list);
    bwm_rm_rf(t);
}


/* The traced experiment's inputs are checked before anything is written. */
Test(study_cli, bad_traced_inputs)
{
    bwm_expect_bad_cli_writes_nothing("study --quick --traces va=" BWM_SOURCE_DIR
                                      "/data/traces/vectoradd",
                                      "option --traces: give --traces-standins FILE too");
    /* the shipped stand-ins have no row for a trace named va */
    bwm_expect_bad_cli_writes_nothing("study --quick --traces va=" BWM_SOURCE_DIR
                                      "/data/traces/vectoradd --traces-standins " BWM_SOURCE_DIR
                                      "/data/standins_traces.csv",
                                      "option --traces-standins: ");
    /* a GPU that does not load is named with its file and line */
    char gpu[BWM_TMP_PATH_MAX], cmd[256], said[256];
    bwm_write_tmp(gpu, "# no SMs\n-gpgpu_n_clusters 0\n");
    snprintf(cmd, sizeof cmd, "study --quick --traces-config %s", gpu);
    snprintf(said, sizeof said, "option --traces-config: %s:2: option -gpgpu_n_clusters: 0 is out of range", gpu);
    bwm_expect_bad_cli_writes_nothing(cmd, said);
    unlink(gpu);
    /* a GPU whose SMs cannot hold a trace's thread block: refused before any run */
    bwm_expect_bad_cli_writes_nothing("study --quick --traces-config " BWM_SOURCE_DIR "/data/configs/mask17.config",
                                      "do not fit in an SM's 8192 (-gpgpu_shader_registers)");
    bwm_expect_bad_cli_writes_nothing("study --quick --traces-insts 0",
                                      "option --traces-insts");
}
