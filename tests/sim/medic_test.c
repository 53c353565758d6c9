/* medic_test.c — MeDiC (sim/mc/sched/medic.c, sim/mem/warp_type.c): warps
 * classified by their hit ratio after the profiling accesses and again each
 * interval, the mostly-miss boundary following the miss rate, the
 * warp-type-aware scheduler on crafted bank queues of the hand-derivation
 * DRAM, and ranked L2 replacement. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/cache/tags.h"
#include "sim/mc/sched.h"
#include "sim/mc/sched/medic.h"
#include "sim/mem/warp_type.h"
#include "tests/support/mc_harness.h"

static const bwm_warp_type_params TEN = {1000, 10, 0.7, 0.2, 0};

static bwm_warp_types table(const bwm_warp_type_params *p)
{
    bwm_warp_types t;
    bwm_err err;
    cr_assert_eq(bwm_warp_types_init(&t, p, 4, 8, &err), BWM_OK, "%s", err.msg);
    return t;
}

/* Warp (sm, warp) makes n loads at cycle now, the first `hits` of them hits. */
static void loads(bwm_warp_types *t, int sm, int warp, int n, int hits, int64_t now)
{
    for (int i = 0; i < n; i++)
        bwm_warp_types_record(t, sm, warp, i < hits, now);
}

Test(warp_types, figure_4_4_after_the_profiling_accesses)
{
    bwm_warp_types t = table(&TEN);
    int hits[] = {10, 7, 6, 3, 2, 1, 0};
    bwm_warp_type want[] = {BWM_WARP_ALL_HIT,    BWM_WARP_MOSTLY_HIT,  BWM_WARP_BALANCED, BWM_WARP_BALANCED,
                            BWM_WARP_MOSTLY_MISS, BWM_WARP_MOSTLY_MISS, BWM_WARP_ALL_MISS};
    for (int w = 0; w < 7; w++) {
        loads(&t, 0, w, 9, hits[w], 5);
        cr_assert_eq(bwm_warp_type_of(&t, 0, w), BWM_WARP_PROFILING, "warp %d after 9 loads", w);
        /* the 10th load misses, except for the all-hit warp */
        bwm_warp_types_record(&t, 0, w, hits[w] == 10, 6);
        cr_assert_eq(bwm_warp_type_of(&t, 0, w), want[w], "warp %d: %d hits of 10 is %s, not %s", w, hits[w],
                     bwm_warp_type_name(want[w]), bwm_warp_type_name(bwm_warp_type_of(&t, 0, w)));
    }
    /* the type stays for the interval whatever the warp does next */
    loads(&t, 0, 0, 50, 0, 999);
    cr_assert_eq(bwm_warp_type_of(&t, 0, 0), BWM_WARP_ALL_HIT);
    cr_assert_eq(t.classified[BWM_WARP_BALANCED], 2);
    bwm_warp_types_free(&t);
}

Test(warp_types, every_interval_profiles_again)
{
    bwm_warp_types t = table(&TEN);
    loads(&t, 1, 3, 10, 0, 100);
    cr_assert_eq(bwm_warp_type_of(&t, 1, 3), BWM_WARP_ALL_MISS);
    /* another warp's load in the next interval (cycle 1000) ends this one */
    bwm_warp_types_record(&t, 2, 0, 1, 1000);
    cr_assert_eq(bwm_warp_type_of(&t, 1, 3), BWM_WARP_PROFILING);
    loads(&t, 1, 3, 10, 10, 1500);
    cr_assert_eq(bwm_warp_type_of(&t, 1, 3), BWM_WARP_ALL_HIT);
    /* unknown warps are never classified */
    cr_assert_eq(bwm_warp_type_of(&t, 4, 0), BWM_WARP_PROFILING);
    cr_assert_eq(bwm_warp_type_of(&t, -1, -1), BWM_WARP_PROFILING);
    bwm_warp_types_free(&t);
}

