/* sim_run_out.c — formatting of "bwmpki sim run" results (see sim_run_out.h). */
#include "cli/sim_run_out.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/energy_out.h"
#include "io/json.h"
#include "io/table.h"
#include "sim/config/mmu_config.h"
#include "sim/stats/stat_table.h"
#include "util/num.h"

/* The columns before the statistics: the run's own fields (mode, seed,
 * requests) repeat on each row, then which application it is. */
static const char *const head_cols[] = {"workload", "sched", "mode", "seed", "requests", "app_index", "app",
                                        "app_name", "name"};
/* The statistics every run has (sim/stats/stat_table.h), in this order. */
static const bwm_stat_group every_run[] = {BWM_SG_RUN, BWM_SG_STAGES, BWM_SG_CACHE, BWM_SG_SECTORS,
                                           BWM_SG_DRAM_BYTES};
#define N_EVERY_RUN (sizeof every_run / sizeof every_run[0])
/* The text format's tables are split into parts no wider than this (the
 * main applications table's width). */
#define TEXT_WIDTH 128
/* After them: the alone profile and the workload's metrics. */
static const char *const tail_cols[] = {"ipc_alone", "mpki_alone", "bw_alone", "sd", "it", "ws", "hs", "antt",
                                        "max_slowdown", "unfairness"};

/* The alone profile's mpki, NaN (printed empty) when its alone run committed
 * no instruction (ipc_alone 0): nothing to divide by (docs/vocabulary.md). */
static double mpki_alone(const bwm_alone_profile *p)
{
    return p->ipc > 0 ? p->mpki : NAN;
}

static void metric_cell(bwm_table *t, const bwm_workload_result *r, double v)
{
    if (r->have_metrics)
        bwm_table_num(t, v);
    else
        bwm_table_null(t);
}

/* The names of group g's statistics (walks of `levels` levels) after
 * cols[0..n), returning the new count. */
static int group_names(bwm_stat_group g, int levels, const char **cols, int n)
{
    const bwm_stat *s[BWM_STAT_MAX];
    size_t k = bwm_stat_list(g, levels, s);
    for (size_t i = 0; i < k; i++)
        cols[n++] = s[i]->name;
    return n;
}

/* Application x's values of group g as cells of t. */
static void group_cells(bwm_stat_group g, const bwm_app_result *x, bwm_table *t)
{
    const bwm_stat *s[BWM_STAT_MAX];
    size_t k = bwm_stat_list(g, x->xlat.levels, s);
    for (size_t i = 0; i < k; i++)
        bwm_stat_cell(s[i], x, t);
}

/* The same as members of the JSON object being written. */
static void group_json(bwm_stat_group g, const bwm_app_result *x, bwm_json *j)
{
    const bwm_stat *s[BWM_STAT_MAX];
    size_t k = bwm_stat_list(g, x->xlat.levels, s);
    for (size_t i = 0; i < k; i++)
        bwm_stat_json(s[i], x, j);
}

/* Whether any application of r has thread blocks. */
static int has_blocks(const bwm_workload_result *r)
{
    int any = 0;
    for (int a = 0; a < r->run.n_apps; a++)
        any |= r->run.apps[a].blocks;
    return any;
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
        for (size_t g = 0; g < N_EVERY_RUN; g++)
            group_cells(every_run[g], x, t);
        bwm_table_num(t, r->alone[a].ipc);
        bwm_table_num(t, mpki_alone(&r->alone[a])); /* non-finite: an empty cell */
        bwm_table_num(t, r->alone[a].bw);
        const double m[] = {r->sd[a], r->metrics.it, r->metrics.ws, r->metrics.hs, r->metrics.antt,
                            r->metrics.max_slowdown, r->metrics.unfairness};
        for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
            metric_cell(t, r, m[k]);
        if (info->energy)
            bwm_energy_cells(t, &x->dram_energy);
        if (x->translated && xlat)
            group_cells(BWM_SG_XLAT, x, t);
        if (locality)
            group_cells(BWM_SG_LOCALITY, x, t);
    }
}

