/* addr_index.h — a fixed-size hash index from 64-bit addresses to small
 * integers: how the MSHRs find a pending line, and how a wide tag array
 * finds the way holding a line without scanning the set.
 *
 * Open addressing with linear probing and backward-shift deletion, sized at
 * init to the power of two at least twice the most keys it will hold, so
 * that probe runs stay short.  Each key is held at most once; the caller
 * never puts a key already present nor more keys than it sized for.  All
 * memory is allocated at init; put and remove allocate nothing. */
#ifndef BWM_ADDR_INDEX_H
#define BWM_ADDR_INDEX_H

#include <stdint.h>

#include "util/status.h"

/* A slot: the key it holds when value >= 0 (so that a probe reads no other memory). */
typedef struct bwm_addr_slot {
    uint64_t key;
    int32_t value; /* -1: empty */
} bwm_addr_slot;

typedef struct bwm_addr_index {
    bwm_addr_slot *slots;
    unsigned mask; /* slots - 1 */
} bwm_addr_index;

/* The most keys an index holds. */
#define BWM_ADDR_INDEX_MAX_KEYS (1 << 24)

/* Sizes the index for up to max_keys keys (1 to BWM_ADDR_INDEX_MAX_KEYS). */
int bwm_addr_index_init(bwm_addr_index *ix, int max_keys, bwm_err *err);
void bwm_addr_index_free(bwm_addr_index *ix);

/* Bytes bwm_addr_index_init allocates for max_keys keys. */
double bwm_addr_index_bytes(int64_t max_keys);

/* The slot where key's probe run starts. */
static inline unsigned bwm_addr_index_home(const bwm_addr_index *ix, uint64_t key)
{
    return (unsigned)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & ix->mask;
}

/* The slot holding key, or the empty slot where it would go. */
static inline unsigned bwm_addr_index_probe(const bwm_addr_index *ix, uint64_t key)
{
    unsigned s = bwm_addr_index_home(ix, key);
    while (ix->slots[s].value >= 0 && ix->slots[s].key != key)
        s = (s + 1) & ix->mask;
    return s;
}

/* Asks the host to bring key's home slot into its caches (a hint: changes
 * nothing), so that a probe for key soon after does not wait for memory. */
static inline void bwm_addr_index_prefetch(const bwm_addr_index *ix, uint64_t key)
{
    __builtin_prefetch(&ix->slots[bwm_addr_index_home(ix, key)]);
}

/* The value of key, or -1. */
static inline int32_t bwm_addr_index_find(const bwm_addr_index *ix, uint64_t key)
{
    return ix->slots[bwm_addr_index_probe(ix, key)].value;
}

/* Holds key (not present) with value (>= 0). */
void bwm_addr_index_put(bwm_addr_index *ix, uint64_t key, int32_t value);

/* Empties slot s (a slot bwm_addr_index_probe found holding a key). */
void bwm_addr_index_remove_at(bwm_addr_index *ix, unsigned s);

/* Forgets key (nothing when it is absent). */
void bwm_addr_index_remove(bwm_addr_index *ix, uint64_t key);

#endif
