/* rng.c — xoshiro256** seeded through splitmix64 (see rng.h). */
#include "util/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void bwm_rng_seed(bwm_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t bwm_rng_next(bwm_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double bwm_rng_uniform(bwm_rng *r)
{
    return (double)(bwm_rng_next(r) >> 11) * 0x1.0p-53;
}

double bwm_rng_range(bwm_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * bwm_rng_uniform(r);
}

uint64_t bwm_rng_below(bwm_rng *r, uint64_t n)
{
    /* Rejection sampling: exact uniformity, rarely more than one draw. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = bwm_rng_next(r);
    while (x >= limit);
    return x % n;
}
