/* results_variation.c — variation.csv, variation_runs.csv and
 * variation_summary.csv of a study folder (or their tables in memory) into
 * its results (see results.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/results.h"
#include "util/grow.h"

typedef struct var_loader {
    bwm_pl_results *r;
    size_t cap;
} var_loader;

static int count_cell(const bwm_csv *c, int col, int *out, bwm_err *err)
{
    double v;
    int st = bwm_csv_double(c, col, &v, err);
    if (st == BWM_OK && (v < 0 || v > 1e6 || v != floor(v)))
        st = bwm_fail(err, BWM_EINPUT, "%s:%ld: '%s' is not a count", c->path, c->line, bwm_csv_field(c, col));
    *out = st == BWM_OK ? (int)v : 0;
    return st;
}

static const char *const var_cols[] = {"partitioning", "parts", "app", "t_whole", "t_alone", "alone_vs_whole",
                                       "alone_vs_cp", "worst", "variation_pct"};

static int var_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    var_loader *l = ctx;
    bwm_pl_variation *g = bwm_grow(l->r->var, &l->cap, l->r->nvar, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->var = g;
    bwm_pl_variation *v = &g[l->r->nvar++];
    memset(v, 0, sizeof *v);
    snprintf(v->partitioning, sizeof v->partitioning, "%s", bwm_csv_field(c, idx[0]));
    snprintf(v->app, sizeof v->app, "%s", bwm_csv_field(c, idx[2]));
    snprintf(v->worst, sizeof v->worst, "%s", bwm_csv_field(c, idx[7]));
    int st = count_cell(c, idx[1], &v->parts, err);
    double *num[] = {&v->t_whole, &v->t_alone, &v->alone_vs_whole, &v->alone_vs_cp};
    for (int k = 0; st == BWM_OK && k < 4; k++)
        st = bwm_csv_double_or_nan(c, idx[3 + k], num[k], err);
    return st == BWM_OK ? bwm_csv_double_or_nan(c, idx[8], &v->variation_pct, err) : st;
}

static const char *const run_cols[] = {"partitioning", "parts", "app", "interferer", "cycles"};

static int run_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    var_loader *l = ctx;
    bwm_pl_variation_run *g = bwm_grow(l->r->var_runs, &l->cap, l->r->nvar_runs, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->var_runs = g;
    bwm_pl_variation_run *v = &g[l->r->nvar_runs++];
    memset(v, 0, sizeof *v);
    snprintf(v->partitioning, sizeof v->partitioning, "%s", bwm_csv_field(c, idx[0]));
    snprintf(v->app, sizeof v->app, "%s", bwm_csv_field(c, idx[2]));
    snprintf(v->interferer, sizeof v->interferer, "%s", bwm_csv_field(c, idx[3]));
    int st = count_cell(c, idx[1], &v->parts, err);
    return st == BWM_OK ? bwm_csv_double_or_nan(c, idx[4], &v->cycles, err) : st;
}

static const char *const sum_cols[] = {"partitioning", "parts", "n", "mean_variation_pct", "max_variation_pct",
                                       "max_app", "worst_interferer"};

static int sum_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    var_loader *l = ctx;
    bwm_pl_variation_summary *g = bwm_grow(l->r->var_sum, &l->cap, l->r->nvar_sum, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->var_sum = g;
    bwm_pl_variation_summary *v = &g[l->r->nvar_sum++];
    memset(v, 0, sizeof *v);
    snprintf(v->partitioning, sizeof v->partitioning, "%s", bwm_csv_field(c, idx[0]));
    snprintf(v->max_app, sizeof v->max_app, "%s", bwm_csv_field(c, idx[5]));
    snprintf(v->worst_interferer, sizeof v->worst_interferer, "%s", bwm_csv_field(c, idx[6]));
    int st = count_cell(c, idx[1], &v->parts, err);
    if (st == BWM_OK)
        st = count_cell(c, idx[2], &v->n, err);
    if (st == BWM_OK)
        st = bwm_csv_double_or_nan(c, idx[3], &v->mean_pct, err);
    return st == BWM_OK ? bwm_csv_double_or_nan(c, idx[4], &v->max_pct, err) : st;
}

int bwm_pl_load_variation(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    if (!bwm_pl_has(s, "variation"))
        return BWM_OK;
    var_loader l = {r, 0};
    int st = bwm_pl_each_row(s, "variation", var_cols, sizeof var_cols / sizeof var_cols[0], var_row, &l, err);
    var_loader runs = {r, 0};
    if (st == BWM_OK)
        st = bwm_pl_each_row(s, "variation_runs", run_cols, sizeof run_cols / sizeof run_cols[0], run_row, &runs,
                             err);
    var_loader sum = {r, 0};
    return st == BWM_OK ? bwm_pl_each_row(s, "variation_summary", sum_cols, sizeof sum_cols / sizeof sum_cols[0],
                                          sum_row, &sum, err)
                        : st;
}
