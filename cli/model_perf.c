/* model_perf.c — "bwmpki model perf": IPC from bandwidth and MPKI, or the
 * bandwidth an IPC needs. */
#include <stddef.h>

#include "cli/model_cmds.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "io/json.h"
#include "io/table.h"
#include "model/perf.h"


int bwm_cmd_model_perf(int argc, char **argv)
{
    const char *o_bw = NULL, *o_mpki = NULL, *o_line = NULL, *o_clock = NULL, *o_ipc = NULL, *o_max_ipc = NULL;
    int o_prov = 0;

    const bwm_opt opts[] = {
        {"bw", "GBS", "attained DRAM bandwidth in GB/s (give this or --ipc)", &o_bw, NULL},
        {"ipc", "IPC", "target IPC: prints the bandwidth it needs instead", &o_ipc, NULL},
        {"mpki", "MPKI", "L2 misses per 1000 instructions (> 0, required)", &o_mpki, NULL},
        {"line", "BYTES", "bytes moved per miss (default 128)", &o_line, NULL},
        {"clock", "MHZ", "core clock in MHz (default 700: Table 2's 1400 MHz shader clock as GPGPU-Sim and the "
         "simulator count it, one warp instruction per cycle)", &o_clock, NULL},
        {"max-ipc", "IPC", "also print ipc normalised to this maximum IPC (column ipc_norm)", &o_max_ipc, NULL},
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki model perf",
        "Performance of one application: P = BW / (line x MPKI/1000) instructions/s (paper 000, Eq. 1-3).",
        "Example: bwmpki model perf --bw 60.03 --mpki 1.6   (BLK alone: 67.6 % of 88.8 GB/s)",
        opts, sizeof opts / sizeof opts[0],
    };
    o_line = "128";
    o_clock = "700";
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);

    bwm_perf_in in = {0, 0, 0, 0};
    double target_ipc = 0, max_ipc = 0;
    if (!o_mpki)
        st = bwm_fail(&err, BWM_EINPUT, "option --mpki is required");
    else if (!o_bw == !o_ipc)
        st = bwm_fail(&err, BWM_EINPUT, "give exactly one of --bw and --ipc");
    if (st == BWM_OK && (st = bwm_opt_double("mpki", o_mpki, &in.mpki, &err)) == BWM_OK)
        st = bwm_opt_require("mpki", in.mpki > 0, "> 0", in.mpki, &err);
    if (st == BWM_OK && (st = bwm_opt_double("line", o_line, &in.line_bytes, &err)) == BWM_OK)
        st = bwm_opt_require("line", in.line_bytes > 0, "> 0 bytes", in.line_bytes, &err);
    if (st == BWM_OK && (st = bwm_opt_double("clock", o_clock, &in.clock_mhz, &err)) == BWM_OK)
        st = bwm_opt_require("clock", in.clock_mhz > 0, "> 0 MHz", in.clock_mhz, &err);
    if (st == BWM_OK && o_bw && (st = bwm_opt_double("bw", o_bw, &in.bw_gbs, &err)) == BWM_OK)
        st = bwm_opt_require("bw", in.bw_gbs >= 0, ">= 0", in.bw_gbs, &err);
    if (st == BWM_OK && o_ipc && (st = bwm_opt_double("ipc", o_ipc, &target_ipc, &err)) == BWM_OK)
        st = bwm_opt_require("ipc", target_ipc >= 0, ">= 0", target_ipc, &err);
    if (st == BWM_OK && o_max_ipc && (st = bwm_opt_double("max-ipc", o_max_ipc, &max_ipc, &err)) == BWM_OK)
        st = bwm_opt_require("max-ipc", max_ipc > 0, "> 0", max_ipc, &err);
    if (st == BWM_OK)
        st = bwm_perf_check(&in, &err); /* passes: each value checked above */
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);

    if (o_ipc)
        in.bw_gbs = bwm_perf_bw_for_ipc(target_ipc, in.mpki, in.line_bytes, in.clock_mhz);
    bwm_perf_out p = bwm_perf_eval(&in);

    static const char *const cols[] = {"mpki", "bw", "line_bytes", "clock_mhz", "ips", "ipc", "ipc_norm"};
    bwm_table t;
    bwm_table_init(&t, "Performance model (P = BW / (line x MPKI/1000))", cols,
                   sizeof cols / sizeof cols[0] - (o_max_ipc ? 0 : 1)); /* ipc_norm only with --max-ipc */
    bwm_table_num(&t, in.mpki);
    bwm_table_num(&t, in.bw_gbs);
    bwm_table_num(&t, in.line_bytes);
    bwm_table_num(&t, in.clock_mhz);
    bwm_table_num(&t, p.ips);
    bwm_table_num(&t, p.ipc);
    if (o_max_ipc)
        bwm_table_num(&t, bwm_perf_normalise(p.ipc, max_ipc));
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    bwm_buf out;
    bwm_buf_init(&out);
    if (common.format == BWM_FMT_JSON) {
        /* One object rather than a one-row array. */
        bwm_json j;
        bwm_json_init(&j, &out);
        bwm_json_obj_begin(&j);
        bwm_table_row_members(&t, 0, &j);
        bwm_provenance_json(&prov, &j);
        bwm_json_obj_end(&j);
    } else {
        bwm_result_prov rp = {&prov, o_prov};
        bwm_result_csv_head(&rp, common.format, &out);
        bwm_table_render(&t, common.format, &out);
    }
    if (t.failed)
        out.failed = 1;
    st = bwm_cli_emit(&cmd, &common, &out);
    bwm_table_free(&t);
    bwm_buf_free(&out);
    return st;
}
