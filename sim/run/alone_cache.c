/* alone_cache.c — alone runs per (application, SM share), done once (see
 * alone_cache.h). */
#include "sim/run/alone_cache.h"
#include "util/grow.h"

#include <stdlib.h>
#include <string.h>

void bwm_alone_cache_init(bwm_alone_cache *c, const bwm_gpu_config *cfg, const bwm_run_params *run, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->cfg = cfg;
    c->run = *run;
    c->seed = seed;
}

void bwm_alone_cache_free(bwm_alone_cache *c)
{
    free(c->e);
    c->e = NULL;
    c->n = c->cap = 0;
}

const bwm_alone_entry *bwm_alone_cache_find(const bwm_alone_cache *c, const bwm_app_ref *app, int sms)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->e[i].app.synth == app->synth && c->e[i].app.trace == app->trace && c->e[i].sms == sms)
            return &c->e[i];
    return NULL;
}

int bwm_alone_cache_get(bwm_alone_cache *c, const bwm_app_ref *app, int sms, const bwm_app_result **out,
                        bwm_err *err)
{
    const bwm_alone_entry *had = bwm_alone_cache_find(c, app, sms);
    if (had) {
        *out = &had->r;
        return BWM_OK;
    }
    bwm_alone_entry *grown = bwm_grow(c->e, &c->cap, c->n, sizeof *grown);
    if (!grown)
        return bwm_fail(err, BWM_EFAIL, "out of memory for alone runs");
    c->e = grown;
    bwm_alone_entry *e = &c->e[c->n];
    int st = bwm_workload_alone_ref(c->cfg, app, sms, bwm_gpu_pair_colors(c->cfg), &c->run, c->seed, &e->r, err);
    if (st != BWM_OK)
        return st;
    e->app = *app;
    e->sms = sms;
    c->n++;
    *out = &e->r;
    return BWM_OK;
}
