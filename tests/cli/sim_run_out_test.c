/* sim_run_out_test.c — the output of "bwmpki sim run": the text table's
 * main columns (the rest in tables of their own), --columns in every
 * format, and a bad --columns refused before any run. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"

/* A small, quick GPU: 4 SMs of memsys15. */
#define SMALL "--set '-gpgpu_n_clusters 4' --cycles 3000 --warmup 300"

/* The longest line of s. */
static size_t widest_line(const char *s)
{
    size_t w = 0;
    while (*s) {
        size_t n = strcspn(s, "\n");
        w = n > w ? n : w;
        s += n + (s[n] == '\n');
    }
    return w;
}

/* The line of s that starts with prefix, as a new string (NULL: none),
 * without its blanks when squeeze. */
static char *line_starting(const char *s, const char *prefix, int squeeze)
{
    for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, strlen(prefix)) == 0) {
            char *line = strndup(p, strcspn(p, "\n")), *to = line;
            for (const char *c = line; line && *c; c++)
                if (!squeeze || *c != ' ')
                    *to++ = *c;
            if (line)
                *to = '\0';
            return line;
        }
    return NULL;
}

/* Before: one table of 55 columns, about 700 characters a line.  Now the
 * main columns, in the order --help gives, and no line wider than 130. */
Test(sim_run_out, the_text_table_shows_the_main_columns)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --format table");
    bwm_expect_ok(&r);
    char *head = line_starting(r.out, "| app ", 1);
    cr_assert(head, "%s", r.out);
    cr_expect_str_eq(head, "|app|sms|insts|cycles|ipc|mpki|bw|row_hit_rate|avg_mem_latency|mem_stall_frac|ipc_alone|sd|");
    free(head);
    cr_expect(widest_line(r.out) <= 130, "%zu: %s", widest_line(r.out), r.out);
    cr_expect(!strstr(r.out, "lat_inject"), "the stages are in --columns all: %s", r.out);
    bwm_expect_contains(r.out, "--columns all: every column");
    bwm_expect_contains(r.out, "| cycles |    it |"); /* the workload's table stays */
    bwm_run_free(&r);
}

/* --energy: the applications' energy in a table of their own. */
Test(sim_run_out, energy_per_application_is_a_table_of_its_own)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --energy --format table");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "DRAM energy per application (nJ; dram_power in W)\n\n| app  | dram_energy |");
    char *head = line_starting(r.out, "| app  | sms |", 0);
    cr_assert(head && !strstr(head, "dram_energy"), "%s", r.out);
    free(head);
    bwm_run_free(&r);
}

/* --columns narrows every format, in the order given; a column the run has
 * not (walks: no translation) is empty. */
Test(sim_run_out, columns_choose_in_every_format)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --columns sd,app,walks --format csv");
    bwm_expect_ok(&r);
    cr_assert(strncmp(r.out, "sd,app,walks\n", 13) == 0, "%s", r.out);
    char *blk = line_starting(r.out + 13, "", 0);
    cr_assert(blk && strstr(blk, ",BLK,") && blk[strlen(blk) - 1] == ',', "%s", r.out);
    free(blk);
    bwm_run_free(&r);

    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --columns app,ipc --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"apps\":[{\"app\":\"BLK\",\"ipc\":");
    cr_expect(!strstr(r.out, "\"mpki\""), "%s", r.out);
    bwm_expect_contains(r.out, "\"it\":"); /* the workload's fields stay */
    bwm_run_free(&r);

    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --columns app,ipc --format table");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "Simulated applications\n\n| app  |");
    char *head = line_starting(r.out, "| app ", 1);
    cr_assert(head, "%s", r.out);
    cr_expect_str_eq(head, "|app|ipc|");
    free(head);
    bwm_run_free(&r);
}

/* --columns all: the text table has every column of the CSV, whose header
 * is the same without it. */
Test(sim_run_out, all_columns_are_the_csvs)
{
    bwm_run csv, all;
    bwm_run_cli(&csv, "sim run --apps BLK " SMALL " --format csv");
    bwm_run_cli(&all, "sim run --apps BLK " SMALL " --columns all --format table");
    bwm_expect_ok(&csv);
    bwm_expect_ok(&all);
    char *head = line_starting(all.out, "| workload ", 0);
    cr_assert(head, "%s", all.out);
    size_t n_csv = 1, n_text = 0;
    for (const char *p = csv.out; *p && *p != '\n'; p++)
        n_csv += *p == ',';
    for (const char *p = head; *p; p++)
        n_text += *p == '|';
    cr_expect_eq(n_text - 1, n_csv, "%zu columns against the CSV's %zu", n_text - 1, n_csv);
    cr_expect(strstr(head, "| lat_inject |") && strstr(head, "| unfairness |"), "%s", head);
    free(head);
    bwm_run_free(&csv);
    bwm_run_free(&all);
}

/* A bad --columns is refused before any run (so at once, with nothing
 * written), naming the option; an unknown name lists the columns. */
Test(sim_run_out, a_bad_column_is_refused_before_the_run)
{
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"--columns app,ipcc", "option --columns: unknown column 'ipcc'; the columns: all, or workload sched mode seed"},
        {"--columns app,ipc,app", "option --columns: app given twice"},
        {"--columns app,all", "option --columns: unknown column 'all' (all stands alone)"},
        {"--columns app,dram_power", "option --columns: dram_power is a DRAM energy column: give --energy too"},
        {"--columns ,", "option --columns: give column names separated by commas, or all"},
        {"--energy --table dram --columns app --format csv", "option --columns: chooses the applications table's"},
    };
    char out[] = "/tmp/bwm_cols_XXXXXX";
    close(mkstemp(out));
    unlink(out);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bwm_run r;
        /* 10^12 cycles would run for days: a refusal is before the run */
        bwm_run_cli(&r, "sim run --apps BLK,GUPS --cycles 1000000000000 %s -o %s", cases[i].args, out);
        cr_assert_eq(r.status, 2, "case %zu: status %d, stderr %s", i, r.status, r.err);
        bwm_expect_contains(r.err, cases[i].message);
        cr_expect_neq(access(out, F_OK), 0, "case %zu wrote %s", i, out);
        bwm_run_free(&r);
    }
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK --cycles 1000000000000 --columns nope");
    cr_assert_eq(r.status, 2);
    /* every column is listed: the last of the DRAM locality's among them */
    bwm_expect_contains(r.err, " dram_bytes_written ipc_alone ");
    bwm_expect_contains(r.err, " walk_read_latency_6 ");
    bwm_expect_contains(r.err, " ctas\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --help");
    bwm_expect_contains(r.out, "--columns LIST");
    bwm_expect_contains(r.out, "app, sms, insts,");
    bwm_run_free(&r);
}
