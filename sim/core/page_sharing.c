/* page_sharing.c — the batches touching each page and the shares by
 * distance (see page_sharing.h). */
#include "sim/core/page_sharing.h"

#include <stdlib.h>

int bwm_page_sharing_init(bwm_page_sharing *p, uint64_t base, uint64_t bytes, bwm_err *err)
{
    *p = (bwm_page_sharing){.base = base};
    p->n_pages = (bytes + (1u << BWM_PAGE_SHARING_PAGE_BITS) - 1) >> BWM_PAGE_SHARING_PAGE_BITS;
    size_t n = p->n_pages > 0 ? (size_t)p->n_pages : 1;
    p->lo = malloc(n * sizeof *p->lo);
    p->hi = malloc(n * sizeof *p->hi);
    if (!p->lo || !p->hi) {
        bwm_page_sharing_free(p);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the page sharing of %llu pages",
                        (unsigned long long)n);
    }
    for (size_t i = 0; i < n; i++)
        p->lo[i] = p->hi[i] = -1;
    return BWM_OK;
}

void bwm_page_sharing_free(bwm_page_sharing *p)
{
    free(p->lo);
    free(p->hi);
    *p = (bwm_page_sharing){0};
}

uint64_t bwm_page_sharing_shares(const bwm_page_sharing *p, double share[3])
{
    uint64_t n[3] = {0, 0, 0}, touched = 0;
    for (uint64_t i = 0; i < p->n_pages; i++) {
        if (p->lo[i] < 0)
            continue;
        int32_t d = p->hi[i] - p->lo[i];
        n[d < 2 ? d : 2]++;
        touched++;
    }
    for (int k = 0; k < 3; k++)
        share[k] = touched ? (double)n[k] / (double)touched : 0;
    return touched;
}