static void metric(bwm_json *j, const bwm_workload_result *r, const char *name, double v)
{
    bwm_json_kv_num(j, name, r->have_metrics ? v : NAN); /* non-finite prints as null */
}

/* The applications as JSON objects with every field, DESIGN.md's order. */
static void json_apps(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_json *j)
{
    bwm_json_arr_begin(j);
    for (int a = 0; a < r->run.n_apps; a++) {
        const bwm_app_result *x = &r->run.apps[a];
        bwm_json_obj_begin(j);
        bwm_json_kv_str(j, "name", x->name); /* DESIGN.md's field: the full name, as app_name */
        bwm_json_kv_int(j, "app_index", a + 1);
        bwm_json_kv_str(j, "app", x->abbr);
        bwm_json_kv_str(j, "app_name", x->name);
        for (size_t g = 0; g < N_EVERY_RUN; g++)
            group_json(every_run[g], x, j);
        bwm_json_kv_num(j, "ipc_alone", r->alone[a].ipc);
        bwm_json_kv_num(j, "mpki_alone", mpki_alone(&r->alone[a])); /* non-finite prints as null */
        bwm_json_kv_num(j, "bw_alone", r->alone[a].bw);
        metric(j, r, "sd", r->sd[a]);
        if (info->energy)
            bwm_energy_json(j, &x->dram_energy);
        if (x->translated)
            group_json(BWM_SG_XLAT, x, j);
        if (has_blocks(r))
            group_json(BWM_SG_LOCALITY, x, j);
        bwm_json_obj_end(j);
    }
    bwm_json_arr_end(j);
}

/* apps: the applications as --columns chose them (NULL: every field, as
 * DESIGN.md lists them). */
static void emit_json(const bwm_sim_run_info *info, const bwm_workload_result *r, const bwm_table *apps,
                      bwm_buf *out)
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
    if (apps)
        bwm_table_json(apps, &j);
    else
        json_apps(info, r, &j);
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
    if (r->run.n_kernels) {
        bwm_table t;
        bwm_sim_kernels_table(&r->run, &t);
        bwm_json_key(&j, "kernels");
        bwm_table_json(&t, &j);
        bwm_table_free(&t);
    }
    bwm_provenance_json(info->provenance, &j);
    bwm_json_obj_end(&j);
}

static const char *const kernel_cols[] = {
    "app", "kernel", "name", "complete", "cycles", "insts", "warp_insts", "ipc", "ctas",
    "l1d_reads", "l1d_read_misses", "l1d_writes", "l1d_write_misses",
    "l2_reads", "l2_read_misses", "l2_writes", "l2_write_misses", "dram_reads", "dram_writes",
    "stream", "start", "end",
};

static void kernel_row(bwm_table *t, const char *app, const bwm_kernel_result *k)
{
    bwm_table_str(t, app);
    if (k->kernel)
        bwm_table_int(t, k->kernel);
    else
        bwm_table_str(t, "total");
    bwm_table_str(t, k->name);
    bwm_table_bool(t, k->complete);
    bwm_table_int(t, (long long)k->cycles);
    bwm_table_int(t, (long long)k->insts);
    bwm_table_int(t, (long long)k->warp_insts);
    bwm_table_num(t, k->ipc);
    bwm_table_int(t, (long long)k->ctas);
    const uint64_t v[] = {k->l1_reads, k->l1_read_misses, k->l1_writes, k->l1_write_misses, k->l2_reads,
                          k->l2_read_misses, k->l2_writes, k->l2_write_misses, k->dram_reads, k->dram_writes};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        bwm_table_int(t, (long long)v[i]);
    if (k->kernel) {
        char stream[24];
        snprintf(stream, sizeof stream, "%llu", (unsigned long long)k->stream); /* a handle may pass 2^63 */
        bwm_table_str(t, stream);
    } else {
        bwm_table_str(t, "");
    }
    bwm_table_int(t, (long long)k->start);
    bwm_table_int(t, (long long)k->end);
}

