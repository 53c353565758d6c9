/* sched_args.c — --sched-param (see sched_args.h). */
#include "cli/sched_args.h"

#include <string.h>

#include "sim/gpu/workload_run.h"
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

/* A pointer to --alpha and --m when a setting names alpha or m and the run
 * has asjf or asjfw (they take them as options of their own), else "". */
static const char *asjf_hint(const bwm_sched_settings *s, const bwm_sched_ops *const *ops, size_t n)
{
    int asjf = 0;
    for (size_t i = 0; i < n; i++)
        asjf |= strcmp(ops[i]->name, "asjf") == 0 || strcmp(ops[i]->name, "asjfw") == 0;
    for (int i = 0; asjf && i < s->n; i++)
        if (strcmp(s->v[i].name, "alpha") == 0 || strcmp(s->v[i].name, "m") == 0)
            return "; asjf and asjfw take alpha and m as --alpha and --m";
    return "";
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
        return bwm_fail(err, BWM_EINPUT, "option --" OPT ": %s%s", sub.msg, asjf_hint(s, ops, k));
    return BWM_OK;
}

void bwm_sched_args_details(const char *details, bwm_buf *out)
{
    if (details)
        bwm_buf_printf(out, "%s\n\n", details);
    bwm_buf_puts(out, "Scheduler parameters (--" OPT " [SCHEDULER.]NAME=VALUE; the defaults are the papers'):\n");
    bwm_sched_knobs_help(out);
}
