/* wake_wheel.h — when an SM's warps wake from a pipeline latency: a timing
 * wheel of BWM_WAKE_WHEEL slots of warp bits (a warp waking at cycle t sits
 * in slot t mod BWM_WAKE_WHEEL), which slots hold a warp, and the warps
 * waking later than the wheel reaches with their cycles and the earliest of
 * them.  A warp is a bit of a 64-bit word (warp w < 64).  Plain data; every
 * operation is inline, as the SM uses them every cycle. */
#ifndef BWM_WAKE_WHEEL_H
#define BWM_WAKE_WHEEL_H

#include <stdint.h>

#define BWM_WAKE_WHEEL 256 /* cycles ahead a warp's wake-up is kept in the wheel */

typedef struct bwm_wake_wheel {
    uint64_t slot[BWM_WAKE_WHEEL];          /* the warps waking at each cycle mod BWM_WAKE_WHEEL */
    uint64_t used[BWM_WAKE_WHEEL / 64];     /* which slots hold a warp */
    uint64_t far;                           /* warps waking later than the wheel reaches */
    int64_t far_min;                        /* the earliest of their cycles (INT64_MAX: none) */
    int64_t far_until[64];                  /* each far warp's cycle */
} bwm_wake_wheel;

/* No warp waking. */
static inline void bwm_wake_wheel_init(bwm_wake_wheel *wh)
{
    *wh = (bwm_wake_wheel){{0}, {0}, 0, INT64_MAX, {0}};
}

/* Warp w wakes at cycle t, after cycle now. */
static inline void bwm_wake_wheel_put(bwm_wake_wheel *wh, int w, int64_t t, int64_t now)
{
    if (t - now < BWM_WAKE_WHEEL) {
        int s = (int)(t % BWM_WAKE_WHEEL);
        wh->slot[s] |= 1ULL << w;
        wh->used[s / 64] |= 1ULL << (s % 64);
    } else {
        wh->far |= 1ULL << w;
        wh->far_until[w] = t;
        if (t < wh->far_min)
            wh->far_min = t;
    }
}

/* The warps waking at cycle now, taken off the wheel (cycles are taken in
 * order; none may be skipped that holds a warp). */
static inline uint64_t bwm_wake_wheel_take(bwm_wake_wheel *wh, int64_t now)
{
    int s = (int)(now % BWM_WAKE_WHEEL);
    uint64_t woken = wh->slot[s];
    wh->slot[s] = 0;
    wh->used[s / 64] &= ~(1ULL << (s % 64));
    if (now < wh->far_min)
        return woken;
    wh->far_min = INT64_MAX;
    for (uint64_t m = wh->far; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (wh->far_until[w] <= now) {
            wh->far &= ~(1ULL << w);
            woken |= 1ULL << w;
        } else if (wh->far_until[w] < wh->far_min) {
            wh->far_min = wh->far_until[w];
        }
    }
    return woken;
}

/* The first cycle after now whose slot holds a warp (INT64_MAX: none;
 * the far warps are not looked at). */
static inline int64_t bwm_wake_wheel_next(const bwm_wake_wheel *wh, int64_t now)
{
    enum { WORDS = BWM_WAKE_WHEEL / 64 };
    int start = (int)((now + 1) % BWM_WAKE_WHEEL);
    for (int k = 0; k <= WORDS; k++) {
        int w = (start / 64 + k) % WORDS;
        uint64_t bits = wh->used[w];
        if (k == 0)
            bits &= ~0ULL << (start % 64);
        else if (k == WORDS)
            bits &= start % 64 ? ~(~0ULL << (start % 64)) : 0;
        if (bits) {
            int s = w * 64 + __builtin_ctzll(bits);
            return now + 1 + (s - start + BWM_WAKE_WHEEL) % BWM_WAKE_WHEEL;
        }
    }
    return INT64_MAX;
}

/* Whether no warp is waking: the wheel and the far set are empty. */
static inline int bwm_wake_wheel_empty(const bwm_wake_wheel *wh)
{
    uint64_t waking = wh->far;
    for (int i = 0; i < BWM_WAKE_WHEEL / 64; i++)
        waking |= wh->used[i];
    return !waking;
}

#endif
