/* policy_fit_test.c — the policy fit on hand-built inputs (no simulation):
 * the model's bw and ipc per scheduler against paper 000 Figure 6 and hand
 * derivations, the errors, the favour agreement and the rank correlation. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/policy_fit.h"

#define EPS 1e-9

/* Figure 6: mpki 20 and 5, alone bw 30 and 40, peak 50.  With ipc_alone =
 * bw_alone / mpki (1.5 and 8) the model's ipc is the paper's performance. */
static void fig6(bwm_pfit_input *in, double h1, double h2)
{
    memset(in, 0, sizeof *in);
    in->n = 2;
    in->peak = 50;
    in->alone[0] = (bwm_pfit_alone){1.5, 20, 30, h1};
    in->alone[1] = (bwm_pfit_alone){8, 5, 40, h2};
}

static void add_sim(bwm_pfit_input *in, const char *sched, double bw1, double bw2, double ipc1, double ipc2)
{
    bwm_pfit_sim *s = &in->sim[in->nsched++];
    snprintf(s->sched, sizeof s->sched, "%s", sched);
    s->bw[0] = bw1;
    s->bw[1] = bw2;
    s->ipc[0] = ipc1;
    s->ipc[1] = ipc2;
}

/* The five schedulers of the hand-made simulation: IT 6, 7, 5, 4, 9. */
static void five(bwm_pfit_input *in)
{
    add_sim(in, "frfcfs", 20, 25, 1.0, 5.0);
    add_sim(in, "rr", 25, 25, 1.0, 6.0);
    add_sim(in, "weis", 25, 25, 1.0, 4.0);
    add_sim(in, "prior-1", 30, 20, 1.5, 2.5);
    add_sim(in, "prior-2", 10, 40, 1.0, 8.0);
}

static void fit(const bwm_pfit_input *in, bwm_pfit_result *r)
{
    bwm_err err;
    cr_assert_eq(bwm_policy_fit(in, r, &err), BWM_OK, "%s", err.msg);
}

static const bwm_pfit_sched *sched(const bwm_pfit_result *r, const char *name)
{
    for (size_t k = 0; k < r->nsched; k++)
        if (strcmp(r->s[k].sched, name) == 0)
            return &r->s[k];
    cr_assert_fail("no %s", name);
    return NULL;
}

static void expect_model(const bwm_pfit_sched *s, double bw1, double bw2, double ipc1, double ipc2)
{
    cr_assert_float_eq(s->bw_model[0], bw1, EPS, "%s bw1 %g", s->sched, s->bw_model[0]);
    cr_assert_float_eq(s->bw_model[1], bw2, EPS, "%s bw2 %g", s->sched, s->bw_model[1]);
    cr_assert_float_eq(s->ipc_model[0], ipc1, EPS, "%s ipc1 %g", s->sched, s->ipc_model[0]);
    cr_assert_float_eq(s->ipc_model[1], ipc2, EPS, "%s ipc2 %g", s->sched, s->ipc_model[1]);
    cr_assert_float_eq(s->model[BWM_PM_IT], ipc1 + ipc2, EPS);
}

Test(policy_fit, figure6_priorities_its_and_prior_low_bw)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    five(&in);
    add_sim(&in, "its", 10, 40, 0.5, 8);
    add_sim(&in, "prior-low-bw", 30, 20, 1.5, 4);
    bwm_pfit_result r;
    fit(&in, &r);
    /* Figure 6: prior-1 gives 30/20 -> 1.5 + 4 = 5.5, WS 1.5; prior-2 10/40 -> 0.5 + 8 = 8.5, WS 1.333 */
    expect_model(sched(&r, "prior-1"), 30, 20, 1.5, 4);
    cr_assert_float_eq(sched(&r, "prior-1")->model[BWM_PM_WS], 1.5, EPS);
    cr_assert_float_eq(sched(&r, "prior-1")->model[BWM_PM_HS], 2.0 / (1 + 2), EPS); /* sd 1 and 0.5 */
    expect_model(sched(&r, "prior-2"), 10, 40, 0.5, 8);
    cr_assert_float_eq(sched(&r, "prior-2")->model[BWM_PM_WS], 4.0 / 3.0, EPS);
    /* ITS is prior-low-mpki: application 2 first; prior-low-bw: application 1 first */
    expect_model(sched(&r, "its"), 10, 40, 0.5, 8);
    cr_assert_str_eq(sched(&r, "its")->form, "prior-low-mpki");
    expect_model(sched(&r, "prior-low-bw"), 30, 20, 1.5, 4);
}

