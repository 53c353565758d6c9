/* sched_knobs_test.c — scheduler knobs and settings (sim/mc/sched_knobs.h):
 * parsing "[SCHEDULER.]NAME=VALUE" lists, checking them against the
 * schedulers of a run (unknown names, bad values, a prefix that is not in
 * the run), the values a policy reads, and the help listing. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "sim/mc/sched_knobs.h"

static bwm_sched_settings S;

static void setup(void)
{
    memset(&S, 0, sizeof S);
}

TestSuite(sched_knobs, .init = setup);

Test(sched_knobs, parses_lists_with_and_without_a_scheduler)
{
    bwm_err err;
    cr_assert_eq(bwm_sched_settings_add(&S, "marking-cap=3,atlas.quantum=1e4", &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_sched_settings_add(&S, "source=sm", &err), BWM_OK);
    cr_assert_eq(S.n, 3);
    cr_assert_str_eq(S.v[0].policy, "");
    cr_assert_str_eq(S.v[0].name, "marking-cap");
    cr_assert_str_eq(S.v[0].value, "3");
    cr_assert_str_eq(S.v[1].policy, "atlas");
    cr_assert_str_eq(S.v[1].name, "quantum");
    cr_assert_str_eq(S.v[1].value, "1e4");
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_sched_settings_text(&S, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "marking-cap=3,atlas.quantum=1e4,source=sm");
    bwm_buf_free(&b);
}

Test(sched_knobs, rejects_malformed_items)
{
    const char *bad[] = {"", "cap", "=3", "cap=", ".cap=3", "atlas.=3", "a,b=1",
                         "a-name-far-longer-than-the-room-for-names-in-a-setting=1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bwm_err err;
        memset(&S, 0, sizeof S);
        cr_assert_eq(bwm_sched_settings_add(&S, bad[i], &err), BWM_EINPUT, "'%s' accepted", bad[i]);
    }
}

static int check(const char *text, const bwm_sched_ops *const *ops, size_t n, char *msg)
{
    bwm_err err;
    memset(&S, 0, sizeof S);
    cr_assert_eq(bwm_sched_settings_add(&S, text, &err), BWM_OK, "%s", err.msg);
    err.msg[0] = 0;
    int st = bwm_sched_settings_check(&S, ops, n, &err);
    strcpy(msg, err.msg);
    return st;
}

Test(sched_knobs, checks_names_and_values_against_the_run)
{
    const bwm_sched_ops *run[] = {&bwm_sched_parbs, &bwm_sched_atlas};
    char msg[BWM_ERR_MAX];
    cr_assert_eq(check("marking-cap=7,alpha=0.5,source=sm", run, 2, msg), BWM_OK, "%s", msg);
    cr_assert_eq(check("quantum=10", run, 2, msg), BWM_OK);
    cr_assert_eq(check("threshold=4", run, 2, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "'threshold'") && strstr(msg, "parbs.marking-cap") && strstr(msg, "atlas.quantum"),
              "%s", msg);
    cr_assert_eq(check("bliss.threshold=4", run, 2, msg), BWM_EINPUT, "bliss is not in the run");
    cr_assert_eq(check("parbs.quantum=4", run, 2, msg), BWM_EINPUT, "parbs has no quantum");
    cr_assert_eq(check("marking-cap=2.5", run, 2, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "whole number"), "%s", msg);
    cr_assert_eq(check("marking-cap=0", run, 2, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "outside"), "%s", msg);
    cr_assert_eq(check("alpha=1", run, 2, msg), BWM_EINPUT, "alpha must stay below 1");
    cr_assert_eq(check("alpha=nan", run, 2, msg), BWM_EINPUT);
    cr_assert_eq(check("source=warp", run, 2, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "app, sm"), "%s", msg);
    const bwm_sched_ops *plain[] = {&bwm_sched_frfcfs};
    cr_assert_eq(check("alpha=0.5", plain, 1, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "known: none"), "%s", msg);
}

Test(sched_knobs, values_are_the_defaults_overridden_in_order)
{
    double v[8];
    bwm_sched_knob_values(&bwm_sched_atlas, NULL, v);
    cr_assert_float_eq(v[0], 10000000, 0);
    cr_assert_float_eq(v[1], 0.875, 0);
    cr_assert_float_eq(v[2], 100000, 0);
    cr_assert_float_eq(v[3], 0, 0);
    char msg[BWM_ERR_MAX];
    const bwm_sched_ops *run[] = {&bwm_sched_atlas, &bwm_sched_parbs};
    cr_assert_eq(check("quantum=5,parbs.source=sm,atlas.quantum=7,alpha=0.25", run, 2, msg), BWM_OK, "%s", msg);
    bwm_sched_knob_values(&bwm_sched_atlas, &S, v);
    cr_assert_float_eq(v[0], 7, 0);
    cr_assert_float_eq(v[1], 0.25, 0);
    cr_assert_float_eq(v[3], 0, 0, "parbs.source is not atlas's");
    bwm_sched_knob_values(&bwm_sched_parbs, &S, v);
    cr_assert_float_eq(v[1], 1, 0, "source=sm is choice 1");
}

/* asjf's and asjfw's alpha in (0, 1] and m >= 1 (paper 004: 0.5 and 3);
 * a plain alpha beside atlas and asjf must suit both. */