Test(warp_types, the_mostly_miss_boundary_follows_the_miss_rate)
{
    bwm_warp_type_params p = TEN;
    p.tune = 1;
    bwm_warp_types t = table(&p);
    /* interval 0: 80 of 100 loads hit (miss rate 0.20); interval 1: 65 of
       100 (0.35, a rise of 0.15 = three 5 % steps): from cycle 2000 on the
       boundary is 0.2 - 3 x 0.05 = 0.05 */
    loads(&t, 0, 0, 100, 80, 0);
    loads(&t, 0, 1, 100, 65, 1000);
    cr_assert_float_eq(t.boundary, 0.2, 1e-12, "no change before interval 1 ends");
    bwm_warp_types_record(&t, 0, 2, 1, 2000);
    cr_assert_float_eq(t.boundary, 0.05, 1e-12, "got %g", t.boundary);
    /* 1 hit in 10 (0.1) is now balanced, not mostly-miss */
    loads(&t, 3, 0, 10, 1, 2000);
    cr_assert_eq(bwm_warp_type_of(&t, 3, 0), BWM_WARP_BALANCED);
    /* interval 2 (1 + 1 + 88 hits of 1 + 10 + 89 loads, miss rate 0.10)
       falls 0.25 below interval 1: five steps up, capped at the configured 0.2 */
    loads(&t, 0, 3, 89, 88, 2999);
    bwm_warp_types_record(&t, 0, 2, 1, 3000);
    cr_assert_float_eq(t.boundary, 0.2, 1e-12, "got %g", t.boundary);
    /* a rise of 0.04 is no whole step */
    bwm_warp_types u = table(&p);
    loads(&u, 0, 0, 100, 80, 0);
    loads(&u, 0, 0, 100, 76, 1000);
    bwm_warp_types_record(&u, 0, 1, 1, 2000);
    cr_assert_float_eq(u.boundary, 0.2, 1e-12, "got %g", u.boundary);
    bwm_warp_types_free(&t);
    bwm_warp_types_free(&u);
}

Test(warp_types, bad_parameters_are_named)
{
    bwm_warp_types t;
    bwm_err err;
    bwm_warp_type_params p = TEN;
    p.mostly_miss = 0.7;
    cr_assert_eq(bwm_warp_types_init(&t, &p, 1, 1, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "mostly-miss"), "%s", err.msg);
    p = TEN;
    p.profile_accesses = 0;
    cr_assert_eq(bwm_warp_types_init(&t, &p, 1, 1, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "profile-accesses"), "%s", err.msg);
}

Test(warp_types, knobs_give_the_setup)
{
    bwm_medic_setup m;
    bwm_medic_setup_of(NULL, 1.0, &m);
    cr_assert_eq(m.types.interval, 100000);
    cr_assert_eq(m.types.profile_accesses, 30);
    cr_assert_float_eq(m.types.mostly_hit, 0.7, 1e-12);
    cr_assert_float_eq(m.types.mostly_miss, 0.2, 1e-12);
    cr_assert(m.types.tune && m.bypass && m.insertion);
    bwm_sched_settings s = {0};
    bwm_err err;
    cr_assert_eq(bwm_sched_settings_add(&s, "medic.bypass=off,sampling-interval=5000", &err), BWM_OK, "%s",
                 err.msg);
    const bwm_sched_ops *ops[] = {&bwm_sched_medic};
    cr_assert_eq(bwm_sched_settings_check(&s, ops, 1, &err), BWM_OK, "%s", err.msg);
    bwm_medic_setup_of(&s, 1.5, &m); /* 1.5 L2 cycles per core cycle */
    cr_assert_eq(m.types.interval, 7500);
    cr_assert(!m.bypass && m.insertion);
}

TestSuite(medic, .init = mh_setup, .fini = mh_teardown);

/* A table where warp (0, 0) is mostly-hit and warp (1, 0) mostly-miss. */
static bwm_warp_types typed;

static void classify_two_warps(void)
{
    typed = table(&TEN);
    loads(&typed, 0, 0, 10, 8, 0);
    loads(&typed, 1, 0, 10, 1, 0);
    cr_assert_eq(bwm_warp_type_of(&typed, 0, 0), BWM_WARP_MOSTLY_HIT);
    cr_assert_eq(bwm_warp_type_of(&typed, 1, 0), BWM_WARP_MOSTLY_MISS);
    P.warp_types = &typed;
}