Test(policy_fit, figure6_rr_weis_and_frfcfs)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5); /* equal row locality: rr is the paper's equal split */
    five(&in);
    bwm_pfit_result r;
    fit(&in, &r);
    expect_model(sched(&r, "rr"), 25, 25, 1.25, 5);
    cr_assert_float_eq(sched(&r, "rr")->model[BWM_PM_WS], 1.25 / 1.5 + 5.0 / 8.0, EPS); /* 1.458 */
    cr_assert_str_eq(sched(&r, "rr")->form, "rr+rbl");
    expect_model(sched(&r, "weis"), 25, 25, 1.25, 5);
    /* frfcfs: in proportion to demand, 50 x 30/70 and 50 x 40/70 */
    expect_model(sched(&r, "frfcfs"), 150.0 / 7, 200.0 / 7, 150.0 / 7 / 20, 200.0 / 7 / 5);
}

Test(policy_fit, rr_follows_measured_row_locality)
{
    /* hit rates 0 and 0.5: 1 and 2 column accesses per activation, so rr
     * splits 50 as 1:2 -> 16.67 and 33.33, under both demands */
    bwm_pfit_input in;
    fig6(&in, 0, 0.5);
    add_sim(&in, "rr", 20, 30, 1, 6);
    bwm_pfit_result r;
    fit(&in, &r);
    expect_model(&r.s[0], 50.0 / 3, 100.0 / 3, 50.0 / 3 / 20, 100.0 / 3 / 5);
    /* a row hit rate of 1 leaves the locality unknown: the equal split */
    fig6(&in, 1, 0.5);
    add_sim(&in, "rr", 20, 30, 1, 6);
    fit(&in, &r);
    expect_model(&r.s[0], 25, 25, 1.25, 5);
    cr_assert_str_eq(r.s[0].form, "rr");
}

Test(policy_fit, errors_are_signed_relative)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    five(&in);
    bwm_pfit_result r;
    fit(&in, &r);
    const bwm_pfit_sched *s = sched(&r, "frfcfs");
    cr_assert_float_eq(s->bw_err[0], (150.0 / 7 - 20) / 20, EPS);
    cr_assert_float_eq(s->bw_err[1], (200.0 / 7 - 25) / 25, EPS);
    cr_assert_float_eq(s->ipc_err[1], (200.0 / 7 / 5 - 5) / 5, EPS);
    s = sched(&r, "prior-1"); /* model IT 5.5 against simulated 4 */
    cr_assert_float_eq(s->sim[BWM_PM_IT], 4, EPS);
    cr_assert_float_eq(s->err[BWM_PM_IT], 1.5 / 4, EPS);
    cr_assert_float_eq(s->sim[BWM_PM_WS], 1 + 2.5 / 8, EPS);
    cr_assert_float_eq(s->err[BWM_PM_WS], (1.5 - 1.3125) / 1.3125, EPS);
    cr_assert(isnan(bwm_rel_err(1, 0)));
    cr_assert_float_eq(bwm_rel_err(0.8, 1), -0.2, EPS); /* (model - sim) / sim, signed */
}

