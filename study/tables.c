/* tables.c — a study's results as tables (see tables.h). */
#include "study/tables.h"

#include <stdio.h>
#include <string.h>

#include "sim/stats/stat_table.h"

static const char *const head_cols[] = {"experiment", "workload_id", "workload", "sched", "split", "window",
                                        "alpha", "partition", "design", "app", "app_index", "app_name"};
/* then the statistics of these groups (sim/stats/stat_table.h), then */
static const bwm_stat_group result_groups[] = {BWM_SG_RUN, BWM_SG_STAGES};
static const char *const alone_cols[] = {"ipc_alone", "mpki_alone", "bw_alone", "sd"};
static const char *const metric_cols[] = {
    "experiment", "workload_id", "workload", "sched", "split", "window", "alpha", "partition", "design", "class_mpki",
    "class_bw",
    "it_subset", "ws_subset", "it", "ws", "hs", "antt", "max_slowdown", "unfairness", "it_norm", "ws_norm",
    "hs_norm", "error"};

/* The columns every row starts with: which run it is. */
static void run_head(bwm_table *t, const bwm_study_run *r)
{
    char split[64] = "";
    for (size_t i = 0; i < r->napps; i++) {
        size_t len = strlen(split);
        snprintf(split + len, sizeof split - len, "%s%d", i ? "/" : "", r->split[i]);
    }
    bwm_table_str(t, bwm_study_exp_name(r->exp));
    bwm_table_str(t, r->workload_id);
    bwm_table_str(t, r->workload);
    bwm_table_str(t, r->sched);
    bwm_table_str(t, split);
    bwm_table_int(t, r->window);
    if (r->alpha > 0)
        bwm_table_num(t, r->alpha);
    else
        bwm_table_null(t);
    const char *text[] = {r->partition, r->design};
    for (int k = 0; k < 2; k++)
        if (text[k][0])
            bwm_table_str(t, text[k]);
        else
            bwm_table_null(t);
}

static void result_rows(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *t)
{
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        const bwm_run_outcome *x = &o->o[k];
        for (size_t i = 0; i < x->rec.napps; i++) {
            const bwm_app_result *a = &x->rec.app[i];
            long app = bwm_plan_app(f, a->abbr);
            run_head(t, r);
            bwm_table_str(t, a->abbr);
            bwm_table_int(t, (long long)i + 1);
            bwm_table_str(t, app >= 0 ? f->apps[app].name : "");
            /* the statistics of the table's groups every output has; a refused run has no counts */
            for (size_t g = 0; g < sizeof result_groups / sizeof result_groups[0]; g++) {
                const bwm_stat *s[BWM_STAT_MAX];
                size_t n = bwm_stat_list(result_groups[g], 0, s);
                for (size_t c = 0; c < n; c++)
                    if (x->rec.error[0] && (s[c]->kind == BWM_SK_COUNT || s[c]->kind == BWM_SK_CYCLES))
                        bwm_table_null(t);
                    else
                        bwm_stat_cell(s[c], a, t);
            }
            const double alone[] = {x->rec.alone[i].ipc, x->rec.alone[i].mpki, x->rec.alone[i].bw, x->sd[i]};
            for (size_t c = 0; c < sizeof alone / sizeof alone[0]; c++)
                bwm_table_num(t, alone[c]);
        }
    }
}

/* "A-MPKI" from the letter, empty for a single application. */
static void class_cell(bwm_table *t, const char *letter, const char *what)
{
    char text[16];
    bwm_study_class_text(letter, what, text, sizeof text);
    if (text[0])
        bwm_table_str(t, text);
    else
        bwm_table_null(t);
}

static void metric_rows(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *t)
{
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        const bwm_run_outcome *x = &o->o[k];
        if (r->exp == BWM_EXP_ALONE)
            continue;
        run_head(t, r);
        class_cell(t, r->mpki_class, "MPKI");
        class_cell(t, r->bw_class, "BW");
        bwm_table_bool(t, r->flags.it_subset);
        bwm_table_bool(t, r->flags.ws_subset);
        const bwm_metrics *m = &x->m;
        const double v[] = {m->it, m->ws, m->hs, m->antt, m->max_slowdown, m->unfairness,
                            x->it_norm, x->ws_norm, x->hs_norm};
        for (size_t c = 0; c < sizeof v / sizeof v[0]; c++) {
            if (x->have_metrics)
                bwm_table_num(t, v[c]);
            else
                bwm_table_null(t);
        }
        bwm_table_str(t, x->rec.error);
    }
}

void bwm_study_tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *results,
                      bwm_table *metrics)
{
    const char *cols[sizeof head_cols / sizeof head_cols[0] + BWM_STAT_MAX + sizeof alone_cols / sizeof alone_cols[0]];
    size_t n = 0;
    for (size_t k = 0; k < sizeof head_cols / sizeof head_cols[0]; k++)
        cols[n++] = head_cols[k];
    for (size_t g = 0; g < sizeof result_groups / sizeof result_groups[0]; g++) {
        const bwm_stat *s[BWM_STAT_MAX];
        size_t k = bwm_stat_list(result_groups[g], 0, s);
        for (size_t i = 0; i < k; i++)
            cols[n++] = s[i]->name;
    }
    for (size_t k = 0; k < sizeof alone_cols / sizeof alone_cols[0]; k++)
        cols[n++] = alone_cols[k];
    bwm_table_init(results, "Results: one row per run and application", cols, n);
    bwm_table_init(metrics, "Workload metrics: one row per run", metric_cols,
                   sizeof metric_cols / sizeof metric_cols[0]);
    result_rows(f, o, results);
    metric_rows(f, o, metrics);
}

void bwm_study_json(bwm_json_members_fn provenance, const void *ctx, const bwm_table *results,
                    const bwm_table *metrics, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    provenance(ctx, &j);
    bwm_json_key(&j, "results");
    bwm_table_json(results, &j);
    bwm_json_key(&j, "metrics");
    bwm_table_json(metrics, &j);
    bwm_json_obj_end(&j);
    bwm_buf_puts(out, "\n");
}
