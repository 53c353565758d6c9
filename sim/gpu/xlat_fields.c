/* xlat_fields.c — the translation statistics as named fields (see
 * xlat_fields.h). */
#include "sim/gpu/xlat_fields.h"

static const char *const level_names[] = {"walk_l2_hit_1", "walk_l2_hit_2", "walk_l2_hit_3",
                                          "walk_l2_hit_4", "walk_l2_hit_5", "walk_l2_hit_6"};
static const char *const read_latency_names[] = {"walk_read_latency_1", "walk_read_latency_2",
                                                 "walk_read_latency_3", "walk_read_latency_4",
                                                 "walk_read_latency_5", "walk_read_latency_6"};
_Static_assert(sizeof level_names / sizeof level_names[0] == BWM_MMU_MAX_LEVELS, "a name per level");
_Static_assert(sizeof read_latency_names / sizeof read_latency_names[0] == BWM_MMU_MAX_LEVELS, "a name per level");
_Static_assert(14 + 2 * BWM_MMU_MAX_LEVELS <= BWM_XLAT_MAX_FIELDS, "room for every field");

int bwm_xlat_fields(bwm_xlat_result *r, bwm_xlat_field out[BWM_XLAT_MAX_FIELDS])
{
    int n = 0;
    out[n++] = (bwm_xlat_field){"l1_tlb_miss_rate", &r->l1_tlb_miss_rate, NULL};
    out[n++] = (bwm_xlat_field){"l2_tlb_miss_rate", &r->l2_tlb_miss_rate, NULL};
    out[n++] = (bwm_xlat_field){"pwc_hit_rate", &r->pwc_hit_rate, NULL};
    out[n++] = (bwm_xlat_field){"walks", NULL, &r->walks};
    out[n++] = (bwm_xlat_field){"large_walk_frac", &r->large_walk_frac, NULL};
    out[n++] = (bwm_xlat_field){"large_pages", NULL, &r->large_pages};
    out[n++] = (bwm_xlat_field){"concurrent_walks", &r->concurrent_walks, NULL};
    out[n++] = (bwm_xlat_field){"walk_latency", &r->walk_latency, NULL};
    out[n++] = (bwm_xlat_field){"warps_per_miss", &r->warps_per_miss, NULL};
    out[n++] = (bwm_xlat_field){"warps_per_miss_frac", &r->warps_per_miss_frac, NULL};
    for (int k = 1; k <= r->levels && k <= BWM_MMU_MAX_LEVELS; k++)
        out[n++] = (bwm_xlat_field){level_names[k - 1], &r->walk_l2_hit[k], NULL};
    out[n++] = (bwm_xlat_field){"walk_bw_frac", &r->walk_bw_frac, NULL};
    out[n++] = (bwm_xlat_field){"walk_dram_latency", &r->walk_dram_latency, NULL};
    out[n++] = (bwm_xlat_field){"data_dram_latency", &r->data_dram_latency, NULL};
    for (int k = 1; k <= r->levels && k <= BWM_MMU_MAX_LEVELS; k++)
        out[n++] = (bwm_xlat_field){read_latency_names[k - 1], &r->walk_read_latency[k], NULL};
    out[n++] = (bwm_xlat_field){"tlb_stall_insts", NULL, &r->tlb_stall_insts};
    return n;
}

double bwm_xlat_field_value(const bwm_xlat_field *f)
{
    return f->u ? (double)*f->u : *f->d;
}
