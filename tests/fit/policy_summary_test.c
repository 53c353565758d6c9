/* policy_summary_test.c — class summaries of the policy fit over hand-made
 * results: counts, MAREs, agreement rates and mean rho per group. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "fit/policy_summary.h"

/* A 2-application, 1-scheduler result with the given errors and outcomes. */
static bwm_pfit_result result(bwm_class cm, bwm_class cb, double bw_err, double ipc_err, double it_err, int agree_it,
                              double rho_it)
{
    bwm_pfit_result r;
    memset(&r, 0, sizeof r);
    r.n = 2;
    r.nsched = 1;
    r.classes.mpki = cm;
    r.classes.bw = cb;
    r.s[0].bw_err[0] = r.s[0].bw_err[1] = bw_err;
    r.s[0].ipc_err[0] = ipc_err;
    r.s[0].ipc_err[1] = NAN; /* undefined: left out of the mean */
    r.s[0].err[BWM_PM_IT] = it_err;
    r.s[0].err[BWM_PM_WS] = r.s[0].err[BWM_PM_HS] = NAN;
    r.agree[BWM_PM_IT] = agree_it;
    r.agree[BWM_PM_WS] = r.agree[BWM_PM_HS] = -1;
    r.rho[BWM_PM_IT] = rho_it;
    r.rho[BWM_PM_WS] = r.rho[BWM_PM_HS] = NAN;
    return r;
}

Test(policy_summary, groups_by_class_and_all)
{
    bwm_pfit_result r[3] = {
        result(BWM_CLASS_A, BWM_CLASS_C, 0.1, 0.2, 0.3, 1, 1.0),
        result(BWM_CLASS_A, BWM_CLASS_B, 0.3, 0.4, 0.1, 0, 0.5),
        result(BWM_CLASS_B, BWM_CLASS_C, 0.5, 0.6, 0.5, -1, NAN),
    };
    bwm_pfit_summary s[BWM_PG_COUNT];
    bwm_pfit_summarise(r, 3, s);
    cr_assert_str_eq(s[BWM_PG_ALL].group, "all");
    cr_assert_eq(s[BWM_PG_ALL].count, 3);
    cr_assert_float_eq(s[BWM_PG_ALL].mare_bw, 0.3, 1e-12);
    cr_assert_float_eq(s[BWM_PG_ALL].mare_ipc, 0.4, 1e-12);
    cr_assert_float_eq(s[BWM_PG_ALL].mare[BWM_PM_IT], 0.3, 1e-12);
    cr_assert(isnan(s[BWM_PG_ALL].mare[BWM_PM_WS]));
    cr_assert_float_eq(s[BWM_PG_ALL].agree[BWM_PM_IT], 0.5, 1e-12); /* 1 of the 2 defined */
    cr_assert_float_eq(s[BWM_PG_ALL].rho[BWM_PM_IT], 0.75, 1e-12);
    cr_assert(isnan(s[BWM_PG_ALL].agree[BWM_PM_WS]));

    cr_assert_str_eq(s[BWM_PG_MPKI_A].group, "A-MPKI");
    cr_assert_eq(s[BWM_PG_MPKI_A].count, 2);
    cr_assert_float_eq(s[BWM_PG_MPKI_A].mare_bw, 0.2, 1e-12);
    cr_assert_float_eq(s[BWM_PG_MPKI_A].agree[BWM_PM_IT], 0.5, 1e-12);
    cr_assert_eq(s[BWM_PG_MPKI_B].count, 1);
    cr_assert(isnan(s[BWM_PG_MPKI_B].agree[BWM_PM_IT]));
    cr_assert(isnan(s[BWM_PG_MPKI_B].rho[BWM_PM_IT]));
    cr_assert_eq(s[BWM_PG_MPKI_C].count, 0);
    cr_assert(isnan(s[BWM_PG_MPKI_C].mare_bw));

    cr_assert_str_eq(s[BWM_PG_BW_C].group, "C-BW");
    cr_assert_eq(s[BWM_PG_BW_C].count, 2);
    cr_assert_float_eq(s[BWM_PG_BW_C].mare[BWM_PM_IT], 0.4, 1e-12);
    cr_assert_eq(s[BWM_PG_BW_B].count, 1);
    cr_assert_float_eq(s[BWM_PG_BW_B].rho[BWM_PM_IT], 0.5, 1e-12);
    cr_assert_eq(s[BWM_PG_BW_A].count, 0);
}

