/* addr_index.c — hash index from addresses to small integers (see addr_index.h). */
#include "sim/cache/addr_index.h"

#include <stdlib.h>

static unsigned slots_for(int64_t max_keys)
{
    unsigned slots = 1;
    while ((int64_t)slots < 2 * max_keys)
        slots <<= 1;
    return slots;
}

int bwm_addr_index_init(bwm_addr_index *ix, int max_keys, const void *key_base, size_t key_stride, bwm_err *err)
{
    *ix = (bwm_addr_index){0};
    if (max_keys < 1 || max_keys > BWM_ADDR_INDEX_MAX_KEYS)
        return bwm_fail(err, BWM_EINPUT, "an address index holds 1 to %d keys, asked for %d", BWM_ADDR_INDEX_MAX_KEYS, max_keys);
    unsigned n = slots_for(max_keys);
    ix->slots = malloc(n * sizeof *ix->slots);
    if (!ix->slots)
        return bwm_fail(err, BWM_EFAIL, "out of memory for an address index of %u slots", n);
    for (unsigned i = 0; i < n; i++)
        ix->slots[i] = (bwm_addr_slot){0, -1};
    ix->mask = n - 1;
    ix->key_base = key_base;
    ix->key_stride = key_stride;
    return BWM_OK;
}

void bwm_addr_index_free(bwm_addr_index *ix)
{
    free(ix->slots);
    *ix = (bwm_addr_index){0};
}

double bwm_addr_index_bytes(int64_t max_keys)
{
    return (double)slots_for(max_keys) * sizeof(bwm_addr_slot);
}

void bwm_addr_index_put(bwm_addr_index *ix, uint64_t key, int32_t value)
{
    ix->slots[bwm_addr_index_probe(ix, key)] = (bwm_addr_slot){bwm_addr_index_hash(key), value};
}

/* Moves later members of s's probe run back into the hole, so that every
 * key stays reachable from its home slot. */
void bwm_addr_index_remove_at(bwm_addr_index *ix, unsigned s)
{
    ix->slots[s].value = -1;
    unsigned hole = s;
    for (unsigned j = (s + 1) & ix->mask; ix->slots[j].value >= 0; j = (j + 1) & ix->mask) {
        unsigned home = ix->slots[j].hash & ix->mask;
        /* j's key may move to hole unless its home lies cyclically in (hole, j] */
        int stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            ix->slots[hole] = ix->slots[j];
            ix->slots[j].value = -1;
            hole = j;
        }
    }
}

void bwm_addr_index_remove(bwm_addr_index *ix, uint64_t key)
{
    unsigned s = bwm_addr_index_probe(ix, key);
    if (ix->slots[s].value >= 0)
        bwm_addr_index_remove_at(ix, s);
}
