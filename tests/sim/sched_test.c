/* sched_test.c — the application-aware memory schedulers of sim/mc/sched/ on
 * the hand-derivation configuration (tests/support/dram_cfg.h): crafted bank
 * queues whose order each policy determines (rr, prior-K, prior-low-mpki,
 * prior-low-bw, its, weis, asjf, asjfw), prior-K's invariant on a random
 * stream, α-SJF against the model's k rule, conservation on random streams,
 * and every parameter init rejects. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/asjf.h"
#include "sim/mc/mc.h"
#include "sim/mc/sched_params.h"
#include "tests/support/mc_harness.h"

TestSuite(sched, .init = mh_setup, .fini = mh_teardown);

/* ---- rr ------------------------------------------------------------- */

Test(sched, rr_alternates_between_applications)
{
    mh_start(&bwm_sched_rr, 16, 2, 0);
    int a[4], b[4];
    for (int i = 0; i < 4; i++)
        a[i] = mh_send(0, 10 + i, 0);
    for (int i = 0; i < 4; i++)
        b[i] = mh_send(0, 20 + i, 1);
    mh_run_idle();
    int expect[] = {a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]};
    mh_expect_order(0, expect, 8);
}

Test(sched, rr_serves_row_hits_first_without_moving_its_pointer)
{
    mh_start(&bwm_sched_rr, 16, 3, 0);
    int from = mh_warm(0, 1, 0); /* a non-hit pick of application 0: the pointer moves to 1 */
    int t1 = mh_send(0, 5, 0), t2 = mh_send(0, 6, 1), t3 = mh_send(0, 1, 2);
    mh_run_idle();
    int expect[] = {t3, t2, t1}; /* the hit; then 1 at the pointer; then 0 after 2 (absent) */
    mh_expect_order(from, expect, 3);
}

Test(sched, rr_skips_absent_applications_cyclically)
{
    mh_start(&bwm_sched_rr, 16, 3, 0);
    int t0 = mh_send(0, 10, 2), t1 = mh_send(0, 11, 2), t2 = mh_send(0, 12, 0), t3 = mh_send(0, 13, 0);
    mh_run_idle();
    int expect[] = {t2, t0, t3, t1};
    mh_expect_order(0, expect, 4);
}

/* ---- prior-K --------------------------------------------------------- */

Test(sched, prior_serves_k_before_the_row_hits_of_others)
{
    P.prior_app = 1;
    mh_start(&bwm_sched_prior, 16, 2, 0);
    int from = mh_warm(0, 1, 0);
    int t0 = mh_send(0, 1, 0), t1 = mh_send(0, 9, 1), t2 = mh_send(0, 1, 1), t3 = mh_send(0, 5, 0);
    mh_run_idle();
    /* K's hit, K's miss (though 0's hit waits), then FR-FCFS: oldest of 0 */
    int expect[] = {t2, t1, t0, t3};
    mh_expect_order(from, expect, 4);
}

Test(sched, prior_never_serves_another_application_while_k_waits)
{
    P.prior_app = 1;
    R.watch_app = 1;
    mh_start(&bwm_sched_prior, 16, 3, 0);
    mh_random_stream(11, 3000, 3);
    cr_assert_eq(R.n_done, 3000);
    cr_assert_eq(R.violations, 0, "%d completions of others while K waited", R.violations);
    cr_assert_gt(M.apps[1].c.requests, 500);
    /* the check is not vacuous: FR-FCFS on the same stream breaks it */
    mh_start(&bwm_sched_frfcfs, 16, 3, 0);
    mh_random_stream(11, 3000, 3);
    cr_assert_gt(R.violations, 0);
}

/* ---- prior-low-mpki, prior-low-bw ------------------------------------ */

/* Bank 0 with row 1 open gets misses of applications 0, 2, 1, 0, 1, then a
 * row hit of 0; policy s must serve the hit, then the misses application by
 * application in the order given, each oldest first. */
