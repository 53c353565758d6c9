/* results_batch.c — batching.csv of a study folder (or its table in
 * memory) into its results (see results.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/results.h"
#include "util/grow.h"

const char *const bwm_pl_batch_cols[BWM_PL_BATCH_NCOLS] = {
    "design", "app", "pattern", "sms", "ipc", "speedup", "bw_frac", "row_hit_rate", "blp", "act_per_access",
    "local_access", "dram_delay", "dram_energy", "dram_energy_per_access", "ctas"};

typedef struct batch_loader {
    bwm_pl_results *r;
    size_t cap;
} batch_loader;

static int batch_row(const bwm_csv *c, const int *idx, void *ctx, bwm_err *err)
{
    batch_loader *l = ctx;
    bwm_pl_batch *g = bwm_grow(l->r->batch, &l->cap, l->r->nbatch, sizeof *g);
    if (!g)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    l->r->batch = g;
    bwm_pl_batch *b = &g[l->r->nbatch++];
    memset(b, 0, sizeof *b);
    snprintf(b->design, sizeof b->design, "%s", bwm_csv_field(c, idx[0]));
    snprintf(b->app, sizeof b->app, "%s", bwm_csv_field(c, idx[1]));
    snprintf(b->pattern, sizeof b->pattern, "%s", bwm_csv_field(c, idx[2]));
    int st = BWM_OK;
    for (int k = 0; st == BWM_OK && k < BWM_BM_COUNT; k++)
        st = bwm_csv_double_or_nan(c, idx[4 + k], &b->v[k], err);
    return st;
}

int bwm_pl_load_batch(const bwm_pl_source *s, bwm_pl_results *r, bwm_err *err)
{
    if (!bwm_pl_has(s, "batching"))
        return BWM_OK;
    batch_loader l = {r, 0};
    return bwm_pl_each_row(s, "batching", bwm_pl_batch_cols, BWM_PL_BATCH_NCOLS, batch_row, &l, err);
}
