/* model_out.c — shared formatting for the model subcommands (see model_out.h). */
#include "cli/model_out.h"

#include <math.h>
#include <stdio.h>

static const char *const rules[BWM_MV_COUNT] = {
    "lowest mpki (Eq. 6-8)",
    "lowest bw_alone (Eq. 11-13)",
    "lowest attained bw (Eq. 16-18)",
    "highest bw_alone/bw^2",
};

void bwm_out_transfer_json(bwm_json *j, const bwm_transfer *t, const bwm_app_set *s,
                           const char *operating_point)
{
    bwm_json_key(j, "transfer");
    bwm_json_obj_begin(j);
    bwm_json_kv_int(j, "favour_it", t->favour[BWM_MV_IT]);
    bwm_json_kv_int(j, "favour_ws", t->favour[BWM_MV_WS]);
    bwm_json_kv_int(j, "favour_ws_approx", t->favour[BWM_MV_WS_APPROX]);
    bwm_json_kv_bool(j, "conflict", t->conflict);
    bwm_json_kv_int(j, "favour_hs", t->favour[BWM_MV_HS]);
    bwm_json_kv_bool(j, "bandwidth_bound", t->bandwidth_bound);
    bwm_json_kv_str(j, "operating_point", operating_point);
    bwm_json_key(j, "marginal");
    bwm_json_arr_begin(j);
    for (size_t i = 0; i < t->n; i++) {
        bwm_json_obj_begin(j);
        bwm_json_kv_int(j, "app", (long long)i + 1);
        bwm_json_kv_str(j, "name", s->names[i]);
        for (int m = 0; m < BWM_MV_COUNT; m++)
            bwm_json_kv_num(j, bwm_metric_name(m), t->value[m][i]);
        bwm_json_obj_end(j);
    }
    bwm_json_arr_end(j);
    bwm_json_key(j, "ranking");
    bwm_json_obj_begin(j);
    for (int m = 0; m < BWM_MV_COUNT; m++) {
        bwm_json_key(j, bwm_metric_name(m));
        bwm_json_arr_begin(j);
        for (size_t k = 0; k < t->n; k++)
            bwm_json_int(j, (long long)t->rank[m][k] + 1);
        bwm_json_arr_end(j);
    }
    bwm_json_obj_end(j);
    bwm_json_obj_end(j);
}

void bwm_out_transfer_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s)
{
    static const char *const cols[] = {"metric", "favour", "name", "rule", "ranking", "conflict"};
    bwm_table_init(t, "Epsilon-transfer analysis: which application to favour", cols, 6);
    for (int m = 0; m < BWM_MV_COUNT; m++) {
        int f = tr->favour[m];
        char rank[256];
        size_t len = 0;
        rank[0] = '\0';
        for (size_t k = 0; k < tr->n && len < sizeof rank; k++)
            len += (size_t)snprintf(rank + len, sizeof rank - len, "%s%s", k ? " > " : "",
                                    s->names[tr->rank[m][k]]);
        bwm_table_str(t, bwm_metric_name(m));
        if (f)
            bwm_table_int(t, f);
        else
            bwm_table_str(t, "none");
        bwm_table_str(t, f ? s->names[f - 1] : "(indifferent)");
        bwm_table_str(t, rules[m]);
        bwm_table_str(t, rank);
        bwm_table_str(t, m == BWM_MV_IT || m == BWM_MV_WS ? (tr->conflict ? "yes" : "no") : "");
    }
}

void bwm_out_join(char *dst, size_t n, const double *v, size_t count)
{
    size_t len = 0;
    dst[0] = '\0';
    for (size_t i = 0; i < count && len < n; i++) {
        if (isfinite(v[i]))
            len += (size_t)snprintf(dst + len, n - len, "%s%.4g", i ? " / " : "", v[i]);
        else
            len += (size_t)snprintf(dst + len, n - len, "%s-", i ? " / " : "");
    }
}

void bwm_out_alloc_table_init(bwm_table *t, const char *title)
{
    static const char *const cols[] = {"policy", "app", "name", "mpki", "bw_alone", "bw", "bw_frac",
                                       "perf", "sd", "it", "ws", "hs", "antt", "max_slowdown",
                                       "unfairness"};
    bwm_table_init(t, title, cols, sizeof cols / sizeof cols[0]);
}

void bwm_out_alloc_rows(bwm_table *t, const char *policy, const bwm_app_set *s, const double *bw,
                        const double *perf, const double *sd, const bwm_metrics *m)
{
    for (size_t i = 0; i < s->n; i++) {
        bwm_table_str(t, policy);
        bwm_table_int(t, (long long)i + 1);
        bwm_table_str(t, s->names[i]);
        bwm_table_num(t, s->apps[i].mpki);
        bwm_table_num(t, s->apps[i].bw_alone);
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
    }
}