static void expect_app_order(const bwm_sched_ops *s, int a0, int a1, int a2)
{
    mh_start(s, 16, 3, 0);
    int from = mh_warm(0, 1, 0);
    const int apps[5] = {0, 2, 1, 0, 1};
    int t[5];
    for (int i = 0; i < 5; i++)
        t[i] = mh_send(0, 10 + i, apps[i]);
    int expect[6] = {mh_send(0, 1, 0)};
    int n = 1;
    const int order[3] = {a0, a1, a2};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 5; i++)
            if (apps[i] == order[k])
                expect[n++] = t[i];
    mh_run_idle();
    mh_expect_order(from, expect, 6);
}

Test(sched, prior_low_mpki_orders_by_ascending_alone_mpki)
{
    mpki[0] = 30, mpki[1] = 5, mpki[2] = 12;
    expect_app_order(&bwm_sched_prior_low_mpki, 1, 2, 0);
}

Test(sched, prior_low_bw_orders_by_ascending_alone_bw)
{
    mpki[0] = 30, mpki[1] = 5, mpki[2] = 12; /* ignored */
    bw[0] = 10, bw[1] = 40, bw[2] = 20;
    expect_app_order(&bwm_sched_prior_low_bw, 0, 2, 1);
}

Test(sched, prior_low_mpki_breaks_ties_by_lower_index)
{
    mpki[0] = 7, mpki[1] = 7, mpki[2] = 3;
    expect_app_order(&bwm_sched_prior_low_mpki, 2, 0, 1);
}

/* ---- its, weis ------------------------------------------------------- */

#define WINDOW 1000

/* At window boundary t, bank 0 gets a miss of each application (rows new
 * at each t), the other one's first: app must be served first. */
static void expect_ranked_first(int64_t t, int app)
{
    mh_tick_at(t);
    int from = R.n_done;
    int row = 1000 + 2 * (int)(t / WINDOW);
    int other = mh_send(0, row, 1 - app), mine = mh_send(0, row + 1, app);
    mh_run_idle();
    int expect[] = {mine, other};
    mh_expect_order(from, expect, 2);
}

/* At window boundary t, with application 1 ranked first: misses of 0, 1, a
 * request of 0 for 1's row, and a miss of 1 are served 1, 0's row hit, 1, 0. */
static void expect_app1_first_after_row_hits(int64_t t)
{
    mh_tick_at(t);
    int from = R.n_done;
    int t0 = mh_send(0, 20, 0), t1 = mh_send(0, 21, 1), t2 = mh_send(0, 21, 0), t3 = mh_send(0, 22, 1);
    mh_run_idle();
    int expect[] = {t1, t2, t3, t0};
    mh_expect_order(from, expect, 4);
}

Test(sched, its_and_weis_are_frfcfs_before_the_first_window)
{
    const bwm_sched_ops *policies[] = {&bwm_sched_its, &bwm_sched_weis};
    for (int k = 0; k < 2; k++) {
        mh_start(policies[k], 16, 2, WINDOW);
        int t0 = mh_send(0, 10, 1), t1 = mh_send(0, 11, 0), t2 = mh_send(0, 10, 0);
        mh_run_idle();
        cr_assert_lt(T, WINDOW);
        int expect[] = {t0, t2, t1}; /* oldest, its row's hit, then the rest */
        mh_expect_order(0, expect, 3);
    }
}

Test(sched, its_serves_the_lowest_mpki_application_after_row_hits)
{
    mh_start(&bwm_sched_its, 64, 2, WINDOW);
    /* window 1: MPKI 10 x 1000 / 1000 = 10 against 2 x 1000 / 100000 = 0.02 */
    mh_background(0, 10, 0, TEST_BURST_BYTES);
    mh_background(1, 2, 0, TEST_BURST_BYTES);
    mh_run_idle();
    insts[0] = 1000;
    insts[1] = 100000;
    expect_app1_first_after_row_hits(WINDOW);
    /* window 2 (two reads each, the ones above) with 1000 and 500 more
       instructions: MPKI 2 against 4 ranks 0 first; counting since the
       start would not (12 / 1000 against 4 / 500 misses, or 2 / 2000
       against 2 / 100500 instructions) */
    insts[0] = 2000;
    insts[1] = 100500;
    expect_ranked_first(2 * WINDOW, 0);
}

