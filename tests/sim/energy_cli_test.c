/* energy_cli_test.c — DRAM energy in "bwmpki sim dram" and "sim run"
 * (--energy): without it the output is what it was (the energy columns are
 * the only difference), the applications' energies add up to the
 * channels', the same seed gives the same bytes, and bad currents stop the
 * command with exit code 2 at the option or FILE:LINE, writing nothing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/energy_out.h"
#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define TRACE BWM_SOURCE_DIR "/tests/fixtures/traces/small.trace"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
#define SMALL "--set '-gpgpu_n_clusters 4' --cycles 3000 --warmup 300 --no-progress"
#define OUT "/tmp/bwm_energy_cli_out"

/* csv with the last n columns of every line cut (in place). */
static char *cut_columns(char *csv, int n)
{
    char *w = csv;
    for (char *line = csv; *line;) {
        char *eol = strchr(line, '\n');
        cr_assert(eol);
        char *end = eol;
        for (int k = 0; k < n; k++) {
            while (end > line && end[-1] != ',')
                end--;
            cr_assert(end > line, "fewer than %d columns: %.60s", n, line);
            end--;
        }
        size_t len = (size_t)(end - line);
        memmove(w, line, len);
        w += len;
        *w++ = '\n';
        line = eol + 1;
    }
    *w = '\0';
    return csv;
}

/* The output of "ARGS" and of "ARGS --energy" (CSV): the same but for the
 * energy columns at the end. */
static void expect_same_without_energy(const char *args)
{
    bwm_run off, on;
    bwm_run_cli(&off, "%s --format csv", args);
    bwm_run_cli(&on, "%s --format csv --energy", args);
    bwm_expect_ok(&off);
    bwm_expect_ok(&on);
    cr_expect(!strstr(off.out, "dram_energy"), "%s", off.out);
    cr_expect(strstr(on.out, ",dram_energy,dram_energy_act_pre,"), "%s", on.out);
    cr_expect_str_eq(cut_columns(on.out, BWM_ENERGY_NCOLUMNS), off.out);
    bwm_run_free(&off);
    bwm_run_free(&on);
}

Test(energy_cli, results_unchanged_with_the_feature_off)
{
    expect_same_without_energy("sim dram --trace " TRACE " --per-channel --per-bank");
    expect_same_without_energy("sim run --apps BLK,GUPS " SMALL);
    bwm_run r;
    bwm_run_cli(&r, "sim dram --trace " TRACE " --per-channel --format json");
    bwm_expect_ok(&r);
    cr_expect(!strstr(r.out, "dram_energy") && !strstr(r.out, "dram_power"), "%s", r.out);
    bwm_run_free(&r);
}

/* Sums column name of a CSV's rows. */
static double column_sum(const char *csv, const char *name)
{
    const char *eol = strchr(csv, '\n');
    int col = -1, k = 0;
    for (const char *p = csv; p < eol; k++) {
        size_t len = strcspn(p, ",\n");
        if (len == strlen(name) && strncmp(p, name, len) == 0)
            col = k;
        p += len + 1;
    }
    cr_assert(col >= 0, "no column %s", name);
    double sum = 0;
    for (const char *row = eol + 1; *row; row = strchr(row, '\n') + 1) {
        const char *p = row;
        for (int c = 0; c < col; c++)
            p += strcspn(p, ",\n") + 1;
        sum += strtod(p, NULL);
    }
    return sum;
}

/* Over one interval (cycles mode) every column command is an application's,
 * so the applications' energies add up to the channels'. */
Test(energy_cli, applications_add_up_to_the_channels)
{
    bwm_run apps, dram;
    bwm_run_cli(&apps, "sim run --apps BLK,GUPS --energy --format csv " SMALL);
    bwm_run_cli(&dram, "sim run --apps BLK,GUPS --energy --format csv --table dram " SMALL);
    bwm_expect_ok(&apps);
    bwm_expect_ok(&dram);
    cr_expect(strncmp(dram.out, "workload,sched,mode,seed,channel,dram_energy,", 45) == 0, "%s", dram.out);
    const char *parts[] = {"dram_energy", "dram_energy_act_pre", "dram_energy_read", "dram_energy_write",
                           "dram_energy_bg_active", "dram_energy_bg_precharged"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        double a = column_sum(apps.out, parts[i]), d = column_sum(dram.out, parts[i]);
        cr_expect(a > 0 || strcmp(parts[i], "dram_energy_bg_precharged") == 0, "%s", parts[i]);
        cr_expect(a <= d * (1 + 1e-9) + 1e-6 && a >= d * (1 - 1e-9) - 1e-6, "%s: apps %.9g, channels %.9g",
                  parts[i], a, d);
    }
    bwm_run_free(&apps);
    bwm_run_free(&dram);
}

Test(energy_cli, deterministic_and_in_every_format)
{
    const char *cmds[] = {"sim run --apps BLK,GUPS --energy " SMALL,
                          "sim run --apps BLK,GUPS --energy --paper-mode --insts 20000 --no-progress "
                          "--set '-gpgpu_n_clusters 4'",
                          "sim dram --trace " TRACE " --per-channel --energy"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        bwm_run a, b;
        bwm_run_cli(&a, "%s --format json", cmds[i]);
        bwm_run_cli(&b, "%s --format json", cmds[i]);
        bwm_expect_ok(&a);
        cr_expect_str_eq(a.out, b.out, "%s", cmds[i]);
        bwm_expect_contains(a.out, "\"dram_energy\":");
        bwm_expect_contains(a.out, "\"dram_power\":");
        bwm_run_free(&a);
        bwm_run_free(&b);
        bwm_run_cli(&a, "%s --format table", cmds[i]);
        bwm_expect_ok(&a);
        bwm_expect_contains(a.out, "dram_energy_per_access");
        bwm_run_free(&a);
    }
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --energy --format json " SMALL);
    bwm_expect_contains(r.out, "\"dram\":[{\"channel\":0,\"dram_energy\":");
    bwm_run_free(&r);
}

