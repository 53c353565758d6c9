/* sim_run_out.c — formatting of "bwmpki sim run" results (see sim_run_out.h). */
#include "cli/sim_run_out.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/energy_out.h"
#include "cli/sim_run_xlat.h"
#include "io/json.h"
#include "io/table.h"

/* Every field of the JSON, one row per application: the run's own fields
 * (mode, seed, requests, the metrics) repeat on each row. */
static const char *const app_cols[] = {
    "workload", "sched", "mode", "seed", "requests", "app_index", "app", "app_name", "name", "sms", "insts",
    "cycles", "ipc", "mpki", "bw", "bw_frac", "row_hit_rate", "avg_mem_latency",
    BWM_STAGE_COLUMNS, /* where the loads' time goes (req_life.h) */
    "l1_accesses", "l1_misses", "l2_accesses", "l2_misses",
    /* the cache counts in sectors */
    "l1_hits", "l1_sector_accesses", "l1_sector_hits", "l1_sector_misses",
    "l2_hits", "l2_sector_accesses", "l2_sector_hits", "l2_sector_misses",
    "dram_bytes_read", "dram_bytes_written", "ipc_alone", "mpki_alone", "bw_alone",
    "sd", "it", "ws", "hs", "antt", "max_slowdown", "unfairness",
};

static const char *const stage_cols[] = {BWM_STAGE_COLUMNS};

static void metric_cell(bwm_table *t, const bwm_workload_result *r, double v)
{
    if (r->have_metrics)
        bwm_table_num(t, v);
    else
        bwm_table_null(t);
}

/* The cache counts in sectors, in the order of app_cols (the vocabulary
 * test checks that CSV and JSON carry the same names). */
static const struct {
    const char *name;
    size_t offset;
} sector_counts[] = {
    {"l1_hits", offsetof(bwm_app_result, l1_hits)},
    {"l1_sector_accesses", offsetof(bwm_app_result, l1_sector_accesses)},
    {"l1_sector_hits", offsetof(bwm_app_result, l1_sector_hits)},
    {"l1_sector_misses", offsetof(bwm_app_result, l1_sector_misses)},
    {"l2_hits", offsetof(bwm_app_result, l2_hits)},
    {"l2_sector_accesses", offsetof(bwm_app_result, l2_sector_accesses)},
    {"l2_sector_hits", offsetof(bwm_app_result, l2_sector_hits)},
    {"l2_sector_misses", offsetof(bwm_app_result, l2_sector_misses)},
};
#define N_SECTOR_COUNTS (sizeof sector_counts / sizeof sector_counts[0])

static long long count_at(const bwm_app_result *x, size_t k)
{
    return (long long)*(const uint64_t *)((const char *)x + sector_counts[k].offset);
}

/* DRAM locality (app_stats.h), the columns of runs with thread blocks. */
static const struct {
    const char *name;
    size_t offset;
} locality_cols[] = {
    {"blp", offsetof(bwm_app_result, blp)},
    {"act_per_access", offsetof(bwm_app_result, act_per_access)},
    {"local_access", offsetof(bwm_app_result, local_access)},
    {"dram_delay", offsetof(bwm_app_result, dram_delay)},
    {"pages_private", offsetof(bwm_app_result, pages_private)},
    {"pages_next_batch", offsetof(bwm_app_result, pages_next_batch)},
    {"pages_wider", offsetof(bwm_app_result, pages_wider)},
};
#define N_LOCALITY (sizeof locality_cols / sizeof locality_cols[0])

static double locality_at(const bwm_app_result *x, size_t k)
{
    return *(const double *)((const char *)x + locality_cols[k].offset);
}

/* Whether any application of r has thread blocks. */
static int has_blocks(const bwm_workload_result *r)
{
    int any = 0;
    for (int a = 0; a < r->run.n_apps; a++)
        any |= r->run.apps[a].blocks;
    return any;
}

/* The locality columns' names after cols[0..n), returning the new count. */
static int locality_names(const char **cols, int n)
{
    for (size_t k = 0; k < N_LOCALITY; k++)
        cols[n++] = locality_cols[k].name;
    cols[n++] = "ctas";
    return n;
}

static void locality_cells(const bwm_app_result *x, bwm_table *t)
{
    for (size_t k = 0; k < N_LOCALITY; k++)
        bwm_table_num(t, locality_at(x, k));
    bwm_table_int(t, (long long)x->ctas);
}

/* The rows of t; xlat: with the translation columns (when translated);
 * locality: with the DRAM locality columns. */
