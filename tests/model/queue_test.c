/* queue_test.c — the queueing model: its limits (alone, no load, saturation)
 * and a two-application case per discipline derived by hand.
 *
 * The two-application case: peak 100; application A: bw_alone 60, round trip
 * 300, latency share 1, row hits 0; B: 30, 250, 0.5, 0.5; w_miss 10, w_hit 2.
 * So w_A = 10, w_B = 10·0.5 + 2·0.5 = 6; alone Wa_A = 0.6·10/0.4 = 15 and
 * Wa_B = 0.3·6/0.7 = 18/7.  With rho_j = X_j/100 and r = 10 rho_A + 6 rho_B
 * the fixed point solves
 *   X_A = 60 / (300 + W_A - 15) · 300          (s_A = 1: N_A / R'_A)
 *   X_B = 30 / (0.5 + 0.5 (250 + W_B - 18/7) / 250)
 * with, per discipline, W_A and W_B as in model/queue.h:
 *   frfcfs   W_A = W_B = r / (1 - rho_A - rho_B)
 *   prior-1  W_A = r / (1 - rho_A),  W_B = r / ((1 - rho_A)(1 - rho_A - rho_B))
 *   prior-2  the same with A and B swapped
 *   weis     W_A = r / (1 - rho_A - min(rho_B, rho_A)), W_B likewise
 *   rr, rbl 1 and 3: W_A = r / (1 - rho_A - min(rho_B, 3 rho_A)),
 *                    W_B = r / (1 - rho_B - min(rho_A, rho_B / 3)).
 * The expected values were computed from these equations alone by a plain
 * damped fixed-point iteration (0.99 x + 0.01 F(x), 200000 steps) — a
 * different method from the model's — and each test also checks that the
 * returned bandwidths satisfy the equations above. */
#include <criterion/criterion.h>
#include <math.h>

#include "model/queue.h"
#include "model/share.h"

static const bwm_qgpu gpu = {10, 2};
static const bwm_app two[2] = {{10, 60, 1}, {5, 30, 3}};
static const bwm_qapp two_q[2] = {{300, 1, 0, NAN}, {250, 0.5, 0.5, NAN}};

static bwm_qresult run(const char *policy, const bwm_app *apps, const bwm_qapp *q, size_t n, double peak,
                       const bwm_qgpu *g)
{
    bwm_policy p;
    cr_assert_eq(bwm_policy_parse(policy, n, &p, NULL), BWM_OK);
    cr_assert_eq(bwm_queue_check(apps, q, n, peak, g, NULL), BWM_OK);
    bwm_qresult r;
    bwm_queue_share(&p, apps, q, n, peak, g, &r);
    return r;
}

/* The right-hand sides of the two fixed-point equations at the result. */
static void check_equations(const bwm_qresult *r)
{
    double wa_a = 15, wa_b = 18.0 / 7.0;
    double xa = 60 * 300 / (300 + r->wait[0] - wa_a);
    double xb = 30 / (0.5 + 0.5 * (250 + r->wait[1] - wa_b) / 250);
    cr_assert_float_eq(r->bw[0], fmin(60, xa), 1e-9);
    cr_assert_float_eq(r->bw[1], fmin(30, xb), 1e-9);
    cr_assert_float_eq(r->latency[0], 300 + r->wait[0] - wa_a, 1e-9);
}

static void check_pair(const char *policy, double xa, double xb, double la, double lb)
{
    bwm_qresult r = run(policy, two, two_q, 2, 100, &gpu);
    cr_assert_float_eq(r.bw[0], xa, 1e-6, "%s: A got %.9f, not %.9f", policy, r.bw[0], xa);
    cr_assert_float_eq(r.bw[1], xb, 1e-6, "%s: B got %.9f, not %.9f", policy, r.bw[1], xb);
    cr_assert_float_eq(r.latency[0], la, 1e-6);
    cr_assert_float_eq(r.latency[1], lb, 1e-6);
    check_equations(&r);
}

