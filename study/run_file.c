/* run_file.c — a study run's result file (see run_file.h). */
#include "study/run_file.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/csv_rows.h"
#include "io/outfile.h"
#include "io/table.h"
#include "sim/stats/stat_table.h"

/* A column of a run file: a statistic of the table, or one of the others. */
typedef enum col_kind { COL_STAT, COL_APP, COL_ALONE, COL_LEVELS } col_kind;

typedef struct col {
    const char *name;
    col_kind kind;
    const bwm_stat *stat; /* COL_STAT */
    int as_number;        /* COL_STAT: written as a number even when a count, as these groups always were */
    int alone;            /* COL_ALONE: ipc, mpki, bw */
} col;

static const char *const alone_cols[] = {"ipc_alone", "mpki_alone", "bw_alone"};
#define MAX_COLS (2 + 3 + BWM_STAT_MAX)

/* Appends group g's statistics (every walk level's) to c[0..n). */
static size_t add_group(bwm_stat_group g, int as_number, col *c, size_t n)
{
    const bwm_stat *s[BWM_STAT_MAX];
    size_t k = bwm_stat_list(g, BWM_MMU_MAX_LEVELS, s);
    for (size_t i = 0; i < k; i++)
        c[n++] = (col){s[i]->name, COL_STAT, s[i], as_number, 0};
    return n;
}

/* The columns of a run file: app, the statistics every run has, the alone
 * profile, the loads' time by stage, then (blocks) the DRAM locality and
 * energy, then (translated) walk_levels and the translation statistics of
 * every level (whatever the walk's levels, so the columns are always the
 * same); returns their number. */
static size_t file_cols(int blocks, int translated, col *c)
{
    size_t n = 0;
    c[n++] = (col){"app", COL_APP, NULL, 0, 0};
    n = add_group(BWM_SG_RUN, 0, c, n);
    n = add_group(BWM_SG_CACHE, 0, c, n);
    n = add_group(BWM_SG_DRAM_BYTES, 0, c, n);
    for (int k = 0; k < 3; k++)
        c[n++] = (col){alone_cols[k], COL_ALONE, NULL, 0, k};
    n = add_group(BWM_SG_STAGES, 0, c, n);
    if (blocks) {
        n = add_group(BWM_SG_LOCALITY, 1, c, n);
        n = add_group(BWM_SG_ENERGY, 1, c, n);
    }
    if (translated) {
        c[n++] = (col){"walk_levels", COL_LEVELS, NULL, 0, 0};
        n = add_group(BWM_SG_XLAT, 1, c, n);
    }
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

static double alone_value(const bwm_alone_profile *p, int k)
{
    return k == 0 ? p->ipc : k == 1 ? p->mpki : p->bw;
}

int bwm_run_file_write(const char *dir, const char *key, const bwm_run_rec *rec, bwm_err *err)
{
    static const char *const refused[] = {"error"};
    col c[MAX_COLS];
    const char *names[MAX_COLS];
    int translated = !rec->error[0] && rec->napps > 0 && rec->app[0].translated, blocks = rec_blocks(rec);
    size_t ncols = file_cols(blocks, translated, c);
    for (size_t k = 0; k < ncols; k++)
        names[k] = c[k].name;
    bwm_table t;
    bwm_table_init(&t, "", rec->error[0] ? refused : names, rec->error[0] ? 1 : ncols);
    if (rec->error[0])
        bwm_table_str(&t, rec->error);
    for (size_t i = 0; i < rec->napps; i++) {
        const bwm_app_result *a = &rec->app[i];
        for (size_t k = 0; k < ncols; k++)
            switch (c[k].kind) {
            case COL_APP:
                bwm_table_str(&t, a->abbr);
                break;
            case COL_STAT:
                if (c[k].as_number && bwm_stat_has_value(c[k].stat, a))
                    bwm_table_num(&t, bwm_stat_get(c[k].stat, a));
                else
                    bwm_stat_cell(c[k].stat, a, &t);
                break;
            case COL_ALONE:
                bwm_table_num(&t, alone_value(&rec->alone[i], c[k].alone));
                break;
            case COL_LEVELS:
                bwm_table_int(&t, a->xlat.levels);
                break;
            }
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

/* Column k of a row into the record's application a and its alone profile
 * (a count must be a whole number of 0 .. 9e15, walk_levels one of 1 ..
 * BWM_MMU_MAX_LEVELS; a rate or a mean empty had nothing to divide by: 0,
 * as the run had it). */
static int read_col(const bwm_csv *c, const col *k, int at, bwm_app_result *a, bwm_alone_profile *al, bwm_err *err)
{
    if (k->kind == COL_APP) {
        snprintf(a->abbr, sizeof a->abbr, "%s", bwm_csv_field(c, at));
        return BWM_OK;
    }
    if (k->kind == COL_STAT && k->stat->per != BWM_DEN_NONE && !bwm_csv_field(c, at)[0]) {
        bwm_stat_set_none(k->stat, a);
        return BWM_OK;
    }
    double v;
    int st = bwm_csv_double(c, at, &v, err);
    if (st != BWM_OK)
        return st;
    switch (k->kind) {
    case COL_STAT:
        if (k->stat->kind != BWM_SK_REAL && !(v >= 0 && v <= 9e15))
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %g is not a count", c->path, c->line, k->name, v);
        bwm_stat_set(k->stat, a, v);
        break;
    case COL_ALONE:
        *(k->alone == 0 ? &al->ipc : k->alone == 1 ? &al->mpki : &al->bw) = v;
        break;
    case COL_LEVELS:
        if (!(v >= 1 && v <= BWM_MMU_MAX_LEVELS && v == (int)v))
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'walk_levels': %g is not 1..%d", c->path, c->line, v,
                            BWM_MMU_MAX_LEVELS);
        a->xlat.levels = (int)v;
        break;
    case COL_APP:
        break;
    }
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
    const col *cols;
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
            return bwm_fail(err, BWM_EINPUT, "%s: column '%s' out of place", c->path, r->cols[k].name);
    if (rec->napps == BWM_STUDY_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: more than %d applications", c->path, c->line, BWM_STUDY_MAX_APPS);
    bwm_app_result *a = &rec->app[rec->napps];
    memset(a, 0, sizeof *a);
    int st = bwm_csv_check_width(c, err);
    for (size_t k = 0; st == BWM_OK && k < r->ncols; k++)
        st = read_col(c, &r->cols[k], (int)k, a, &rec->alone[rec->napps], err);
    a->blocks = r->blocks;
    a->translated = r->translated;
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
    /* the optional columns are there when their first is */
    const bwm_stat *first[BWM_STAT_MAX];
    bwm_stat_list(BWM_SG_LOCALITY, 0, first);
    const char *levels[] = {"walk_levels"}, *locality[] = {first[0]->name};
    int translated = bwm_csv_each_row(path, levels, 1, any_row, NULL, &sub) == BWM_OK;
    int blocks = bwm_csv_each_row(path, locality, 1, any_row, NULL, &sub) == BWM_OK;
    col c[MAX_COLS];
    const char *names[MAX_COLS];
    rec_reader r = {rec, c, file_cols(blocks, translated, c), blocks, translated};
    for (size_t k = 0; k < r.ncols; k++)
        names[k] = c[k].name;
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