Test(sched, its_counts_reads_only_and_ranks_misses_without_instructions_last)
{
    mh_start(&bwm_sched_its, 64, 2, WINDOW);
    /* window 1: application 0 has 2 reads (and 20 write-backs), 1 has 5 */
    mh_background(0, 2, 0, TEST_BURST_BYTES);
    mh_background(0, 20, 1, TEST_BURST_BYTES);
    mh_background(1, 5, 0, TEST_BURST_BYTES);
    mh_run_idle();
    insts[0] = insts[1] = 1000;
    expect_ranked_first(WINDOW, 0);
    /* window 2: application 0 misses once without committing (infinite
       MPKI), 1 misses 61 times per 1000 instructions */
    mh_background(1, 60, 0, TEST_BURST_BYTES);
    mh_run_idle();
    insts[1] = 2000;
    expect_ranked_first(2 * WINDOW, 1);
}

/* A sector L2 misses 32 bytes per sector: application 0's ten one-sector
 * misses are 10 sector misses, fewer than application 1's four whole lines
 * (16 sectors), although they are more requests. */
Test(sched, its_counts_misses_in_bytes_as_a_sector_l2_counts_sectors)
{
    mh_start(&bwm_sched_its, 64, 2, WINDOW);
    mh_background(0, 10, 0, 32);
    mh_background(1, 4, 0, 128);
    mh_run_idle();
    insts[0] = insts[1] = 1000;
    expect_ranked_first(WINDOW, 0);
}

Test(sched, weis_serves_the_lowest_bandwidth_application_after_row_hits)
{
    mh_start(&bwm_sched_weis, 64, 2, WINDOW);
    /* window 1: application 0 moves 10 x 128 bytes, 1 moves 2 x 32 */
    mh_background(0, 10, 0, 128);
    mh_background(1, 2, 1, TEST_BURST_BYTES);
    mh_run_idle();
    expect_app1_first_after_row_hits(WINDOW);
    /* window 2: 1 moves 10 x 128 more: 0 (64 bytes) first */
    mh_background(1, 10, 0, 128);
    mh_run_idle();
    expect_ranked_first(2 * WINDOW, 0);
}

/* ---- asjf, asjfw ----------------------------------------------------- */

/* Queues of warps 0.. of SM 0 in bank 0, sent warp after warp: len[w]
 * requests, the hit[w]-th of them (1-based; 0: none) to the open row 1. */
typedef struct warp_case {
    int n;
    int len[4];
    int hit[4];
} warp_case;

/* Runs a case; returns the first request served after the warm-up and fills
 * the first and the hit tag of each warp. */
static int run_case(const bwm_sched_ops *s, const warp_case *c, int *first, int *hit_tag)
{
    mh_start(s, 64, 2, 0);
    int from = mh_warm(0, 1, 0);
    int row = 100;
    for (int w = 0; w < c->n; w++)
        for (int i = 1; i <= c->len[w]; i++) {
            int t = mh_send_warp(0, i == c->hit[w] ? 1 : row++, 0, w, 0);
            if (i == 1)
                first[w] = t;
            if (i == c->hit[w])
                hit_tag[w] = t;
        }
    mh_run_idle();
    cr_assert_gt(R.n_done, from);
    return R.order[from];
}

Test(sched, asjf_follows_the_k_rule_of_the_model)
{
    const warp_case cases[] = {
        {4, {3, 2, 10, 12}, {0, 0, 3, 1}}, /* H_s 10 (hit 3rd), M_s 2 */
        {3, {4, 1, 6}, {2, 0, 0}},         /* H_s 4, M_s 1 */
        {2, {2, 5}, {2, 1}},               /* hits only */
        {3, {3, 2, 2}, {0, 0, 0}},         /* misses only; equal lengths: the older */
    };
    const double alphas[] = {0.1, 0.25, 0.5, 0.75, 1.0};
    int chose_m = 0, chose_h = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t a = 0; a < sizeof alphas / sizeof alphas[0]; a++) {
            char knobs[32];
            snprintf(knobs, sizeof knobs, "alpha=%g", alphas[a]);
            mh_knobs(knobs);
            int first[4], hit_tag[4];
            int got = run_case(&bwm_sched_asjf, &cases[c], first, hit_tag);
            bwm_asjf_queue q[4];
            for (int w = 0; w < cases[c].n; w++)
                q[w] = (bwm_asjf_queue){cases[c].len[w], cases[c].hit[w] > 0, 0};
            bwm_asjf_params ap = {alphas[a], 3, NULL, 0}; /* m: the knob's default */
            size_t i = bwm_asjf_select_hw(&ap, q, (size_t)cases[c].n);
            int want = q[i].hit ? hit_tag[i] : first[i];
            cr_assert_eq(got, want, "case %zu, alpha %g: served %d, the k rule says %d", c,
                         alphas[a], got, want);
            if (c == 0) {
                chose_m += !q[i].hit;
                chose_h += q[i].hit;
            }
        }
    cr_assert_eq(chose_m, 2, "k = 3.4 and 4.3 take the short miss queue (10 > 2k)");
    cr_assert_eq(chose_h, 3, "k = 9, 81, inf keep the row hit");
}

