/* addr_index.h — a fixed-size hash index from 64-bit addresses to small
 * integers: how the MSHRs find a pending line, and how a wide tag array
 * finds the way holding a line without scanning the set.
 *
 * Open addressing with linear probing and backward-shift deletion, sized at
 * init to the power of two at least twice the most keys it will hold, so
 * that probe runs stay short.  The keys themselves stay in the owner's
 * records (value v's key is read at key_base + v * key_stride): a slot holds
 * only a value and its key's 32-bit hash, 8 bytes, so that an index of a
 * host cache line's worth of slots covers twice the keys a slot with the key
 * would.  A probe compares hashes, and reads a record only when they agree
 * (always for the key sought, one in 2^32 for another), so that a miss
 * reads nothing but slots.  The owner's record of value v holds its key
 * from before bwm_addr_index_put(key, v) until after the key is removed.
 * Each key is held at most once; the caller never puts a key already
 * present nor more keys than it sized for.  All memory is allocated at
 * init; put and remove allocate nothing. */
#ifndef BWM_ADDR_INDEX_H
#define BWM_ADDR_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

/* A slot: when value >= 0, the value and its key's hash. */
typedef struct bwm_addr_slot {
    uint32_t hash;
    int32_t value; /* -1: empty */
} bwm_addr_slot;

typedef struct bwm_addr_index {
    bwm_addr_slot *slots;
    unsigned mask;        /* slots - 1 */
    const char *key_base; /* value v's key: *(const uint64_t *)(key_base + v * key_stride) */
    size_t key_stride;
} bwm_addr_index;

/* The most keys an index holds. */
#define BWM_ADDR_INDEX_MAX_KEYS (1 << 24)

/* Sizes the index for up to max_keys keys (1 to BWM_ADDR_INDEX_MAX_KEYS),
 * whose owner keeps value v's key at key_base + v * key_stride (a uint64_t;
 * the memory must outlive the index). */
int bwm_addr_index_init(bwm_addr_index *ix, int max_keys, const void *key_base, size_t key_stride, bwm_err *err);
void bwm_addr_index_free(bwm_addr_index *ix);

/* Bytes bwm_addr_index_init allocates for max_keys keys. */
double bwm_addr_index_bytes(int64_t max_keys);

/* The hash of key a slot keeps; its low bits name the slot where key's
 * probe run starts. */
static inline uint32_t bwm_addr_index_hash(uint64_t key)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32);
}

/* The key the owner keeps for value v. */
static inline uint64_t bwm_addr_index_key_of(const bwm_addr_index *ix, int32_t v)
{
    return *(const uint64_t *)(const void *)(ix->key_base + (size_t)v * ix->key_stride);
}

/* The slot holding key, or the empty slot where it would go. */
static inline unsigned bwm_addr_index_probe(const bwm_addr_index *ix, uint64_t key)
{
    uint32_t h = bwm_addr_index_hash(key);
    unsigned s = h & ix->mask;
    while (ix->slots[s].value >= 0 &&
           (ix->slots[s].hash != h || bwm_addr_index_key_of(ix, ix->slots[s].value) != key))
        s = (s + 1) & ix->mask;
    return s;
}

/* Asks the host to bring key's home slot into its caches (a hint: changes
 * nothing), so that a probe for key soon after does not wait for memory. */
static inline void bwm_addr_index_prefetch(const bwm_addr_index *ix, uint64_t key)
{
    __builtin_prefetch(&ix->slots[bwm_addr_index_hash(key) & ix->mask]);
}

/* The value of key, or -1. */
static inline int32_t bwm_addr_index_find(const bwm_addr_index *ix, uint64_t key)
{
    return ix->slots[bwm_addr_index_probe(ix, key)].value;
}

/* Holds key (not present) with value (>= 0; the owner's record of value
 * already holds key). */
void bwm_addr_index_put(bwm_addr_index *ix, uint64_t key, int32_t value);

/* Empties slot s (a slot bwm_addr_index_probe found holding a key). */
void bwm_addr_index_remove_at(bwm_addr_index *ix, unsigned s);

/* Forgets key (nothing when it is absent); the owner's record still holds it. */
void bwm_addr_index_remove(bwm_addr_index *ix, uint64_t key);

#endif
