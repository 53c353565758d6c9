/* run_file.c — a study run's result file (see run_file.h). */
#include "study/run_file.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/csv_rows.h"
#include "io/outfile.h"
#include "io/table.h"
#include "sim/gpu/block_fields.h"
#include "sim/gpu/xlat_fields.h"

static const char *const cols[] = {"app", "sms", "insts", "cycles", "ipc", "mpki", "bw", "bw_frac",
                                   "row_hit_rate", "avg_mem_latency", "l1_accesses", "l1_misses",
                                   "l2_accesses", "l2_misses", "dram_bytes_read", "dram_bytes_written",
                                   "ipc_alone", "mpki_alone", "bw_alone", BWM_STAGE_COLUMNS};
#define NCOLS (sizeof cols / sizeof cols[0])
#define MAX_COLS (NCOLS + BWM_BLOCK_NFIELDS + 1 + BWM_XLAT_MAX_FIELDS)

/* The fields of a translated application's statistics in a run file: every
 * level's (whatever the walk's levels, so the columns are always the same),
 * walk_levels first; returns their number. */
static int xlat_fields(bwm_xlat_result *x, bwm_xlat_field *f)
{
    int levels = x->levels;
    x->levels = BWM_MMU_MAX_LEVELS;
    int n = bwm_xlat_fields(x, f);
    x->levels = levels;
    return n;
}

/* The columns of a run file: cols, then (blocks) the thread-block fields,
 * then (translated) walk_levels and the translation fields; returns their
 * number. */
static size_t file_cols(int blocks, int translated, const char **out)
{
    size_t n = 0;
    for (; n < NCOLS; n++)
        out[n] = cols[n];
    bwm_app_result a;
    memset(&a, 0, sizeof a);
    bwm_xlat_field b[BWM_BLOCK_NFIELDS];
    bwm_block_fields(&a, b);
    for (int k = 0; blocks && k < BWM_BLOCK_NFIELDS; k++)
        out[n++] = b[k].name;
    if (!translated)
        return n;
    out[n++] = "walk_levels";
    bwm_xlat_result x;
    memset(&x, 0, sizeof x);
    bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
    int k = xlat_fields(&x, f);
    for (int i = 0; i < k; i++)
        out[n++] = f[i].name;
    return n;
}

void bwm_run_file_path(const char *dir, const char *key, char *path, size_t n)
{
    snprintf(path, n, "%s/runs/%s.csv", dir, key);
}

int bwm_run_file_exists(const char *dir, const char *key)
{
    char path[4096];
    bwm_run_file_path(dir, key, path, sizeof path);
    return access(path, F_OK) == 0;
}

/* Whether any application of a record ran as thread blocks. */
static int rec_blocks(const bwm_run_rec *rec)
{
    int any = 0;
    for (size_t i = 0; !rec->error[0] && i < rec->napps; i++)
        any |= rec->app[i].blocks;
    return any;
}

static void field_cells(bwm_table *t, const bwm_xlat_field *f, int n)
{
    for (int k = 0; k < n; k++)
        bwm_table_num(t, bwm_xlat_field_value(&f[k]));
}

int bwm_run_file_write(const char *dir, const char *key, const bwm_run_rec *rec, bwm_err *err)
{
    static const char *const refused[] = {"error"};
    const char *names[MAX_COLS];
    int translated = !rec->error[0] && rec->napps > 0 && rec->app[0].translated, blocks = rec_blocks(rec);
    size_t ncols = file_cols(blocks, translated, names);
    bwm_table t;
    bwm_table_init(&t, "", rec->error[0] ? refused : names, rec->error[0] ? 1 : ncols);
    if (rec->error[0])
        bwm_table_str(&t, rec->error);
    for (size_t i = 0; i < rec->napps; i++) {
        const bwm_app_result *a = &rec->app[i];
        bwm_table_str(&t, a->abbr);
        bwm_table_int(&t, a->sms);
        bwm_table_int(&t, (long long)a->insts);
        bwm_table_int(&t, (long long)a->cycles);
        const double v[] = {a->ipc, a->mpki, a->bw, a->bw_frac, a->row_hit_rate, a->avg_mem_latency};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            bwm_table_num(&t, v[k]);
        const unsigned long long c[] = {a->l1_accesses, a->l1_misses, a->l2_accesses, a->l2_misses,
                                        a->dram_bytes_read, a->dram_bytes_written};
        for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
            bwm_table_int(&t, (long long)c[k]);
        bwm_table_num(&t, rec->alone[i].ipc);
        bwm_table_num(&t, rec->alone[i].mpki);
        bwm_table_num(&t, rec->alone[i].bw);
        double stages[BWM_STAGE_NCOLUMNS];
        bwm_app_stage_values(a, stages);
        for (int k = 0; k < BWM_STAGE_NCOLUMNS; k++)
            bwm_table_num(&t, stages[k]);
        if (blocks) {
            bwm_app_result copy = *a;
            bwm_xlat_field f[BWM_BLOCK_NFIELDS];
            field_cells(&t, f, bwm_block_fields(&copy, f));
        }
        if (!translated)
            continue;
        bwm_table_int(&t, a->xlat.levels);
        bwm_xlat_result x = a->xlat;
        bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
        field_cells(&t, f, xlat_fields(&x, f));
    }
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    bwm_table_free(&t);
    char path[4096];
    bwm_run_file_path(dir, key, path, sizeof path);
    int st = bwm_output_commit(path, &b, err);
    bwm_buf_free(&b);
    return st;
}

