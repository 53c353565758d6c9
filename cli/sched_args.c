/* sched_args.c — --sched-param (see sched_args.h). */
#include "cli/sched_args.h"

#include <stdio.h>
#include <string.h>

#include "sim/run/workload_run.h"
#include "sim/mc/sched.h"

#define OPT "sched-param"

/* One --sched-param value into the settings ctx. */
static int add_setting(void *ctx, const char *value, bwm_err *err)
{
    bwm_err sub;
    if (bwm_sched_settings_add(ctx, value, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --" OPT ": %s", sub.msg);
    return BWM_OK;
}

int bwm_sched_args_collect(const bwm_cmd *cmd, int argc, char **argv, bwm_sched_settings *s, bwm_err *err)
{
    memset(s, 0, sizeof *s);
    return bwm_opts_each(cmd, argc, argv, OPT, add_setting, s, err);
}

int bwm_sched_args_check(const bwm_sched_settings *s, const char *const *scheds, size_t n, int n_apps,
                         bwm_err *err)
{
    const bwm_sched_ops *ops[32] = {0};
    size_t k = 0;
    for (size_t i = 0; i < n && k < sizeof ops / sizeof ops[0]; i++) {
        const char *policy;
        int prior;
        bwm_err sub;
        if (bwm_workload_sched(scheds[i], n_apps, &policy, &prior, &sub) == BWM_OK &&
            bwm_sched_lookup(policy, &ops[k], &sub) == BWM_OK)
            k++;
    }
    bwm_err sub;
    if (bwm_sched_settings_check(s, ops, k, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --" OPT ": %s", sub.msg);
    return BWM_OK;
}

int bwm_sched_args_shorthand(bwm_sched_settings *s, const bwm_sched_ops *const *ops, size_t n, const char *policy,
                             const char *name, const char *value, bwm_err *err)
{
    const bwm_sched_knob *k = bwm_sched_knob_find(ops[0], name);
    double v, given;
    bwm_err sub;
    if (!k)
        return bwm_fail(err, BWM_EFAIL, "scheduler %s has no parameter %s", ops[0]->name, name);
    if (bwm_sched_knob_parse(k, value, &v, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --%s: %s (%s)", name, sub.msg, k->help);
    size_t at = 0;
    while (at < n && strcmp(ops[at]->name, policy) != 0)
        at++;
    if (at == n) { /* as --sched-param NAME=VALUE would be, it is refused beside other schedulers */
        char takers[96] = "";
        for (size_t i = 0; i < n; i++)
            snprintf(takers + strlen(takers), sizeof takers - strlen(takers), "%s%s",
                     i == 0 ? "" : i + 1 == n ? " and " : ", ", ops[i]->name);
        return bwm_fail(err, BWM_EINPUT, "option --%s: scheduler %s has no parameter %s (only %s take it)", name,
                        policy, name, takers);
    }
    for (int i = 0; i < s->n; i++) { /* the settings that apply to the knob, checked before */
        const bwm_sched_setting *x = &s->v[i];
        if (strcmp(x->name, name) == 0 && (!x->policy[0] || strcmp(x->policy, policy) == 0) &&
            bwm_sched_knob_parse(k, x->value, &given, &sub) == BWM_OK && given != v)
            return bwm_fail(err, BWM_EINPUT, "options --%s and --" OPT ": --%s %s and %s%s%s=%s differ (give one)",
                            name, name, value, x->policy, x->policy[0] ? "." : "", x->name, x->value);
    }
    char text[96]; /* the value as parsed, in at most 24 characters */
    snprintf(text, sizeof text, "%s.%s=%.17g", policy, name, v);
    if (bwm_sched_settings_add(s, text, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option --%s: %s", name, sub.msg);
    return BWM_OK;
}

void bwm_sched_args_details(const char *details, bwm_buf *out)
{
    if (details)
        bwm_buf_printf(out, "%s\n\n", details);
    bwm_buf_puts(out, "Scheduler parameters (--" OPT " [SCHEDULER.]NAME=VALUE; the defaults are the papers'):\n");
    bwm_sched_knobs_help(out);
}

int bwm_sched_args_quantum_note(const char *policy, const bwm_sched_settings *s, int64_t run_cycles, char *msg,
                                size_t size)
{
    const bwm_sched_ops *ops;
    bwm_err err;
    const bwm_sched_knob *k;
    if (!policy || bwm_sched_lookup(policy, &ops, &err) != BWM_OK || !(k = bwm_sched_knob_find(ops, "quantum")))
        return 0;
    double quantum = bwm_sched_knob_value(ops, s, (int)(k - ops->knobs));
    if (quantum <= (double)run_cycles)
        return 0;
    snprintf(msg, size, "note: scheduler %s ranks the applications once per quantum of %.0f core cycles, and this run "
             "lasts %lld, so it orders requests as FR-FCFS does throughout; a shorter quantum: --sched-param "
             "%s.quantum=N",
             policy, quantum, (long long)run_cycles, policy);
    return 1;
}
