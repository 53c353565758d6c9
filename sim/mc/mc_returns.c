/* mc_returns.c — the memory controller's completion ring (see mc_returns.h). */
#include "sim/mc/mc_returns.h"

#include <assert.h>
#include <stdlib.h>

int32_t bwm_mc_returns_cap(const bwm_dram_spec *spec)
{
    return (spec->read_latency > spec->write_latency ? spec->read_latency : spec->write_latency)
           + spec->burst_cycles + 2;
}

int bwm_mc_returns_init(bwm_mc_returns *r, int32_t cap)
{
    r->ring = malloc((size_t)cap * sizeof *r->ring);
    r->head = r->n = 0;
    r->cap = cap;
    r->due = BWM_DRAM_NEVER;
    return r->ring ? 0 : -1;
}

void bwm_mc_returns_free(bwm_mc_returns *r)
{
    free(r->ring);
    r->ring = NULL;
}

int bwm_mc_returns_push(bwm_mc_returns *r, const bwm_completion *c)
{
    if (r->n == r->cap)
        return -1;
    int32_t i = r->head + r->n;
    if (i >= r->cap)
        i -= r->cap;
    assert(r->n == 0 || r->ring[i == 0 ? r->cap - 1 : i - 1].done < c->done);
    r->ring[i] = *c;
    if (r->n++ == 0)
        r->due = c->done;
    return 0;
}

void bwm_mc_returns_pop(bwm_mc_returns *r)
{
    if (++r->head == r->cap)
        r->head = 0;
    r->n--;
    r->due = r->n > 0 ? r->ring[r->head].done : BWM_DRAM_NEVER;
}