static int read_u64(const bwm_csv *c, int col, unsigned long long *out, bwm_err *err)
{
    double v;
    int st = bwm_csv_double(c, col, &v, err);
    if (st == BWM_OK && (v < 0 || v > 9e18))
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %g is not a count", c->path, c->line, cols[col], v);
    *out = st == BWM_OK ? (unsigned long long)v : 0;
    return st;
}

/* n fields of a row from column col on (a count must be one). */
static int read_fields(const bwm_csv *c, int col, const bwm_xlat_field *f, int n, bwm_err *err)
{
    int st = BWM_OK;
    for (int k = 0; st == BWM_OK && k < n; k++) {
        double v;
        st = bwm_csv_double(c, col + k, &v, err);
        if (f[k].u && st == BWM_OK)
            st = v >= 0 && v <= 9e15 ? BWM_OK
                                     : bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %g is not a count", c->path,
                                                c->line, f[k].name, v);
        if (st != BWM_OK)
            break;
        if (f[k].u)
            *f[k].u = (uint64_t)v;
        else
            *f[k].d = v;
    }
    return st;
}

/* The thread-block fields of a row (from column NCOLS). */
static int read_blocks(const bwm_csv *c, bwm_app_result *a, bwm_err *err)
{
    bwm_xlat_field f[BWM_BLOCK_NFIELDS];
    a->blocks = 1;
    return read_fields(c, (int)NCOLS, f, bwm_block_fields(a, f), err);
}

/* The translation fields of a row (after walk_levels at column col). */
static int read_xlat(const bwm_csv *c, int col, bwm_app_result *a, bwm_err *err)
{
    double levels;
    int st = bwm_csv_double(c, col, &levels, err);
    if (st == BWM_OK && !(levels >= 1 && levels <= BWM_MMU_MAX_LEVELS && levels == (int)levels))
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'walk_levels': %g is not 1..%d", c->path, c->line, levels,
                      BWM_MMU_MAX_LEVELS);
    bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
    int n = xlat_fields(&a->xlat, f);
    if (st == BWM_OK)
        st = read_fields(c, col + 1, f, n, err);
    a->translated = 1;
    a->xlat.levels = (int)levels;
    return st;
}

static int read_row(const bwm_csv *c, bwm_app_result *a, bwm_alone_profile *al, bwm_err *err)
{
    memset(a, 0, sizeof *a);
    snprintf(a->abbr, sizeof a->abbr, "%s", bwm_csv_field(c, 0));
    unsigned long long n[9];
    double v[9], stages[BWM_STAGE_NCOLUMNS];
    int st = BWM_OK;
    for (int k = 0; st == BWM_OK && k < 3; k++)
        st = read_u64(c, 1 + k, &n[k], err);
    for (int k = 0; st == BWM_OK && k < 6; k++)
        st = bwm_csv_double(c, 4 + k, &v[k], err);
    for (int k = 0; st == BWM_OK && k < 6; k++)
        st = read_u64(c, 10 + k, &n[3 + k], err);
    for (int k = 0; st == BWM_OK && k < 3; k++)
        st = bwm_csv_double(c, 16 + k, &v[6 + k], err);
    for (int k = 0; st == BWM_OK && k < BWM_STAGE_NCOLUMNS; k++)
        st = bwm_csv_double(c, 19 + k, &stages[k], err);
    if (st != BWM_OK)
        return st;
    a->sms = (int)n[0];
    a->insts = n[1];
    a->cycles = (int64_t)n[2];
    a->ipc = v[0], a->mpki = v[1], a->bw = v[2], a->bw_frac = v[3], a->row_hit_rate = v[4];
    a->avg_mem_latency = v[5];
    a->l1_accesses = n[3], a->l1_misses = n[4], a->l2_accesses = n[5], a->l2_misses = n[6];
    a->dram_bytes_read = n[7], a->dram_bytes_written = n[8];
    bwm_app_stage_set(a, stages);
    *al = (bwm_alone_profile){v[6], v[7], v[8]};
    return BWM_OK;
}

