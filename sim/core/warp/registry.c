/* registry.c — the table of warp schedulers (see warp_sched.h).  A new
 * policy is a new file in this folder and one line in list.h. */
#include <string.h>

#include "sim/core/warp_sched.h"

static const bwm_warp_sched_ops *const policies[] = {
#define BWM_WARP_SCHED(n) &bwm_warp_sched_##n,
#include "sim/core/warp/list.h"
#undef BWM_WARP_SCHED
};

size_t bwm_warp_sched_count(void)
{
    return sizeof policies / sizeof policies[0];
}

const bwm_warp_sched_ops *bwm_warp_sched_at(size_t i)
{
    return i < bwm_warp_sched_count() ? policies[i] : NULL;
}

const bwm_warp_sched_ops *bwm_warp_sched_find(const char *name)
{
    for (size_t i = 0; i < bwm_warp_sched_count(); i++)
        if (strcmp(policies[i]->name, name) == 0)
            return policies[i];
    return NULL;
}
