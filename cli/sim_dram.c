/* sim_dram.c — "bwmpki sim dram": runs a DRAM request trace through the
 * memory controllers and GDDR5 timing model and reports bandwidth, row-buffer
 * outcomes and read latency, for the system and per channel or bank. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/energy_out.h"
#include "cli/sim_cmds.h"
#include "cli/sim_load.h"
#include "cli/sim_opts.h"
#include "io/json.h"
#include "io/table.h"
#include "sim/config/config_limits.h"
#include "sim/config/memsys_config.h"
#include "sim/config/optset.h"
#include "sim/mc/energy_snap.h"
#include "sim/mc/memsys.h"
#include "sim/mc/report.h"
#include "sim/trace/trace_run.h"

typedef struct dram_opts {
    const char *config, *set, *trace, *sched, *queue, *req_bytes, *command_trace;
    int per_channel, per_bank, energy, verbose, provenance;
} dram_opts;

typedef struct scope {
    const char *name;        /* total, channel or bank */
    const bwm_mc_stats *st;  /* the controller's statistics (commands), NULL for a bank */
    int64_t latency_max;     /* longest read, DRAM cycles */
    int channel, bank;       /* -1 when not applicable */
    bwm_dram_report r;
    const bwm_energy *energy; /* the scope's DRAM energy (--energy), NULL for a bank */
} scope;

static const char *const cols[] = {
    "scope", "channel", "bank", "requests", "reads", "writes", "dram_cycles", "bw", "bw_frac",
    "row_hits", "row_misses", "row_conflicts", "row_hit_rate", "read_latency_avg", "read_latency_p99",
    "read_latency_max", "activates", "precharges", "refreshes", "req_bytes", "peak", "sched", "channels",
    "queue_size",
};
enum { N_COLS = sizeof cols / sizeof cols[0] };

/* The run's fields, the same on every row. */
typedef struct run_fields {
    int req_bytes, channels, queue_size;
    double peak;
    const char *sched;
    int energy; /* --energy: the energy columns follow */
} run_fields;

/* A count of the scope's controller, or null for a bank. */
static void cmd_cell(bwm_table *t, const scope *s, int cmd)
{
    if (s->st)
        bwm_table_int(t, (long long)s->st->n_cmds[cmd]);
    else
        bwm_table_null(t);
}

static void table_row(bwm_table *t, const scope *s, const run_fields *run)
{
    bwm_table_str(t, s->name);
    if (s->channel >= 0)
        bwm_table_int(t, s->channel);
    else
        bwm_table_null(t);
    if (s->bank >= 0)
        bwm_table_int(t, s->bank);
    else
        bwm_table_null(t);
    const bwm_dram_report *r = &s->r;
    bwm_table_int(t, (long long)r->requests);
    bwm_table_int(t, (long long)r->reads);
    bwm_table_int(t, (long long)r->writes);
    bwm_table_int(t, (long long)r->dram_cycles);
    bwm_table_num(t, r->bw);
    bwm_table_num(t, r->bw_frac);
    bwm_table_int(t, (long long)r->row_hits);
    bwm_table_int(t, (long long)r->row_misses);
    bwm_table_int(t, (long long)r->row_conflicts);
    if (r->requests)
        bwm_table_num(t, r->row_hit_rate);
    else
        bwm_table_null(t);
    if (r->reads) {
        bwm_table_num(t, r->read_latency_avg);
        bwm_table_int(t, (long long)r->read_latency_p99);
        bwm_table_int(t, (long long)s->latency_max);
    } else {
        bwm_table_null(t);
        bwm_table_null(t);
        bwm_table_null(t);
    }
    cmd_cell(t, s, BWM_CMD_ACT);
    cmd_cell(t, s, BWM_CMD_PRE);
    cmd_cell(t, s, BWM_CMD_REF);
    bwm_table_int(t, run->req_bytes);
    bwm_table_num(t, run->peak);
    bwm_table_str(t, run->sched);
    bwm_table_int(t, run->channels);
    bwm_table_int(t, run->queue_size);
    if (run->energy)
        bwm_energy_cells(t, s->energy);
}

