/* sched_policy.c — simulator scheduler to closed-form policy (see
 * sched_policy.h). */
#include "fit/sched_policy.h"

#include <string.h>

#define ACCEPTED "frfcfs, rr, its, weis, atlas, prior-K, prior-low-mpki or prior-low-bw"

int bwm_sched_policy(const char *sched, size_t n, bwm_policy *p, bwm_err *err)
{
    static const char *const no_form[] = {"fcfs", "asjf", "asjfw", "parbs", "tcm", "bliss", "sms", "medic"};
    static const char *const same[] = {"frfcfs", "rr", "weis", "prior-low-mpki", "prior-low-bw"};
    for (size_t i = 0; i < sizeof no_form / sizeof no_form[0]; i++)
        if (strcmp(sched, no_form[i]) == 0)
            return bwm_fail(err, BWM_EINPUT, "scheduler '%s' has no closed form in the model (use " ACCEPTED ")",
                            sched);
    const char *name = NULL;
    if (strcmp(sched, "its") == 0)
        name = "prior-low-mpki";
    if (strcmp(sched, "atlas") == 0)
        name = "weis";
    for (size_t i = 0; i < sizeof same / sizeof same[0] && !name; i++)
        if (strcmp(sched, same[i]) == 0)
            name = same[i];
    if (!name && strncmp(sched, "prior-", 6) == 0 && sched[6] >= '0' && sched[6] <= '9')
        name = sched;
    if (!name)
        return bwm_fail(err, BWM_EINPUT, "unknown scheduler '%s' (expected " ACCEPTED ")", sched);
    bwm_err sub;
    if (bwm_policy_parse(name, n, p, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "scheduler '%s': %s", sched, sub.msg);
    return BWM_OK;
}

double bwm_rbl_of_hit_rate(double h)
{
    if (!(h >= 0 && h < 1))
        return 0;
    return 1.0 / (1.0 - h);
}
