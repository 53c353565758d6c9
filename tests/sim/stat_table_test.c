/* stat_table_test.c — the statistics table (sim/stats/stat_table.h): one
 * entry per name, groups in order, the stages' columns those of
 * req_life.h, per-level statistics filtered by the walk's levels,
 * values read and written where the entry says, and a rate or a mean
 * printed empty when its denominator was 0. */
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

/* Every rate or mean names what it divides by; a count, an energy (a sum)
 * or the interval's seconds has nothing to divide by and always a value. */
Test(stat_table, every_rate_names_its_denominator)
{
    for (size_t i = 0; i < bwm_stat_count; i++) {
        const bwm_stat *s = &bwm_stat_table[i];
        int rate = s->kind == BWM_SK_REAL && s->group != BWM_SG_ENERGY;
        cr_expect_eq(s->per != BWM_DEN_NONE, rate, "%s", s->name);
        cr_expect(s->per < BWM_DEN_COUNT, "%s", s->name);
    }
    cr_expect_eq(bwm_stat_find("mpki")->per, BWM_DEN_INSTS);
    cr_expect_eq(bwm_stat_find("row_hit_rate")->per, BWM_DEN_DRAM_ACCESSES);
    cr_expect_eq(bwm_stat_find("lat_dram")->per, BWM_DEN_LOADS);
    cr_expect_eq(bwm_stat_find("walk_l2_hit_3")->per, BWM_DEN_WALK_READS + 2);
}

/* With no DRAM access, row_hit_rate and act_per_access (over the column
 * accesses) are empty in CSV and null in JSON, while mpki (over the
 * instructions) and the counts stay numbers; the value read is still 0. */
Test(stat_table, a_rate_without_a_denominator_prints_empty)
{
    bwm_app_result r;
    memset(&r, 0, sizeof r);
    r.insts = 500;
    r.no_den = 1u << BWM_DEN_DRAM_ACCESSES;
    static const char *const cols[] = {"insts", "mpki", "row_hit_rate", "act_per_access"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 4);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_json j;
    bwm_json_init(&j, &b);
    bwm_json_obj_begin(&j);
    for (size_t k = 0; k < 4; k++) {
        bwm_stat_cell(bwm_stat_find(cols[k]), &r, &t);
        bwm_stat_json(bwm_stat_find(cols[k]), &r, &j);
    }
    bwm_json_obj_end(&j);
    cr_expect_str_eq(bwm_buf_str(&b), "{\"insts\":500,\"mpki\":0,\"row_hit_rate\":null,\"act_per_access\":null}\n");
    bwm_buf_free(&b);
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    cr_expect_str_eq(bwm_buf_str(&b), "insts,mpki,row_hit_rate,act_per_access\n500,0,,\n");
    cr_expect_eq(bwm_stat_get(bwm_stat_find("row_hit_rate"), &r), 0);
    bwm_buf_free(&b);
    bwm_table_free(&t);
    /* read back from a file: 0 and the same mark */
    bwm_app_result back;
    memset(&back, 0, sizeof back);
    back.mpki = 2;
    bwm_stat_set_none(bwm_stat_find("act_per_access"), &back);
    cr_expect_eq(back.no_den, r.no_den);
    cr_expect(bwm_stat_has_value(bwm_stat_find("mpki"), &back));
}