/* The fields of DESIGN.md's `sim dram` object, in its order. */
static void json_fields(bwm_json *j, const scope *s)
{
    const bwm_dram_report *r = &s->r;
    if (s->channel >= 0)
        bwm_json_kv_int(j, "channel", s->channel);
    if (s->bank >= 0)
        bwm_json_kv_int(j, "bank", s->bank);
    bwm_json_kv_int(j, "requests", (long long)r->requests);
    bwm_json_kv_int(j, "reads", (long long)r->reads);
    bwm_json_kv_int(j, "writes", (long long)r->writes);
    bwm_json_kv_int(j, "dram_cycles", (long long)r->dram_cycles);
    bwm_json_kv_num(j, "bw", r->bw);
    bwm_json_kv_num(j, "bw_frac", r->bw_frac);
    bwm_json_kv_int(j, "row_hits", (long long)r->row_hits);
    bwm_json_kv_int(j, "row_misses", (long long)r->row_misses);
    bwm_json_kv_int(j, "row_conflicts", (long long)r->row_conflicts);
    /* no reads, no latency: null rather than a made-up 0 */
    bwm_json_kv_num(j, "read_latency_avg", r->reads ? r->read_latency_avg : NAN);
    bwm_json_key(j, "read_latency_p99");
    if (r->reads)
        bwm_json_int(j, (long long)r->read_latency_p99);
    else
        bwm_json_null(j);
    bwm_json_kv_num(j, "row_hit_rate", r->requests ? r->row_hit_rate : NAN);
    bwm_json_key(j, "read_latency_max");
    if (r->reads)
        bwm_json_int(j, (long long)s->latency_max);
    else
        bwm_json_null(j);
    if (s->st) {
        bwm_json_kv_int(j, "activates", (long long)s->st->n_cmds[BWM_CMD_ACT]);
        bwm_json_kv_int(j, "precharges", (long long)s->st->n_cmds[BWM_CMD_PRE]);
        bwm_json_kv_int(j, "refreshes", (long long)s->st->n_cmds[BWM_CMD_REF]);
    }
    if (s->energy)
        bwm_energy_json(j, s->energy);
    bwm_json_kv_str(j, "scope", s->name);
}

/* energy: per channel (n_channels), then the total, or NULL without
 * --energy. */
