/* plan_file.c — the study's plan on disk (see plan_file.h). */
#include "study/plan_file.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/csv_rows.h"
#include "io/table.h"
#include "sim/gpu/gpu.h"
#include "study/experiment.h"
#include "util/grow.h"
#include "util/num.h"

const char *const bwm_plan_file_names[3] = {"setup.csv", "apps.csv", "runs.csv"};

static const char *const run_cols[] = {"key", "experiment", "workload_id", "workload", "split", "sched", "window",
                                       "alpha", "m", "class_mpki", "class_bw", "it_subset", "ws_subset",
                                       "quick", "partition", "parts", "design"};
#define NRUNCOLS (sizeof run_cols / sizeof run_cols[0])
static const char *const app_cols[] = {"app", "app_name", "mpki", "bw_frac", "smem_frac", "pattern"};
#define NAPPCOLS (sizeof app_cols / sizeof app_cols[0])

/* One name,value row per field of the setup: the text of each value
 * (pointing into the info, or at num). */
typedef struct field {
    const char *name, *text;
    char num[40];
} field;

enum {
    F_VERSION, F_REVISION, F_BINARY, F_CONFIG, F_CONFIG_SHA, F_SET, F_APPS, F_APPS_SHA, F_WORKLOADS,
    F_WORKLOADS_SHA, F_VAR_CONFIG, F_VAR_CONFIG_SHA, F_VAR_APPS, F_VAR_APPS_SHA, F_XLAT_CONFIG, F_XLAT_CONFIG_SHA,
    F_BATCH_CONFIG, F_BATCH_CONFIG_SHA, F_BATCH_APPS, F_BATCH_APPS_SHA, F_SEED, F_CYCLES, F_WARMUP,
    F_WINDOW, F_QUICK, F_SCHEDS, F_PEAK, F_CLOCK, F_SMS, F_ISSUE, F_VAR_INSTS, F_XLAT_PROBES, F_XLAT_PROBES_SHA,
    F_XLAT_CYCLES, F_XLAT_WARMUP, F_TRACES, F_TRACES_SHA, F_TRACES_CONFIG, F_TRACES_CONFIG_SHA, F_TRACES_STANDINS,
    F_TRACES_STANDINS_SHA, F_TRACES_PEAK, F_TRACES_INSTS, F_COUNT
};

static const char *const field_names[F_COUNT] = {
    "version", "source_revision", "binary_sha256", "config", "config_sha256", "set", "apps_file",
    "apps_sha256", "workloads", "workloads_sha256", "variation_config", "variation_config_sha256",
    "variation_apps_file", "variation_apps_sha256", "translation_config", "translation_config_sha256",
    "batch_config", "batch_config_sha256", "batch_apps_file", "batch_apps_sha256", "seed",
    "cycles", "warmup", "window", "quick", "scheds", "peak_gbs", "core_mhz", "n_sms", "sm_issue", "variation_insts",
    "translation_probes_file", "translation_probes_sha256", "translation_cycles", "translation_warmup",
    "traces", "traces_sha256", "traces_config", "traces_config_sha256", "traces_standins", "traces_standins_sha256",
    "traces_peak_gbs", "traces_insts"};

/* Where each text field lives in the info, and its size (0: a number). */
#define AT(member) {offsetof(bwm_study_info, member), sizeof ((bwm_study_info *)0)->member}
static const struct {
    size_t off, size;
} text_at[F_COUNT] = {
    [F_VERSION] = AT(prov.version),         [F_REVISION] = AT(prov.revision),
    [F_BINARY] = AT(binary),                [F_CONFIG] = AT(prov.config),
    [F_CONFIG_SHA] = AT(prov.config_sha),   [F_SET] = AT(prov.set),
    [F_APPS] = AT(prov.apps_file),          [F_APPS_SHA] = AT(prov.apps_sha),
    [F_WORKLOADS] = AT(prov.workloads),     [F_WORKLOADS_SHA] = AT(prov.workloads_sha),
    [F_VAR_CONFIG] = AT(var_config),        [F_VAR_CONFIG_SHA] = AT(var_config_sha),
    [F_VAR_APPS] = AT(var_apps_file),       [F_VAR_APPS_SHA] = AT(var_apps_sha),
    [F_XLAT_CONFIG] = AT(xlat_config),      [F_XLAT_CONFIG_SHA] = AT(xlat_config_sha),
    [F_BATCH_CONFIG] = AT(batch_config),    [F_BATCH_CONFIG_SHA] = AT(batch_config_sha),
    [F_BATCH_APPS] = AT(batch_apps_file),   [F_BATCH_APPS_SHA] = AT(batch_apps_sha),
    [F_SCHEDS] = AT(scheds),                [F_XLAT_PROBES] = AT(xlat_probes_file),
    [F_XLAT_PROBES_SHA] = AT(xlat_probes_sha),
    [F_TRACES] = AT(traces),                [F_TRACES_SHA] = AT(traces_sha),
    [F_TRACES_CONFIG] = AT(traces_config),  [F_TRACES_CONFIG_SHA] = AT(traces_config_sha),
    [F_TRACES_STANDINS] = AT(traces_standins), [F_TRACES_STANDINS_SHA] = AT(traces_standins_sha),
};
#undef AT