Test(sched, asjf_k_rule_keeps_the_hit_at_equality)
{
    mh_knobs("m=2"); /* k = 4 at alpha 0.5 */
    int first[4], hit_tag[4];
    warp_case at_k = {2, {4, 1}, {1, 0}};
    cr_assert_eq(run_case(&bwm_sched_asjf, &at_k, first, hit_tag), hit_tag[0], "|H| = k|M|");
    warp_case above = {2, {5, 1}, {1, 0}};
    cr_assert_eq(run_case(&bwm_sched_asjf, &above, first, hit_tag), first[1], "|H| > k|M|");
}

Test(sched, asjf_equal_queues_go_to_the_older_request)
{
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    int t0 = mh_send_warp(0, 10, 0, 3, 0);
    mh_send_warp(0, 11, 0, 1, 0);
    mh_send_warp(0, 12, 0, 3, 0);
    mh_send_warp(0, 13, 0, 1, 0);
    mh_run_idle();
    cr_assert_eq(R.order[0], t0, "warp 3 holds the oldest request, not the lower warp number");
}

Test(sched, asjf_serves_writes_after_reads_and_asjfw_does_not)
{
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    int w = mh_send_warp(0, 10, 0, 0, 1);
    int r1 = mh_send_warp(0, 11, 0, 1, 0), r2 = mh_send_warp(0, 12, 0, 1, 0),
        r3 = mh_send_warp(0, 13, 0, 1, 0);
    mh_run_idle();
    int expect[] = {r1, r2, r3, w};
    mh_expect_order(0, expect, 4);
    mh_start(&bwm_sched_asjfw, 16, 2, 0);
    w = mh_send_warp(0, 10, 0, 0, 1);
    for (int i = 0; i < 3; i++)
        mh_send_warp(0, 11 + i, 0, 1, 0);
    mh_run_idle();
    cr_assert_eq(R.order[0], w, "asjfw: the write's warp is the shortest queue");
}

Test(sched, asjfw_charges_writes_to_their_warp)
{
    const bwm_sched_ops *policies[] = {&bwm_sched_asjf, &bwm_sched_asjfw};
    int want[2];
    int got[2];
    for (int k = 0; k < 2; k++) {
        mh_start(policies[k], 16, 2, 0);
        int r0 = mh_send_warp(0, 10, 0, 0, 0);
        for (int i = 0; i < 3; i++)
            mh_send_warp(0, 11 + i, 0, 0, 1);
        int r1 = mh_send_warp(0, 14, 0, 1, 0);
        mh_send_warp(0, 15, 0, 1, 0);
        mh_run_idle();
        got[k] = R.order[0];
        want[k] = k == 0 ? r0 : r1;
    }
    cr_assert_eq(got[0], want[0], "asjf: warp 0 has one read, warp 1 two");
    cr_assert_eq(got[1], want[1], "asjfw: warp 0 has four requests with its writes, warp 1 two");
}