Test(policy_fit, favour_model_against_best_simulated_priority)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    five(&in);
    bwm_pfit_result r;
    fit(&in, &r);
    /* model: lower mpki (2) for IT, lower alone bw (1) for WS and HS */
    cr_assert_eq(r.favour_model[BWM_PM_IT], 2);
    cr_assert_eq(r.favour_model[BWM_PM_WS], 1);
    cr_assert_eq(r.favour_model[BWM_PM_HS], 1);
    cr_assert(r.bandwidth_bound);
    /* simulation: prior-2 has IT 9 > 4, WS 0.667 + 1 > 1 + 0.3125, HS 0.8 > 0.476 */
    cr_assert_eq(r.favour_sim[BWM_PM_IT], 2);
    cr_assert_eq(r.favour_sim[BWM_PM_WS], 2);
    cr_assert_eq(r.favour_sim[BWM_PM_HS], 2);
    cr_assert_eq(r.agree[BWM_PM_IT], 1);
    cr_assert_eq(r.agree[BWM_PM_WS], 0);
    cr_assert_eq(r.agree[BWM_PM_HS], 0);
    /* the margins: IT 9 / 4, WS (0.667 + 1) / 1.3125, HS 0.8 / 0.476, less 1 */
    cr_assert_float_eq(r.margin_sim[BWM_PM_IT], 9.0 / 4 - 1, EPS);
    cr_assert_float_eq(r.margin_sim[BWM_PM_WS], (1.0 / 1.5 + 1) / 1.3125 - 1, EPS);
}

Test(policy_fit, favour_undefined_without_every_priority_or_on_a_tie)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    add_sim(&in, "frfcfs", 20, 25, 1, 5);
    add_sim(&in, "prior-1", 30, 20, 1.5, 2.5);
    bwm_pfit_result r;
    fit(&in, &r);
    cr_assert_eq(r.favour_sim[BWM_PM_IT], 0); /* prior-2 not run */
    cr_assert_eq(r.agree[BWM_PM_IT], -1);
    cr_assert(isnan(r.margin_sim[BWM_PM_IT]));
    add_sim(&in, "prior-2", 10, 40, 0.5, 3.5); /* IT 4 = prior-1's 4 */
    fit(&in, &r);
    cr_assert_eq(r.favour_sim[BWM_PM_IT], 0);
    cr_assert_eq(r.agree[BWM_PM_IT], -1);
    cr_assert_float_eq(r.margin_sim[BWM_PM_IT], 0, EPS); /* a tie: no margin */
    cr_assert_eq(r.favour_sim[BWM_PM_WS], 1);
}

Test(policy_fit, spearman_over_the_schedulers)
{
    /* model IT: frfcfs 6.786, rr = weis 6.25, prior-1 5.5, prior-2 8.5;
     * simulated IT 6, 7, 5, 4, 9 (see rank_corr_test): 8 / sqrt(95) */
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    five(&in);
    bwm_pfit_result r;
    fit(&in, &r);
    cr_assert_float_eq(r.rho[BWM_PM_IT], 8 / sqrt(95), 1e-12);
    cr_assert(r.rho[BWM_PM_WS] >= -1 && r.rho[BWM_PM_WS] <= 1);
}

Test(policy_fit, three_applications_with_a_starved_one)
{
    /* mpki 10, 2, 5, each demanding 30 of 60: ITS serves 2 and 3, 1 gets nothing */
    bwm_pfit_input in;
    memset(&in, 0, sizeof in);
    in.n = 3;
    in.peak = 60;
    in.alone[0] = (bwm_pfit_alone){3, 10, 30, 0.2};
    in.alone[1] = (bwm_pfit_alone){15, 2, 30, 0.2};
    in.alone[2] = (bwm_pfit_alone){6, 5, 30, 0.2};
    bwm_pfit_sim s = {"its", {5, 28, 27}, {0.5, 14, 5.4}};
    in.sim[in.nsched++] = s;
    snprintf(s.sched, sizeof s.sched, "weis");
    in.sim[in.nsched++] = s;
    bwm_pfit_result r;
    fit(&in, &r);
    cr_assert_float_eq(r.s[0].bw_model[0], 0, EPS);
    cr_assert_float_eq(r.s[0].bw_model[1], 30, EPS);
    cr_assert_float_eq(r.s[0].bw_model[2], 30, EPS);
    cr_assert_float_eq(r.s[0].model[BWM_PM_IT], 15 + 6, EPS);
    cr_assert_float_eq(r.s[0].model[BWM_PM_HS], 0, EPS); /* a starved application */
    cr_assert_float_eq(r.s[1].bw_model[0], 20, EPS);     /* weis: 20 each */
    cr_assert_float_eq(r.s[1].ipc_model[1], 10, EPS);
    cr_assert_float_eq(r.s[1].model[BWM_PM_WS], 2, EPS);
    cr_assert_eq(r.favour_model[BWM_PM_IT], 2);
    cr_assert_eq(r.favour_model[BWM_PM_WS], 0); /* equal alone bw: indifferent */
    cr_assert_eq(r.agree[BWM_PM_WS], -1);
    /* classes: d_mpki 8 (C), d_bw_frac 0 (C) */
    cr_assert_eq(r.classes.mpki, BWM_CLASS_C);
    cr_assert_eq(r.classes.bw, BWM_CLASS_C);
}