Test(queue, pair_per_discipline)
{
    static const struct {
        const char *policy;
        double xa, xb, la, lb;
    } cases[] = {
        /* one queue: both wait the same 26.898823957 + 15 = 41.9 cycles */
        {"frfcfs", 55.062908401, 27.812419930, 326.898823957, 289.327395386},
        {"prior-1", 59.360435796, 24.557893066, 303.232275145, 360.801584645},
        {"prior-2", 52.717811812, 29.560687485, 341.440575419, 257.430688398},
        /* B has the lower mpki (5): ITS is prior-2 here */
        {"prior-low-mpki", 52.717811812, 29.560687485, 341.440575419, 257.430688398},
        {"weis", 54.635313720, 29.142214435, 329.457246139, 264.717233774},
        /* rr weighs by the rbl of 1 and 3 */
        {"rr", 54.532221979, 29.451183202, 330.080076454, 259.317398127},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        check_pair(cases[k].policy, cases[k].xa, cases[k].xb, cases[k].la, cases[k].lb);
}

Test(queue, alone_reproduces_the_profile)
{
    /* one application: it waits Wa, so R' = R and X = bw_alone, whatever the policy */
    static const char *const policies[] = {"frfcfs", "prior-1", "weis", "rr", "prior-low-mpki", "opt-hs"};
    for (size_t k = 0; k < sizeof policies / sizeof policies[0]; k++) {
        bwm_qresult r = run(policies[k], &two[0], &two_q[0], 1, 100, &gpu);
        cr_assert_float_eq(r.bw[0], 60, 1e-9, "%s", policies[k]);
        cr_assert_float_eq(r.latency[0], 300, 1e-9, "%s", policies[k]);
        cr_assert_float_eq(r.wait[0], 15, 1e-9, "%s", policies[k]);
    }
}

Test(queue, no_load_gives_the_unloaded_latency)
{
    /* demands of 1e-9 of the peak: no wait, alone or together, so the
     * latency is the round trip, which at no load is the unloaded one */
    bwm_app tiny[2] = {{10, 1e-7, 0}, {5, 1e-7, 0}};
    cr_assert_float_eq(bwm_queue_wait_alone(&gpu, &two_q[0], 0, 100), 0, 1e-15);
    static const char *const policies[] = {"frfcfs", "prior-1", "weis"};
    for (size_t k = 0; k < 3; k++) {
        bwm_qresult r = run(policies[k], tiny, two_q, 2, 100, &gpu);
        cr_assert_float_eq(r.latency[0], 300, 1e-6, "%s", policies[k]);
        cr_assert_float_eq(r.latency[1], 250, 1e-6, "%s", policies[k]);
        cr_assert_float_eq(r.bw[0], 1e-7, 1e-12);
        cr_assert_lt(r.wait[0], 1e-6);
    }
}

Test(queue, saturation_is_paper_000)
{
    /* w -> 0: no queue below the peak, a hard cap at it.  Memory-bound
     * applications (s = 1) with one round trip and one row-hit rate: every
     * policy gives paper 000's allocation (share.h), to 1e-4 of the peak.  Demands 70 + 50 + 30 of
     * a peak of 100. */
    bwm_qgpu cap = {1e-7, 1e-7};
    bwm_app apps[3] = {{20, 70, 1}, {5, 50, 2}, {8, 30, 4}};
    bwm_qapp q[3] = {{300, 1, 0.5, NAN}, {300, 1, 0.5, NAN}, {300, 1, 0.5, NAN}};
    static const char *const policies[] = {"frfcfs", "prior-1", "prior-2", "prior-3", "prior-low-mpki",
                                           "prior-low-bw", "weis", "rr", "opt-it", "opt-ws", "opt-hs"};
    for (size_t k = 0; k < sizeof policies / sizeof policies[0]; k++) {
        bwm_policy p;
        cr_assert_eq(bwm_policy_parse(policies[k], 3, &p, NULL), BWM_OK);
        double paper[3];
        bwm_share(&p, apps, 3, 100, paper);
        bwm_qresult r = run(policies[k], apps, q, 3, 100, &cap);
        for (size_t i = 0; i < 3; i++)
            cr_assert_float_eq(r.bw[i], paper[i], 1e-2, "%s, app %zu: %g, paper %g", policies[k], i + 1,
                               r.bw[i], paper[i]);
    }
}

Test(queue, saturation_frfcfs_shares_by_requests_in_flight)
{
    /* Beyond paper 000: at the cap one queue gives everyone the same wait W,
     * so a memory-bound application attains N_i / (R_i + W): the shares
     * follow the requests in flight, not only the demands.  A: 60 at R 200
     * (N 12000), B: 60 at R 600 (N 36000), peak 100 (paper: 50 each):
     *   12000/(200+W) + 36000/(600+W) = 100  <=>  W² + 320 W - 24000 = 0,
     *   W = (-320 + sqrt(198400)) / 2 = 62.7106, X_A = 45.677, X_B = 54.323. */
    bwm_qgpu cap = {1e-7, 1e-7};
    bwm_app apps[2] = {{10, 60, 0}, {10, 60, 0}};
    bwm_qapp q[2] = {{200, 1, 0, NAN}, {600, 1, 0, NAN}};
    bwm_qresult r = run("frfcfs", apps, q, 2, 100, &cap);
    cr_assert_float_eq(r.wait[0], 62.7106, 1e-3);
    cr_assert_float_eq(r.bw[0], 45.677, 1e-3);
    cr_assert_float_eq(r.bw[1], 54.323, 1e-3);
}

Test(queue, bad_input)
{
    bwm_err err;
    bwm_qapp q[2] = {two_q[0], two_q[1]};
    q[1].round_trip = 0;
    cr_assert_eq(bwm_queue_check(two, q, 2, 100, &gpu, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "application 2") != NULL, "%s", err.msg);
    bwm_app full[1] = {{10, 100, 0}};
    cr_assert_eq(bwm_queue_check(full, two_q, 1, 100, &gpu, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "below the peak") != NULL, "%s", err.msg);
    bwm_qgpu none = {0, 1};
    cr_assert_eq(bwm_queue_check(two, two_q, 2, 100, &none, &err), BWM_EINPUT);
}

Test(queue, measured_waits_the_constants_imply_change_nothing)
{
    /* A alone at 60 of 100 with row hits 0 waits 0.6 · 10 / 0.4 = 15; B at 30
     * with row hits 0.5 waits 0.3 · 6 / 0.7 = 18/7.  Given as measured
     * waits, w reads back as 15 · 0.4 / 0.6 = 10 and (18/7) · 0.7 / 0.3 = 6:
     * every policy's allocation is the constants' own. */
    bwm_qapp measured[2] = {two_q[0], two_q[1]};
    measured[0].wait_alone = 15;
    measured[1].wait_alone = 18.0 / 7.0;
    cr_assert_float_eq(bwm_queue_service(&gpu, &measured[0], 60, 100), 10, 1e-12);
    cr_assert_float_eq(bwm_queue_service(&gpu, &measured[1], 30, 100), 6, 1e-12);
    static const char *const policies[] = {"frfcfs", "prior-1", "prior-2", "weis", "rr"};
    for (size_t k = 0; k < sizeof policies / sizeof policies[0]; k++) {
        bwm_qresult a = run(policies[k], two, two_q, 2, 100, &gpu);
        bwm_qresult b = run(policies[k], two, measured, 2, 100, &gpu);
        for (size_t i = 0; i < 2; i++)
            cr_assert_float_eq(b.bw[i], a.bw[i], 1e-9, "%s, app %zu", policies[k], i + 1);
    }
}

Test(queue, a_burstier_application_queues_more)
{
    /* A measured waiting 30 alone (twice the constants' 15): w_A = 30 · 0.4 /
     * 0.6 = 20, whatever the gpu's constants say.  Alone it still gets its
     * profile back; beside B, FR-FCFS's one wait W solves
     *   W = (0.2 X_A + 0.06 X_B) / (1 - (X_A + X_B) / 100),
     *   X_A = min(60, 60 · 300 / (300 + W - 30)),
     *   X_B = min(30, 30 / (0.5 + 0.5 (250 + W - 18/7) / 250)),
     * and both lose more than with the constants' w_A = 10. */
    bwm_qapp q[2] = {two_q[0], two_q[1]};
    q[0].wait_alone = 30;
    bwm_qresult alone = run("frfcfs", two, q, 1, 100, &gpu);
    cr_assert_float_eq(alone.bw[0], 60, 1e-9);
    cr_assert_float_eq(alone.wait[0], 30, 1e-9);
    bwm_qresult r = run("frfcfs", two, q, 2, 100, &gpu);
    double W = r.wait[0];
    cr_assert_float_eq(W, (0.2 * r.bw[0] + 0.06 * r.bw[1]) / (1 - (r.bw[0] + r.bw[1]) / 100), 1e-6);
    cr_assert_float_eq(r.bw[0], fmin(60, 60 * 300 / (300 + W - 30)), 1e-9);
    cr_assert_float_eq(r.bw[1], fmin(30, 30 / (0.5 + 0.5 * (250 + W - 18.0 / 7.0) / 250)), 1e-9);
    cr_assert_float_eq(r.latency[0], 300 + W - 30, 1e-9);
    bwm_qresult base = run("frfcfs", two, two_q, 2, 100, &gpu);
    cr_assert_gt(W, base.wait[0]);
    cr_assert_lt(r.bw[1], base.bw[1]);
}

Test(queue, a_measured_wait_of_zero_keeps_a_little_queue)
{
    /* w is floored at 0.1 core cycles: at 60 of 100 the alone wait is then
     * 0.6 · 0.1 / 0.4 = 0.15, not 0 */
    bwm_qapp q = two_q[0];
    q.wait_alone = 0;
    cr_assert_float_eq(bwm_queue_service(&gpu, &q, 60, 100), 0.1, 1e-12);
    cr_assert_float_eq(bwm_queue_wait_alone(&gpu, &q, 60, 100), 0.15, 1e-12);
}

Test(queue, bad_measured_wait)
{
    bwm_err err;
    bwm_qapp q[2] = {two_q[0], two_q[1]};
    q[1].wait_alone = -1;
    cr_assert_eq(bwm_queue_check(two, q, 2, 100, &gpu, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "application 2: wait alone") != NULL, "%s", err.msg);
    q[1].wait_alone = INFINITY;
    cr_assert_eq(bwm_queue_check(two, q, 2, 100, &gpu, &err), BWM_EINPUT);
}
