/* sim_run_xlat.c — the translation columns of sim run (see sim_run_xlat.h). */
#include "cli/sim_run_xlat.h"

#include <string.h>

/* One column: its name and an application's value (a count is printed as
 * an integer: walks, large_pages and tlb_stall_insts, whole numbers well
 * below 2^53). */
typedef struct xlat_cell {
    const char *name;
    double v;
    int count;
} xlat_cell;

static const char *const level_cols[] = {"walk_l2_hit_1", "walk_l2_hit_2", "walk_l2_hit_3",
                                         "walk_l2_hit_4", "walk_l2_hit_5", "walk_l2_hit_6"};
_Static_assert(sizeof level_cols / sizeof level_cols[0] == BWM_MMU_MAX_LEVELS, "a column per level");
_Static_assert(14 + BWM_MMU_MAX_LEVELS <= BWM_XLAT_MAX_COLUMNS, "room for every column");

/* The columns of r, in order; returns their number. */
static int cells(const bwm_xlat_result *r, xlat_cell out[BWM_XLAT_MAX_COLUMNS])
{
    int n = 0;
    out[n++] = (xlat_cell){"l1_tlb_miss_rate", r->l1_tlb_miss_rate, 0};
    out[n++] = (xlat_cell){"l2_tlb_miss_rate", r->l2_tlb_miss_rate, 0};
    out[n++] = (xlat_cell){"pwc_hit_rate", r->pwc_hit_rate, 0};
    out[n++] = (xlat_cell){"walks", (double)r->walks, 1};
    out[n++] = (xlat_cell){"large_walk_frac", r->large_walk_frac, 0};
    out[n++] = (xlat_cell){"large_pages", (double)r->large_pages, 1};
    out[n++] = (xlat_cell){"concurrent_walks", r->concurrent_walks, 0};
    out[n++] = (xlat_cell){"walk_latency", r->walk_latency, 0};
    out[n++] = (xlat_cell){"warps_per_miss", r->warps_per_miss, 0};
    out[n++] = (xlat_cell){"warps_per_miss_frac", r->warps_per_miss_frac, 0};
    for (int k = 1; k <= r->levels && k <= BWM_MMU_MAX_LEVELS; k++)
        out[n++] = (xlat_cell){level_cols[k - 1], r->walk_l2_hit[k], 0};
    out[n++] = (xlat_cell){"walk_bw_frac", r->walk_bw_frac, 0};
    out[n++] = (xlat_cell){"walk_dram_latency", r->walk_dram_latency, 0};
    out[n++] = (xlat_cell){"data_dram_latency", r->data_dram_latency, 0};
    out[n++] = (xlat_cell){"tlb_stall_insts", (double)r->tlb_stall_insts, 1};
    return n;
}

int bwm_xlat_columns(int levels, const char *names[BWM_XLAT_MAX_COLUMNS])
{
    bwm_xlat_result r;
    memset(&r, 0, sizeof r);
    r.levels = levels;
    xlat_cell c[BWM_XLAT_MAX_COLUMNS];
    int n = cells(&r, c);
    for (int i = 0; i < n; i++)
        names[i] = c[i].name;
    return n;
}

void bwm_xlat_cells(const bwm_app_result *x, bwm_table *t)
{
    xlat_cell c[BWM_XLAT_MAX_COLUMNS];
    int n = cells(&x->xlat, c);
    for (int i = 0; i < n; i++)
        if (c[i].count)
            bwm_table_int(t, (long long)c[i].v);
        else
            bwm_table_num(t, c[i].v);
}

void bwm_xlat_json(const bwm_app_result *x, bwm_json *j)
{
    xlat_cell c[BWM_XLAT_MAX_COLUMNS];
    int n = cells(&x->xlat, c);
    for (int i = 0; i < n; i++)
        if (c[i].count)
            bwm_json_kv_int(j, c[i].name, (long long)c[i].v);
        else
            bwm_json_kv_num(j, c[i].name, c[i].v);
}
