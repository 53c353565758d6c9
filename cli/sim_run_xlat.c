/* sim_run_xlat.c — the translation columns of sim run (see sim_run_xlat.h). */
#include "cli/sim_run_xlat.h"

static const char *const head_cols[] = {"l1_tlb_miss_rate", "l2_tlb_miss_rate", "pwc_hit_rate", "walks",
                                        "concurrent_walks", "walk_latency", "warps_per_miss",
                                        "warps_per_miss_frac"};
static const char *const level_cols[] = {"walk_l2_hit_1", "walk_l2_hit_2", "walk_l2_hit_3",
                                         "walk_l2_hit_4", "walk_l2_hit_5", "walk_l2_hit_6"};
static const char *const tail_cols[] = {"walk_bw_frac", "walk_dram_latency", "data_dram_latency",
                                        "tlb_stall_insts"};
#define N(a) (int)(sizeof a / sizeof a[0])
_Static_assert(N(level_cols) == BWM_MMU_MAX_LEVELS, "a column per level");
_Static_assert(N(head_cols) + N(level_cols) + N(tail_cols) <= BWM_XLAT_MAX_COLUMNS, "room for every column");

int bwm_xlat_columns(int levels, const char *names[BWM_XLAT_MAX_COLUMNS])
{
    int n = 0;
    for (int i = 0; i < N(head_cols); i++)
        names[n++] = head_cols[i];
    for (int i = 0; i < levels && i < N(level_cols); i++)
        names[n++] = level_cols[i];
    for (int i = 0; i < N(tail_cols); i++)
        names[n++] = tail_cols[i];
    return n;
}

/* The values in the columns' order: integers as doubles (walks and
 * tlb_stall_insts, whole numbers well below 2^53). */
static int values(const bwm_app_result *x, double v[BWM_XLAT_MAX_COLUMNS])
{
    const bwm_xlat_result *r = &x->xlat;
    int n = 0;
    const double head[] = {r->l1_tlb_miss_rate, r->l2_tlb_miss_rate, r->pwc_hit_rate, (double)r->walks,
                           r->concurrent_walks, r->walk_latency, r->warps_per_miss, r->warps_per_miss_frac};
    for (int i = 0; i < N(head); i++)
        v[n++] = head[i];
    for (int k = 1; k <= r->levels && k <= BWM_MMU_MAX_LEVELS; k++)
        v[n++] = r->walk_l2_hit[k];
    const double tail[] = {r->walk_bw_frac, r->walk_dram_latency, r->data_dram_latency, (double)r->tlb_stall_insts};
    for (int i = 0; i < N(tail); i++)
        v[n++] = tail[i];
    return n;
}

/* Whether column i of n holds a count. */
static int is_count(int i, int n)
{
    return i == 3 || i == n - 1;
}

void bwm_xlat_cells(const bwm_app_result *x, bwm_table *t)
{
    double v[BWM_XLAT_MAX_COLUMNS];
    int n = values(x, v);
    for (int i = 0; i < n; i++)
        if (is_count(i, n))
            bwm_table_int(t, (long long)v[i]);
        else
            bwm_table_num(t, v[i]);
}

void bwm_xlat_json(const bwm_app_result *x, bwm_json *j)
{
    const char *names[BWM_XLAT_MAX_COLUMNS];
    double v[BWM_XLAT_MAX_COLUMNS];
    int n = values(x, v);
    bwm_xlat_columns(x->xlat.levels, names);
    for (int i = 0; i < n; i++)
        if (is_count(i, n))
            bwm_json_kv_int(j, names[i], (long long)v[i]);
        else
            bwm_json_kv_num(j, names[i], v[i]);
}