static void render(const dram_opts *o, const bwm_provenance *prov, const bwm_memsys *ms,
                   const bwm_trace_summary *sum, int req_bytes, const bwm_energy *energy, bwm_format fmt,
                   bwm_buf *out)
{
    const bwm_dram_config *c = &ms->cfg;
    double peak = bwm_dram_peak_gbs(c), ch_peak = peak / c->n_channels;
    int64_t cycles = sum->dram_cycles;
    bwm_mc_stats total;
    bwm_memsys_totals(ms, &total);
    scope all = {"total", &total, (int64_t)total.read_latency.max, -1, -1, {0},
                 energy ? &energy[c->n_channels] : NULL};
    run_fields run = {req_bytes, c->n_channels, ms->queue_size, peak, ms->sched->name, energy != NULL};
    bwm_dram_report_make(&all.r, &total.c, &total.read_latency, cycles, peak, c->dram_mhz);

    bwm_table t;
    bwm_json j;
    if (fmt == BWM_FMT_JSON) {
        bwm_json_init(&j, out);
        bwm_json_obj_begin(&j);
        json_fields(&j, &all);
        bwm_json_kv_int(&j, "req_bytes", req_bytes);
        bwm_json_kv_num(&j, "peak", peak);
        bwm_json_kv_str(&j, "sched", ms->sched->name);
        bwm_json_kv_int(&j, "channels", c->n_channels);
        bwm_json_kv_int(&j, "queue_size", ms->queue_size);
    } else {
        char title[200];
        snprintf(title, sizeof title, "DRAM trace simulation: %s, %d channels, peak %.4g GB/s, %d-byte requests",
                 ms->sched->name, c->n_channels, peak, req_bytes);
        const char *names[N_COLS + BWM_ENERGY_NCOLUMNS] = {BWM_ENERGY_COLUMNS};
        size_t n = N_COLS;
        memmove(names + N_COLS, names, BWM_ENERGY_NCOLUMNS * sizeof *names);
        memcpy(names, cols, sizeof cols);
        if (energy)
            n += BWM_ENERGY_NCOLUMNS;
        bwm_table_init(&t, title, names, n);
        table_row(&t, &all, &run);
        if (fmt == BWM_FMT_CSV && o->provenance)
            bwm_provenance_comments(prov, out);
    }
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0 && !o->per_channel) || (pass == 1 && !o->per_bank))
            continue;
        if (fmt == BWM_FMT_JSON) {
            bwm_json_key(&j, pass == 0 ? "per_channel" : "per_bank");
            bwm_json_arr_begin(&j);
        }
        for (int ch = 0; ch < ms->n_channels; ch++) {
            const bwm_mc *mc = &ms->mcs[ch];
            int nb = pass == 0 ? 1 : mc->n_banks;
            for (int b = 0; b < nb; b++) {
                bwm_mc_stats chs; /* with the DRAM's command counts */
                bwm_mc_get_stats(mc, &chs);
                scope s = {pass == 0 ? "channel" : "bank", pass == 0 ? &chs : NULL, 0, ch, pass == 0 ? -1 : b,
                           {0}, energy && pass == 0 ? &energy[ch] : NULL};
                const bwm_lat_hist *lat = pass == 0 ? &chs.read_latency : &mc->stats.bank_latency[b];
                s.latency_max = (int64_t)lat->max;
                bwm_dram_report_make(&s.r, pass == 0 ? &chs.c : &mc->stats.bank[b].c, lat, cycles, ch_peak,
                                     c->dram_mhz);
                if (fmt == BWM_FMT_JSON) {
                    bwm_json_obj_begin(&j);
                    json_fields(&j, &s);
                    bwm_json_obj_end(&j);
                } else {
                    table_row(&t, &s, &run);
                }
            }
        }
        if (fmt == BWM_FMT_JSON)
            bwm_json_arr_end(&j);
    }
    if (fmt == BWM_FMT_JSON) {
        bwm_provenance_json(prov, &j);
        bwm_json_obj_end(&j);
        bwm_buf_puts(out, "\n");
    } else {
        bwm_table_render(&t, fmt, out);
        bwm_table_free(&t);
    }
}

/* --queue, and --req-bytes: a number, or "burst" (the default: one DRAM
 * burst of the configuration, the transaction Ramulator and DRAMsim3 assume
 * for every line of their traces) or "line" (an L2 line, 128 bytes). */
static int parse_numbers(const dram_opts *o, const bwm_dram_config *cfg, int64_t *queue, int64_t *req_bytes,
                         bwm_err *err)
{
    int st = BWM_OK;
    *queue = -1;
    *req_bytes = bwm_dram_burst_bytes(cfg);
    if (o->queue)
        st = bwm_opt_i64("queue", o->queue, 1, 1 << 20, queue, err);
    if (st != BWM_OK || !o->req_bytes || strcmp(o->req_bytes, "burst") == 0)
        return st;
    if (strcmp(o->req_bytes, "line") == 0) {
        *req_bytes = 128;
        return BWM_OK;
    }
    return bwm_opt_i64("req-bytes", o->req_bytes, 1, 1 << 20, req_bytes, err);
}

/* One line of --command-trace. */
static void log_command(void *ctx, const bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row, int64_t now)
{
    bwm_buf_printf(ctx, "%lld,%d,%s,%d,%lld\n", (long long)now, ch->id, bwm_dram_cmd_name(cmd), bank,
                   (long long)row);
}

