/* pick_test.c — the study's workload list: 100 pairs covering every
 * (MPKI class, BW class) cell that has pairs, the paper's named pairs
 * first, 25-workload IT and WS subsets with 9/8/8 per class, 10 triples
 * with GUPS_SCP_HISTO, every application alone, no pair twice, and the
 * same list every time. */
#include <criterion/criterion.h>
#include <string.h>

#include "study/pick.h"

static bwm_catalog cat;
static bwm_workload_list named;
static bwm_pick_list list;

static void setup(void)
{
    bwm_err err;
    cr_assert_eq(bwm_catalog_load(&cat, BWM_SOURCE_DIR "/data/apps.csv", &err), 0, "%s", err.msg);
    cr_assert_eq(bwm_workloads_load(&named, BWM_SOURCE_DIR "/data/workloads/paper.csv", &cat, &err), 0, "%s",
                 err.msg);
    cr_assert_eq(bwm_pick(&cat, &named, NULL, &list, &err), 0, "%s", err.msg);
}

static void teardown(void)
{
    bwm_pick_free(&list);
    bwm_workloads_free(&named);
    bwm_catalog_free(&cat);
}

static const char *abbr(const bwm_pick_workload *w, size_t i)
{
    return cat.e[w->app[i]].abbr;
}

TestSuite(pick, .init = setup, .fini = teardown);

Test(pick, sizes_and_named_pairs_first)
{
    size_t n[4] = {0};
    for (size_t k = 0; k < list.n; k++)
        n[list.w[k].napps]++;
    cr_assert_eq(n[2], 100);
    cr_assert_eq(n[3], 10);
    cr_assert_eq(n[1], cat.n);
    /* paper.csv: 14 pairs then GUPS_SCP_HISTO */
    for (size_t k = 0; k < 14; k++) {
        cr_assert_eq(list.w[k].napps, 2);
        cr_assert_eq(list.w[k].app[0], (size_t)(named.w[k].apps[0] - cat.e));
        cr_assert_eq(list.w[k].app[1], (size_t)(named.w[k].apps[1] - cat.e));
        cr_assert(list.w[k].quick);
    }
    const bwm_pick_workload *t = &list.w[100];
    cr_assert_eq(t->napps, 3);
    cr_assert_str_eq(abbr(t, 0), "GUPS");
    cr_assert_str_eq(abbr(t, 1), "SCP");
    cr_assert_str_eq(abbr(t, 2), "HISTO");
}

Test(pick, every_class_covered_and_no_pair_twice)
{
    int cells[3][3] = {{0}}, mpki[3] = {0}, bw[3] = {0};
    for (size_t k = 0; k < list.n; k++) {
        const bwm_pick_workload *w = &list.w[k];
        if (w->napps != 2)
            continue;
        cells[w->classes.mpki][w->classes.bw]++;
        mpki[w->classes.mpki]++;
        bw[w->classes.bw]++;
        for (size_t j = 0; j < k; j++) {
            const bwm_pick_workload *v = &list.w[j];
            int same = v->napps == 2 && ((v->app[0] == w->app[0] && v->app[1] == w->app[1]) ||
                                         (v->app[0] == w->app[1] && v->app[1] == w->app[0]));
            cr_assert(!same, "%s_%s twice", abbr(w, 0), abbr(w, 1));
        }
    }
    for (int c = 0; c < 3; c++)
        cr_assert(mpki[c] >= 25 && bw[c] >= 25, "class %c: %d by MPKI, %d by BW", "ABC"[c], mpki[c], bw[c]);
    /* Table 1 has one Class-B-MPKI/Class-A-BW pair (SCP_CFD): taken; every other cell has more than 5 */
    cr_assert_eq(cells[1][0], 1);
    for (int m = 0; m < 3; m++)
        for (int b = 0; b < 3; b++)
            cr_assert(cells[m][b] >= 1);
}

Test(pick, subsets_have_25_with_9_8_8_per_class)
{
    int it[3] = {0}, ws[3] = {0};
    for (size_t k = 0; k < list.n; k++) {
        const bwm_pick_workload *w = &list.w[k];
        cr_assert(w->napps == 2 || (!w->it_subset && !w->ws_subset));
        it[w->classes.mpki] += w->it_subset;
        ws[w->classes.bw] += w->ws_subset;
    }
    cr_assert(it[0] == 9 && it[1] == 8 && it[2] == 8, "IT subset %d/%d/%d", it[0], it[1], it[2]);
    cr_assert(ws[0] == 9 && ws[1] == 8 && ws[2] == 8, "WS subset %d/%d/%d", ws[0], ws[1], ws[2]);
    /* the pairs of Figs. 7 and 9 are in their figure's subset */
    for (size_t k = 4; k < 8; k++)
        cr_assert(list.w[k].it_subset, "%s_%s", abbr(&list.w[k], 0), abbr(&list.w[k], 1));
    for (size_t k = 8; k < 13; k++)
        cr_assert(list.w[k].ws_subset, "%s_%s", abbr(&list.w[k], 0), abbr(&list.w[k], 1));
}

Test(pick, deterministic)
{
    bwm_pick_list again;
    bwm_err err;
    cr_assert_eq(bwm_pick(&cat, &named, NULL, &again, &err), 0);
    cr_assert_eq(again.n, list.n);
    cr_assert(memcmp(again.w, list.w, list.n * sizeof *list.w) == 0);
    bwm_pick_free(&again);
}
