/* alone_cache.h — alone runs done once and reused: one bwm_workload_alone
 * result per distinct (application, SM share), for commands that run many
 * workloads under many schedulers with the same run length and seed.  The
 * cache owns its entries; the applications it points to (catalogue rows,
 * trace specs) must outlive it. */
#ifndef BWM_ALONE_CACHE_H
#define BWM_ALONE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "sim/run/workload_run.h"

typedef struct bwm_alone_entry {
    bwm_app_ref app;
    int sms;
    bwm_app_result r;
} bwm_alone_entry;

typedef struct bwm_alone_cache {
    const bwm_gpu_config *cfg;
    bwm_run_params run;
    uint64_t seed;
    bwm_alone_entry *e;
    size_t n, cap;                      /* n: the alone simulations done */
} bwm_alone_cache;

void bwm_alone_cache_init(bwm_alone_cache *c, const bwm_gpu_config *cfg, const bwm_run_params *run, uint64_t seed);
void bwm_alone_cache_free(bwm_alone_cache *c);

/* The alone result of app (either kind) on sms SMs, simulated on first
 * use.  *out points into the cache and stays valid until the next call. */
int bwm_alone_cache_get(bwm_alone_cache *c, const bwm_app_ref *app, int sms, const bwm_app_result **out,
                        bwm_err *err);

/* The entry of app on sms SMs if it was simulated, else NULL. */
const bwm_alone_entry *bwm_alone_cache_find(const bwm_alone_cache *c, const bwm_app_ref *app, int sms);

#endif
