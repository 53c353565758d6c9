/* page_table.c — virtual page to frame, open addressing (see page_table.h). */
#include "sim/vm/page_table.h"

#include <stdlib.h>
#include <string.h>

void bwm_page_table_init(bwm_page_table *t)
{
    memset(t, 0, sizeof *t);
}

void bwm_page_table_free(bwm_page_table *t)
{
    free(t->vpage);
    free(t->frame);
    memset(t, 0, sizeof *t);
}

static uint64_t slot_of(uint64_t vpage, uint64_t cap)
{
    uint64_t h = vpage * UINT64_C(0x9e3779b97f4a7c15); /* Fibonacci hashing */
    return (h ^ (h >> 29)) & (cap - 1);
}

/* The slot holding vpage, or -1. */
static int64_t slot_holding(const bwm_page_table *t, uint64_t vpage)
{
    if (t->cap == 0)
        return -1;
    for (uint64_t i = slot_of(vpage, t->cap);; i = (i + 1) & (t->cap - 1)) {
        if (t->vpage[i] == 0)
            return -1;
        if (t->vpage[i] == vpage + 1)
            return (int64_t)i;
    }
}

uint64_t *bwm_page_table_value(bwm_page_table *t, uint64_t vpage)
{
    int64_t i = slot_holding(t, vpage);
    return i < 0 ? NULL : &t->frame[i];
}

int bwm_page_table_find(const bwm_page_table *t, uint64_t vpage, uint64_t *frame)
{
    int64_t i = slot_holding(t, vpage);
    if (i >= 0)
        *frame = t->frame[i];
    return i >= 0;
}

static void put(bwm_page_table *t, uint64_t key, uint64_t frame)
{
    uint64_t i = slot_of(key - 1, t->cap);
    while (t->vpage[i] != 0)
        i = (i + 1) & (t->cap - 1);
    t->vpage[i] = key;
    t->frame[i] = frame;
}

static int grow(bwm_page_table *t)
{
    uint64_t cap = t->cap ? t->cap * 2 : 1024;
    bwm_page_table g = {calloc(cap, sizeof(uint64_t)), calloc(cap, sizeof(uint64_t)), cap, t->n};
    if (!g.vpage || !g.frame) {
        free(g.vpage);
        free(g.frame);
        return -1;
    }
    for (uint64_t i = 0; i < t->cap; i++)
        if (t->vpage[i])
            put(&g, t->vpage[i], t->frame[i]);
    bwm_page_table_free(t);
    *t = g;
    return 0;
}

int bwm_page_table_add(bwm_page_table *t, uint64_t vpage, uint64_t frame)
{
    if ((t->n + 1) * 2 > t->cap && grow(t) != 0)
        return -1;
    put(t, vpage + 1, frame);
    t->n++;
    return 0;
}
