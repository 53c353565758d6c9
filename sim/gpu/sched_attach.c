/* sched_attach.c — the memory scheduler's attachments to the GPU (see
 * sched_attach.h). */
#include "sim/gpu/sched_attach.h"

#include <stddef.h>

int bwm_gpu_sched_attach(bwm_gpu_sched *s, const char *name, bwm_sched_attach *at, bwm_err *err)
{
    int st = bwm_sched_lookup(name, &s->ops, err);
    if (st != BWM_OK || !s->ops->hooks)
        return st;
    st = s->ops->hooks->attach(at, &s->ext, err);
    s->l2 = at->l2;
    s->l2_hooked = at->l2.bypass || at->l2.read || at->l2.rank;
    return st;
}

void bwm_gpu_sched_detach(bwm_gpu_sched *s)
{
    if (s->ops && s->ops->hooks && s->ops->hooks->detach)
        s->ops->hooks->detach(s->ext);
    s->ext = NULL;
}
