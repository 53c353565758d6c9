/* results.c — a study's results as the figures read them (see results.h). */
#include "plots/results.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/csv.h"
#include "io/csv_rows.h"
#include "sim/stats/stat_table.h"
#include "util/grow.h"
#include "util/num.h"

/* Table name's file in s's folder: DIR/NAME.csv. */
static void file_path(const bwm_pl_source *s, const char *name, char *path, size_t n)
{
    snprintf(path, n, "%s/%s.csv", s->dir, name);
}

/* Table name of s held in memory, or NULL. */
static const bwm_table *in_memory(const bwm_pl_source *s, const char *name)
{
    for (size_t k = 0; s->tables && k < s->n; k++)
        if (strcmp(s->tables[k].name, name) == 0)
            return s->tables[k].t;
    return NULL;
}

int bwm_pl_has(const bwm_pl_source *s, const char *name)
{
    char path[4096];
    file_path(s, name, path, sizeof path);
    return s->tables ? in_memory(s, name) != NULL : access(path, F_OK) == 0;
}

int bwm_pl_has_col(const bwm_pl_source *s, const char *name, const char *col)
{
    if (s->tables) {
        const bwm_table *t = in_memory(s, name);
        for (size_t k = 0; t && k < t->ncols; k++)
            if (strcmp(t->cols[k], col) == 0)
                return 1;
        return 0;
    }
    char path[4096];
    file_path(s, name, path, sizeof path);
    bwm_csv c;
    bwm_err e;
    if (bwm_csv_open(&c, path, &e) != BWM_OK)
        return 0;
    int has = bwm_csv_header(&c, &e) == BWM_OK && bwm_csv_col(&c, col) >= 0;
    bwm_csv_close(&c);
    return has;
}

int bwm_pl_each_row(const bwm_pl_source *s, const char *name, const char *const *cols, size_t ncols,
                    bwm_csv_row_fn fn, void *ctx, bwm_err *err)
{
    char path[4096];
    file_path(s, name, path, sizeof path);
    if (!s->tables)
        return bwm_csv_each_row(path, cols, ncols, fn, ctx, err);
    const bwm_table *t = in_memory(s, name);
    if (!t) /* as a reader of the folder finds it */
        return bwm_fail(err, BWM_EINPUT, "%s: no such table among the study's results", path);
    return bwm_table_each_row(t, path, cols, ncols, fn, ctx, err);
}

static const char *const run_cols[] = {"experiment", "workload_id", "workload", "sched", "split", "window",
                                       "alpha", "design"};
#define NRUN 8

static int run_head(const bwm_csv *c, const int *idx, bwm_pl_run *r, bwm_err *err)
{
    memset(r, 0, sizeof *r);
    char *dst[] = {r->exp, r->workload_id, r->workload, r->sched, r->split};
    size_t len[] = {sizeof r->exp, sizeof r->workload_id, sizeof r->workload, sizeof r->sched, sizeof r->split};
    for (int k = 0; k < 5; k++)
        snprintf(dst[k], len[k], "%s", bwm_csv_field(c, idx[k]));
    double w;
    int st = bwm_csv_double_or_nan(c, idx[5], &w, err);
    r->window = st == BWM_OK && isfinite(w) ? (long)w : 0;
    if (st == BWM_OK)
        st = bwm_csv_double_or_nan(c, idx[6], &r->alpha, err);
    snprintf(r->design, sizeof r->design, "%s", bwm_csv_field(c, idx[7]));
    return st;
}

static const char *const metric_cols[] = {"class_mpki", "class_bw", "it_subset", "ws_subset", "it", "ws", "hs",
                                          "it_norm", "ws_norm", "hs_norm"};
#define NMETRIC 10

typedef struct loader {
    bwm_pl_results *r;
    size_t cap, next;
    bwm_pl_run *cur;
    const bwm_stat **stat; /* results.csv: the statistics of its columns after the run's */
    size_t ncols;
} loader;

static int metric_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    loader *l = ctx;
    bwm_pl_run *g = bwm_grow(l->r->runs, &l->cap, l->r->nruns, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->runs = g;
    bwm_pl_run *x = &g[l->r->nruns++];
    int st = run_head(c, idx, x, err);
    snprintf(x->mpki_class, sizeof x->mpki_class, "%.1s", bwm_csv_field(c, idx[NRUN]));
    snprintf(x->bw_class, sizeof x->bw_class, "%.1s", bwm_csv_field(c, idx[NRUN + 1]));
    x->it_subset = strcmp(bwm_csv_field(c, idx[NRUN + 2]), "true") == 0;
    x->ws_subset = strcmp(bwm_csv_field(c, idx[NRUN + 3]), "true") == 0;
    double *v[] = {&x->it, &x->ws, &x->hs, &x->it_norm, &x->ws_norm, &x->hs_norm};
    for (int k = 0; st == BWM_OK && k < 6; k++) {
        st = bwm_csv_double_or_nan(c, idx[NRUN + 4 + k], v[k], err);
        if (st == BWM_OK && *v[k] <= 0) /* NaN (empty: undefined) passes; geometric means need > 0 */
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %g is not a metric (it must be > 0)", c->path,
                          c->line, metric_cols[4 + k], *v[k]);
    }
    return st;
}