Test(sched, asjf_selects_the_sm_with_the_fewest_warps_first)
{
    warps[0] = 8, warps[1] = 4, warps[2] = 4, warps[3] = 8;
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    int from = mh_warm(0, 1, 0);
    int t0 = mh_send_warp(0, 1, 0, 0, 0); /* the oldest, a row hit, a queue of one */
    int t1 = mh_send_warp(0, 11, 2, 5, 0);
    int t2 = mh_send_warp(0, 12, 1, 3, 0);
    mh_send_warp(0, 13, 1, 3, 0);
    mh_run_idle();
    cr_assert_eq(R.order[from], t1, "SMs 1 and 2 have 4 warps; 2 holds the older request");
    cr_assert_eq(R.order[from + 1], t2, "then SM 1");
    cr_assert_eq(R.order[R.n_done - 1], t0, "SM 0, with 8 warps, last");
    /* the warp counts are read live */
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    from = mh_warm(0, 1, 0);
    mh_send_warp(0, 11, 2, 5, 0);
    int t5 = mh_send_warp(0, 12, 1, 3, 0);
    warps[1] = 2;
    mh_run_idle();
    cr_assert_eq(R.order[from], t5);
}

Test(sched, asjf_serves_requests_without_origin_last_as_one_queue_per_application)
{
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    int from = mh_warm(0, 1, 0);
    int t0 = mh_send(0, 1, 0); /* oldest, row hit, no origin */
    int t1 = mh_send_warp(0, 20, 0, 0, 0);
    mh_run_idle();
    int expect[] = {t1, t0};
    mh_expect_order(from, expect, 2);
    mh_start(&bwm_sched_asjf, 16, 2, 0);
    for (int i = 0; i < 3; i++)
        mh_send(0, 10 + i, 0);
    int t3 = mh_send(0, 13, 1);
    mh_run_idle();
    cr_assert_eq(R.order[0], t3, "application 1's queue is the shorter");
}

Test(sched, asjf_handles_a_queue_that_grows)
{
    mh_start(&bwm_sched_asjf, 0, 2, 0);
    for (int i = 0; i < 300; i++)
        mh_send_req(0, i % 7, i % 2, i % 3 - 1, i % 11, i % 5 == 0, TEST_BURST_BYTES);
    cr_assert_gt(M.cap, 64, "the pool grew");
    mh_run_idle();
    cr_assert_eq(R.n_done, 300);
    for (int i = 0; i < 300; i++)
        cr_assert_eq(R.r[i].times_done, 1);
}

/* ---- all of them ----------------------------------------------------- */

static const bwm_sched_ops *const app_aware[] = {
    &bwm_sched_rr,   &bwm_sched_prior, &bwm_sched_prior_low_mpki, &bwm_sched_prior_low_bw,
    &bwm_sched_its,  &bwm_sched_weis,  &bwm_sched_asjf,           &bwm_sched_asjfw,
};
#define N_APP_AWARE (sizeof app_aware / sizeof app_aware[0])

Test(sched, every_policy_serves_every_request_exactly_once)
{
    for (size_t k = 0; k < N_APP_AWARE; k++) {
        for (int a = 0; a < 3; a++)
            insts[a] = 0;
        mh_start(app_aware[k], 16, 3, 200);
        mh_random_stream(5 + k, 2000, 3);
        cr_assert_eq(R.n_done, 2000, "%s", app_aware[k]->name);
        for (int i = 0; i < 2000; i++)
            cr_assert_eq(R.r[i].times_done, 1, "%s: request %d", app_aware[k]->name, i);
    }
}

/* The policies of seed 001: every request once, with a window or without,
 * with sources by SM, and with a queue that grows (their per-slot state
 * follows the pool). */
static const bwm_sched_ops *const seed001[] = {&bwm_sched_parbs, &bwm_sched_atlas, &bwm_sched_tcm,
                                               &bwm_sched_bliss, &bwm_sched_sms};
#define N_SEED001 (sizeof seed001 / sizeof seed001[0])

Test(sched, seed001_policies_serve_every_request_exactly_once)
{
    const char *knobs[] = {"quantum=300,shuffle-interval=20",
                           "source=sm,quantum=200,clearing-interval=50,bypass-below=0,intensity-interval=100"};
    for (size_t k = 0; k < 2 * N_SEED001; k++) {
        mh_knobs(knobs[k % 2]);
        mh_start(seed001[k / 2], k % 2 ? 0 : 16, 3, 200);
        mh_random_stream(7 + k, 2000, 3);
        cr_assert_eq(R.n_done, 2000, "%s", seed001[k / 2]->name);
        for (int i = 0; i < 2000; i++)
            cr_assert_eq(R.r[i].times_done, 1, "%s: request %d", seed001[k / 2]->name, i);
    }
}

