/* report_stages_test.c — where a pair's slowdown comes from, from crafted
 * results: each application's growth by stage against its alone run on
 * the same share, the two stages that grew most, and REPORT.md's section
 * (which pairs it lists, the tally of the stage that grew most). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/stages.h"
#include "study/report_stages.h"
#include "tests/support/cli_expect.h"

/* An application whose loads spend `l2_queue`, `mc_queue` and `dram` core
 * cycles in those stages and 10 in each other one. */
static bwm_pl_app app(const char *abbr, int sms, double sd, double l2_queue, double mc_queue, double dram)
{
    bwm_pl_app a;
    memset(&a, 0, sizeof a);
    snprintf(a.app, sizeof a.app, "%s", abbr);
    a.sms = sms;
    a.sd = sd;
    double total = 0;
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        double v = s == BWM_STAGE_L2_QUEUE ? l2_queue : s == BWM_STAGE_MC_QUEUE ? mc_queue : s == BWM_STAGE_DRAM ? dram : 10;
        a.stage[BWM_PL_STAGE(s)] = v;
        total += v;
    }
    a.stage[BWM_PL_ROUND_TRIP] = total;
    a.stage[BWM_PL_MEM_STALL] = 0.5;
    return a;
}

static bwm_pl_run run(const char *exp, const char *workload, const char *sched, double ws)
{
    bwm_pl_run r;
    memset(&r, 0, sizeof r);
    snprintf(r.exp, sizeof r.exp, "%s", exp);
    snprintf(r.workload, sizeof r.workload, "%s", workload);
    snprintf(r.sched, sizeof r.sched, "%s", sched);
    r.ws = ws;
    return r;
}

/* BLK and QTC alone on 15 SMs (and BLK on 30, a distractor); BLK_QTC
 * interferes (WS 1.5): BLK's mc_queue grows by 200 and its dram by 50,
 * QTC's l2_queue by 30 and dram by 5; NW_FWT does not (WS 1.95). */
static void results(bwm_pl_results *r, bwm_pl_run *runs, bwm_pl_run *alone)
{
    memset(r, 0, sizeof *r);
    alone[0] = run("alone", "BLK", "frfcfs", NAN);
    alone[0].napps = 1;
    alone[0].app[0] = app("BLK", 30, 1, 0, 0, 0);
    alone[1] = run("alone", "BLK", "frfcfs", NAN);
    alone[1].napps = 1;
    alone[1].app[0] = app("BLK", 15, 1, 100, 50, 40);
    alone[2] = run("alone", "QTC", "frfcfs", NAN);
    alone[2].napps = 1;
    alone[2].app[0] = app("QTC", 15, 1, 100, 20, 40);
    runs[0] = run("main", "BLK_QTC", "frfcfs", 1.5);
    runs[0].napps = 2;
    runs[0].app[0] = app("BLK", 15, 0.6, 100, 250, 90);
    runs[0].app[1] = app("QTC", 15, 0.9, 130, 20, 45);
    runs[1] = run("main", "NW_FWT", "frfcfs", 1.95);
    runs[1].napps = 2;
    runs[1].app[0] = app("NW", 15, 0.97, 100, 20, 40);
    runs[1].app[1] = app("FWT", 15, 0.98, 100, 20, 40);
    runs[2] = run("main", "BLK_QTC", "its", 1.6);
    runs[2].napps = 2;
    runs[2].app[0] = runs[0].app[0];
    runs[2].app[1] = runs[0].app[1];
    r->runs = runs;
    r->nruns = 3;
    r->alone = alone;
    r->nalone = 3;
}

Test(report_stages, growth_against_the_alone_run_on_the_same_share)
{
    bwm_pl_results r;
    bwm_pl_run runs[3], alone[3];
    results(&r, runs, alone);
    cr_assert_eq(bwm_pl_alone_of(&r, "BLK", 15), &alone[1].app[0]);
    cr_assert_eq(bwm_pl_alone_of(&r, "BLK", 30), &alone[0].app[0]);
    cr_assert_null(bwm_pl_alone_of(&r, "NW", 15));
    bwm_pl_growth g;
    cr_assert(bwm_pl_growth_of(&r, &runs[0].app[0], &g));
    cr_assert_float_eq(g.grow[BWM_STAGE_MC_QUEUE], 200, 1e-9);
    cr_assert_float_eq(g.grow[BWM_STAGE_DRAM], 50, 1e-9);
    cr_assert_float_eq(g.grow[BWM_STAGE_L2_QUEUE], 0, 1e-9);
    cr_assert_eq(g.top[0], BWM_STAGE_MC_QUEUE);
    cr_assert_eq(g.top[1], BWM_STAGE_DRAM);
    cr_assert(bwm_pl_growth_of(&r, &runs[0].app[1], &g));
    cr_assert_eq(g.top[0], BWM_STAGE_L2_QUEUE);
    cr_assert_eq(g.top[1], BWM_STAGE_DRAM);
    cr_assert_not(bwm_pl_growth_of(&r, &runs[1].app[0], &g), "NW has no alone run");
}

Test(report_stages, the_section_lists_the_interfering_pairs_only)
{
    bwm_pl_results r;
    bwm_pl_run runs[3], alone[3];
    results(&r, runs, alone);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_report_stages(&r, &b);
    const char *text = bwm_buf_str(&b);
    bwm_expect_contains(text, "1 of the main experiment's 2 pairs interfere (WS below 1.9 under FR-FCFS)");
    /* BLK: round trip 8 x 10 + 100 + 50 + 40 = 270 alone, 80 + 100 + 250 + 90 = 520 paired;
       mc_queue +200 of the +250 (80 %), dram +50 (20 %); QTC: 240 -> 275, l2_queue +30 of
       +35 (86 %), dram +5 (14 %) */
    bwm_expect_contains(text, "| BLK_QTC | BLK | 0.6 | 270 -> 520 | 0.50 -> 0.50 | mc_queue +200 (80 %) | dram +50 (20 %) |");
    bwm_expect_contains(text, "| BLK_QTC | QTC | 0.9 | 240 -> 275 | 0.50 -> 0.50 | l2_queue +30 (86 %)  | dram +5 (14 %)  |");
    /* both slowed by more than 5 % (sd 0.6 and 0.9) */
    bwm_expect_contains(text, "over the 2 applications these pairs slow by more than 5 %");
    bwm_expect_contains(text, "| mc_queue |            1 |");
    bwm_expect_contains(text, "| l2_queue |            1 |");
    cr_assert_null(strstr(text, "| dram     |"), "only a stage that grew most is tallied");
    cr_assert_null(strstr(text, "NW_FWT"), "a pair that does not interfere is not listed");
    bwm_buf_free(&b);
}

Test(report_stages, no_interfering_pair_says_so)
{
    bwm_pl_results r;
    bwm_pl_run runs[3], alone[3];
    results(&r, runs, alone);
    runs[0].ws = 1.99;
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_report_stages(&r, &b);
    bwm_expect_contains(bwm_buf_str(&b), "None of the main experiment's 2 pairs has WS below 1.9 under FR-FCFS.");
    bwm_buf_free(&b);
}