static void app_rows(const bwm_sim_run_info *info, const bwm_workload_result *r, int xlat, int locality,
                     bwm_table *t)
{
    for (int a = 0; a < r->run.n_apps; a++) {
        const bwm_app_result *x = &r->run.apps[a];
        bwm_table_str(t, info->workload);
        bwm_table_str(t, info->sched);
        bwm_table_str(t, info->paper_mode ? "paper" : "cycles");
        bwm_table_int(t, (long long)info->seed);
        bwm_table_int(t, (long long)r->run.requests);
        bwm_table_int(t, a + 1);
        bwm_table_str(t, x->abbr);
        bwm_table_str(t, x->name);
        bwm_table_str(t, x->name);
        bwm_table_int(t, x->sms);
        bwm_table_int(t, (long long)x->insts);
        bwm_table_int(t, (long long)x->cycles);
        bwm_table_num(t, x->ipc);
        bwm_table_num(t, x->mpki);
        bwm_table_num(t, x->bw);
        bwm_table_num(t, x->bw_frac);
        bwm_table_num(t, x->row_hit_rate);
        bwm_table_num(t, x->avg_mem_latency);
        double stages[BWM_STAGE_NCOLUMNS];
        bwm_app_stage_values(x, stages);
        for (int s = 0; s < BWM_STAGE_NCOLUMNS; s++)
            bwm_table_num(t, stages[s]);
        bwm_table_int(t, (long long)x->l1_accesses);
        bwm_table_int(t, (long long)x->l1_misses);
        bwm_table_int(t, (long long)x->l2_accesses);
        bwm_table_int(t, (long long)x->l2_misses);
        for (size_t k = 0; k < N_SECTOR_COUNTS; k++)
            bwm_table_int(t, count_at(x, k));
        bwm_table_int(t, (long long)x->dram_bytes_read);
        bwm_table_int(t, (long long)x->dram_bytes_written);
        bwm_table_num(t, r->alone[a].ipc);
        bwm_table_num(t, r->alone[a].mpki);
        bwm_table_num(t, r->alone[a].bw);
        const double m[] = {r->sd[a], r->metrics.it, r->metrics.ws, r->metrics.hs, r->metrics.antt,
                            r->metrics.max_slowdown, r->metrics.unfairness};
        for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
            metric_cell(t, r, m[k]);
        if (info->energy)
            bwm_energy_cells(t, &x->dram_energy);
        if (x->translated && xlat)
            bwm_xlat_cells(x, t);
        if (locality)
            locality_cells(x, t);
    }
}

static void metric(bwm_json *j, const bwm_workload_result *r, const char *name, double v)
{
    bwm_json_kv_num(j, name, r->have_metrics ? v : NAN); /* non-finite prints as null */
}

