/* rng.h — the project's seeded pseudo-random generator (xoshiro256**).
 *
 * All randomness in the toolkit goes through a bwm_rng owned by the caller, so
 * that the same seed always gives the same sequence and several simulations
 * can run side by side. */
#ifndef BWM_RNG_H
#define BWM_RNG_H

#include <stdint.h>

typedef struct bwm_rng {
    uint64_t s[4];
} bwm_rng;

void bwm_rng_seed(bwm_rng *r, uint64_t seed);
uint64_t bwm_rng_next(bwm_rng *r);
/* Uniform in [0, 1). */
double bwm_rng_uniform(bwm_rng *r);
/* Uniform in [lo, hi). */
double bwm_rng_range(bwm_rng *r, double lo, double hi);
/* Uniform integer in [0, n); n > 0. */
uint64_t bwm_rng_below(bwm_rng *r, uint64_t n);

#endif
