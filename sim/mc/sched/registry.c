/* registry.c — the table of memory-scheduling policies (see sched.h).  A new
 * policy is a new file in this folder and one line in list.h. */
#include <stdio.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "util/buf.h"

static const bwm_sched_ops *const policies[] = {
#define BWM_SCHED(n) &bwm_sched_##n,
#include "sim/mc/sched/list.h"
#undef BWM_SCHED
};

size_t bwm_sched_count(void)
{
    return sizeof policies / sizeof policies[0];
}

const bwm_sched_ops *bwm_sched_at(size_t i)
{
    return i < bwm_sched_count() ? policies[i] : NULL;
}

int bwm_sched_lookup(const char *name, const bwm_sched_ops **out, bwm_err *err)
{
    for (size_t i = 0; i < bwm_sched_count(); i++)
        if (strcmp(policies[i]->name, name) == 0) {
            *out = policies[i];
            return BWM_OK;
        }
    bwm_buf known;
    bwm_buf_init(&known);
    for (size_t i = 0; i < bwm_sched_count(); i++)
        bwm_buf_printf(&known, "%s%s", i ? ", " : "", policies[i]->name);
    int st = bwm_fail(err, BWM_EINPUT, "unknown memory scheduler '%s' (known: %s)", name,
                      bwm_buf_str(&known));
    bwm_buf_free(&known);
    return st;
}

void bwm_sched_list(char *out, size_t size, const char *dflt, int trace_only)
{
    size_t used = 0;
    if (size)
        out[0] = '\0';
    for (size_t i = 0; i < bwm_sched_count(); i++) {
        const bwm_sched_ops *p = policies[i];
        if (trace_only && !p->trace_mode)
            continue;
        int n = snprintf(out + used, size - used, "%s%s%s", used ? ", " : "", p->usage ? p->usage : p->name,
                         dflt && strcmp(p->name, dflt) == 0 ? " (default)" : "");
        if (n < 0 || (size_t)n >= size - used)
            return;
        used += (size_t)n;
    }
}
