/* fit_import.c — "bwmpki fit import": GPGPU-Sim logs and (name,ipc,mpki,bw)
 * CSV rows beside the performance model, in table, CSV and JSON; with
 * --accelsim-log, an Accel-Sim log beside bwmpki's run of the same trace
 * (fit_import_accelsim.c). */
#include <stdio.h>

#include "cli/fit_cmds.h"
#include "cli/fit_import_accelsim.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "cli/sim_opts.h"
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
    const char *o_logs = NULL, *o_csv = NULL, *o_line = NULL, *o_clock = NULL, *o_out = NULL, *o_table = NULL;
    const char *o_as_log = NULL, *o_trace = NULL, *o_against = NULL, *o_sched = "frfcfs";
    bwm_sim_opts sim = BWM_SIM_OPTS_NONE;
    int o_prov = 0;
    const bwm_opt opts[] = {
        {"accelsim-log", "LOG", "an Accel-Sim log (its whole standard output): its kernels beside bwmpki's run of "
         "the same trace, per kernel and statistic (needs --trace or --against)", &o_as_log, NULL},
        {"trace", "PATH", "with --accelsim-log: the trace folder (or kernelslist.g) bwmpki runs, on the GPU of "
         "--config and --set, to its end", &o_trace, NULL},
        {"against", "FILE", "with --accelsim-log: a saved 'sim run --apps trace:PATH --format csv' instead of "
         "running the trace", &o_against, NULL},
        {"config", "FILE", "with --trace (required there): the option files Accel-Sim ran with, given again for "
         "each, read in order, later options winning (-config gpgpusim.config -config trace.config)", &sim.config,
         NULL},
        {"set", "OPTIONS", "with --trace: options in the file's syntax applied after it, e.g. "
         "\"-gpgpu_kernel_launch_latency 0\"", &sim.set, NULL},
        {"sched", "NAME", "with --trace: the memory scheduler (default frfcfs)", &o_sched, NULL},
        BWM_VERBOSE_OPT(sim.verbose),
        {"logs", "A.log,B.log", "GPGPU-Sim output logs, comma-separated (rows named by base name)", &o_logs,
         NULL},
        {"csv", "FILE", "CSV with columns name,ipc,mpki,bw (bw in GB/s; one row each)", &o_csv, NULL},
        {"line", "BYTES", "bytes moved per L2 miss in the model (default: the log's, 32 with a sector L2, else "
         "its line; 128 for --csv rows)", &o_line, NULL},
        {"clock", "MHZ", "core clock for --csv rows in MHz (default 700, GPGPU-Sim's GTX480 core clock; logs use their own)", &o_clock, NULL},
        {"out", "DIR", "also write DIR/import.{txt,csv,json} and import_summary.{txt,csv,json} (each whole or not "
         "at all)", &o_out, NULL},
        BWM_TABLE_OPT(o_table, "CSV table: runs (default; one row per run or kernel) or summary (the MARE); with "
                      "--accelsim-log kernels (default) or summary"),
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
        "Example: bwmpki fit import --logs run1.log,run2.log --csv runs.csv --out results/\n"
        "With --accelsim-log LOG: Accel-Sim's per-kernel statistics beside bwmpki's on the same trace and\n"
        "configuration (--trace PATH --config A --config B: bwmpki runs it; or --against a saved sim run CSV),\n"
        "kernels matched by launch order (kernel_launch_uid), per kernel and statistic: bwmpki, accelsim,\n"
        "diff and diff_pct = 100 x diff / accelsim; tables kernels and summary (docs/traces.md, Against\n"
        "Accel-Sim).  --out DIR writes accelsim.* and accelsim_summary.*.\n"
        "Example: bwmpki fit import --accelsim-log as.log --trace TRACE --config gpgpusim.config --config\n"
        "         trace.config --set \"-gpgpu_kernel_launch_latency 0\"",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, argc, argv, &sim, &err);
    if (st == BWM_OK && o_as_log) {
        if (o_logs || o_csv || o_line || o_clock)
            st = bwm_fail(&err, BWM_EINPUT, "option --accelsim-log: not with --logs, --csv, --line or --clock (GPGPU-Sim "
                          "logs beside the model are another table)");
        if (st == BWM_OK) {
            bwm_fit_accelsim_args a = {o_as_log, o_trace, o_against, o_sched, o_out, o_table, o_prov, &sim};
            return bwm_fit_import_accelsim(&cmd, &common, &a, argc, argv);
        }
    }
    if (st == BWM_OK && (o_trace || o_against || sim.config || sim.set))
        st = bwm_fail(&err, BWM_EINPUT, "options --trace, --against, --config and --set go with --accelsim-log");
    double line = 0, clock = 0;
    if (st == BWM_OK && !o_logs && !o_csv)
        st = bwm_fail(&err, BWM_EINPUT, "give --logs, --csv or both (see --help)");
    if (st == BWM_OK && o_line)
        st = bwm_opt_double("line", o_line, &line, &err);
    if (st == BWM_OK && o_line && !(line > 0))
        st = bwm_fail(&err, BWM_EINPUT, "option --line: must be > 0 (got %g)", line);
    if (st == BWM_OK)
        st = bwm_opt_double("clock", o_clock ? o_clock : "700", &clock, &err);
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