/* The energy of each channel from cycle 0 to cycles, then their sum, into
 * a new array (*out, freed by the caller). */
static int trace_energy(const bwm_memsys *ms, int64_t cycles, bwm_energy **out, bwm_err *err)
{
    bwm_energy_snap snap = {0};
    int st = bwm_energy_snap_take(ms, cycles, &snap, err);
    bwm_energy *e = st == BWM_OK ? calloc((size_t)ms->n_channels + 1, sizeof *e) : NULL;
    if (st == BWM_OK && !e)
        st = bwm_fail(err, BWM_EFAIL, "out of memory for DRAM energy");
    if (st == BWM_OK) {
        bwm_energy_between(ms, NULL, &snap, e, NULL);
        for (int c = 0; c < ms->n_channels; c++)
            bwm_energy_add(&e[ms->n_channels], &e[c]);
    }
    bwm_energy_snap_free(&snap);
    *out = e;
    return st;
}

int bwm_cmd_sim_dram(int argc, char **argv)
{
    dram_opts o = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0};
    char sched_help[256] = "memory scheduler: ";
    bwm_sched_list(sched_help + strlen(sched_help), sizeof sched_help - strlen(sched_help), NULL, 1);
    strncat(sched_help, " (default: the config's -gpgpu_dram_scheduler); the others need applications",
            sizeof sched_help - strlen(sched_help) - 1);
    const bwm_opt opts[] = {
        {"config", "FILE", BWM_CONFIG_HELP, &o.config, NULL},
        {"set", "OPTIONS", "options in the file's syntax applied after it, e.g. \"-gpgpu_n_mem 8\"", &o.set, NULL},
        {"trace", "FILE", "trace: '0xADDR R|W' or '0xADDR READ|WRITE CYCLE' lines; - for stdin; .gz accepted (required)", &o.trace, NULL},
        {"sched", "NAME", sched_help, &o.sched, NULL},
        {"queue", "N", "requests per controller queue (default: the config's -gpgpu_frfcfs_dram_sched_queue_size)", &o.queue, NULL},
        {"req-bytes", "N|burst|line", "bytes per request: burst (the default: one DRAM burst of the config, what "
         "Ramulator and DRAMsim3 traces stand for), line (128, an L2 line) or a number", &o.req_bytes, NULL},
        {"per-channel", NULL, "also report each channel", NULL, &o.per_channel},
        {"per-bank", NULL, "also report each bank of each channel", NULL, &o.per_bank},
        {"energy", NULL, "also report DRAM energy (nJ) by Micron's method from the config's -bwm_dram_idd* and "
         "-bwm_dram_vdd, per scope but banks", NULL, &o.energy},
        {"command-trace", "FILE", "also write every DRAM command issued, as CSV cycle,channel,command,bank,row "
         "(held in memory until the end)", &o.command_trace, NULL},
        BWM_VERBOSE_OPT(o.verbose),
        BWM_PROVENANCE_OPT(o.provenance),
    };

    const bwm_cmd cmd = {
        "bwmpki sim dram",
        "Simulates a DRAM request trace on the configured GDDR5 memory system: bandwidth, row hits/misses/conflicts, read latency.",
        "Untimed traces are offered as fast as the controller queues accept them; timed ones at their\n"
        "cycle (DRAM clock).  Latency is from arrival at the controller to the last data, in DRAM cycles;\n"
        "row hits/misses/conflicts count requests (a request's first command finds its row open, the bank\n"
        "closed, or another row open).  Per-channel and per-bank bw_frac are relative to one channel's peak.\n"
        "Each trace line is one request of --req-bytes (default: one DRAM burst of the configuration, 64\n"
        "bytes on memsys15, as Ramulator and DRAMsim3 read their traces); the output states it (req_bytes).\n"
        "Example: bwmpki sim dram --config data/configs/memsys15.config --trace t.trace --sched frfcfs --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    int64_t queue = -1, req_bytes = 0;
    if (st == BWM_OK && !o.trace)
        st = bwm_fail(&err, BWM_EINPUT, "option --trace is required");
    const bwm_sched_ops *sched = NULL;
    bwm_err sub;
    if (st == BWM_OK && o.sched && (st = bwm_sched_lookup(o.sched, &sched, &sub)) != BWM_OK)
        bwm_fail(&err, st, "option --sched: %s", sub.msg);
    if (st == BWM_OK && sched && !sched->trace_mode) {
        char trace_scheds[256];
        bwm_sched_list(trace_scheds, sizeof trace_scheds, NULL, 1);
        st = bwm_fail(&err, BWM_EINPUT, "option --sched: '%s' needs applications and their profiles; "
                      "use it with 'bwmpki sim run' (trace mode takes %s)", o.sched, trace_scheds);
    }
    bwm_dram_config cfg;
    bwm_sim_configs files;
    if (st == BWM_OK)
        st = bwm_sim_configs_gather(&cmd, argc, argv, NULL, &files, &err);
    if (st == BWM_OK)
        st = bwm_sim_load_memsys(&cmd, &files, o.set, o.verbose, &cfg, NULL, &err);
    if (st == BWM_OK)
        st = parse_numbers(&o, &cfg, &queue, &req_bytes, &err);
    if (st == BWM_OK && queue > 0) { /* the controllers at --queue's size */
        bwm_dram_config sized = cfg;
        sized.queue_size = (int)queue;
        if ((st = bwm_memsys_footprint_check(&sized, "--queue", &sub)) != BWM_OK)
            bwm_fail(&err, st, "option --queue: %s", sub.msg);
    }
    if (st == BWM_OK) {
        const char *what[] = {"-o", "--command-trace"}, *paths[] = {common.output, o.command_trace};
        st = bwm_cli_check_outputs(what, paths, 2, &err);
    }
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    if (st == BWM_OK)
        st = bwm_provenance_configs(&prov, files.path, files.n, o.set, NULL, NULL, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);

    bwm_memsys_params p = bwm_memsys_defaults();
    p.sched = o.sched;
    p.queue_size = (int)queue;
    p.bank_latency = o.per_bank;
    bwm_memsys ms;
    st = bwm_memsys_init(&ms, &cfg, &p, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    bwm_buf commands;
    bwm_buf_init(&commands);
    if (o.command_trace) {
        bwm_buf_puts(&commands, "cycle,channel,command,bank,row\n");
        for (int c = 0; c < ms.n_channels; c++)
            bwm_dram_channel_watch(&ms.mcs[c].dram, c, log_command, &commands);
    }
    bwm_trace tr;
    bwm_trace_summary sum = {0, 0};
    st = bwm_trace_open(&tr, o.trace, &err);
    if (st == BWM_OK) {
        st = bwm_trace_run(&ms, &tr, (uint32_t)req_bytes, &sum, &err);
        bwm_trace_close(&tr);
    }
    bwm_energy *energy = NULL; /* per channel, then the total */
    if (st == BWM_OK && o.energy)
        st = trace_energy(&ms, sum.dram_cycles, &energy, &err);
    bwm_buf out;
    bwm_buf_init(&out);
    if (st == BWM_OK)
        render(&o, &prov, &ms, &sum, (int)req_bytes, energy, common.format, &out);
    free(energy);
    bwm_memsys_free(&ms);
    if (st == BWM_OK && o.command_trace)
        st = bwm_cli_commit("--command-trace", o.command_trace, &commands, &err);
    bwm_buf_free(&commands);
    st = st == BWM_OK ? bwm_cli_emit(&cmd, &common, &out) : bwm_cli_report(&cmd, st, &err);
    bwm_buf_free(&out);
    return st;
}