static void bad(const bwm_pfit_input *in, const char *what)
{
    bwm_pfit_result r;
    bwm_err err;
    cr_assert_eq(bwm_policy_fit(in, &r, &err), BWM_EINPUT, "accepted, expected '%s'", what);
    cr_assert(strstr(err.msg, what), "'%s' does not say '%s'", err.msg, what);
}

Test(policy_fit, bad_input_is_refused_with_what_is_wrong)
{
    bwm_pfit_input in;
    fig6(&in, 0.5, 0.5);
    bad(&in, "0 schedulers");
    add_sim(&in, "fcfs", 20, 25, 1, 5);
    bad(&in, "scheduler 'fcfs' has no closed form");
    fig6(&in, 0.5, 0.5);
    add_sim(&in, "frfcfs", 20, 25, 1, 5);
    in.n = 1;
    bad(&in, "1 applications: the policy fit compares 2 or 3");
    in.n = 4;
    bad(&in, "4 applications");
    in.n = 2;
    in.alone[1].mpki = -1;
    bad(&in, "application 2: mpki alone must be >= 0");
    in.alone[1].mpki = 5;
    in.alone[0].bw = 60;
    bad(&in, "application 1: bw alone 60 exceeds the peak bandwidth 50");
    in.alone[0].bw = NAN;
    bad(&in, "application 1: bw alone must be >= 0");
    in.alone[0].bw = 30;
    in.alone[0].ipc = 0;
    bad(&in, "application 1: ipc alone must be > 0");
    in.alone[0].ipc = 1.5;
    in.alone[0].row_hit_rate = 1.5;
    bad(&in, "row_hit_rate must be in [0, 1]");
    in.alone[0].row_hit_rate = 0.5;
    in.sim[0].ipc[1] = NAN;
    bad(&in, "scheduler frfcfs, application 2: simulated bw and ipc must be finite");
}

Test(policy_fit, an_application_without_dram_traffic_is_left_out_of_the_sharing)
{
    /* application 2 never missed alone: the others share as if it were not
     * there, it keeps its alone ipc, and prior-2 is prior-1 for the rest */
    bwm_pfit_input in;
    memset(&in, 0, sizeof in);
    in.n = 3;
    in.peak = 50;
    in.alone[0] = (bwm_pfit_alone){1.5, 20, 30, 0.5};
    in.alone[1] = (bwm_pfit_alone){100, 0, 0, 0};
    in.alone[2] = (bwm_pfit_alone){8, 5, 40, 0.5};
    const char *scheds[] = {"frfcfs", "prior-2", "prior-3", "its"};
    for (size_t k = 0; k < 4; k++) {
        bwm_pfit_sim s = {"", {20, 0, 30}, {1, 90, 6}};
        snprintf(s.sched, sizeof s.sched, "%s", scheds[k]);
        in.sim[in.nsched++] = s;
    }
    bwm_pfit_result r;
    fit(&in, &r);
    const bwm_pfit_sched *s = sched(&r, "frfcfs");
    cr_assert_float_eq(s->bw_model[0], 150.0 / 7, EPS);
    cr_assert_float_eq(s->bw_model[1], 0, EPS);
    cr_assert_float_eq(s->bw_model[2], 200.0 / 7, EPS);
    cr_assert_float_eq(s->ipc_model[1], 100, EPS);
    cr_assert(isnan(s->bw_err[1])); /* simulated 0: no relative error */
    cr_assert_float_eq(s->ipc_err[1], 10.0 / 90, EPS);
    s = sched(&r, "prior-2"); /* 2, then 1, then 3: application 1 first among those with traffic */
    cr_assert_float_eq(s->bw_model[0], 30, EPS);
    cr_assert_float_eq(s->bw_model[2], 20, EPS);
    s = sched(&r, "prior-3");
    cr_assert_float_eq(s->bw_model[0], 10, EPS);
    cr_assert_float_eq(s->bw_model[2], 40, EPS);
    s = sched(&r, "its"); /* mpki 0 is not "lowest": it takes no part */
    cr_assert_float_eq(s->bw_model[2], 40, EPS);
    cr_assert_eq(r.favour_model[BWM_PM_IT], 3);
    cr_assert_eq(r.favour_model[BWM_PM_WS], 1);
    cr_assert(r.bandwidth_bound);
}