static void emit_json(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    bwm_json_kv_str(&j, "workload", info->workload);
    bwm_json_kv_str(&j, "sched", info->sched);
    bwm_json_kv_str(&j, "mode", info->paper_mode ? "paper" : "cycles");
    bwm_json_kv_int(&j, "seed", (long long)info->seed);
    bwm_json_kv_int(&j, "cycles", (long long)r->run.cycles);
    bwm_json_kv_int(&j, "requests", (long long)r->run.requests);
    bwm_json_key(&j, "apps");
    bwm_json_arr_begin(&j);
    for (int a = 0; a < r->run.n_apps; a++) {
        const bwm_app_result *x = &r->run.apps[a];
        bwm_json_obj_begin(&j);
        bwm_json_kv_str(&j, "name", x->name); /* DESIGN.md's field: the full name, as app_name */
        bwm_json_kv_int(&j, "app_index", a + 1);
        bwm_json_kv_str(&j, "app", x->abbr);
        bwm_json_kv_str(&j, "app_name", x->name);
        bwm_json_kv_int(&j, "sms", x->sms);
        bwm_json_kv_int(&j, "insts", (long long)x->insts);
        bwm_json_kv_int(&j, "cycles", (long long)x->cycles);
        bwm_json_kv_num(&j, "ipc", x->ipc);
        bwm_json_kv_num(&j, "mpki", x->mpki);
        bwm_json_kv_num(&j, "bw", x->bw);
        bwm_json_kv_num(&j, "bw_frac", x->bw_frac);
        bwm_json_kv_num(&j, "row_hit_rate", x->row_hit_rate);
        bwm_json_kv_num(&j, "avg_mem_latency", x->avg_mem_latency);
        double stages[BWM_STAGE_NCOLUMNS];
        bwm_app_stage_values(x, stages);
        for (int s = 0; s < BWM_STAGE_NCOLUMNS; s++)
            bwm_json_kv_num(&j, stage_cols[s], stages[s]);
        bwm_json_kv_int(&j, "l1_accesses", (long long)x->l1_accesses);
        bwm_json_kv_int(&j, "l1_misses", (long long)x->l1_misses);
        bwm_json_kv_int(&j, "l2_accesses", (long long)x->l2_accesses);
        bwm_json_kv_int(&j, "l2_misses", (long long)x->l2_misses);
        for (size_t k = 0; k < N_SECTOR_COUNTS; k++)
            bwm_json_kv_int(&j, sector_counts[k].name, count_at(x, k));
        bwm_json_kv_int(&j, "dram_bytes_read", (long long)x->dram_bytes_read);
        bwm_json_kv_int(&j, "dram_bytes_written", (long long)x->dram_bytes_written);
        bwm_json_kv_num(&j, "ipc_alone", r->alone[a].ipc);
        bwm_json_kv_num(&j, "mpki_alone", r->alone[a].mpki);
        bwm_json_kv_num(&j, "bw_alone", r->alone[a].bw);
        metric(&j, r, "sd", r->sd[a]);
        if (info->energy)
            bwm_energy_json(&j, &x->dram_energy);
        if (x->translated)
            bwm_xlat_json(x, &j);
        for (size_t k = 0; has_blocks(r) && k < N_LOCALITY; k++)
            bwm_json_kv_num(&j, locality_cols[k].name, locality_at(x, k));
        if (has_blocks(r))
            bwm_json_kv_int(&j, "ctas", (long long)x->ctas);
        bwm_json_obj_end(&j);
    }
    bwm_json_arr_end(&j);
    if (info->energy) {
        bwm_json_key(&j, "dram");
        bwm_json_arr_begin(&j);
        for (int c = 0; c < r->run.n_channels; c++) {
            bwm_json_obj_begin(&j);
            bwm_json_kv_int(&j, "channel", c);
            bwm_energy_json(&j, &r->run.channel_energy[c]);
            bwm_json_obj_end(&j);
        }
        bwm_json_arr_end(&j);
    }
    metric(&j, r, "it", r->metrics.it);
    metric(&j, r, "ws", r->metrics.ws);
    metric(&j, r, "hs", r->metrics.hs);
    metric(&j, r, "antt", r->metrics.antt);
    metric(&j, r, "max_slowdown", r->metrics.max_slowdown);
    metric(&j, r, "unfairness", r->metrics.unfairness);
    bwm_provenance_json(info->provenance, &j);
    bwm_json_obj_end(&j);
}