/* A value on one line: a backslash doubled, a line break as \n (--set
 * text may span lines; a CSV row may not). */
static void one_line(const char *s, bwm_buf *out)
{
    for (; *s; s++)
        if (*s == '\\' || *s == '\n')
            bwm_buf_puts(out, *s == '\\' ? "\\\\" : "\\n");
        else
            bwm_buf_append(out, s, 1);
}

/* one_line's text back into field (size bytes); what names the file and
 * line for a bad escape or a value too long. */
static int from_one_line(const char *s, char *field, size_t size, const char *what, bwm_err *err)
{
    size_t n = 0;
    for (; *s; s++, n++) {
        if (n + 1 >= size)
            return bwm_fail(err, BWM_EINPUT, "%s: more than the %zu characters a provenance records", what,
                            size - 1);
        if (*s == '\\' && s[1] != '\\' && s[1] != 'n')
            return bwm_fail(err, BWM_EINPUT, "%s: '\\' not followed by '\\' or 'n'", what);
        int escaped = *s == '\\';
        s += escaped;
        field[n] = escaped && *s == 'n' ? '\n' : *s;
    }
    field[n] = '\0';
    return BWM_OK;
}

static void info_fields(const bwm_study_info *i, field *f)
{
    for (int k = 0; k < F_COUNT; k++) {
        f[k].name = field_names[k];
        f[k].text = text_at[k].size ? (const char *)i + text_at[k].off : f[k].num;
    }
    snprintf(f[F_SEED].num, sizeof f[F_SEED].num, "%" PRIu64, i->prov.seed);
    snprintf(f[F_CYCLES].num, sizeof f[F_CYCLES].num, "%" PRId64, i->prov.cycles);
    snprintf(f[F_WARMUP].num, sizeof f[F_WARMUP].num, "%" PRId64, i->prov.warmup);
    snprintf(f[F_WINDOW].num, sizeof f[F_WINDOW].num, "%" PRId64, i->window);
    snprintf(f[F_QUICK].num, sizeof f[F_QUICK].num, "%s", i->quick ? "true" : "false");
    bwm_format_number(f[F_PEAK].num, sizeof f[F_PEAK].num, i->peak_gbs);
    bwm_format_number(f[F_CLOCK].num, sizeof f[F_CLOCK].num, i->core_mhz);
    snprintf(f[F_SMS].num, sizeof f[F_SMS].num, "%d", i->n_sms);
    snprintf(f[F_ISSUE].num, sizeof f[F_ISSUE].num, "%d", i->sm_issue);
    snprintf(f[F_VAR_INSTS].num, sizeof f[F_VAR_INSTS].num, "%" PRIu64, i->var_insts);
    snprintf(f[F_XLAT_CYCLES].num, sizeof f[F_XLAT_CYCLES].num, "%" PRId64, i->xlat_cycles);
    snprintf(f[F_XLAT_WARMUP].num, sizeof f[F_XLAT_WARMUP].num, "%" PRId64, i->xlat_warmup);
    bwm_format_number(f[F_TRACES_PEAK].num, sizeof f[F_TRACES_PEAK].num, i->traces_peak_gbs);
    snprintf(f[F_TRACES_INSTS].num, sizeof f[F_TRACES_INSTS].num, "%" PRIu64, i->traces_insts);
}