static int load_metrics(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    const char *cols[NRUN + NMETRIC];
    for (int k = 0; k < NRUN; k++)
        cols[k] = run_cols[k];
    for (int k = 0; k < NMETRIC; k++)
        cols[NRUN + k] = metric_cols[k];
    loader l = {r, 0, 0, NULL, NULL, 0};
    return bwm_pl_each_row(s, "metrics", cols, NRUN + NMETRIC, metric_row, &l, err);
}

/* results.csv's columns after the run's: app, app_index, the statistics
 * of these groups (sim/stats/stat_table.h), then the alone ones. */
static const bwm_stat_group result_groups[] = {BWM_SG_RUN, BWM_SG_STAGES};
static const char *const alone_cols[] = {"ipc_alone", "sd"};
#define MAX_APP_COLS (2 + BWM_STAT_MAX + 2)

/* The columns after the run's into cols, and the statistics they hold into
 * stat (NULL for the others); returns their number. */
static size_t app_cols(const char **cols, const bwm_stat **stat)
{
    size_t n = 0;
    cols[n] = "app", stat[n++] = NULL;
    cols[n] = "app_index", stat[n++] = NULL;
    for (size_t g = 0; g < sizeof result_groups / sizeof result_groups[0]; g++) {
        const bwm_stat *s[BWM_STAT_MAX];
        size_t k = bwm_stat_list(result_groups[g], 0, s);
        for (size_t i = 0; i < k; i++)
            cols[n] = s[i]->name, stat[n++] = s[i];
    }
    for (size_t k = 0; k < sizeof alone_cols / sizeof alone_cols[0]; k++)
        cols[n] = alone_cols[k], stat[n++] = NULL;
    return n;
}

/* An application's row: its statistics into a->stat (a count left empty,
 * a refused run's, is 0; a rate or a mean left empty had nothing to divide
 * by: 0, as the study had it; another real, NaN), and what the figures read
 * of them. */
static int app_row(const bwm_csv *c, const int *idx, const bwm_stat *const *stat, size_t ncols, bwm_pl_app *a,
                   double *index, bwm_err *err)
{
    memset(a, 0, sizeof *a);
    snprintf(a->app, sizeof a->app, "%s", bwm_csv_field(c, idx[NRUN]));
    int st = bwm_csv_double_or_nan(c, idx[NRUN + 1], index, err);
    for (size_t k = 2; st == BWM_OK && k < ncols - 2; k++) {
        if (stat[k]->per != BWM_DEN_NONE && !bwm_csv_field(c, idx[NRUN + k])[0]) {
            bwm_stat_set_none(stat[k], &a->stat);
            continue;
        }
        double v;
        st = bwm_csv_double_or_nan(c, idx[NRUN + k], &v, err);
        int count = stat[k]->kind != BWM_SK_REAL;
        if (st == BWM_OK && count && isfinite(v) && !(v >= 0 && v <= 9e15))
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %g is not a count", c->path, c->line,
                          stat[k]->name, v);
        if (st == BWM_OK && (!count || isfinite(v)))
            bwm_stat_set(stat[k], &a->stat, v);
    }
    for (size_t k = 0; st == BWM_OK && k < 2; k++)
        st = bwm_csv_double_or_nan(c, idx[NRUN + ncols - 2 + k], k == 0 ? &a->ipc_alone : &a->sd, err);
    a->sms = a->stat.sms;
    a->ipc = a->stat.ipc, a->mpki = a->stat.mpki, a->bw = a->stat.bw, a->bw_frac = a->stat.bw_frac;
    bwm_app_stage_values(&a->stat, a->stage);
    return st;
}

/* One application of a run: alone runs become r->alone, the others fill
 * r->runs in order. */