Test(medic, mostly_hit_warps_go_first_even_past_row_hits)
{
    classify_two_warps();
    mh_start(&bwm_sched_medic, 16, 1, 0);
    int from = mh_warm(0, 1, 0);
    /* row 1 is open: the mostly-miss warp's row hit waits behind the
       mostly-hit warp's miss, which FR-FCFS would serve last */
    int miss_warp_hit = mh_send_warp(0, 1, 1, 0, 0);
    int hit_warp_miss = mh_send_warp(0, 5, 0, 0, 0);
    int hit_warp_hit = mh_send_warp(0, 5, 0, 0, 0);
    mh_run_idle();
    int expect[] = {hit_warp_miss, hit_warp_hit, miss_warp_hit};
    mh_expect_order(from, expect, 3);
    /* FR-FCFS serves the row hit first */
    mh_start(&bwm_sched_frfcfs, 16, 1, 0);
    from = mh_warm(0, 1, 0);
    miss_warp_hit = mh_send_warp(0, 1, 1, 0, 0);
    mh_send_warp(0, 5, 0, 0, 0);
    mh_run_idle();
    cr_assert_eq(R.order[from], miss_warp_hit);
    bwm_warp_types_free(&typed);
}

Test(medic, frfcfs_within_a_queue_and_writes_are_not_urgent)
{
    classify_two_warps();
    mh_start(&bwm_sched_medic, 16, 1, 0);
    int from = mh_warm(0, 1, 0);
    int write = mh_send_warp(0, 7, 0, 0, 1);   /* a write-back charged to the mostly-hit warp */
    int low_hit = mh_send_warp(0, 1, 1, 0, 0); /* row hit of the mostly-miss warp */
    int urgent_miss = mh_send_warp(0, 3, 0, 0, 0);
    int urgent_hit = mh_send_warp(0, 1, 0, 0, 0);
    mh_run_idle();
    /* the urgent queue FR-FCFS: row 1's hit, then row 3's miss; then the
       low queue with row 3 open: the write (row 7) and the read of row 1
       both miss, so the older, the write, goes first */
    int expect[] = {urgent_hit, urgent_miss, write, low_hit};
    mh_expect_order(from, expect, 4);
    bwm_warp_types_free(&typed);
}

Test(medic, needs_the_warp_types)
{
    P.warp_types = NULL;
    P.n_apps = 1;
    bwm_mc_params mp = {.sched = &bwm_sched_medic, .queue_size = 16, .n_apps = 1, .sched_ctx = &P};
    bwm_mc mc;
    bwm_err err;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &mp, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "medic"), "%s", err.msg);
}

Test(medic, lines_of_lower_rank_are_evicted_first)
{
    bwm_tags t;
    bwm_err err;
    cr_assert_eq(bwm_tags_init(&t, 1, 2, 128, BWM_REPL_LRU, BWM_SET_INDEX_LINEAR, 1, BWM_TAGS_SHARED, NULL, &err),
                 BWM_OK, "%s", err.msg);
    bwm_tag_line *a = bwm_tags_victim(&t, 0, 0);
    bwm_tags_install(&t, a, 0, 0, BWM_LINE_VALID);
    bwm_tag_line *b = bwm_tags_victim(&t, 128, 0);
    bwm_tags_install(&t, b, 128, 0, BWM_LINE_VALID);
    /* a is least recently used, and goes under plain LRU */
    cr_assert_eq(bwm_tags_victim(&t, 256, 0), a);
    /* a mostly-hit warp's line (rank 2) stays; b (rank 1) goes */
    bwm_tags_set_rank(&t, a, bwm_warp_type_rank(BWM_WARP_MOSTLY_HIT));
    cr_assert_eq(bwm_tags_victim(&t, 256, 0), b);
    /* a mostly-miss line (rank 0) goes first, however recent */
    bwm_tags_set_rank(&t, a, BWM_TAGS_RANK_NORMAL);
    bwm_tags_touch(&t, a);
    cr_assert_eq(bwm_tags_victim(&t, 256, 0), b);
    bwm_tags_set_rank(&t, a, bwm_warp_type_rank(BWM_WARP_ALL_MISS));
    cr_assert_eq(bwm_tags_victim(&t, 256, 0), a);
    bwm_tags_free(&t);
}