static void render_runs(const bwm_study_plan *p, bwm_buf *out)
{
    bwm_table t;
    bwm_table_init(&t, "", run_cols, NRUNCOLS);
    for (size_t k = 0; k < p->n; k++) {
        const bwm_study_run *r = &p->r[k];
        char split[64] = "";
        for (size_t i = 0; i < r->napps; i++) {
            size_t len = strlen(split);
            snprintf(split + len, sizeof split - len, "%s%d", i ? "/" : "", r->split[i]);
        }
        bwm_table_str(&t, r->key);
        bwm_table_str(&t, bwm_study_exp_name(r->exp));
        bwm_table_str(&t, r->workload_id);
        bwm_table_str(&t, r->workload);
        bwm_table_str(&t, split);
        bwm_table_str(&t, r->sched);
        bwm_table_int(&t, r->window);
        bwm_table_num(&t, r->alpha);
        bwm_table_num(&t, r->m);
        char cm[16], cb[16];
        bwm_study_class_text(r->mpki_class, "MPKI", cm, sizeof cm);
        bwm_study_class_text(r->bw_class, "BW", cb, sizeof cb);
        bwm_table_str(&t, cm);
        bwm_table_str(&t, cb);
        bwm_table_bool(&t, r->flags.it_subset);
        bwm_table_bool(&t, r->flags.ws_subset);
        bwm_table_bool(&t, r->flags.quick);
        bwm_table_str(&t, r->partition);
        bwm_table_int(&t, r->parts);
        bwm_table_str(&t, r->design);
    }
    bwm_table_render(&t, BWM_FMT_CSV, out);
    bwm_table_free(&t);
}

static void app_cells(bwm_table *t, const bwm_synth_app *a)
{
    bwm_table_str(t, a->abbr);
    bwm_table_str(t, a->name);
    bwm_table_num(t, a->mpki);
    bwm_table_num(t, a->bw_frac);
    bwm_table_num(t, a->smem_frac);
    bwm_table_str(t, bwm_pattern_name(a->pattern));
}

void bwm_plan_render(const bwm_study_info *info, const bwm_synth_app *apps, size_t n_apps,
                     const bwm_synth_app *batch_apps, size_t n_batch_apps, const bwm_study_plan *plan,
                     bwm_buf out[3])
{
    static const char *const setup_cols[] = {"setting", "value"};
    field f[F_COUNT];
    info_fields(info, f);
    bwm_buf set;
    bwm_buf_init(&set);
    one_line(info->prov.set, &set);
    bwm_table t;
    bwm_table_init(&t, "", setup_cols, 2);
    for (int k = 0; k < F_COUNT; k++) {
        bwm_table_str(&t, f[k].name);
        bwm_table_str(&t, k == F_SET ? bwm_buf_str(&set) : f[k].text);
    }
    bwm_buf_free(&set);
    bwm_table_render(&t, BWM_FMT_CSV, &out[0]);
    bwm_table_free(&t);
    bwm_table_init(&t, "", app_cols, NAPPCOLS);
    for (size_t a = 0; a < n_apps; a++)
        app_cells(&t, &apps[a]);
    for (size_t a = 0; a < n_batch_apps; a++)
        if (!bwm_synth_find(apps, n_apps, batch_apps[a].abbr))
            app_cells(&t, &batch_apps[a]);
    bwm_table_render(&t, BWM_FMT_CSV, &out[1]);
    bwm_table_free(&t);
    render_runs(plan, &out[2]);
}

/* DIR/plan/NAME of file k into path. */
static void plan_path(const char *dir, int k, char *path, size_t n)
{
    snprintf(path, n, "%s/plan/%s", dir, bwm_plan_file_names[k]);
}

