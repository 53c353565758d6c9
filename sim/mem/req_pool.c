/* req_pool.c — fixed pool of in-flight line requests (see req_pool.h). */
#include "sim/mem/req_pool.h"

#include <stdlib.h>
#include <string.h>

int bwm_req_pool_init(bwm_req_pool *p, int32_t cap, bwm_err *err)
{
    memset(p, 0, sizeof *p);
    if (cap < 1)
        return bwm_fail(err, BWM_EINPUT, "request pool of %d entries", cap);
    p->v = calloc((size_t)cap, sizeof *p->v);
    p->life = malloc((size_t)cap * sizeof *p->life);
    p->walk = calloc((size_t)cap, sizeof *p->walk);
    if (!p->v || !p->life || !p->walk) {
        bwm_req_pool_free(p);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d requests", cap);
    }
    p->cap = cap;
    for (int32_t i = 0; i < cap; i++)
        p->v[i].link = i + 1 < cap ? i + 1 : -1;
    p->free_head = 0;
    return BWM_OK;
}

void bwm_req_pool_free(bwm_req_pool *p)
{
    free(p->v);
    free(p->life);
    free(p->walk);
    memset(p, 0, sizeof *p);
}

int32_t bwm_req_alloc(bwm_req_pool *p)
{
    int32_t id = p->free_head;
    if (id < 0)
        return -1;
    p->free_head = p->v[id].link;
    p->v[id].link = -1; /* in use, in no list */
    p->v[id].parent = -1;
    p->v[id].children = 0;
    p->v[id].entry = -1;
    p->used++;
    p->created++;
    return id;
}

void bwm_req_release(bwm_req_pool *p, int32_t id)
{
    p->v[id].link = p->free_head;
    p->free_head = id;
    p->used--;
    p->freed++;
}

void bwm_req_list_push(bwm_req_pool *p, bwm_req_list *l, int32_t id)
{
    p->v[id].link = -1;
    if (l->tail >= 0)
        p->v[l->tail].link = id;
    else
        l->head = id;
    l->tail = id;
}

void bwm_req_list_pop(bwm_req_pool *p, bwm_req_list *l)
{
    int32_t id = l->head;
    l->head = p->v[id].link;
    if (l->head < 0)
        l->tail = -1;
    p->v[id].link = -1;
}
