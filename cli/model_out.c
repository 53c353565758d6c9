/* model_out.c — shared formatting for the model subcommands (see model_out.h). */
#include "cli/model_out.h"

#include <math.h>
#include <stdio.h>

#include "model/app.h"

static const char *const rules[BWM_MV_COUNT] = {
    "lowest mpki (Eq. 6-8)",
    "lowest bw_alone (Eq. 11-13)",
    "lowest attained bw (Eq. 16-18)",
    "highest bw_alone/bw^2",
};

void bwm_out_id_cols(const bwm_app_set *s, const char **cols, size_t *n)
{
    cols[(*n)++] = "app_index";
    if (s->named) {
        cols[(*n)++] = "app";
        cols[(*n)++] = "app_name";
    }
}

void bwm_out_id_cells(bwm_table *t, const bwm_app_set *s, size_t i)
{
    bwm_table_int(t, (long long)i + 1);
    if (s->named) {
        bwm_table_str(t, s->abbr[i]);
        bwm_table_str(t, s->full[i]);
    }
}

void bwm_out_id_json(bwm_json *j, const bwm_app_set *s, size_t i)
{
    bwm_json_kv_int(j, "app_index", (long long)i + 1);
    if (s->named) {
        bwm_json_kv_str(j, "app", s->abbr[i]);
        bwm_json_kv_str(j, "app_name", s->full[i]);
    }
}

int bwm_out_marginal_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s, const double *bw,
                           const char *operating_point)
{
    static const char *const rest[] = {"mpki", "bw_alone", "bw", "mv_it", "mv_ws", "mv_ws_approx", "mv_hs",
                                       "rank_it", "rank_ws", "rank_ws_approx", "rank_hs"};
    const char *cols[3 + sizeof rest / sizeof rest[0]];
    size_t n = 0;
    bwm_out_id_cols(s, cols, &n);
    for (size_t k = 0; k < sizeof rest / sizeof rest[0]; k++)
        cols[n++] = rest[k];
    char title[160];
    snprintf(title, sizeof title, "Marginal value of bandwidth per application (operating point: %s)",
             operating_point);
    int st = bwm_table_init(t, title, cols, n);
    for (size_t i = 0; st == 0 && i < s->n; i++) {
        bwm_out_id_cells(t, s, i);
        bwm_table_num(t, s->apps[i].mpki);
        bwm_table_num(t, s->apps[i].bw_alone);
        bwm_table_num(t, bw[i]);
        for (int m = 0; m < BWM_MV_COUNT; m++)
            bwm_table_num(t, tr->value[m][i]);
        for (int m = 0; m < BWM_MV_COUNT; m++)
            for (size_t k = 0; k < s->n; k++)
                if (tr->rank[m][k] == i)
                    bwm_table_int(t, (long long)k + 1);
    }
    return st;
}

int bwm_out_verdict_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s,
                          const char *operating_point)
{
    static const char *const cols[] = {"favour_it", "favour_ws", "favour_ws_approx", "conflict", "favour_hs",
                                       "bandwidth_bound", "operating_point", "peak"};
    int st = bwm_table_init(t, "Epsilon-transfer verdict (application numbers; empty: indifferent)", cols,
                            sizeof cols / sizeof cols[0]);
    if (st != 0)
        return st;
    static const int order[] = {BWM_MV_IT, BWM_MV_WS, BWM_MV_WS_APPROX};
    for (size_t k = 0; k < 3; k++)
        if (tr->favour[order[k]])
            bwm_table_int(t, tr->favour[order[k]]);
        else
            bwm_table_null(t);
    bwm_table_bool(t, tr->conflict);
    if (tr->favour[BWM_MV_HS])
        bwm_table_int(t, tr->favour[BWM_MV_HS]);
    else
        bwm_table_null(t);
    bwm_table_bool(t, tr->bandwidth_bound);
    bwm_table_str(t, operating_point);
    bwm_table_num(t, s->peak);
    return 0;
}

void bwm_out_transfer_json(bwm_json *j, const bwm_table *verdict, const bwm_table *marginal)
{
    bwm_json_key(j, "transfer");
    bwm_json_obj_begin(j);
    bwm_table_row_members(verdict, 0, j);
    bwm_json_key(j, "marginal");
    bwm_table_json(marginal, j);
    bwm_json_obj_end(j);
}

void bwm_out_transfer_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s)
{
    static const char *const cols[] = {"metric", "favour", "application", "rule", "ranking", "conflict"};
    bwm_table_init(t, "Epsilon-transfer analysis: which application to favour", cols, 6);
    for (int m = 0; m < BWM_MV_COUNT; m++) {
        int f = tr->favour[m];
        bwm_buf rank;
        bwm_buf_init(&rank);
        for (size_t k = 0; k < tr->n; k++)
            bwm_buf_printf(&rank, "%s%s", k ? " > " : "", s->label[tr->rank[m][k]]);
        bwm_table_str(t, bwm_metric_name(m));
        if (f)
            bwm_table_int(t, f);
        else
            bwm_table_str(t, "none");
        bwm_table_str(t, f ? s->label[f - 1] : "(indifferent)");
        bwm_table_str(t, rules[m]);
        bwm_table_str(t, bwm_buf_str(&rank));
        bwm_buf_free(&rank);
        if (m == BWM_MV_IT || m == BWM_MV_WS)
            bwm_table_bool(t, tr->conflict);
        else
            bwm_table_str(t, "");
    }
}

void bwm_out_join(bwm_buf *b, const double *v, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (isfinite(v[i]))
            bwm_buf_printf(b, "%s%.4g", i ? " / " : "", v[i]);
        else
            bwm_buf_printf(b, "%s-", i ? " / " : "");
    }
}

void bwm_out_alloc_table_init(bwm_table *t, const char *title, const bwm_app_set *s)
{
    static const char *const rest[] = {"mpki", "bw_alone", "perf_alone", "rbl", "bw", "bw_frac", "perf", "sd",
                                       "it", "ws", "hs", "antt", "max_slowdown", "unfairness", "peak"};
    const char *cols[4 + sizeof rest / sizeof rest[0]];
    size_t n = 0;
    cols[n++] = "policy";
    bwm_out_id_cols(s, cols, &n);
    for (size_t k = 0; k < sizeof rest / sizeof rest[0]; k++)
        cols[n++] = rest[k];
    bwm_table_init(t, title, cols, n);
}

void bwm_out_alloc_rows(bwm_table *t, const char *policy, const bwm_app_set *s, const double *bw,
                        const double *perf, const double *sd, const bwm_metrics *m)
{
    for (size_t i = 0; i < s->n; i++) {
        bwm_table_str(t, policy);
        bwm_out_id_cells(t, s, i);
        bwm_table_num(t, s->apps[i].mpki);
        bwm_table_num(t, s->apps[i].bw_alone);
        bwm_table_num(t, bwm_app_perf_alone(&s->apps[i]));
        if (s->apps[i].rbl > 0)
            bwm_table_num(t, s->apps[i].rbl);
        else
            bwm_table_null(t);
        bwm_table_num(t, bw[i]);
        bwm_table_num(t, bw[i] / s->peak);
        bwm_table_num(t, perf[i]);
        bwm_table_num(t, sd[i]);
        bwm_table_num(t, m->it);
        bwm_table_num(t, m->ws);
        bwm_table_num(t, m->hs);
        bwm_table_num(t, m->antt);
        bwm_table_num(t, m->max_slowdown);
        bwm_table_num(t, m->unfairness);
        bwm_table_num(t, s->peak);
    }
}