/* Runs args with -o OUT (absent before), expects exit code 2 with message
 * on stderr and no OUT after. */
static void expect_bad_writes_nothing(const char *args, const char *message)
{
    unlink(OUT);
    bwm_run r;
    bwm_run_cli(&r, "%s -o " OUT, args);
    bwm_expect_bad(&r, message);
    cr_expect(access(OUT, F_OK) != 0, "%s: wrote %s", args, OUT);
    bwm_run_free(&r);
}

#define ALL_IDD "-bwm_dram_idd0 100 -bwm_dram_idd2p 10 -bwm_dram_idd2n 20 -bwm_dram_idd3p 15 -bwm_dram_idd3n 30 " \
                "-bwm_dram_idd4r 200 -bwm_dram_idd4w 210 -bwm_dram_idd5 150"

Test(energy_cli, bad_currents_exit_2_and_write_nothing)
{
    expect_bad_writes_nothing("sim run --apps BLK --energy --cycles 3000 --no-progress --set '-gpgpu_n_clusters 4 "
                              ALL_IDD " -bwm_dram_vdd -1.5'", "--set:1: option -bwm_dram_vdd: -1.5 must be > 0");
    expect_bad_writes_nothing("sim dram --trace " TRACE " --energy --set '-bwm_dram_idd4w 900'",
                              "--set:1: option -bwm_dram_idd4w: the DRAM device's currents and voltage are given "
                              "together or not at all");
    expect_bad_writes_nothing("sim dram --trace " TRACE " --set '" ALL_IDD " -bwm_dram_vdd 1.5 -bwm_dram_idd5 x'",
                              "option -bwm_dram_idd5: 'x' is not a finite number");
    /* beyond a GDDR or HBM device's range: refused, not an overflow in the energies */
    expect_bad_writes_nothing("sim run --apps BLK --energy --cycles 3000 --no-progress --set '-gpgpu_n_clusters 4 "
                              ALL_IDD " -bwm_dram_vdd 1e308'",
                              "--set:1: option -bwm_dram_vdd: VDD (1e+308 V) is outside 0.5..3 V, a GDDR or HBM "
                              "device's plausible range");
    expect_bad_writes_nothing("sim dram --trace " TRACE " --energy --set '" ALL_IDD " -bwm_dram_vdd 1.5 "
                              "-bwm_dram_idd4w 1e300'",
                              "--set:1: option -bwm_dram_idd4w: IDD4W (1e+300 mA) is outside 0..10000 mA");
    expect_bad_writes_nothing("sim run --apps BLK --table dram " SMALL,
                              "option --table: dram is the DRAM energy table: give --energy too");
    /* from a file: its name and line */
    char *text = bwm_slurp(MEMSYS15);
    cr_assert(text);
    size_t lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    char *cfg = malloc(strlen(text) + 512);
    sprintf(cfg, "%s" ALL_IDD "\n-bwm_dram_vdd 1.5\n-bwm_dram_idd3n -450\n", text);
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, cfg);
    char args[256], where[300];
    snprintf(args, sizeof args, "sim dram --trace " TRACE " --energy --config %s", path);
    snprintf(where, sizeof where, "%s:%zu: option -bwm_dram_idd3n: -450 must be > 0", path, lines + 3);
    expect_bad_writes_nothing(args, where);
    snprintf(args, sizeof args, "sim config --config %s", path);
    expect_bad_writes_nothing(args, where);
    unlink(path);
    free(cfg);
    free(text);
}

/* --command-trace: every command issued, as many as the counts say, in
 * cycle order; the small trace's first commands derived by hand (tRCD 12,
 * then a second read tCCD-and-burst 4 cycles later on channel 0). */
Test(energy_cli, command_trace)
{
    unlink(OUT ".csv");
    bwm_run r;
    bwm_run_cli(&r, "sim dram --trace " TRACE " --format json --command-trace " OUT ".csv");
    bwm_expect_ok(&r);
    char *csv = bwm_slurp(OUT ".csv");
    cr_assert(csv);
    cr_expect(strncmp(csv, "cycle,channel,command,bank,row\n0,0,ACT,0,0\n", 43) == 0, "%s", csv);
    bwm_expect_contains(csv, "\n12,0,RD,0,-1\n");
    bwm_expect_contains(csv, "\n16,0,RD,0,-1\n");
    int acts = 0, pres = 0, cols = 0;
    long last = -1;
    for (const char *line = strchr(csv, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
        long cycle = strtol(line, NULL, 10);
        cr_expect(cycle >= last, "out of order at %.30s", line);
        last = cycle;
        const char *cmd = strchr(strchr(line, ',') + 1, ',') + 1;
        acts += strncmp(cmd, "ACT,", 4) == 0;
        pres += strncmp(cmd, "PRE,", 4) == 0;
        cols += strncmp(cmd, "RD,", 3) == 0 || strncmp(cmd, "WR,", 3) == 0;
    }
    cr_expect_eq(acts, (int)bwm_json_number(r.out, "activates"));
    cr_expect_eq(pres, (int)bwm_json_number(r.out, "precharges"));
    cr_expect_eq(cols, (int)bwm_json_number(r.out, "requests"), "one burst a request");
    free(csv);
    bwm_run_free(&r);
    unlink(OUT ".csv");
    expect_bad_writes_nothing("sim dram --trace " TRACE " --command-trace " OUT,
                              "options -o and --command-trace: both write");
}
