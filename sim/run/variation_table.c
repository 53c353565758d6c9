/* variation_table.c — the variation's tables (see variation_table.h). */
#include "sim/run/variation_table.h"

#include <stdio.h>
#include <string.h>

const char *const bwm_variation_table_names[BWM_VARIATION_NTABLES] = {"apps", "runs", "summary"};

static const char *const app_cols[] = {
    "partitioning", "parts", "app", "t_whole", "t_alone", "alone_vs_whole", "alone_vs_cp", "worst", "t_worst",
    "variation_pct",
};
static const char *const run_cols[] = {"partitioning", "parts", "app", "interferer", "cycles", "vs_alone"};
static const char *const summary_cols[] = {
    "partitioning", "parts", "n", "mean_variation_pct", "max_variation_pct", "max_app", "worst_interferer",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void bwm_variation_layout_of(const bwm_variation_spec *s, bwm_variation_layout *l)
{
    l->parts = s->parts;
    l->sms = s->cfg && s->parts && s->cfg->n_sms % s->parts ? s->cfg->n_sms / s->parts : 0;
    l->budget = s->budget;
    l->n_apps = s->n_apps;
    l->n_interferers = s->n_interferers;
    l->n_partitionings = s->n_partitionings;
    for (int k = 0; k < s->n_partitionings; k++)
        l->partitionings[k] = s->partitionings[k];
    for (int a = 0; a < s->n_apps; a++)
        snprintf(l->apps[a], sizeof l->apps[a], "%s", s->apps[a]->abbr);
    for (int b = 0; b < s->n_interferers; b++)
        snprintf(l->interferers[b], sizeof l->interferers[b], "%s", s->interferers[b]->abbr);
}

/* The cells of parts and, when the layout has it, sms. */
static void parts_cells(const bwm_variation_layout *l, bwm_table *t)
{
    bwm_table_int(t, l->parts);
    if (l->sms)
        bwm_table_int(t, l->sms);
}

/* Table t's columns cols[0..n), with sms after parts when l has it. */
static void init_table(bwm_table *t, const char *title, const bwm_variation_layout *l, const char *const *cols,
                       size_t n)
{
    const char *with[16];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof with / sizeof with[0]; i++) {
        with[k++] = cols[i];
        if (l->sms && strcmp(cols[i], "parts") == 0)
            with[k++] = "sms";
    }
    bwm_table_init(t, title, with, k);
}

/* The row of the same application under cp, or NULL. */
static const bwm_variation_row *cp_row(const bwm_variation_result *r, int app)
{
    for (int i = 0; i < r->n_rows; i++)
        if (r->rows[i].how == BWM_PARTITION_CP && r->rows[i].app == app)
            return &r->rows[i];
    return NULL;
}

static void app_and_run_rows(const bwm_variation_layout *l, const bwm_variation_result *r, bwm_table *t)
{
    for (int i = 0; i < r->n_rows; i++) {
        const bwm_variation_row *x = &r->rows[i];
        const char *how = bwm_partitioning_name(x->how);
        bwm_table_str(&t[0], how);
        parts_cells(l, &t[0]);
        bwm_table_str(&t[0], l->apps[x->app]);
        bwm_table_int(&t[0], (long long)r->t_whole[x->app]);
        bwm_table_int(&t[0], (long long)x->t_alone);
        bwm_table_num(&t[0], (double)x->t_alone / (double)r->t_whole[x->app]);
        const bwm_variation_row *cp = cp_row(r, x->app);
        if (cp)
            bwm_table_num(&t[0], (double)x->t_alone / (double)cp->t_alone);
        else
            bwm_table_null(&t[0]);
        if (x->variation > 0) /* no interferer is worst when none slows A */
            bwm_table_str(&t[0], l->interferers[x->worst]);
        else
            bwm_table_null(&t[0]);
        bwm_table_int(&t[0], (long long)x->t_with[x->worst]);
        bwm_table_num(&t[0], 100.0 * x->variation);
        for (int b = 0; b < l->n_interferers; b++) {
            bwm_table_str(&t[1], how);
            parts_cells(l, &t[1]);
            bwm_table_str(&t[1], l->apps[x->app]);
            bwm_table_str(&t[1], l->interferers[b]);
            bwm_table_int(&t[1], (long long)x->t_with[b]);
            bwm_table_num(&t[1], (double)x->t_with[b] / (double)x->t_alone);
        }
    }
}

static void summary_rows(const bwm_variation_layout *l, const bwm_variation_result *r, bwm_table *t)
{
    for (int k = 0; k < l->n_partitionings; k++) {
        int worst_count[BWM_VARIATION_MAX_INTERFERERS] = {0}, max_app = -1, most = 0, n = 0;
        for (int i = 0; i < r->n_rows; i++) {
            const bwm_variation_row *x = &r->rows[i];
            if (x->how != l->partitionings[k])
                continue;
            n++;
            worst_count[x->worst] += x->variation > 0;
            if (max_app < 0 || x->variation > r->rows[max_app].variation)
                max_app = i;
        }
        if (max_app < 0)
            continue;
        for (int b = 1; b < l->n_interferers; b++)
            if (worst_count[b] > worst_count[most])
                most = b;
        bwm_table_str(t, bwm_partitioning_name(l->partitionings[k]));
        parts_cells(l, t);
        bwm_table_int(t, n);
        bwm_table_num(t, 100.0 * r->mean[k]);
        bwm_table_num(t, 100.0 * r->max[k]);
        if (r->rows[max_app].variation > 0)
            bwm_table_str(t, l->apps[r->rows[max_app].app]);
        else
            bwm_table_null(t);
        if (worst_count[most] > 0)
            bwm_table_str(t, l->interferers[most]);
        else
            bwm_table_null(t);
    }
}

void bwm_variation_tables(const bwm_variation_layout *l, const bwm_variation_result *r, bwm_table *t)
{
    char title[3][160];
    snprintf(title[0], sizeof title[0], "Variation (paper 003): each application on 1 of %d partitions, beside "
             "its interferers", l->parts);
    snprintf(title[1], sizeof title[1], "Runs: core cycles to %llu thread instructions beside each interferer",
             (unsigned long long)l->budget);
    snprintf(title[2], sizeof title[2], "Summary per partitioning");
    init_table(&t[0], title[0], l, app_cols, COUNT(app_cols));
    init_table(&t[1], title[1], l, run_cols, COUNT(run_cols));
    init_table(&t[2], title[2], l, summary_cols, COUNT(summary_cols));
    app_and_run_rows(l, r, t);
    summary_rows(l, r, &t[2]);
}