void bwm_sim_kernels_table(const bwm_run_result *r, bwm_table *t)
{
    bwm_table_init(t, "Kernels", kernel_cols, sizeof kernel_cols / sizeof kernel_cols[0]);
    for (size_t i = 0; i < r->n_kernels; i++)
        kernel_row(t, r->apps[r->kernels[i].app].name, &r->kernels[i]);
}

static void emit_kernels_table(const bwm_workload_result *r, bwm_format fmt, bwm_buf *out)
{
    bwm_table t;
    bwm_sim_kernels_table(&r->run, &t);
    if (fmt == BWM_FMT_TABLE)
        bwm_table_render_text_wrapped(&t, 3, TEXT_WIDTH, out); /* app, kernel, name */
    else
        bwm_table_render(&t, fmt, out);
    bwm_table_free(&t);
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

/* Each channel's DRAM energy over the measured interval, after the run's
 * fields; the text table names the run in its title instead. */
static void emit_dram_table(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_format fmt,
                            bwm_buf *out)
{
    static const char *const cols[] = {"workload", "sched", "mode", "seed", "channel", BWM_ENERGY_COLUMNS};
    enum { RUN_FIELDS = 4 };
    const char *mode = info->paper_mode ? "paper" : "cycles";
    int text = fmt == BWM_FMT_TABLE;
    char title[256] = "DRAM energy per channel (nJ; dram_power in W)";
    if (text) {
        size_t l = strlen(title);
        snprintf(title + l, sizeof title - l, ": %s, %s, %s, seed %lld", info->workload, info->sched, mode,
                 (long long)info->seed);
    }
    bwm_table t;
    bwm_table_init(&t, title, cols + (text ? RUN_FIELDS : 0), sizeof cols / sizeof cols[0] - (text ? RUN_FIELDS : 0));
    for (int c = 0; c < r->run.n_channels; c++) {
        if (!text) {
            bwm_table_str(&t, info->workload);
            bwm_table_str(&t, info->sched);
            bwm_table_str(&t, mode);
            bwm_table_int(&t, (long long)info->seed);
        }
        bwm_table_int(&t, c);
        bwm_energy_cells(&t, &r->run.channel_energy[c]);
    }
    if (text) {
        bwm_buf_printf(out, "\n");
        bwm_table_render_text_wrapped(&t, 1, TEXT_WIDTH, out);
    } else {
        bwm_table_render(&t, fmt, out);
    }
    bwm_table_free(&t);
}

/* The applications table's columns into cols (room for
 * BWM_SIM_RUN_MAX_COLUMNS), in the CSV's order: the run's fields, the
 * statistics of every run, the alone profile and metrics, then the energy
 * (energy), the translation (for walks of xlat_levels levels; < 0: none)
 * and the DRAM locality (locality).  Returns their number. */
static int app_columns(int energy, int xlat_levels, int locality, const char **cols)
{
    static const char *const energy_cols[] = {BWM_ENERGY_COLUMNS};
    enum { N_HEAD = sizeof head_cols / sizeof head_cols[0], N_TAIL = sizeof tail_cols / sizeof tail_cols[0] };
    int n = 0;
    for (int i = 0; i < N_HEAD; i++)
        cols[n++] = head_cols[i];
    for (size_t g = 0; g < N_EVERY_RUN; g++)
        n = group_names(every_run[g], 0, cols, n);
    for (int i = 0; i < N_TAIL; i++)
        cols[n++] = tail_cols[i];
    for (int i = 0; energy && i < BWM_ENERGY_NCOLUMNS; i++)
        cols[n++] = energy_cols[i];
    if (xlat_levels >= 0)
        n = group_names(BWM_SG_XLAT, xlat_levels, cols, n);
    if (locality)
        n = group_names(BWM_SG_LOCALITY, 0, cols, n);
    return n;
}

/* Whether name is one of the energy columns. */
static int energy_column(const char *name)
{
    static const char *const energy_cols[] = {BWM_ENERGY_COLUMNS};
    for (int i = 0; i < BWM_ENERGY_NCOLUMNS; i++)
        if (strcmp(name, energy_cols[i]) == 0)
            return 1;
    return 0;
}

/* The columns as one blank-separated list, for a message. */
static void column_list(char *dst, size_t size)
{
    const char *cols[BWM_SIM_RUN_MAX_COLUMNS];
    int n = app_columns(1, BWM_MMU_MAX_LEVELS, 1, cols);
    size_t at = 0;
    dst[0] = '\0';
    for (int i = 0; i < n && at < size; i++)
        at += (size_t)snprintf(dst + at, size - at, "%s%s", i ? " " : "", cols[i]);
}

/* name as one of the columns (the table's own string), or NULL. */
static const char *known_column(const char *name)
{
    const char *cols[BWM_SIM_RUN_MAX_COLUMNS];
    int n = app_columns(1, BWM_MMU_MAX_LEVELS, 1, cols);
    for (int i = 0; i < n; i++)
        if (strcmp(cols[i], name) == 0)
            return cols[i];
    return NULL;
}

int bwm_sim_run_columns_parse(const char *text, int energy, bwm_sim_run_columns *c, bwm_err *err)
{
    memset(c, 0, sizeof *c);
    if (!text)
        return BWM_OK;
    if (strcmp(text, "all") == 0) {
        c->all = 1;
        return BWM_OK;
    }
    char buf[4096];
    char *names[BWM_SIM_RUN_MAX_COLUMNS + 1];
    int k = bwm_split(text, ',', buf, sizeof buf, names, BWM_SIM_RUN_MAX_COLUMNS);
    for (int i = 0; i < k; i++)
        if (!names[i][0])
            k = 0;
    if (k < 1)
        return bwm_fail(err, BWM_EINPUT, "option --columns: give column names separated by commas, or all");
    for (int i = 0; i < k; i++) {
        const char *name = known_column(names[i]);
        if (!name) {
            char list[1600];
            column_list(list, sizeof list);
            return bwm_fail(err, BWM_EINPUT, "option --columns: unknown column '%s'%s; the columns: all, or %s",
                            names[i], strcmp(names[i], "all") == 0 ? " (all stands alone)" : "", list);
        }
        if (energy_column(name) && !energy)
            return bwm_fail(err, BWM_EINPUT, "option --columns: %s is a DRAM energy column: give --energy too", name);
        for (int j = 0; j < i; j++)
            if (c->name[j] == name)
                return bwm_fail(err, BWM_EINPUT, "option --columns: %s given twice", name);
        c->name[c->n++] = name;
    }
    return BWM_OK;
}

/* The applications table with every column the run has (the CSV's). */
static void full_app_table(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_table *t)
{
    const char *cols[BWM_SIM_RUN_MAX_COLUMNS];
    int translated = r->run.n_apps > 0 && r->run.apps[0].translated, blocks = has_blocks(r);
    int n = app_columns(info->energy, translated ? r->run.apps[0].xlat.levels : -1, blocks, cols);
    bwm_table_init(t, "Simulated applications", cols, (size_t)n);
    app_rows(info, r, translated, blocks, t);
}

/* A text table of full's columns names[0..n) after its app column. */
static void emit_part(const bwm_table *full, const char *title, const char *const *names, size_t n, bwm_buf *out)
{
    const char *cols[BWM_SIM_RUN_MAX_COLUMNS] = {"app"};
    for (size_t i = 0; i < n; i++)
        cols[1 + i] = names[i];
    bwm_table t;
    bwm_table_pick(full, title, cols, 1 + n, &t); /* a failure marks t, whose rendering says so */
    bwm_buf_printf(out, "\n");
    bwm_table_render_text_wrapped(&t, 1, TEXT_WIDTH, out);
    bwm_table_free(&t);
}

/* The text format without --columns: the main columns, then translation,
 * DRAM locality and DRAM energy per application in tables of their own. */
static void emit_text_apps(const bwm_sim_run_info *info, const bwm_workload_result *r, const bwm_table *full,
                           bwm_buf *out)
{
    static const char *const main_cols[] = {BWM_SIM_RUN_MAIN_COLUMNS};
    bwm_table t;
    bwm_table_pick(full, "Simulated applications (--columns all: every column)", main_cols,
                   sizeof main_cols / sizeof main_cols[0], &t);
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    const char *cols[BWM_SIM_RUN_MAX_COLUMNS];
    if (r->run.n_apps > 0 && r->run.apps[0].translated)
        emit_part(full, "Address translation", cols, (size_t)group_names(BWM_SG_XLAT, r->run.apps[0].xlat.levels,
                                                                         cols, 0), out);
    if (has_blocks(r))
        emit_part(full, "DRAM locality", cols, (size_t)group_names(BWM_SG_LOCALITY, 0, cols, 0), out);
    static const char *const energy_cols[] = {BWM_ENERGY_COLUMNS};
    if (info->energy)
        emit_part(full, "DRAM energy per application (nJ; dram_power in W)", energy_cols, BWM_ENERGY_NCOLUMNS,
                  out);
}

void bwm_sim_run_render(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_format fmt,
                        bwm_buf *out)
{
    const bwm_sim_run_columns *c = info->columns && (info->columns->all || info->columns->n) ? info->columns : NULL;
    bwm_table full, picked;
    const bwm_table *apps = &full;
    if (fmt != BWM_FMT_JSON || c) {
        full_app_table(info, r, &full);
        if (c && !c->all) {
            bwm_table_pick(&full, "Simulated applications", c->name, c->n, &picked);
            apps = &picked;
        }
    }
    if (fmt == BWM_FMT_JSON) {
        emit_json(info, r, c ? apps : NULL, out);
    } else if (fmt == BWM_FMT_CSV) {
        if (info->csv_provenance)
            bwm_provenance_comments(info->provenance, out);
        if (info->csv_table == BWM_SIM_RUN_DRAM)
            emit_dram_table(info, r, fmt, out);
        else if (info->csv_table == BWM_SIM_RUN_KERNELS)
            emit_kernels_table(r, fmt, out);
        else
            bwm_table_render(apps, fmt, out);
    } else {
        if (c)
            bwm_table_render(apps, fmt, out);
        else
            emit_text_apps(info, r, &full, out);
        if (info->energy)
            emit_dram_table(info, r, fmt, out);
        emit_metrics_table(r, out);
        if (r->run.n_kernels) {
            bwm_buf_puts(out, "\n");
            emit_kernels_table(r, fmt, out);
        }
    }
    if (apps != &full)
        bwm_table_free(&picked);
    if (fmt != BWM_FMT_JSON || c)
        bwm_table_free(&full);
}

void bwm_sim_run_series(const bwm_run_result *run, bwm_buf *out)
{
    enum { HEAD = 3, NSTAT = 4 };
    static const char *const cols[HEAD + NSTAT] = {"cycle", "app_index", "app", "ipc", "mpki", "bw", "bw_frac"};
    bwm_table t;
    bwm_table_init(&t, "Time series", cols, sizeof cols / sizeof cols[0]);
    for (size_t i = 0; i < run->n_series; i++) {
        const bwm_series_point *p = &run->series[i];
        bwm_table_int(&t, (long long)p->cycle);
        bwm_table_int(&t, p->app + 1);
        bwm_table_str(&t, run->apps[p->app].abbr);
        const double v[NSTAT] = {p->ipc, p->mpki, p->bw, p->bw_frac};
        for (int k = 0; k < NSTAT; k++) /* empty with nothing to divide by, as the statistic is in the run */
            bwm_table_num(&t, bwm_den_has(p->no_den, bwm_stat_find(cols[HEAD + k])->per) ? v[k] : NAN);
    }
    bwm_table_render(&t, BWM_FMT_CSV, out);
    bwm_table_free(&t);
}