/* One group over the results of a size: a triple's three applications weigh
 * 3/2 of a pair's two in the bandwidth MARE. */
Test(policy_summary, one_group_by_the_number_of_applications)
{
    bwm_pfit_result r[3] = {
        result(BWM_CLASS_A, BWM_CLASS_C, 0.1, 0.2, 0.3, 1, 1.0),
        result(BWM_CLASS_A, BWM_CLASS_B, 0.3, 0.4, 0.1, 0, 0.5),
        result(BWM_CLASS_B, BWM_CLASS_C, 0.5, 0.6, 0.5, -1, NAN),
    };
    r[2].n = 3;
    r[2].s[0].bw_err[2] = -0.8; /* |err| */
    bwm_pfit_summary s;
    bwm_pfit_summarise_napps(r, 3, 2, "pairs", &s);
    cr_assert_str_eq(s.group, "pairs");
    cr_assert_eq(s.count, 2);
    cr_assert_float_eq(s.mare_bw, 0.2, 1e-12);
    cr_assert_float_eq(s.agree[BWM_PM_IT], 0.5, 1e-12);
    bwm_pfit_summarise_napps(r, 3, 3, "triples", &s);
    cr_assert_eq(s.count, 1);
    cr_assert_float_eq(s.mare_bw, (0.5 + 0.5 + 0.8) / 3, 1e-12);
    cr_assert(isnan(s.agree[BWM_PM_IT]));
    /* every size: (0.1 + 0.1 + 0.3 + 0.3 + 0.5 + 0.5 + 0.8) / 7, not the mean of the three workloads' MAREs */
    bwm_pfit_summarise_napps(r, 3, 0, "all", &s);
    cr_assert_eq(s.count, 3);
    cr_assert_float_eq(s.mare_bw, 2.6 / 7, 1e-12);
    /* one workload alone: its own MARE */
    bwm_pfit_summarise_napps(&r[1], 1, 0, "", &s);
    cr_assert_float_eq(s.mare_bw, 0.3, 1e-12);
    cr_assert_float_eq(s.mare[BWM_PM_IT], 0.1, 1e-12);
}

/* Agreement over the decisive workloads only: those whose simulated best
 * static priority beats the runner-up by more than 1 %. */
Test(policy_summary, agreement_over_the_decisive_workloads)
{
    bwm_pfit_result r[4] = {
        result(BWM_CLASS_A, BWM_CLASS_C, 0.1, 0.2, 0.3, 1, 1.0),
        result(BWM_CLASS_A, BWM_CLASS_B, 0.3, 0.4, 0.1, 0, 0.5),
        result(BWM_CLASS_B, BWM_CLASS_C, 0.5, 0.6, 0.5, 0, NAN),
        result(BWM_CLASS_B, BWM_CLASS_C, 0.5, 0.6, 0.5, -1, NAN),
    };
    r[0].margin_sim[BWM_PM_IT] = 0.05;  /* decisive, agrees */
    r[1].margin_sim[BWM_PM_IT] = 0.005; /* a coin toss: left out */
    r[2].margin_sim[BWM_PM_IT] = 0.02;  /* decisive, disagrees */
    r[3].margin_sim[BWM_PM_IT] = 0.5;   /* decisive, but no model favour: left out */
    for (int k = 0; k < 4; k++)
        r[k].margin_sim[BWM_PM_WS] = r[k].margin_sim[BWM_PM_HS] = NAN;
    bwm_pfit_summary s;
    bwm_pfit_summarise_napps(r, 4, 0, "all", &s);
    cr_assert_float_eq(s.agree[BWM_PM_IT], 1.0 / 3, 1e-12);
    cr_assert_eq(s.decisive[BWM_PM_IT], 2);
    cr_assert_float_eq(s.agree_decisive[BWM_PM_IT], 0.5, 1e-12);
    cr_assert_eq(s.decisive[BWM_PM_WS], 0);
    cr_assert(isnan(s.agree_decisive[BWM_PM_WS]));
}
