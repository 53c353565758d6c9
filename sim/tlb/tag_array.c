/* tag_array.c — set-associative LRU keys (see tag_array.h). */
#include "sim/tlb/tag_array.h"

#include <stdlib.h>
#include <string.h>

int bwm_tag_array_init(bwm_tag_array *t, int entries, int ways, int parts, bwm_err *err)
{
    memset(t, 0, sizeof *t);
    if (entries < 1 || ways < 1 || entries % ways != 0)
        return bwm_fail(err, BWM_EINPUT, "%d entries in %d ways: the entries must be a positive whole number of "
                        "ways", entries, ways);
    if (parts < 1 || parts > ways)
        return bwm_fail(err, BWM_EINPUT, "%d ways cannot be split among %d owners (each needs a way)", ways, parts);
    t->sets = entries / ways;
    t->ways = ways;
    t->parts = parts;
    t->key = malloc((size_t)entries * sizeof *t->key);
    t->used = calloc((size_t)entries, sizeof *t->used);
    if (!t->key || !t->used) {
        bwm_tag_array_free(t);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d tags", entries);
    }
    for (int i = 0; i < entries; i++)
        t->key[i] = BWM_TAG_EMPTY;
    return BWM_OK;
}

void bwm_tag_array_free(bwm_tag_array *t)
{
    free(t->key);
    free(t->used);
    t->key = NULL;
    t->used = NULL;
}

/* The index of key's way, or -1. */
static int find(const bwm_tag_array *t, uint64_t key)
{
    int base = (int)(key % (uint64_t)t->sets) * t->ways;
    for (int w = 0; w < t->ways; w++)
        if (t->key[base + w] == key)
            return base + w;
    return -1;
}

int bwm_tag_array_lookup(bwm_tag_array *t, uint64_t key)
{
    t->lookups++;
    int i = find(t, key);
    if (i < 0)
        return 0;
    t->used[i] = ++t->clock;
    t->hits++;
    return 1;
}

int bwm_tag_array_probe(const bwm_tag_array *t, uint64_t key)
{
    return find(t, key) >= 0;
}

uint64_t bwm_tag_array_insert(bwm_tag_array *t, uint64_t key, int part)
{
    int i = find(t, key);
    if (i >= 0) {
        t->used[i] = ++t->clock;
        return BWM_TAG_EMPTY;
    }
    int base = (int)(key % (uint64_t)t->sets) * t->ways;
    int lo = base + part * t->ways / t->parts, hi = base + (part + 1) * t->ways / t->parts;
    int victim = lo;
    for (int w = lo; w < hi; w++) {
        if (t->key[w] == BWM_TAG_EMPTY) {
            victim = w;
            break;
        }
        if (t->used[w] < t->used[victim])
            victim = w;
    }
    uint64_t old = t->key[victim];
    t->key[victim] = key;
    t->used[victim] = ++t->clock;
    return old;
}