Test(sched_knobs, asjf_alpha_and_m)
{
    const bwm_sched_ops *asjf[] = {&bwm_sched_asjf}, *asjfw[] = {&bwm_sched_asjfw};
    char msg[BWM_ERR_MAX];
    double v[2];
    bwm_sched_knob_values(&bwm_sched_asjf, NULL, v);
    cr_assert_float_eq(v[0], 0.5, 0);
    cr_assert_float_eq(v[1], 3, 0);
    cr_assert_eq(check("alpha=1,m=1", asjf, 1, msg), BWM_OK, "%s", msg);
    cr_assert_eq(check("asjfw.alpha=0.25,m=1e12", asjfw, 1, msg), BWM_OK, "%s", msg);
    bwm_sched_knob_values(&bwm_sched_asjfw, &S, v);
    cr_assert_float_eq(v[0], 0.25, 0);
    cr_assert_float_eq(v[1], 1e12, 0);
    const char *bad_alpha[] = {"alpha=0", "alpha=-0.5", "alpha=1.5"};
    for (size_t i = 0; i < sizeof bad_alpha / sizeof bad_alpha[0]; i++) {
        cr_assert_eq(check(bad_alpha[i], asjf, 1, msg), BWM_EINPUT, "%s accepted", bad_alpha[i]);
        cr_assert(strstr(msg, "is outside (0, 1] (weight of queue length"), "%s", msg);
    }
    cr_assert_eq(check("alpha=nan", asjf, 1, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "'nan' is not a number"), "%s", msg);
    cr_assert_eq(check("m=0.5", asjfw, 1, msg), BWM_EINPUT);
    cr_assert(strstr(msg, "m=0.5: 0.5 is outside 1..inf (row-miss / row-hit"), "%s", msg);
    const bwm_sched_ops *both[] = {&bwm_sched_atlas, &bwm_sched_asjf};
    cr_assert_eq(check("alpha=1", both, 2, msg), BWM_EINPUT, "atlas's alpha stays below 1");
    cr_assert_eq(check("asjf.alpha=1", both, 2, msg), BWM_OK, "%s", msg);
}

Test(sched_knobs, help_lists_every_knob_with_its_default)
{
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_sched_knobs_help(&b);
    const char *want[] = {"parbs.marking-cap=5", "atlas.quantum=10000000 core cycles", "atlas.alpha=0.875",
                          "bliss.threshold=4", "bliss.source=app", "asjf.alpha=0.5", "asjf.m=3", "asjfw.alpha=0.5"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(bwm_buf_str(&b), want[i]), "%s missing in\n%s", want[i], bwm_buf_str(&b));
    bwm_buf_free(&b);
}