/* The queueing model's side: tests/model/queue_test.c's hand-derived pair
 * (peak 100; A: bw_alone 60, round trip 300, latency share 1, no row hits;
 * B: 30, 250, 0.5, half row hits; w_miss 10, w_hit 2), alone ipc 6 each.
 * The measured waits alone, 15 and 18/7, are those the constants imply, so
 * each application's residual service reads back as 10 and 6.
 * frfcfs: 55.062908401 and 27.812419930, so ipc 6 x 55.0629/60 and
 * 6 x 27.8124/30.  Favour: prior-1 gives sd 59.3604/60 + 24.5579/30 =
 * 1.80794 and ipc 5.9360 + 4.9116 = 10.848; prior-2 52.7178/60 +
 * 29.5607/30 = 1.86399 and 5.2718 + 5.9121 = 11.184: application 2 for it
 * and ws. */
/* That pair, B measured waiting wait_b alone. */
static void queueing_pair(bwm_pfit_input *in, double wait_b)
{
    memset(in, 0, sizeof *in);
    in->n = 2;
    in->peak = 100;
    in->alone[0] = (bwm_pfit_alone){6, 10, 60, 0};
    in->alone[1] = (bwm_pfit_alone){6, 5, 30, 0.5};
    in->queueing = 1;
    in->q = (bwm_qgpu){10, 2};
    in->qalone[0] = (bwm_pfit_qalone){300, 15, 1};
    in->qalone[1] = (bwm_pfit_qalone){250, wait_b, 0.5};
}

Test(policy_fit, queueing_model)
{
    bwm_pfit_input in;
    queueing_pair(&in, 18.0 / 7.0);
    add_sim(&in, "frfcfs", 55, 28, 5.5, 5.6);
    add_sim(&in, "prior-1", 59, 25, 5.9, 5);
    add_sim(&in, "prior-2", 52, 29.5, 5.2, 5.9);
    bwm_pfit_result r;
    fit(&in, &r);
    const bwm_pfit_sched *s = sched(&r, "frfcfs");
    cr_assert_float_eq(s->bw_model[0], 55.062908401, 1e-6);
    cr_assert_float_eq(s->bw_model[1], 27.812419930, 1e-6);
    cr_assert_float_eq(s->ipc_model[0], 6 * 55.062908401 / 60, 1e-6);
    cr_assert_float_eq(s->ipc_model[1], 6 * 27.812419930 / 30, 1e-6);
    cr_assert_eq(r.favour_model[BWM_PM_IT], 2);
    cr_assert_eq(r.favour_model[BWM_PM_WS], 2);
    /* the simulation's side: prior-2 has the higher it (11.1 vs 10.9) */
    cr_assert_eq(r.favour_sim[BWM_PM_IT], 2);
    cr_assert_eq(r.agree[BWM_PM_IT], 1);
}

/* Each application's own measured wait steers the queueing model: B measured
 * waiting 2 cycles alone instead of 18/7 reads back w_B = 2 · 0.7 / 0.3 =
 * 4.67 instead of 6, so the common queue is shorter and both get more than
 * the constants' 55.0629 and 27.8124 under frfcfs. */
Test(policy_fit, queueing_model_reads_each_measured_wait)
{
    bwm_pfit_input in;
    queueing_pair(&in, 2);
    add_sim(&in, "frfcfs", 55, 28, 5.5, 5.6);
    bwm_pfit_result r;
    fit(&in, &r);
    const bwm_pfit_sched *s = sched(&r, "frfcfs");
    cr_assert_gt(s->bw_model[0], 55.062908401 + 1e-3);
    cr_assert_gt(s->bw_model[1], 27.812419930 + 1e-3);
}
