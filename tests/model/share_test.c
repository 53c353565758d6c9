/* share_test.c — bandwidth sharing: paper 000 Figure 6 and properties over
 * random workloads. */
#include <criterion/criterion.h>
#include <math.h>

#include "model/compare.h"
#include "model/share.h"
#include "util/rng.h"

#define EPS 1e-9

static const bwm_app fig6[2] = {{20, 30, 0}, {5, 40, 0}};

static const bwm_policy_result *find(const bwm_comparison *c, const char *name)
{
    for (size_t k = 0; k < c->npolicies; k++)
        if (strcmp(c->r[k].name, name) == 0)
            return &c->r[k];
    cr_assert_fail("policy %s missing", name);
    return NULL;
}

Test(share, figure6_prior_app1)
{
    bwm_comparison c;
    cr_assert_eq(bwm_compare(fig6, 2, 50, &c, NULL), BWM_OK);
    const bwm_policy_result *r = find(&c, "prior-1");
    cr_assert_float_eq(r->bw[0], 30, EPS);
    cr_assert_float_eq(r->bw[1], 20, EPS);
    cr_assert_float_eq(r->perf[0], 1.5, EPS);
    cr_assert_float_eq(r->perf[1], 4, EPS);
    cr_assert_float_eq(r->m.it, 5.5, EPS);
    cr_assert_float_eq(r->m.ws, 1.5, EPS);
}

Test(share, figure6_prior_app2)
{
    bwm_comparison c;
    cr_assert_eq(bwm_compare(fig6, 2, 50, &c, NULL), BWM_OK);
    const bwm_policy_result *r = find(&c, "prior-2");
    cr_assert_float_eq(r->perf[0], 0.5, EPS);
    cr_assert_float_eq(r->perf[1], 8, EPS);
    cr_assert_float_eq(r->m.it, 8.5, EPS);
    cr_assert_float_eq(r->m.ws, 4.0 / 3.0, EPS);
}

Test(share, figure6_round_robin)
{
    bwm_comparison c;
    cr_assert_eq(bwm_compare(fig6, 2, 50, &c, NULL), BWM_OK);
    const bwm_policy_result *r = find(&c, "rr");
    cr_assert_float_eq(r->bw[0], 25, EPS);
    cr_assert_float_eq(r->perf[0], 1.25, EPS);
    cr_assert_float_eq(r->perf[1], 5, EPS);
    cr_assert_float_eq(r->m.it, 6.25, EPS);
    cr_assert_float_eq(r->m.ws, 1.25 / 1.5 + 5.0 / 8.0, EPS); /* 1.458 */
    cr_assert_float_eq(r->m.ws, 1.4583333333, 1e-9);
}

Test(share, figure6_its_is_prior_low_mpki_and_opt_it)
{
    bwm_comparison c;
    cr_assert_eq(bwm_compare(fig6, 2, 50, &c, NULL), BWM_OK);
    cr_assert_float_eq(find(&c, "prior-low-mpki")->m.it, 8.5, EPS);
    cr_assert_float_eq(find(&c, "opt-it")->m.it, 8.5, EPS);
    cr_assert_float_eq(find(&c, "prior-low-bw")->m.ws, 1.5, EPS);
    cr_assert_float_eq(find(&c, "opt-ws")->m.ws, 1.5, EPS);
}

Test(share, frfcfs_is_demand_proportional)
{
    double bw[2];
    bwm_policy p;
    cr_assert_eq(bwm_policy_parse("frfcfs", 2, &p, NULL), BWM_OK);
    bwm_share(&p, fig6, 2, 50, bw);
    /* 30:40 of 50 -> 21.43, 28.57: both at sd 5/7 */
    cr_assert_float_eq(bw[0], 50.0 * 30 / 70, EPS);
    cr_assert_float_eq(bw[1], 50.0 * 40 / 70, EPS);
}

Test(share, waterfill_caps_small_demands)
{
    /* demands 10, 40, 40 on 60: 10 is capped, 25 each for the rest */
    double d[3] = {10, 40, 40}, w[3] = {1, 1, 1}, bw[3];
    bwm_share_waterfill(d, w, 3, 60, bw);
    cr_assert_float_eq(bw[0], 10, EPS);
    cr_assert_float_eq(bw[1], 25, EPS);
    cr_assert_float_eq(bw[2], 25, EPS);
}

