/* key_pick.h — the pick of policies that order a bank's requests by a
 * lexicographic priority (parbs, atlas, tcm, bliss): the policy maps
 * each waiting request to a key, smaller served first, whose high bits hold
 * its most important criterion; among equal keys the oldest request wins
 * (the bank queue is in arrival order).  The walk stops at a key of 0. */
#ifndef BWM_KEY_PICK_H
#define BWM_KEY_PICK_H

#include <stdint.h>

#include "sim/mc/mc.h"

typedef uint64_t (*bwm_key_fn)(const void *state, const bwm_mc *mc, int32_t slot);

/* The request of bank's queue with the smallest key, the oldest among equals
 * (-1 for an empty queue). */
int32_t bwm_key_pick(const void *state, const bwm_mc *mc, int bank, bwm_key_fn key);

/* 0 for a request that finds its row open, 1 otherwise: the "row hit first"
 * criterion as a key bit. */
static inline uint64_t bwm_key_miss(const bwm_mc *mc, int32_t slot)
{
    const bwm_mc_req *r = &mc->slots[slot].req;
    return mc->dram.banks[r->da.bank].open_row != (int64_t)r->da.row;
}

#endif
