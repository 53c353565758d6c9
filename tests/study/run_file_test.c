/* run_file_test.c — a study run's file (study/run_file.h) and what reads it
 * back: a rate or a mean with nothing to divide by is written empty
 * (docs/vocabulary.md, "Nothing to divide by"), read back as the 0 the run
 * had (the outcome, results.csv, the figures' loader), still marked as
 * having no value, so a record written again is the same file; an empty
 * count stays refused. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/outfile.h"
#include "io/slurp.h"
#include "plots/results.h"
#include "sim/stats/stat_table.h"
#include "study/run_file.h"
#include "study/tables.h"
#include "tests/support/csv_field.h"
#include "tests/support/study_dir.h"

/* An alone run of BLK on 15 SMs. */
static bwm_study_run alone_run(const char *key)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_ALONE;
    snprintf(r.workload, sizeof r.workload, "BLK");
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "BLK");
    r.split[0] = 15;
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = 1024;
    snprintf(r.key, sizeof r.key, "%064d", atoi(key));
    return r;
}

/* BLK committed 3000 instructions in 1000 cycles and made no DRAM access:
 * ipc 3 and mpki 0 are measured, row_hit_rate (over no column access) is
 * not. */
static void no_dram_rec(bwm_run_rec *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->napps = 1;
    bwm_app_result *a = &rec->app[0];
    snprintf(a->abbr, sizeof a->abbr, "BLK");
    a->sms = 15;
    a->insts = 3000;
    a->cycles = 1000;
    a->ipc = 3;
    a->avg_mem_latency = 250;
    a->no_den = 1u << BWM_DEN_DRAM_ACCESSES;
    rec->alone[0] = (bwm_alone_profile){3, 0, 0};
}

/* The run file's text (free it). */
static char *run_file_text(const char *dir, const char *key)
{
    char path[4096];
    bwm_run_file_path(dir, key, path, sizeof path);
    bwm_buf b;
    bwm_err err;
    bwm_buf_init(&b);
    cr_assert_eq(bwm_read_file(path, &b, &err), BWM_OK, "%s", err.msg);
    char *text = strdup(bwm_buf_str(&b));
    bwm_buf_free(&b);
    return text;
}

/* A new folder of run files (its name into dir) holding the file of the
 * alone run of key with no_dram_rec's record; returns the run. */
static bwm_study_run write_no_dram(char *dir, const char *key)
{
    bwm_tmp_runs_dir(dir);
    bwm_study_run run = alone_run(key);
    bwm_run_rec rec;
    no_dram_rec(&rec);
    bwm_err err;
    cr_assert_eq(bwm_run_file_write(dir, run.key, &rec, &err), BWM_OK, "%s", err.msg);
    return run;
}

Test(run_file, a_rate_without_a_denominator_is_empty_and_reads_back_as_0)
{
    char dir[BWM_DIR_MAX];
    bwm_study_run run = write_no_dram(dir, "1");
    bwm_run_rec back;
    bwm_err err;
    char *text = run_file_text(dir, run.key);
    bwm_expect_csv_field(text, "BLK,", "row_hit_rate", "");
    bwm_expect_csv_field(text, "BLK,", "ipc", "3");
    bwm_expect_csv_field(text, "BLK,", "mpki", "0");
    bwm_expect_csv_field(text, "BLK,", "avg_mem_latency", "250");
    cr_assert_eq(bwm_run_file_read(dir, run.key, &back, &err), BWM_OK, "%s", err.msg);
    const bwm_stat *rh = bwm_stat_find("row_hit_rate"), *mpki = bwm_stat_find("mpki");
    cr_expect_eq(back.app[0].row_hit_rate, 0, "what the computations read is the run's 0");
    cr_expect(!bwm_stat_has_value(rh, &back.app[0]));
    cr_expect(bwm_stat_has_value(mpki, &back.app[0]));
    cr_expect_eq(back.app[0].ipc, 3);
    /* written again (a resumed study), the same bytes */
    bwm_study_run again = alone_run("2");
    cr_assert_eq(bwm_run_file_write(dir, again.key, &back, &err), BWM_OK, "%s", err.msg);
    char *text2 = run_file_text(dir, again.key);
    cr_expect_str_eq(text2, text);
    free(text2);
    free(text);
    bwm_rm_rf(dir);
}