Test(share, rr_with_rbl_is_proportional_to_locality)
{
    /* paper 000 Sec. 8.1: RR gives equal activations, so higher row locality
     * gets more bandwidth: rbl 4 vs 1 -> 40 vs 10 of 50 (both demand 45) */
    bwm_app a[2] = {{2, 45, 4}, {20, 45, 1}};
    bwm_policy p;
    double bw[2];
    cr_assert_eq(bwm_policy_parse("rr", 2, &p, NULL), BWM_OK);
    bwm_share(&p, a, 2, 50, bw);
    cr_assert_float_eq(bw[0], 40, EPS);
    cr_assert_float_eq(bw[1], 10, EPS);
}

Test(share, opt_hs_matches_kkt_closed_form)
{
    /* Uncapped: bw_i ∝ sqrt(d_i).  d = 30, 40 on 50. */
    double bw[2];
    bwm_policy p;
    cr_assert_eq(bwm_policy_parse("opt-hs", 2, &p, NULL), BWM_OK);
    bwm_share(&p, fig6, 2, 50, bw);
    double s1 = sqrt(30), s2 = sqrt(40);
    cr_assert_float_eq(bw[0], 50 * s1 / (s1 + s2), EPS);
    cr_assert_float_eq(bw[1], 50 * s2 / (s1 + s2), EPS);
}

Test(share, explicit_order_and_names)
{
    bwm_app a[3] = {{1, 30, 0}, {2, 30, 0}, {3, 30, 0}};
    size_t order[3] = {3, 2, 1};
    bwm_policy p;
    double bw[3];
    cr_assert_eq(bwm_policy_order(order, 3, 3, &p, NULL), BWM_OK);
    bwm_share(&p, a, 3, 50, bw);
    cr_assert_float_eq(bw[2], 30, EPS);
    cr_assert_float_eq(bw[1], 20, EPS);
    cr_assert_float_eq(bw[0], 0, EPS);
    char name[32];
    bwm_policy_name(&p, name, sizeof name);
    cr_assert_str_eq(name, "order-3,2,1");
    size_t k_first[3] = {3, 1, 2}; /* K first, the rest in input order: prior-3 */
    cr_assert_eq(bwm_policy_order(k_first, 3, 3, &p, NULL), BWM_OK);
    bwm_policy_name(&p, name, sizeof name);
    cr_assert_str_eq(name, "prior-3");
    cr_assert_eq(bwm_policy_parse("prior-2", 3, &p, NULL), BWM_OK);
    bwm_policy_name(&p, name, sizeof name);
    cr_assert_str_eq(name, "prior-2");
}

Test(share, bad_policies_are_rejected)
{
    bwm_policy p;
    bwm_err e;
    cr_assert_eq(bwm_policy_parse("prior-3", 2, &p, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "does not exist"));
    cr_assert_eq(bwm_policy_parse("fastest", 2, &p, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "unknown policy"));
    size_t dup[2] = {1, 1};
    cr_assert_eq(bwm_policy_order(dup, 2, 2, &p, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "twice"));
}

/* A random workload of 2..6 applications; demands up to peak. */
static size_t random_workload(bwm_rng *r, bwm_app *a, double peak)
{
    size_t n = 2 + bwm_rng_below(r, 5);
    for (size_t i = 0; i < n; i++) {
        a[i].mpki = bwm_rng_range(r, 0.05, 60);
        a[i].bw_alone = bwm_rng_range(r, 0.01, 1.0) * peak;
        a[i].rbl = bwm_rng_uniform(r) < 0.5 ? 0 : bwm_rng_range(r, 1, 16);
    }
    return n;
}

