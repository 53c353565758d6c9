/* links.h — what waits at the GPU's crossbar ports from one core cycle to
 * the next: the SMs whose load/store unit waits for the request link (and,
 * of those, the ones the request pool refused), which the core cycle
 * retries only when the link may have room (gpu.c), and the reply each SM
 * cluster holds in its response FIFO (cluster.h), a bit per cluster
 * holding one. */
#ifndef BWM_GPU_LINKS_H
#define BWM_GPU_LINKS_H

#include <stdint.h>

#include "util/status.h"

typedef struct bwm_gpu_links {
    uint64_t *link_wait;  /* SMs whose load/store unit waits for the link */
    uint64_t *pool_wait;  /* of those, the ones the request pool refused */
    int32_t *held_reply;  /* per cluster: the reply in its response FIFO (-1: none) */
    uint64_t *held_mask;  /* the clusters holding one */
} bwm_gpu_links;

/* Nothing waits and no FIFO holds a reply.  BWM_EFAIL when out of memory
 * (the caller frees what was made). */
int bwm_gpu_links_init(bwm_gpu_links *l, int n_sms, int n_clusters, bwm_err *err);
void bwm_gpu_links_free(bwm_gpu_links *l);

/* Whether any of the first n_clusters clusters' response FIFO holds a
 * reply. */
static inline int bwm_gpu_links_any_held(const bwm_gpu_links *l, int n_clusters)
{
    for (int w = 0; w < (n_clusters + 63) / 64; w++)
        if (l->held_mask[w])
            return 1;
    return 0;
}

#endif
