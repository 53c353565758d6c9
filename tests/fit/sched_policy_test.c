/* sched_policy_test.c — simulator schedulers to closed-form policies: the
 * mapping, refusals by name, and the row-buffer locality rr weighs by. */
#include <criterion/criterion.h>
#include <string.h>

#include "fit/sched_policy.h"

static void maps_to(const char *sched, size_t n, const char *policy)
{
    bwm_policy p;
    bwm_err err;
    cr_assert_eq(bwm_sched_policy(sched, n, &p, &err), BWM_OK, "%s: %s", sched, err.msg);
    char name[64];
    bwm_policy_name(&p, name, sizeof name);
    cr_assert_str_eq(name, policy, "%s maps to %s", sched, name);
}

static void refused(const char *sched, size_t n, const char *what)
{
    bwm_policy p;
    bwm_err err;
    cr_assert_eq(bwm_sched_policy(sched, n, &p, &err), BWM_EINPUT, "%s accepted", sched);
    cr_assert(strstr(err.msg, what), "'%s' does not say '%s'", err.msg, what);
}

Test(sched_policy, each_scheduler_has_its_closed_form)
{
    maps_to("frfcfs", 2, "frfcfs");
    maps_to("rr", 2, "rr");
    maps_to("its", 2, "prior-low-mpki");
    maps_to("weis", 3, "weis");
    maps_to("atlas", 2, "weis");
    maps_to("prior-2", 2, "prior-2");
    maps_to("prior-3", 3, "prior-3");
    maps_to("prior-low-mpki", 2, "prior-low-mpki");
    maps_to("prior-low-bw", 3, "prior-low-bw");
}

Test(sched_policy, no_closed_form_and_unknown_are_refused_by_name)
{
    refused("fcfs", 2, "scheduler 'fcfs' has no closed form");
    refused("asjf", 2, "scheduler 'asjf' has no closed form");
    refused("asjfw", 2, "scheduler 'asjfw' has no closed form");
    refused("parbs", 2, "scheduler 'parbs' has no closed form");
    refused("medic", 3, "scheduler 'medic' has no closed form");
    refused("opt-it", 2, "unknown scheduler 'opt-it'");
    refused("prior", 2, "unknown scheduler 'prior'");
    refused("prior-3", 2, "application 3 does not exist (1..2)");
    refused("prior-0", 2, "application 0 does not exist");
}

Test(sched_policy, rbl_is_column_accesses_per_activation)
{
    cr_assert_float_eq(bwm_rbl_of_hit_rate(0), 1, 1e-12);
    cr_assert_float_eq(bwm_rbl_of_hit_rate(0.5), 2, 1e-12);
    cr_assert_float_eq(bwm_rbl_of_hit_rate(0.75), 4, 1e-12);
    cr_assert_eq(bwm_rbl_of_hit_rate(1), 0);    /* no activation seen: unknown */
    cr_assert_eq(bwm_rbl_of_hit_rate(-0.1), 0);
}