Test(share, optima_dominate_every_policy)
{
    bwm_rng r;
    bwm_rng_seed(&r, 42);
    bwm_comparison c;
    for (int trial = 0; trial < 5000; trial++) {
        bwm_app a[8];
        size_t n = random_workload(&r, a, 88.8);
        cr_assert_eq(bwm_compare(a, n, 88.8, &c, NULL), BWM_OK);
        const bwm_policy_result *oi = find(&c, "opt-it"), *ow = find(&c, "opt-ws"), *oh = find(&c, "opt-hs");
        for (size_t k = 0; k < c.npolicies; k++) {
            const bwm_policy_result *x = &c.r[k];
            cr_assert(oi->m.it >= x->m.it * (1 - 1e-12), "trial %d: opt-it %g < %s %g", trial, oi->m.it, x->name, x->m.it);
            cr_assert(ow->m.ws >= x->m.ws * (1 - 1e-12), "trial %d: opt-ws %g < %s %g", trial, ow->m.ws, x->name, x->m.ws);
            cr_assert(oh->m.hs >= x->m.hs * (1 - 1e-12), "trial %d: opt-hs %g < %s %g", trial, oh->m.hs, x->name, x->m.hs);
        }
    }
}

Test(share, opt_hs_beats_random_feasible_allocations)
{
    /* Optimality against allocations no policy produces. */
    bwm_rng r;
    bwm_rng_seed(&r, 7);
    for (int trial = 0; trial < 2000; trial++) {
        bwm_app a[8];
        size_t n = random_workload(&r, a, 100);
        bwm_policy p;
        double bw[8], x[8];
        bwm_policy_parse("opt-hs", n, &p, NULL);
        bwm_share(&p, a, n, 100, bw);
        double best = 0, cand = 0, sum = 0;
        for (size_t i = 0; i < n; i++)
            best += a[i].bw_alone / bw[i];
        for (size_t i = 0; i < n; i++) {
            x[i] = bwm_rng_range(&r, 0.001, 1) * a[i].bw_alone;
            sum += x[i];
        }
        for (size_t i = 0; i < n; i++) {
            if (sum > 100)
                x[i] *= 100 / sum;
            cand += a[i].bw_alone / x[i];
        }
        cr_assert(best <= cand * (1 + 1e-12), "trial %d: opt-hs sum %g > random %g", trial, best, cand);
    }
}

Test(share, no_policy_exceeds_peak_or_demand)
{
    bwm_rng r;
    bwm_rng_seed(&r, 1234);
    bwm_comparison c;
    for (int trial = 0; trial < 5000; trial++) {
        bwm_app a[8];
        size_t n = random_workload(&r, a, 50);
        cr_assert_eq(bwm_compare(a, n, 50, &c, NULL), BWM_OK);
        double demand = 0;
        for (size_t i = 0; i < n; i++)
            demand += a[i].bw_alone;
        for (size_t k = 0; k < c.npolicies; k++) {
            double sum = 0;
            for (size_t i = 0; i < n; i++) {
                cr_assert(c.r[k].bw[i] >= 0);
                cr_assert(c.r[k].bw[i] <= a[i].bw_alone * (1 + 1e-12), "%s exceeds demand", c.r[k].name);
                sum += c.r[k].bw[i];
            }
            cr_assert(sum <= 50 * (1 + 1e-12), "%s exceeds peak: %g", c.r[k].name, sum);
            /* work-conserving: every policy hands out min(peak, demand) */
            cr_assert_float_eq(sum, fmin(50, demand), 1e-9 * 50, "%s wastes bandwidth", c.r[k].name);
        }
    }
}

Test(share, demand_under_peak_slows_nobody)
{
    bwm_rng r;
    bwm_rng_seed(&r, 99);
    bwm_comparison c;
    for (int trial = 0; trial < 3000; trial++) {
        bwm_app a[8];
        size_t n = random_workload(&r, a, 50);
        double demand = 0;
        for (size_t i = 0; i < n; i++)
            demand += a[i].bw_alone;
        double scale = bwm_rng_range(&r, 0.2, 1.0) * 50 / demand;
        for (size_t i = 0; i < n; i++)
            a[i].bw_alone *= scale;
        cr_assert_eq(bwm_compare(a, n, 50, &c, NULL), BWM_OK);
        for (size_t k = 0; k < c.npolicies; k++)
            for (size_t i = 0; i < n; i++)
                cr_assert_float_eq(c.r[k].sd[i], 1, 1e-12, "%s: sd %g", c.r[k].name, c.r[k].sd[i]);
    }
}
