/* transfer_test.c — the ε-transfer analysis (paper 000, Eq. 4-18). */
#include <criterion/criterion.h>
#include <math.h>

#include "model/compare.h"
#include "model/transfer.h"

Test(transfer, figure6_it_and_ws_conflict)
{
    /* Paper 000, Sec. 5: app 2 (lower MPKI) for IT, app 1 (lower alone BW) for WS. */
    const bwm_app a[2] = {{20, 30, 0}, {5, 40, 0}};
    bwm_comparison c;
    cr_assert_eq(bwm_compare(a, 2, 50, &c, NULL), BWM_OK);
    cr_assert_eq(c.transfer.favour[BWM_MV_IT], 2);
    cr_assert_eq(c.transfer.favour[BWM_MV_WS], 1);
    cr_assert(c.transfer.conflict);
    cr_assert(c.transfer.bandwidth_bound);
    /* at the frfcfs point app 1 has 21.4 < 28.6, so the approximation favours it */
    cr_assert_eq(c.transfer.favour[BWM_MV_WS_APPROX], 1);
}

Test(transfer, sign_of_it_change_matches_eq6)
{
    /* ΔIT = ε(1/mpki_1 − 1/mpki_2): moving ε = 1 to app 1 changes IT by exactly that. */
    const bwm_app a[2] = {{20, 30, 0}, {5, 40, 0}};
    double bw[2] = {25, 25};
    bwm_transfer t;
    bwm_transfer_eval(a, 2, 50, bw, &t);
    double it0 = 25 / 20.0 + 25 / 5.0, it1 = 26 / 20.0 + 24 / 5.0;
    cr_assert_float_eq(it1 - it0, t.value[BWM_MV_IT][0] - t.value[BWM_MV_IT][1], 1e-12);
    double ws0 = 25 / 30.0 + 25 / 40.0, ws1 = 26 / 30.0 + 24 / 40.0;
    cr_assert_float_eq(ws1 - ws0, t.value[BWM_MV_WS][0] - t.value[BWM_MV_WS][1], 1e-12);
}

Test(transfer, same_application_for_both_means_no_conflict)
{
    /* HISTO_TRD: TRD has the lower MPKI and the lower BW: favour it for both. */
    const bwm_app a[2] = {{0.6, 16.69, 0}, {0.1, 1.24, 0}};
    double bw[2] = {10, 1};
    bwm_transfer t;
    bwm_transfer_eval(a, 2, 88.8, bw, &t);
    cr_assert_eq(t.favour[BWM_MV_IT], 2);
    cr_assert_eq(t.favour[BWM_MV_WS], 2);
    cr_assert_not(t.conflict);
    cr_assert_not(t.bandwidth_bound);
}

Test(transfer, equal_mpki_is_indifferent)
{
    const bwm_app a[2] = {{2.7, 40, 0}, {2.7, 76, 0}};
    double bw[2] = {40, 48};
    bwm_transfer t;
    bwm_transfer_eval(a, 2, 88, bw, &t);
    cr_assert_eq(t.favour[BWM_MV_IT], 0);
    cr_assert_eq(t.favour[BWM_MV_WS], 1);
    cr_assert_not(t.conflict);
}

Test(transfer, n_application_ranking)
{
    const bwm_app a[3] = {{57.1, 82.6, 0}, {2.7, 76.6, 0}, {0.6, 16.7, 0}};
    double bw[3] = {40, 40, 8.8};
    bwm_transfer t;
    bwm_transfer_eval(a, 3, 88.8, bw, &t);
    cr_assert_eq(t.rank[BWM_MV_IT][0], 2);
    cr_assert_eq(t.rank[BWM_MV_IT][1], 1);
    cr_assert_eq(t.rank[BWM_MV_IT][2], 0);
    cr_assert_eq(t.rank[BWM_MV_WS][0], 2);
    cr_assert_eq(t.rank[BWM_MV_WS][1], 1);
    /* HS marginal d/bw^2: 82.6/1600, 76.6/1600, 16.7/77.44 */
    cr_assert_float_eq(t.value[BWM_MV_HS][2], 16.7 / (8.8 * 8.8), 1e-12);
    cr_assert_eq(t.rank[BWM_MV_HS][0], 2);
}

Test(transfer, starved_application_has_infinite_value)
{
    const bwm_app a[2] = {{1, 50, 0}, {1, 50, 0}};
    double bw[2] = {50, 0};
    bwm_transfer t;
    bwm_transfer_eval(a, 2, 50, bw, &t);
    cr_assert(isinf(t.value[BWM_MV_WS_APPROX][1]));
    cr_assert_eq(t.favour[BWM_MV_WS_APPROX], 2);
    cr_assert_eq(t.favour[BWM_MV_HS], 2);
}