static int parse_i64(const bwm_csv *c, const char *what, const char *s, int64_t *out, bwm_err *err)
{
    if (bwm_parse_i64(s, out) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s: '%s' is not an integer", c->path, c->line, what, s);
    return BWM_OK;
}

static int parse_flag(const bwm_csv *c, const char *what, const char *s, int *out, bwm_err *err)
{
    *out = strcmp(s, "true") == 0;
    if (!*out && strcmp(s, "false") != 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s: expected true or false, got '%s'", c->path, c->line, what, s);
    return BWM_OK;
}

static int set_field(bwm_study_info *i, int k, const bwm_csv *c, const char *v, bwm_err *err)
{
    if (text_at[k].size) {
        char what[600];
        snprintf(what, sizeof what, "%s:%ld: %s", c->path, c->line, field_names[k]);
        return k == F_SET ? from_one_line(v, i->prov.set, sizeof i->prov.set, what, err)
                          : bwm_prov_text((char *)i + text_at[k].off, text_at[k].size, v, what, err);
    }
    int64_t n = 0;
    double d = 0;
    int st = BWM_OK;
    if (k == F_QUICK)
        st = parse_flag(c, field_names[k], v, &i->quick, err);
    else if (k == F_PEAK || k == F_CLOCK || k == F_TRACES_PEAK)
        st = bwm_parse_double(v, &d) == 0 ? BWM_OK
                                          : bwm_fail(err, BWM_EINPUT, "%s:%ld: '%s' is not a number", c->path, c->line, v);
    else
        st = parse_i64(c, field_names[k], v, &n, err);
    if (k == F_SEED)
        i->prov.seed = (uint64_t)n;
    else if (k == F_CYCLES)
        i->prov.cycles = n;
    else if (k == F_WARMUP)
        i->prov.warmup = n;
    else if (k == F_WINDOW)
        i->window = n;
    else if (k == F_SMS)
        i->n_sms = (int)n;
    else if (k == F_ISSUE)
        i->sm_issue = (int)n;
    else if (k == F_VAR_INSTS)
        i->var_insts = (uint64_t)n;
    else if (k == F_XLAT_CYCLES)
        i->xlat_cycles = n;
    else if (k == F_XLAT_WARMUP)
        i->xlat_warmup = n;
    else if (k == F_PEAK)
        i->peak_gbs = d;
    else if (k == F_CLOCK)
        i->core_mhz = d;
    else if (k == F_TRACES_PEAK)
        i->traces_peak_gbs = d;
    else if (k == F_TRACES_INSTS)
        i->traces_insts = (uint64_t)n;
    return st;
}

typedef struct setup_reader {
    bwm_study_info *info;
    int seen[F_COUNT];
} setup_reader;

static int setup_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    setup_reader *s = ctx;
    const char *name = bwm_csv_field(c, idx[0]);
    int k = 0;
    while (k < F_COUNT && strcmp(field_names[k], name) != 0)
        k++;
    if (k == F_COUNT)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: unknown setting '%s'", c->path, c->line, name);
    s->seen[k] = 1;
    return set_field(s->info, k, c, bwm_csv_field(c, idx[1]), err);
}

static int read_setup(const char *dir, bwm_study_info *info, bwm_err *err)
{
    static const char *const cols[] = {"setting", "value"};
    char path[4096];
    plan_path(dir, 0, path, sizeof path);
    setup_reader s = {info, {0}};
    int st = bwm_csv_each_row(path, cols, 2, setup_row, &s, err);
    for (int k = 0; st == BWM_OK && k < F_COUNT; k++)
        if (!s.seen[k])
            st = bwm_fail(err, BWM_EINPUT, "%s: no setting '%s'", path, field_names[k]);
    info->prov.has_run = 1;
    return st;
}

typedef struct apps_reader {
    bwm_study_files *f;
    size_t cap;
} apps_reader;

static int app_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    apps_reader *r = ctx;
    bwm_study_files *f = r->f;
    bwm_study_app *g = bwm_grow(f->apps, &r->cap, f->n_apps, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    f->apps = g;
    bwm_study_app *a = &g[f->n_apps++];
    snprintf(a->abbr, sizeof a->abbr, "%s", bwm_csv_field(c, idx[0]));
    snprintf(a->name, sizeof a->name, "%s", bwm_csv_field(c, idx[1]));
    double *v[] = {&a->mpki, &a->bw_frac, &a->smem_frac};
    int st = BWM_OK;
    for (int k = 0; st == BWM_OK && k < 3; k++)
        st = bwm_csv_double(c, idx[2 + k], v[k], err);
    bwm_pattern p;
    const char *pattern = bwm_csv_field(c, idx[5]);
    if (st == BWM_OK && bwm_pattern_parse(pattern, &p) != 0)
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'pattern': '%s' is not stream, block, random or cta", c->path,
                      c->line, pattern);
    if (st == BWM_OK)
        snprintf(a->pattern, sizeof a->pattern, "%s", bwm_pattern_name(p));
    return st;
}

static int read_apps(const char *dir, bwm_study_files *f, bwm_err *err)
{
    char path[4096];
    plan_path(dir, 1, path, sizeof path);
    apps_reader r = {f, 0};
    return bwm_csv_each_row(path, app_cols, NAPPCOLS, app_row, &r, err);
}

static int parse_split(const bwm_csv *c, const char *s, bwm_study_run *r, bwm_err *err)
{
    char buf[64];
    char *piece[BWM_STUDY_MAX_APPS];
    int k = bwm_split(s, '/', buf, sizeof buf, piece, BWM_STUDY_MAX_APPS);
    if (k != (int)r->napps)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: split '%s' does not fit workload '%s'", c->path, c->line, s,
                        r->workload);
    for (int i = 0; i < k; i++) {
        int64_t v;
        int st = parse_i64(c, "split", piece[i], &v, err);
        if (st != BWM_OK)
            return st;
        r->split[i] = (int)v;
    }
    return BWM_OK;
}

