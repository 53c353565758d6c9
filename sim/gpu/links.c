/* links.c — the waiting SMs' and held replies' sets (see links.h). */
#include "sim/gpu/links.h"

#include <stdlib.h>

int bwm_gpu_links_init(bwm_gpu_links *l, int n_sms, int n_clusters, bwm_err *err)
{
    l->link_wait = calloc((size_t)(n_sms + 63) / 64, sizeof *l->link_wait);
    l->pool_wait = calloc((size_t)(n_sms + 63) / 64, sizeof *l->pool_wait);
    l->held_reply = malloc((size_t)n_clusters * sizeof *l->held_reply);
    l->held_mask = calloc((size_t)(n_clusters + 63) / 64, sizeof *l->held_mask);
    if (!l->link_wait || !l->pool_wait || !l->held_reply || !l->held_mask)
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d SMs", n_sms);
    for (int c = 0; c < n_clusters; c++)
        l->held_reply[c] = -1;
    return BWM_OK;
}

void bwm_gpu_links_free(bwm_gpu_links *l)
{
    free(l->link_wait);
    free(l->held_reply);
    free(l->held_mask);
    free(l->pool_wait);
    *l = (bwm_gpu_links){NULL, NULL, NULL, NULL};
}
