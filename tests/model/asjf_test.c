/* asjf_test.c — α-SJF (paper 004): potential, Eq. 5, the k rule. */
#include <criterion/criterion.h>
#include <math.h>

#include "model/asjf.h"
#include "util/rng.h"

Test(asjf, k_is_m_to_the_one_over_one_minus_alpha)
{
    cr_assert_float_eq(bwm_asjf_k(0.5, 3), 9, 1e-12);
    cr_assert_float_eq(bwm_asjf_k(0.75, 3), 81, 1e-9);
    cr_assert(isinf(bwm_asjf_k(1, 3)));
}

Test(asjf, potential_eq2_and_eq3)
{
    bwm_asjf_queue q[3] = {{4, 1, 0}, {1, 0, 0}, {9, 1, 1}};
    bwm_asjf_params p = {0.5, 3, NULL, 0};
    cr_assert_float_eq(bwm_asjf_potential(&p, q, 3), 2 + 1 + 3, 1e-12);
    double ftol[2] = {2, 6}; /* ready warps × wc */
    p.ftol = ftol;
    p.ncores = 2;
    cr_assert_float_eq(bwm_asjf_potential(&p, q, 3), (2 + 1) / 2.0 + 3 / 6.0, 1e-12);
}

Test(asjf, one_step_update)
{
    /* α = 1: r falls by 1 for a hit and by 1/m for a miss (Sec. II-A) */
    bwm_asjf_queue q[2] = {{5, 1, 0}, {3, 0, 0}};
    bwm_asjf_params p = {1, 3, NULL, 0};
    double r0 = bwm_asjf_potential(&p, q, 2);
    bwm_asjf_serve(&p, q, 0);
    cr_assert_float_eq(bwm_asjf_potential(&p, q, 2), r0 - 1, 1e-12);
    bwm_asjf_serve(&p, q, 1);
    cr_assert_float_eq(bwm_asjf_potential(&p, q, 2), r0 - 1 - 1.0 / 3, 1e-12);
}

Test(asjf, alpha_near_one_picks_a_row_hit)
{
    bwm_asjf_queue q[3] = {{1, 0, 0}, {40, 1, 0}, {2, 0, 0}};
    bwm_asjf_params p = {0.999, 3, NULL, 0};
    cr_assert_eq(bwm_asjf_select_eq5(&p, q, 3), 1);
    cr_assert_eq(bwm_asjf_select_hw(&p, q, 3), 1);
}

Test(asjf, alpha_near_zero_picks_the_shortest_queue)
{
    bwm_asjf_params p = {0.01, 3, NULL, 0};
    bwm_asjf_queue hits[3] = {{6, 1, 0}, {2, 1, 0}, {3, 1, 0}};
    cr_assert_eq(bwm_asjf_select_eq5(&p, hits, 3), 1);
    cr_assert_eq(bwm_asjf_select_hw(&p, hits, 3), 1);
    /* a long row-hit queue loses to a short miss queue (k ≈ m at α → 0),
     * where α near 1 keeps the row hit */
    bwm_asjf_queue mixed[2] = {{40, 1, 0}, {1, 0, 0}};
    cr_assert_eq(bwm_asjf_select_eq5(&p, mixed, 2), 1);
    cr_assert_eq(bwm_asjf_select_hw(&p, mixed, 2), 1);
    bwm_asjf_params p1 = {0.99, 3, NULL, 0};
    cr_assert_eq(bwm_asjf_select_eq5(&p1, mixed, 2), 0);
    cr_assert_eq(bwm_asjf_select_hw(&p1, mixed, 2), 0);
}

Test(asjf, hardware_rule_agrees_with_eq5_on_random_states)
{
    bwm_rng r;
    bwm_rng_seed(&r, 2012);
    int disagreements = 0, hits_chosen = 0, misses_chosen = 0;
    for (int trial = 0; trial < 20000; trial++) {
        size_t n = 1 + bwm_rng_below(&r, 12);
        bwm_asjf_queue q[12];
        for (size_t i = 0; i < n; i++) {
            q[i].len = 1 + (double)bwm_rng_below(&r, 32);
            q[i].hit = bwm_rng_uniform(&r) < 0.4;
            q[i].core = 0;
        }
        bwm_asjf_params p = {bwm_rng_range(&r, 0.01, 1.0), bwm_rng_range(&r, 1, 6), NULL, 0};
        size_t a = bwm_asjf_select_eq5(&p, q, n), b = bwm_asjf_select_hw(&p, q, n);
        disagreements += a != b;
        if (q[a].hit)
            hits_chosen++;
        else
            misses_chosen++;
    }
    cr_assert_eq(disagreements, 0);
    cr_assert(hits_chosen > 1000 && misses_chosen > 1000, "both branches exercised");
}

Test(asjf, least_tolerant_core_goes_first)
{
    /* core 1 has 1 ready warp, core 0 has 8: queue 2 (core 1) wins despite
     * queue 0 being a shorter row hit */
    bwm_asjf_queue q[3] = {{1, 1, 0}, {5, 1, 0}, {6, 0, 1}};
    double ftol[2] = {8, 1};
    bwm_asjf_params p = {0.5, 3, ftol, 2};
    cr_assert_eq(bwm_asjf_select_core(&p, q, 3), 1);
    cr_assert_eq(bwm_asjf_select_eq5(&p, q, 3), 2);
    cr_assert_eq(bwm_asjf_select_hw(&p, q, 3), 2);
}

Test(asjf, rejects_bad_parameters)
{
    bwm_asjf_queue q[1] = {{1, 1, 0}};
    bwm_err e;
    bwm_asjf_params p0 = {0, 3, NULL, 0}, p2 = {1.01, 3, NULL, 0}, pm = {0.5, 0.5, NULL, 0};
    cr_assert_eq(bwm_asjf_check(&p0, q, 1, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "alpha"));
    cr_assert_eq(bwm_asjf_check(&p2, q, 1, &e), BWM_EINPUT);
    cr_assert_eq(bwm_asjf_check(&pm, q, 1, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "m must be >= 1"));
}