static int parse_run(const bwm_csv *c, const int *idx, bwm_study_run *r, bwm_err *err)
{
    memset(r, 0, sizeof *r);
    const char *f[NRUNCOLS];
    for (size_t k = 0; k < NRUNCOLS; k++)
        f[k] = bwm_csv_field(c, idx[k]);
    snprintf(r->key, sizeof r->key, "%s", f[0]);
    if ((r->exp = bwm_study_exp_parse(f[1])) < 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: unknown experiment '%s'", c->path, c->line, f[1]);
    snprintf(r->workload_id, sizeof r->workload_id, "%s", f[2]);
    snprintf(r->workload, sizeof r->workload, "%s", f[3]);
    char buf[128];
    char *piece[BWM_STUDY_MAX_APPS];
    int n = bwm_split(f[3], '_', buf, sizeof buf, piece, BWM_STUDY_MAX_APPS);
    if (n < 1 || strlen(f[0]) != BWM_SHA256_HEX - 1)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: bad run row (workload '%s', key '%s')", c->path, c->line, f[3],
                        f[0]);
    r->napps = (size_t)n;
    for (int i = 0; i < n; i++)
        snprintf(r->app[i], sizeof r->app[i], "%s", piece[i]);
    int st = parse_split(c, f[4], r, err);
    snprintf(r->sched, sizeof r->sched, "%s", f[5]);
    int64_t window = 0;
    if (st == BWM_OK)
        st = parse_i64(c, run_cols[6], f[6], &window, err);
    int flag[3] = {0, 0, 0};
    for (int k = 0; st == BWM_OK && k < 3; k++)
        st = parse_flag(c, run_cols[11 + k], f[11 + k], &flag[k], err);
    if (st == BWM_OK && (bwm_parse_double(f[7], &r->alpha) != 0 || bwm_parse_double(f[8], &r->m) != 0))
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: bad alpha or m", c->path, c->line);
    r->window = window;
    r->flags = (bwm_study_flags){flag[0], flag[1], flag[2]};
    snprintf(r->mpki_class, sizeof r->mpki_class, "%.1s", f[9]);
    snprintf(r->bw_class, sizeof r->bw_class, "%.1s", f[10]);
    snprintf(r->partition, sizeof r->partition, "%s", f[14]);
    int64_t parts = 0;
    if (st == BWM_OK)
        st = parse_i64(c, run_cols[15], f[15], &parts, err);
    if (st == BWM_OK && (parts < 0 || parts > BWM_GPU_MAX_APPS))
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: parts: %lld partitions", c->path, c->line, (long long)parts);
    r->parts = (int)parts;
    snprintf(r->design, sizeof r->design, "%s", f[16]);
    const bwm_study_experiment *x = bwm_study_exp_at(r->exp);
    if (st == BWM_OK && (x->design_find || r->design[0]) &&
        (x->design_find ? x->design_find(r->design) : bwm_xlat_design_find(r->design)) < 0)
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: unknown %s design '%s'", c->path, c->line,
                      x->designs ? x->designs : "translation", r->design);
    return st;
}

static int run_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    bwm_study_run r;
    int st = parse_run(c, idx, &r, err);
    if (st == BWM_OK && bwm_study_plan_add(ctx, &r) != 0)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    return st;
}

static int read_runs(const char *dir, bwm_study_plan *p, bwm_err *err)
{
    char path[4096];
    plan_path(dir, 2, path, sizeof path);
    return bwm_csv_each_row(path, run_cols, NRUNCOLS, run_row, p, err);
}

int bwm_plan_read(const char *dir, bwm_study_files *f, bwm_err *err)
{
    memset(f, 0, sizeof *f);
    char path[4096];
    plan_path(dir, 0, path, sizeof path);
    if (access(path, R_OK) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s: not a study folder (no plan/%s)", dir, bwm_plan_file_names[0]);
    int st = read_setup(dir, &f->info, err);
    if (st == BWM_OK)
        st = read_apps(dir, f, err);
    if (st == BWM_OK)
        st = read_runs(dir, &f->plan, err);
    if (st != BWM_OK)
        bwm_plan_files_free(f);
    return st;
}

void bwm_plan_files_free(bwm_study_files *f)
{
    free(f->apps);
    f->apps = NULL;
    f->n_apps = 0;
    bwm_study_plan_free(&f->plan);
}

long bwm_plan_app(const bwm_study_files *f, const char *abbr)
{
    for (size_t a = 0; a < f->n_apps; a++)
        if (strcmp(f->apps[a].abbr, abbr) == 0)
            return (long)a;
    return -1;
}