static void emit_metrics_table(const bwm_workload_result *r, bwm_buf *out)
{
    static const char *const cols[] = {"cycles", "it", "ws", "hs", "antt", "max_slowdown", "unfairness"};
    bwm_table t;
    bwm_table_init(&t, "Workload", cols, sizeof cols / sizeof cols[0]);
    bwm_table_int(&t, (long long)r->run.cycles);
    double v[] = {r->metrics.it, r->metrics.ws, r->metrics.hs, r->metrics.antt, r->metrics.max_slowdown,
                  r->metrics.unfairness};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (r->have_metrics)
            bwm_table_num(&t, v[i]);
        else
            bwm_table_null(&t);
    bwm_buf_printf(out, "\n");
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

/* A table of its own (text format): one row per application, its
 * abbreviation then the cells `cells` gives. */
static void emit_app_table(const char *title, const char **cols, int n, const bwm_workload_result *r,
                           void (*cells)(const bwm_app_result *, bwm_table *), bwm_buf *out)
{
    bwm_table t;
    bwm_table_init(&t, title, cols, (size_t)n);
    for (int a = 0; a < r->run.n_apps; a++) {
        bwm_table_str(&t, r->run.apps[a].abbr);
        cells(&r->run.apps[a], &t);
    }
    bwm_buf_printf(out, "\n");
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

static void emit_xlat_table(const bwm_workload_result *r, bwm_buf *out)
{
    const char *cols[1 + BWM_XLAT_MAX_COLUMNS] = {"app"};
    emit_app_table("Address translation", cols, 1 + bwm_xlat_columns(r->run.apps[0].xlat.levels, cols + 1), r,
                   bwm_xlat_cells, out);
}

static void emit_locality_table(const bwm_workload_result *r, bwm_buf *out)
{
    const char *cols[2 + N_LOCALITY] = {"app"};
    emit_app_table("DRAM locality", cols, locality_names(cols, 1), r, locality_cells, out);
}

/* Each channel's DRAM energy over the measured interval, after the run's
 * fields. */
static void emit_dram_table(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_format fmt,
                            bwm_buf *out)
{
    static const char *const cols[] = {"workload", "sched", "mode", "seed", "channel", BWM_ENERGY_COLUMNS};
    bwm_table t;
    bwm_table_init(&t, "DRAM energy per channel (nJ; dram_power in W)", cols, sizeof cols / sizeof cols[0]);
    for (int c = 0; c < r->run.n_channels; c++) {
        bwm_table_str(&t, info->workload);
        bwm_table_str(&t, info->sched);
        bwm_table_str(&t, info->paper_mode ? "paper" : "cycles");
        bwm_table_int(&t, (long long)info->seed);
        bwm_table_int(&t, c);
        bwm_energy_cells(&t, &r->run.channel_energy[c]);
    }
    if (fmt == BWM_FMT_TABLE)
        bwm_buf_printf(out, "\n");
    bwm_table_render(&t, fmt, out);
    bwm_table_free(&t);
}

void bwm_sim_run_render(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_format fmt,
                        bwm_buf *out)
{
    if (fmt == BWM_FMT_JSON) {
        emit_json(info, r, out);
        return;
    }
    if (fmt == BWM_FMT_CSV && info->csv_provenance)
        bwm_provenance_comments(info->provenance, out);
    if (fmt == BWM_FMT_CSV && info->csv_table == BWM_SIM_RUN_DRAM) {
        emit_dram_table(info, r, fmt, out);
        return;
    }
    /* CSV: the energy and translation columns after the others; a table:
     * translation in a table of its own */
    enum { N_APP_COLS = sizeof app_cols / sizeof app_cols[0] };
    static const char *const energy_cols[] = {BWM_ENERGY_COLUMNS};
    const char *cols[N_APP_COLS + BWM_ENERGY_NCOLUMNS + BWM_XLAT_MAX_COLUMNS + N_LOCALITY + 1];
    int n = 0, translated = r->run.n_apps > 0 && r->run.apps[0].translated, blocks = has_blocks(r);
    for (int i = 0; i < N_APP_COLS; i++)
        cols[n++] = app_cols[i];
    for (int i = 0; info->energy && i < BWM_ENERGY_NCOLUMNS; i++)
        cols[n++] = energy_cols[i];
    int plain = n;
    if (translated && fmt == BWM_FMT_CSV)
        n += bwm_xlat_columns(r->run.apps[0].xlat.levels, cols + n);
    int xlat_cols = n > plain;
    if (blocks && fmt == BWM_FMT_CSV)
        n = locality_names(cols, n);
    bwm_table t;
    bwm_table_init(&t, "Simulated applications", cols, (size_t)n);
    app_rows(info, r, xlat_cols, blocks && fmt == BWM_FMT_CSV, &t);
    bwm_table_render(&t, fmt, out);
    bwm_table_free(&t);
    if (fmt == BWM_FMT_TABLE && translated)
        emit_xlat_table(r, out);
    if (fmt == BWM_FMT_TABLE && blocks)
        emit_locality_table(r, out);
    if (fmt == BWM_FMT_TABLE && info->energy)
        emit_dram_table(info, r, fmt, out);
    if (fmt == BWM_FMT_TABLE)
        emit_metrics_table(r, out);
}

void bwm_sim_run_series(const bwm_workload_result *r, bwm_buf *out)
{
    static const char *const cols[] = {"cycle", "app_index", "app", "ipc", "mpki", "bw", "bw_frac"};
    bwm_table t;
    bwm_table_init(&t, "Time series", cols, sizeof cols / sizeof cols[0]);
    for (size_t i = 0; i < r->run.n_series; i++) {
        const bwm_series_point *p = &r->run.series[i];
        bwm_table_int(&t, (long long)p->cycle);
        bwm_table_int(&t, p->app + 1);
        bwm_table_str(&t, r->run.apps[p->app].abbr);
        bwm_table_num(&t, p->ipc);
        bwm_table_num(&t, p->mpki);
        bwm_table_num(&t, p->bw);
        bwm_table_num(&t, p->bw_frac);
    }
    bwm_table_render(&t, BWM_FMT_CSV, out);
    bwm_table_free(&t);
}