/* The field of column `column` in the run file's only row blanked. */
static void blank_field(const char *dir, const char *key, const char *column)
{
    char *text = run_file_text(dir, key);
    char *row = strchr(text, '\n') + 1;
    int col = 0;
    for (const char *h = text; strncmp(h, column, strlen(column)) != 0 || !strchr(",\n", h[strlen(column)]); col++)
        h = strchr(h, ',') + 1;
    char *f = row;
    for (int i = 0; i < col; i++)
        f = strchr(f, ',') + 1;
    size_t len = strcspn(f, ",\n");
    memmove(f, f + len, strlen(f + len) + 1);
    char path[4096];
    bwm_run_file_path(dir, key, path, sizeof path);
    bwm_err err;
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, text);
    cr_assert_eq(bwm_output_commit(path, &b, &err), BWM_OK, "%s", err.msg);
    bwm_buf_free(&b);
    free(text);
}

/* Only a rate or a mean may be empty: an empty count is refused at its
 * line and column. */
Test(run_file, an_empty_count_is_refused)
{
    char dir[BWM_DIR_MAX];
    bwm_study_run run = write_no_dram(dir, "3");
    bwm_run_rec back;
    bwm_err err;
    blank_field(dir, run.key, "insts");
    cr_assert_eq(bwm_run_file_read(dir, run.key, &back, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, ":2: column 'insts'"), "%s", err.msg);
    bwm_rm_rf(dir);
}

/* results.csv prints the read-back record's rate empty too, and the
 * figures' loader reads it as the 0 the study had (not NaN). */
Test(run_file, results_csv_and_the_figures_read_an_empty_rate_as_0)
{
    char dir[BWM_DIR_MAX];
    bwm_study_run run = write_no_dram(dir, "4");
    bwm_study_files f;
    memset(&f, 0, sizeof f);
    cr_assert_eq(bwm_study_plan_add(&f.plan, &run), 0);
    bwm_err err;
    bwm_study_outcome o;
    cr_assert_eq(bwm_outcome_load(dir, &f, &o, &err), BWM_OK, "%s", err.msg);
    bwm_table results, metrics;
    bwm_study_tables(&f, &o, &results, &metrics);
    bwm_buf csv;
    bwm_buf_init(&csv);
    bwm_table_render(&results, BWM_FMT_CSV, &csv);
    bwm_expect_csv_field(bwm_buf_str(&csv), "alone,", "row_hit_rate", "");
    bwm_expect_csv_field(bwm_buf_str(&csv), "alone,", "ipc", "3");
    static const char *const perf_cols[] = {"app", "ipc", "ipc_model", "ipc_model_err", "note"};
    static const char *const sum_cols[] = {"group", "mare_model"};
    bwm_table perf, sum;
    bwm_table_init(&perf, "", perf_cols, 5);
    bwm_table_init(&sum, "", sum_cols, 2);
    const bwm_pl_table tables[] = {{"metrics", &metrics}, {"results", &results}, {"fit_perf", &perf},
                                   {"fit_perf_summary", &sum}};
    bwm_pl_source s = {dir, tables, sizeof tables / sizeof tables[0]};
    bwm_pl_results r;
    cr_assert_eq(bwm_pl_load_from(&s, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(r.nalone, 1);
    const bwm_app_result *a = &r.alone[0].app[0].stat;
    cr_expect_eq(a->row_hit_rate, 0);
    cr_expect(!bwm_stat_has_value(bwm_stat_find("row_hit_rate"), a));
    cr_expect_eq(a->avg_mem_latency, 250);
    bwm_pl_free(&r);
    bwm_table_free(&perf);
    bwm_table_free(&sum);
    bwm_buf_free(&csv);
    bwm_table_free(&results);
    bwm_table_free(&metrics);
    bwm_outcome_free(&o);
    bwm_study_plan_free(&f.plan);
    bwm_rm_rf(dir);
}