Test(sched, the_registry_finds_every_policy)
{
    for (size_t k = 0; k < N_APP_AWARE; k++) {
        const bwm_sched_ops *s = NULL;
        bwm_err err;
        cr_assert_eq(bwm_sched_lookup(app_aware[k]->name, &s, &err), BWM_OK, "%s", err.msg);
        cr_assert_eq(s, app_aware[k]);
    }
    const char *names[] = {"rr", "prior", "prior-low-mpki", "prior-low-bw", "its", "weis",
                           "asjf", "asjfw"};
    for (size_t k = 0; k < N_APP_AWARE; k++)
        cr_assert_str_eq(app_aware[k]->name, names[k]);
}

/* ---- bad parameters -------------------------------------------------- */

/* init of s with P (or no parameters) fails with BWM_EINPUT naming what. */
static void rejects(const bwm_sched_ops *s, int64_t window, int with_params, const char *what)
{
    bwm_mc mc;
    bwm_mc_params p = {s, 16, 2, window, NULL, NULL, with_params ? &P : NULL, 0, NULL};
    bwm_err err;
    err.msg[0] = 0;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_EINPUT, "%s accepted (%s)", s->name,
                 what);
    cr_assert(strstr(err.msg, s->name) && strstr(err.msg, what), "%s: '%s' lacks '%s'", s->name,
              err.msg, what);
}

Test(sched, the_default_parameters_are_accepted)
{
    for (size_t k = 0; k < N_APP_AWARE; k++) {
        mh_start(app_aware[k], 16, 2, WINDOW);
        bwm_mc_free(&M);
        M_live = 0;
    }
}

Test(sched, init_rejects_missing_or_mismatched_parameters)
{
    for (size_t k = 0; k < N_APP_AWARE; k++) {
        if (app_aware[k] == &bwm_sched_rr || app_aware[k] == &bwm_sched_weis)
            continue; /* they need none */
        rejects(app_aware[k], WINDOW, 0, "sched_ctx is NULL");
        P.n_apps = 3;
        rejects(app_aware[k], WINDOW, 1, "parameters for 3 applications");
        P.n_apps = 2;
    }
}

Test(sched, init_rejects_bad_prior_parameters)
{
    P.prior_app = 2;
    rejects(&bwm_sched_prior, 0, 1, "application 3 to prioritise does not exist");
    P.prior_app = -1;
    rejects(&bwm_sched_prior, 0, 1, "application 0 to prioritise");
    P.alone_mpki = NULL;
    rejects(&bwm_sched_prior_low_mpki, 0, 1, "needs alone_mpki");
    P.alone_mpki = mpki;
    mpki[1] = 0;
    rejects(&bwm_sched_prior_low_mpki, 0, 1, "alone_mpki of application 2 must be > 0");
    P.alone_bw = NULL;
    rejects(&bwm_sched_prior_low_bw, 0, 1, "needs alone_bw");
    P.alone_bw = bw;
    bw[0] = NAN;
    rejects(&bwm_sched_prior_low_bw, 0, 1, "alone_bw of application 1");
}

Test(sched, init_rejects_bad_window_parameters)
{
    rejects(&bwm_sched_its, 0, 1, "window must be > 0");
    rejects(&bwm_sched_weis, 0, 0, "window must be > 0");
    P.committed_insts = NULL;
    rejects(&bwm_sched_its, WINDOW, 1, "committed_insts");
}

Test(sched, init_rejects_bad_asjf_parameters)
{
    const bwm_sched_ops *both[] = {&bwm_sched_asjf, &bwm_sched_asjfw};
    for (int k = 0; k < 2; k++) {
        P.warps_per_sm = NULL;
        rejects(both[k], 0, 1, "needs warps_per_sm");
        P.warps_per_sm = warps;
        P.n_sms = 0;
        rejects(both[k], 0, 1, "needs warps_per_sm");
        P.n_sms = 4;
    }
}