static int refused_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    (void)err;
    bwm_run_rec *rec = ctx;
    snprintf(rec->error, sizeof rec->error, "%s", bwm_csv_field(c, idx[0]));
    return BWM_OK;
}

/* A run file being read: the record, its columns, and whether it has the
 * thread-block and the translation columns. */
typedef struct rec_reader {
    bwm_run_rec *rec;
    const char **names;
    size_t ncols;
    int blocks, translated;
} rec_reader;

/* Rows are not looked at: the call only asks whether a column is there. */
static int any_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    (void)c, (void)idx, (void)ctx, (void)err;
    return BWM_OK;
}

static int rec_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    rec_reader *r = ctx;
    bwm_run_rec *rec = r->rec;
    for (size_t k = 0; k < r->ncols; k++)
        if (idx[k] != (int)k)
            return bwm_fail(err, BWM_EINPUT, "%s: column '%s' out of place", c->path, r->names[k]);
    if (rec->napps == BWM_STUDY_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: more than %d applications", c->path, c->line, BWM_STUDY_MAX_APPS);
    int st = bwm_csv_check_width(c, err);
    if (st == BWM_OK)
        st = read_row(c, &rec->app[rec->napps], &rec->alone[rec->napps], err);
    if (st == BWM_OK && r->blocks)
        st = read_blocks(c, &rec->app[rec->napps], err);
    if (st == BWM_OK && r->translated)
        st = read_xlat(c, (int)NCOLS + (r->blocks ? BWM_BLOCK_NFIELDS : 0), &rec->app[rec->napps], err);
    rec->napps++;
    return st;
}

int bwm_run_file_read(const char *dir, const char *key, bwm_run_rec *rec, bwm_err *err)
{
    char path[4096];
    bwm_run_file_path(dir, key, path, sizeof path);
    memset(rec, 0, sizeof *rec);
    static const char *const refused[] = {"error"};
    bwm_err sub;
    if (bwm_csv_each_row(path, refused, 1, refused_row, rec, &sub) == BWM_OK && rec->error[0])
        return BWM_OK;
    memset(rec, 0, sizeof *rec);
    static const char *const levels[] = {"walk_levels"}, *const blp[] = {"blp"};
    int translated = bwm_csv_each_row(path, levels, 1, any_row, NULL, &sub) == BWM_OK;
    int blocks = bwm_csv_each_row(path, blp, 1, any_row, NULL, &sub) == BWM_OK;
    const char *names[MAX_COLS];
    rec_reader r = {rec, names, file_cols(blocks, translated, names), blocks, translated};
    int st = bwm_csv_each_row(path, names, r.ncols, rec_row, &r, err);
    if (st == BWM_OK && rec->napps == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no application rows", path);
    return st;
}

int bwm_run_file_matches(const char *dir, const bwm_study_run *r, const bwm_run_rec *rec, bwm_err *err)
{
    if (rec->error[0])
        return BWM_OK;
    char path[4096];
    bwm_run_file_path(dir, r->key, path, sizeof path);
    if (rec->napps != r->napps)
        return bwm_fail(err, BWM_EINPUT, "%s: %zu application rows, but its run (%s %s %s) has %zu: the file does "
                        "not hold its key's run (edited, or copied from another?)", path, rec->napps,
                        bwm_study_exp_name(r->exp), r->workload, r->sched, r->napps);
    for (size_t i = 0; i < r->napps; i++)
        if (strcmp(rec->app[i].abbr, r->app[i]) != 0 || rec->app[i].sms != r->split[i])
            return bwm_fail(err, BWM_EINPUT, "%s:%zu: application %s on %d SMs, but its run (%s %s %s) has %s on %d "
                            "there: the file does not hold its key's run (edited, or copied from another?)", path,
                            i + 2, rec->app[i].abbr, rec->app[i].sms, bwm_study_exp_name(r->exp), r->workload,
                            r->sched, r->app[i], r->split[i]);
    return BWM_OK;
}
