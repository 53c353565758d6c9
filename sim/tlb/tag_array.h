/* tag_array.h — a set-associative array of 64-bit keys with LRU
 * replacement: the tags of the TLBs (a key names an application's virtual
 * page) and of the page-walk cache (a key is a page-table line's address).
 * Only presence is kept; what a key maps to is looked up functionally
 * elsewhere (sim/vm/vm.h).
 *
 * A key's set is key mod sets.  The ways of every set may be split among
 * `parts` owners (a static partition): owner o fills only ways
 * o*ways/parts .. (o+1)*ways/parts - 1, and a lookup searches every way
 * (owners' keys differ anyway).  Storage is allocated at init. */
#ifndef BWM_TLB_TAG_ARRAY_H
#define BWM_TLB_TAG_ARRAY_H

#include <stdint.h>

#include "util/status.h"

#define BWM_TAG_EMPTY UINT64_MAX

typedef struct bwm_tag_array {
    int sets, ways, parts;
    uint64_t *key;    /* sets * ways; BWM_TAG_EMPTY: an empty way */
    uint64_t *used;   /* each way's last use (LRU order) */
    uint64_t clock;
    uint64_t lookups, hits;
} bwm_tag_array;

/* entries a whole number of ways, each of parts (1: no partition) owners
 * getting at least one way of a set.  BWM_EINPUT, saying why, otherwise. */
int bwm_tag_array_init(bwm_tag_array *t, int entries, int ways, int parts, bwm_err *err);
void bwm_tag_array_free(bwm_tag_array *t);

/* Whether key is present; a hit becomes the most recently used of its set.
 * Counted in lookups and hits. */
int bwm_tag_array_lookup(bwm_tag_array *t, uint64_t key);

/* Whether key is present, changing nothing. */
int bwm_tag_array_probe(const bwm_tag_array *t, uint64_t key);

/* Puts key (not BWM_TAG_EMPTY) in its set as the most recently used: where
 * it already is, else in an empty way of owner part's, else in place of
 * that owner's least recently used key, which is returned (BWM_TAG_EMPTY
 * when none was evicted). */
uint64_t bwm_tag_array_insert(bwm_tag_array *t, uint64_t key, int part);

#endif
