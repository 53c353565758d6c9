/* select.h — choosing between two values with a mask instead of a branch.
 *
 * In the simulator's per-cycle loops, which of two values wins (the
 * earliest bank, the next wake-up) follows no pattern a host's branch
 * predictor can learn, and a profile-guided compiler may still turn a
 * conditional expression into a branch.  A mask keeps the choice in
 * arithmetic. */
#ifndef BWM_SELECT_H
#define BWM_SELECT_H

#include <stdint.h>

/* An all-ones mask when cond is nonzero, else zero. */
static inline uint64_t bwm_mask_of(int cond)
{
    return -(uint64_t)(cond != 0);
}

/* a where mask is all ones, b where it is zero. */
static inline uint64_t bwm_select(uint64_t mask, uint64_t a, uint64_t b)
{
    return (a & mask) | (b & ~mask);
}

#endif
