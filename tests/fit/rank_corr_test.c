/* rank_corr_test.c — average ranks and Spearman's rho, with ties, by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "fit/rank_corr.h"

Test(rank_corr, ties_share_their_average_rank)
{
    const double v[] = {3, 1, 3, 2, 3};
    double r[5];
    bwm_ranks_avg(v, 5, r);
    /* 1 -> 1, 2 -> 2, the three 3s share ranks 3, 4, 5 -> 4 */
    const double want[] = {4, 1, 4, 2, 4};
    for (int i = 0; i < 5; i++)
        cr_assert_float_eq(r[i], want[i], 1e-12, "rank %d", i);
}

Test(rank_corr, values_equal_up_to_rounding_are_tied)
{
    const double v[] = {0.1 + 0.2, 0.3, 1};
    double r[3];
    bwm_ranks_avg(v, 3, r);
    cr_assert_float_eq(r[0], 1.5, 1e-12);
    cr_assert_float_eq(r[1], 1.5, 1e-12);
    cr_assert_float_eq(r[2], 3, 1e-12);
}

Test(rank_corr, spearman_with_a_tie_by_hand)
{
    /* model: ranks 4, 2.5, 2.5, 1, 5; sim: 3, 4, 2, 1, 5.  Deviations from 3:
     * (1, -.5, -.5, -2, 2) and (0, 1, -1, -2, 2): sxy = 8, sxx = 9.5, syy = 10. */
    const double model[] = {6.785714, 6.25, 6.25, 5.5, 8.5};
    const double sim[] = {6, 7, 5, 4, 9};
    cr_assert_float_eq(bwm_spearman(model, sim, 5), 8 / sqrt(95), 1e-12);
}

Test(rank_corr, monotone_is_one_reversed_is_minus_one)
{
    const double x[] = {1, 2, 3, 4};
    const double up[] = {10, 20, 25, 100};
    const double down[] = {4, 3, 2, 1};
    cr_assert_float_eq(bwm_spearman(x, up, 4), 1, 1e-12);
    cr_assert_float_eq(bwm_spearman(x, down, 4), -1, 1e-12);
}

Test(rank_corr, undefined_when_constant_or_too_short)
{
    const double x[] = {1, 2, 3};
    const double flat[] = {5, 5, 5};
    cr_assert(isnan(bwm_spearman(x, flat, 3)));
    cr_assert(isnan(bwm_spearman(flat, x, 3)));
    cr_assert(isnan(bwm_spearman(x, x, 1)));
}
