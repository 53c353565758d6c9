/* index_hash.h — GPGPU-Sim's index hash functions (its hashing.cc), used for
 * memory partition indexing (addrmap.c) and cache set indexing (tags.c).
 *
 * Each takes the address bits above an index ("higher_bits") and the index
 * itself, and returns the new index among n (a power of two):
 *   - ipoly: the index XOR the IPOLY(5) / IPOLY(37) / IPOLY(67) parity rows
 *     of the higher bits, for n = 16, 32, 64 only (Rau, ISCA 1991);
 *   - bitwise: the index XOR the low log2(n) higher bits;
 *   - pae: page-address entropy (Liu et al., ISCA 2018), n = 32 only.
 * The bit equations are GPGPU-Sim's, so results are bit-exact with it.
 * Pure functions; nothing is owned. */
#ifndef BWM_INDEX_HASH_H
#define BWM_INDEX_HASH_H

#include <stdint.h>

/* 1 when ipoly is defined for n indices (16, 32 or 64). */
int bwm_ipoly_supports(int n);
uint32_t bwm_ipoly_hash(uint64_t higher_bits, uint32_t index, int n);
uint32_t bwm_bitwise_hash(uint64_t higher_bits, uint32_t index, int n);
uint32_t bwm_pae_hash(uint64_t higher_bits, uint32_t index);

#endif
