/* stat_table_test.c — the statistics table (sim/stats/stat_table.h): one
 * entry per name, groups in order, the stages' columns those of
 * req_life.h, per-level statistics filtered by the walk's levels, and
 * values read and written where the entry says. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/stats/stat_table.h"

Test(stat_table, names_are_unique_and_groups_are_consecutive_in_order)
{
    for (size_t i = 0; i < bwm_stat_count; i++) {
        const bwm_stat *s = &bwm_stat_table[i];
        cr_expect(s->name[0] && s->how[0] && s->unit[0] && s->meaning[0], "entry %zu is incomplete", i);
        cr_expect_eq(bwm_stat_find(s->name), s, "%s is declared twice", s->name);
        if (i > 0)
            cr_expect_geq(s->group, bwm_stat_table[i - 1].group, "%s is out of its group's place", s->name);
    }
    cr_expect_null(bwm_stat_find("abbr"));
}

Test(stat_table, the_stage_group_is_req_life_columns)
{
    static const char *const cols[] = {BWM_STAGE_COLUMNS};
    const bwm_stat *s[BWM_STAT_MAX];
    size_t n = bwm_stat_list(BWM_SG_STAGES, 0, s);
    cr_assert_eq(n, BWM_STAGE_NCOLUMNS);
    for (size_t k = 0; k < n; k++)
        cr_expect_str_eq(s[k]->name, cols[k]);
}

Test(stat_table, per_level_statistics_follow_the_walk_levels)
{
    const bwm_stat *s[BWM_STAT_MAX];
    size_t none = bwm_stat_list(BWM_SG_XLAT, 0, s), four = bwm_stat_list(BWM_SG_XLAT, 4, s);
    size_t all = bwm_stat_list(BWM_SG_XLAT, BWM_MMU_MAX_LEVELS, s);
    cr_expect_eq(four, none + 2 * 4, "walk_l2_hit_K and walk_read_latency_K for K = 1..4");
    cr_expect_eq(all, none + 2 * BWM_MMU_MAX_LEVELS);
    cr_expect_str_eq(s[0]->name, "l1_tlb_miss_rate");
}

Test(stat_table, values_are_read_and_written_where_the_entry_says)
{
    bwm_app_result r;
    memset(&r, 0, sizeof r);
    r.sms = 12;
    r.cycles = 5000;
    r.l2_sector_misses = 1234567;
    r.lat[BWM_STAGE_DRAM] = 42.5;
    r.xlat.walk_read_latency[3] = 7.25;
    r.dram_energy.part[BWM_E_PRE] = 3.5;
    cr_expect_eq(bwm_stat_get(bwm_stat_find("sms"), &r), 12);
    cr_expect_eq(bwm_stat_get(bwm_stat_find("cycles"), &r), 5000);
    cr_expect_eq(bwm_stat_get(bwm_stat_find("l2_sector_misses"), &r), 1234567);
    cr_expect_eq(bwm_stat_get(bwm_stat_find("lat_dram"), &r), 42.5);
    cr_expect_eq(bwm_stat_get(bwm_stat_find("walk_read_latency_3"), &r), 7.25);
    cr_expect_eq(bwm_stat_get(bwm_stat_find("dram_energy_pre"), &r), 3.5);
    bwm_stat_set(bwm_stat_find("walks"), &r, 99);
    bwm_stat_set(bwm_stat_find("blp"), &r, 1.5);
    cr_expect_eq(r.xlat.walks, 99);
    cr_expect_eq(r.blp, 1.5);
}

Test(stat_table, a_count_is_a_whole_number_cell_a_real_a_number)
{
    bwm_app_result r;
    memset(&r, 0, sizeof r);
    r.insts = 123456789012345ULL;
    r.ipc = 0.5;
    static const char *const cols[] = {"insts", "ipc"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 2);
    bwm_stat_cell(bwm_stat_find("insts"), &r, &t);
    bwm_stat_cell(bwm_stat_find("ipc"), &r, &t);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    cr_expect_str_eq(bwm_buf_str(&b), "insts,ipc\n123456789012345,0.5\n");
    bwm_buf_free(&b);
    bwm_table_free(&t);
}
