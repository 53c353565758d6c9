/* index_hash.c — GPGPU-Sim's IPOLY, bitwise and PAE index hashes (see
 * index_hash.h).  Each output bit is the parity of the higher bits listed in
 * a row, XOR input index bits; the rows are GPGPU-Sim's equations. */
#include "sim/dram/index_hash.h"

/* Bit masks of the higher bits XORed into each output bit. */
#define B(k) ((uint64_t)1 << (k))

static const uint64_t IPOLY16[4] = {
    B(11) | B(10) | B(9) | B(8) | B(6) | B(4) | B(3) | B(0),
    B(12) | B(8) | B(7) | B(6) | B(5) | B(3) | B(1) | B(0),
    B(9) | B(8) | B(7) | B(6) | B(4) | B(2) | B(1),
    B(10) | B(9) | B(8) | B(7) | B(5) | B(3) | B(2),
};

static const uint64_t IPOLY32[5] = {
    B(13) | B(12) | B(11) | B(10) | B(9) | B(6) | B(5) | B(3) | B(0),
    B(14) | B(13) | B(12) | B(11) | B(10) | B(7) | B(6) | B(4) | B(1),
    B(14) | B(10) | B(9) | B(8) | B(7) | B(6) | B(3) | B(2) | B(0),
    B(11) | B(10) | B(9) | B(8) | B(7) | B(4) | B(3) | B(1),
    B(12) | B(11) | B(10) | B(9) | B(8) | B(5) | B(4) | B(2),
};

static const uint64_t IPOLY64[6] = {
    B(18) | B(17) | B(16) | B(15) | B(12) | B(10) | B(6) | B(5) | B(0),
    B(15) | B(13) | B(12) | B(11) | B(10) | B(7) | B(5) | B(1) | B(0),
    B(16) | B(14) | B(13) | B(12) | B(11) | B(8) | B(6) | B(2) | B(1),
    B(17) | B(15) | B(14) | B(13) | B(12) | B(9) | B(7) | B(3) | B(2),
    B(18) | B(16) | B(15) | B(14) | B(13) | B(10) | B(8) | B(4) | B(3),
    B(17) | B(16) | B(15) | B(14) | B(11) | B(9) | B(5) | B(4),
};

/* PAE for 32 indices: higher-bit rows and index-bit rows (an index bit
 * listed twice in GPGPU-Sim's equation cancels and is left out here). */
static const uint64_t PAE_HIGH[5] = {
    B(13) | B(10) | B(9) | B(5) | B(0),
    B(12) | B(11) | B(6) | B(1),
    B(14) | B(9) | B(8) | B(7) | B(2),
    B(11) | B(10) | B(8) | B(3),
    B(12) | B(9) | B(8) | B(5) | B(4),
};
static const uint32_t PAE_INDEX[5] = {
    1u << 3,                       /* b3 ^ b0 ^ b0 */
    (1u << 3) | (1u << 2),         /* b3 ^ b2 ^ b1 ^ b1 */
    (1u << 1) | (1u << 2),
    1u << 2,                       /* b2 ^ b3 ^ b3 */
    (1u << 1) | (1u << 0) | (1u << 4),
};

static uint32_t parity64(uint64_t x)
{
    return (uint32_t)__builtin_parityll(x);
}

static uint32_t rows(const uint64_t *row, int n_bits, uint64_t higher_bits, uint32_t index)
{
    uint32_t r = 0;
    for (int i = 0; i < n_bits; i++)
        r |= (parity64(higher_bits & row[i]) ^ ((index >> i) & 1u)) << i;
    return r;
}

int bwm_ipoly_supports(int n)
{
    return n == 16 || n == 32 || n == 64;
}

uint32_t bwm_ipoly_hash(uint64_t higher_bits, uint32_t index, int n)
{
    switch (n) {
    case 16: return rows(IPOLY16, 4, higher_bits, index);
    case 32: return rows(IPOLY32, 5, higher_bits, index);
    case 64: return rows(IPOLY64, 6, higher_bits, index);
    default: return index; /* callers check bwm_ipoly_supports first */
    }
}

uint32_t bwm_bitwise_hash(uint64_t higher_bits, uint32_t index, int n)
{
    return index ^ (uint32_t)(higher_bits & (uint64_t)(n - 1));
}

uint32_t bwm_pae_hash(uint64_t higher_bits, uint32_t index)
{
    uint32_t r = 0;
    for (int i = 0; i < 5; i++)
        r |= (parity64(higher_bits & PAE_HIGH[i]) ^ parity64(index & PAE_INDEX[i])) << i;
    return r;
}