static int result_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    loader *l = ctx;
    bwm_pl_results *r = l->r;
    bwm_pl_run head;
    bwm_pl_app a;
    double index = 0;
    int st = run_head(c, idx, &head, err);
    if (st == BWM_OK)
        st = app_row(c, idx, l->stat, l->ncols, &a, &index, err);
    if (st != BWM_OK)
        return st;
    if (strcmp(head.exp, "alone") == 0 && head.design[0])
        return BWM_OK; /* the translation experiment's profiles (its own GPU): not the figures' */
    if (index == 1 && strcmp(head.exp, "alone") == 0) {
        bwm_pl_run *g = bwm_grow(r->alone, &l->cap, r->nalone, sizeof *g);
        if (!g)
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        r->alone = g;
        l->cur = &g[r->nalone++];
        *l->cur = head;
        l->cur->it = l->cur->ws = l->cur->hs = l->cur->it_norm = l->cur->ws_norm = l->cur->hs_norm = NAN;
    } else if (index == 1) {
        l->cur = l->next < r->nruns ? &r->runs[l->next++] : NULL;
        if (!l->cur || strcmp(l->cur->workload, head.workload) != 0 || strcmp(l->cur->sched, head.sched) != 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: run %s %s is not the next run of metrics.csv", c->path,
                            c->line, head.workload, head.sched);
    }
    if (!l->cur || l->cur->napps != (size_t)index - 1 || l->cur->napps == BWM_PL_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: app_index %g out of order", c->path, c->line, index);
    l->cur->app[l->cur->napps++] = a;
    return BWM_OK;
}

static int load_apps(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    const char *cols[NRUN + MAX_APP_COLS];
    const bwm_stat *stat[MAX_APP_COLS];
    for (int k = 0; k < NRUN; k++)
        cols[k] = run_cols[k];
    size_t n = app_cols(cols + NRUN, stat);
    char path[4096];
    file_path(s, "results", path, sizeof path);
    loader l = {r, 0, 0, NULL, stat, n};
    int st = bwm_pl_each_row(s, "results", cols, NRUN + n, result_row, &l, err);
    if (st == BWM_OK && l.next != r->nruns)
        st = bwm_fail(err, BWM_EINPUT, "%s: %zu runs, metrics.csv has %zu", path, l.next, r->nruns);
    return st;
}

static int perf_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    loader *l = ctx;
    bwm_pl_results *r = l->r;
    const char *name = bwm_csv_field(c, idx[0]);
    bwm_pl_perf *g = bwm_grow(r->perf, &l->cap, r->nperf, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    r->perf = g;
    bwm_pl_perf *p = &g[r->nperf++];
    snprintf(p->app, sizeof p->app, "%s", name);
    p->heavy = strstr(bwm_csv_field(c, idx[4]), "heavy") != NULL;
    double *v[] = {&p->ipc, &p->ipc_model, &p->err_model};
    int st = BWM_OK;
    for (int k = 0; st == BWM_OK && k < 3; k++)
        st = bwm_csv_double_or_nan(c, idx[1 + k], v[k], err);
    return st;
}

/* A row of fit_perf_summary.csv: the MARE of group all, light or heavy. */
static int summary_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    bwm_pl_results *r = ((loader *)ctx)->r;
    static const char *const groups[] = {"all", "light", "heavy"};
    for (int k = 0; k < 3; k++)
        if (strcmp(bwm_csv_field(c, idx[0]), groups[k]) == 0)
            return bwm_csv_double_or_nan(c, idx[1], &r->mare[k], err);
    return BWM_OK;
}

static int load_perf(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    static const char *const cols[] = {"app", "ipc", "ipc_model", "ipc_model_err", "note"};
    static const char *const sum[] = {"group", "mare_model"};
    for (int k = 0; k < 3; k++)
        r->mare[k] = NAN;
    loader l = {r, 0, 0, NULL, NULL, 0};
    int st = bwm_pl_each_row(s, "fit_perf", cols, 5, perf_row, &l, err);
    return st == BWM_OK ? bwm_pl_each_row(s, "fit_perf_summary", sum, 2, summary_row, &l, err) : st;
}

int bwm_pl_load_from(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    memset(r, 0, sizeof *r);
    int st = load_metrics(s, r, err);
    if (st == BWM_OK)
        st = load_apps(s, r, err);
    if (st == BWM_OK)
        st = load_perf(s, r, err);
    if (st == BWM_OK)
        st = bwm_pl_load_variation(s, r, err);
    if (st == BWM_OK)
        st = bwm_pl_load_batch(s, r, err);
    if (st == BWM_OK)
        st = bwm_pl_load_pfit(s, r, err);
    if (st != BWM_OK)
        bwm_pl_free(r);
    return st;
}

int bwm_pl_load(const char *dir, bwm_pl_results *r, bwm_err *err)
{
    bwm_pl_source s = {dir, NULL, 0};
    return bwm_pl_load_from(&s, r, err);
}

void bwm_pl_free(bwm_pl_results *r)
{
    free(r->runs);
    free(r->alone);
    free(r->perf);
    free(r->var);
    free(r->var_runs);
    free(r->var_sum);
    free(r->batch);
    free(r->pfit);
    memset(r, 0, sizeof *r);
}

const bwm_pl_run *bwm_pl_find(const bwm_pl_results *r, const char *exp, const char *workload, const char *sched)
{
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if ((!exp || strcmp(x->exp, exp) == 0) && strcmp(x->workload, workload) == 0 &&
            (!sched || strcmp(x->sched, sched) == 0))
            return x;
    }
    return NULL;
}
