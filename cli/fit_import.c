/* fit_import.c — "bwmpki fit import": GPGPU-Sim logs and (name,ipc,mpki,bw)
 * CSV rows beside the performance model, in table, CSV and JSON. */
#include <stdio.h>

#include "cli/fit_cmds.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "io/out_dir.h"
#include "fit/import.h"
#include "io/table.h"
#include "util/num.h"

#define MAX_LOGS 256

/* Reads every input named by the options into im. */
static int read_inputs(const char *logs, const char *csv, double line, double clock, bwm_import *im, bwm_err *err)
{
    if (logs) {
        char buf[8192];
        char *paths[MAX_LOGS];
        int n = bwm_split(logs, ',', buf, sizeof buf, paths, MAX_LOGS);
        if (n < 0)
            return bwm_fail(err, BWM_EINPUT, "option --logs: more than %d files or too long", MAX_LOGS);
        for (int i = 0; i < n; i++) {
            if (paths[i][0] == '\0')
                return bwm_fail(err, BWM_EINPUT, "option --logs: empty file name (item %d)", i + 1);
            int st = bwm_import_log(im, paths[i], line, err);
            if (st != BWM_OK)
                return st;
        }
    }
    return csv ? bwm_import_csv(im, csv, line, clock, err) : BWM_OK;
}

int bwm_cmd_fit_import(int argc, char **argv)
{
    const char *o_logs = NULL, *o_csv = NULL, *o_line = NULL, *o_clock = "700", *o_out = NULL, *o_table = NULL;
    int o_prov = 0;
    const bwm_opt opts[] = {
        {"logs", "A.log,B.log", "GPGPU-Sim output logs, comma-separated (rows named by base name)", &o_logs,
         NULL},
        {"csv", "FILE", "CSV with columns name,ipc,mpki,bw (bw in GB/s; one row each)", &o_csv, NULL},
        {"line", "BYTES", "bytes moved per L2 miss in the model (default: the log's, 32 with a sector L2, else "
         "its line; 128 for --csv rows)", &o_line, NULL},
        {"clock", "MHZ", "core clock for --csv rows in MHz (default 700, GPGPU-Sim's GTX480 core clock; logs use their own)", &o_clock, NULL},
        {"out", "DIR", "also write DIR/import.{txt,csv,json} and import_summary.{txt,csv,json} (each whole or not "
         "at all)", &o_out, NULL},
        BWM_TABLE_OPT(o_table, "CSV table: runs (default; one row per run or kernel) or summary (the MARE)"),
        BWM_PROVENANCE_OPT(o_prov),
    };
    const bwm_cmd cmd = {
        "bwmpki fit import",
        "Measured runs beside the performance model: ipc_model = bw / (line x mpki/1000) / clock, "
        "ipc_model_err = (ipc_model - ipc) / ipc (signed), and the mean of its absolute value (mare_model).",
        "From a GPGPU-Sim log: insts = gpu_tot_sim_insn, cycles = gpu_tot_sim_cycle (last values: totals),\n"
        "ipc = insts / cycles, mpki = L2_total_cache_misses x 1000 / insts, bw = (sum of n_rd + n_rd_L2_A\n"
        "+ n_write + n_wr_bk over the DRAM[i] channels; 3.x logs have n_rd and n_write only) x busW x BL x\n"
        "gpgpu_n_mem_per_ctrlr bytes / (cycles / core clock),\n"
        "core clock = first entry of -gpgpu_clock_domains.  bw_util_gbs = mean bw_util x peak DRAM bandwidth\n"
        "(GPGPU-Sim's own figure, GB/s) and bw_err = (bw - bw_util_gbs) / bw_util_gbs, empty without bw_util.\n"
        "A log of several kernels gives one row per kernel (kernel, kernel_uid: its figures are differences of\n"
        "GPGPU-Sim's running totals between consecutive kernels), then its whole run as kernel \"all\"; the MARE\n"
        "takes whole runs and CSV rows only.  Give --logs, --csv or both.  JSON: {\"runs\":[...],\n"
        "\"summary\":[...], \"provenance\":{...}}; CSV: the table --table names.\n"
        "Example: bwmpki fit import --logs run1.log,run2.log --csv runs.csv --out results/",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    double line = 0, clock = 0;
    if (st == BWM_OK && !o_logs && !o_csv)
        st = bwm_fail(&err, BWM_EINPUT, "give --logs, --csv or both (see --help)");
    if (st == BWM_OK && o_line)
        st = bwm_opt_double("line", o_line, &line, &err);
    if (st == BWM_OK && o_line && !(line > 0))
        st = bwm_fail(&err, BWM_EINPUT, "option --line: must be > 0 (got %g)", line);
    if (st == BWM_OK)
        st = bwm_opt_double("clock", o_clock, &clock, &err);
    if (st == BWM_OK && !(clock > 0))
        st = bwm_fail(&err, BWM_EINPUT, "option --clock: must be > 0 (got %g)", clock);
    if (st == BWM_OK)
        st = bwm_cli_check_out_dir(o_out, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);

    bwm_import im;
    bwm_import_init(&im);
    bwm_table t[2] = {{0}};
    st = read_inputs(o_logs, o_csv, line, clock, &im, &err);
    if (st == BWM_OK && bwm_import_tables(&im, t) != BWM_OK)
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    bwm_import_free(&im);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    if (st == BWM_OK && o_out)
        st = bwm_out_dir_tables(o_out, (bwm_out_table[]){{"import", &t[0]}, {"import_summary", &t[1]}}, 2, &err);
    if (st == BWM_OK) {
        bwm_result_table tabs[] = {{"runs", &t[0]}, {"summary", &t[1]}};
        bwm_result_prov rp = {&prov, o_prov};
        st = bwm_result_emit(&cmd, &common, tabs, 2, o_table, &rp);
    } else {
        bwm_cli_report(&cmd, st, &err);
    }
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
    return st;
}
