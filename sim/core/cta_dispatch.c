/* cta_dispatch.c — interleaved and serial CTA dispatch (see cta_dispatch.h). */
#include "sim/core/cta_dispatch.h"

#include <stdlib.h>
#include <string.h>

static const char *const policy_names[] = {"interleaved", "serial"};

int bwm_cta_policy_parse(const char *name, bwm_cta_policy *p)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *p = (bwm_cta_policy)i;
            return 0;
        }
    return -1;
}

const char *bwm_cta_policy_name(bwm_cta_policy p)
{
    return policy_names[p];
}

int bwm_cta_dispatch_init(bwm_cta_dispatch *d, bwm_cta_policy policy, uint64_t grid, int n_sms, bwm_err *err)
{
    memset(d, 0, sizeof *d);
    if (grid < 1 || n_sms < 1)
        return bwm_fail(err, BWM_EINPUT, "a grid of %llu CTAs on %d SMs", (unsigned long long)grid, n_sms);
    d->policy = policy;
    d->grid = grid;
    d->n_sms = n_sms;
    d->taken = calloc((size_t)n_sms, sizeof *d->taken);
    if (!d->taken)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the CTA dispatch of %d SMs", n_sms);
    return BWM_OK;
}

void bwm_cta_dispatch_free(bwm_cta_dispatch *d)
{
    free(d->taken);
    d->taken = NULL;
}

void bwm_cta_serial_range(const bwm_cta_dispatch *d, int rank, uint64_t *lo, uint64_t *hi)
{
    *lo = d->grid * (uint64_t)rank / (uint64_t)d->n_sms;
    *hi = d->grid * (uint64_t)(rank + 1) / (uint64_t)d->n_sms;
}

int bwm_cta_take(bwm_cta_dispatch *d, int rank, uint64_t *seq)
{
    if (d->policy == BWM_CTA_INTERLEAVED) {
        *seq = d->next++;
        return 1;
    }
    uint64_t lo, hi;
    bwm_cta_serial_range(d, rank, &lo, &hi);
    if (hi == lo)
        return 0;
    uint64_t k = d->taken[rank]++, span = hi - lo;
    *seq = k / span * d->grid + lo + k % span;
    return 1;
}
