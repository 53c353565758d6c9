/* sm_calendar.c — the SMs filed by the cycle of their next turn (see
 * sm_calendar.h). */
#include "sim/gpu/sm_calendar.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS BWM_SM_CALENDAR_SLOTS

_Static_assert((SLOTS & (SLOTS - 1)) == 0 && SLOTS <= 64, "one occupancy bit per slot");

static int slot_of(int64_t t)
{
    return (int)(t & (SLOTS - 1));
}

static uint64_t *set_of(const bwm_sm_calendar *c, int s)
{
    return c->slots + (size_t)s * (size_t)c->words;
}

static uint64_t rotate_right(uint64_t x, int r)
{
    return r ? x >> r | x << (64 - r) : x;
}

int bwm_sm_calendar_init(bwm_sm_calendar *c, int n, bwm_err *err)
{
    memset(c, 0, sizeof *c);
    size_t cap = n > 0 ? (size_t)n : 1; /* no zero-size allocation */
    c->words = (int)((cap + 63) / 64);
    c->at = malloc(cap * sizeof *c->at);
    c->slot = malloc(cap * sizeof *c->slot);
    c->slots = calloc((size_t)SLOTS * (size_t)c->words, sizeof *c->slots);
    c->far = calloc((size_t)c->words, sizeof *c->far);
    c->due = calloc((size_t)c->words, sizeof *c->due);
    if (!c->at || !c->slot || !c->slots || !c->far || !c->due) {
        bwm_sm_calendar_free(c);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the calendar of %d SMs", n);
    }
    c->far_min = INT64_MAX;
    for (int i = 0; i < n; i++) {
        c->slot[i] = -1;
        bwm_sm_calendar_set(c, i, 0);
    }
    return BWM_OK;
}

void bwm_sm_calendar_free(bwm_sm_calendar *c)
{
    free(c->at);
    free(c->slot);
    free(c->slots);
    free(c->far);
    free(c->due);
    memset(c, 0, sizeof *c);
}

/* SM i leaves its slot or the far set.  far_min may then be below every
 * cycle still filed far: it stays a bound, made exact at the next take. */
static void unfile(bwm_sm_calendar *c, int i)
{
    int w = i / 64;
    uint64_t bit = 1ull << (i % 64);
    int s = c->slot[i];
    if (s >= 0) {
        uint64_t *set = set_of(c, s);
        set[w] &= ~bit;
        int empty = 1;
        for (int k = 0; k < c->words && empty; k++)
            empty = set[k] == 0;
        if (empty)
            c->occupied &= ~(1ull << s);
        c->slot[i] = -1;
    } else {
        c->far[w] &= ~bit;
    }
}

/* Files SM i, known not to be filed, for cycle t (at base if t has passed). */
static void file(bwm_sm_calendar *c, int i, int64_t t)
{
    c->at[i] = t;
    if (t == INT64_MAX)
        return;
    int64_t p = t > c->base ? t : c->base;
    int w = i / 64;
    uint64_t bit = 1ull << (i % 64);
    if (p - c->base < SLOTS) {
        int s = slot_of(p);
        set_of(c, s)[w] |= bit;
        c->occupied |= 1ull << s;
        c->slot[i] = (int16_t)s;
    } else {
        c->far[w] |= bit;
        if (t < c->far_min)
            c->far_min = t;
    }
}

void bwm_sm_calendar_set(bwm_sm_calendar *c, int i, int64_t t)
{
    unfile(c, i);
    file(c, i, t);
}

/* The far SMs the window now reaches: into their slots, or into due if
 * their cycle has come; far_min becomes exact. */
static void enter_window(bwm_sm_calendar *c, int64_t now)
{
    c->far_min = INT64_MAX;
    for (int w = 0; w < c->words; w++)
        for (uint64_t bits = c->far[w]; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            int64_t t = c->at[i];
            if (t - c->base >= SLOTS) {
                if (t < c->far_min)
                    c->far_min = t;
                continue;
            }
            c->far[w] &= ~(1ull << (i % 64));
            if (t <= now)
                c->due[w] |= 1ull << (i % 64);
            else
                file(c, i, t);
        }
}

const uint64_t *bwm_sm_calendar_take(bwm_sm_calendar *c, int64_t now)
{
    memset(c->due, 0, (size_t)c->words * sizeof *c->due);
    if (now < c->base)
        return c->due;
    int64_t span = now - c->base + 1;
    uint64_t range = span >= SLOTS ? ~0ull : ((1ull << span) - 1);
    int first = slot_of(c->base);
    range = first ? range << first | range >> (64 - first) : range;
    for (uint64_t bits = c->occupied & range; bits; bits &= bits - 1) {
        uint64_t *set = set_of(c, __builtin_ctzll(bits));
        for (int w = 0; w < c->words; w++) {
            c->due[w] |= set[w];
            set[w] = 0;
        }
    }
    c->occupied &= ~range;
    for (int w = 0; w < c->words; w++)
        for (uint64_t bits = c->due[w]; bits; bits &= bits - 1)
            c->slot[w * 64 + __builtin_ctzll(bits)] = -1;
    c->base = now + 1;
    if (c->far_min - c->base < SLOTS)
        enter_window(c, now);
    return c->due;
}

int64_t bwm_sm_calendar_next(const bwm_sm_calendar *c)
{
    int64_t t = c->far_min;
    if (c->occupied) {
        int64_t in_window = c->base + __builtin_ctzll(rotate_right(c->occupied, slot_of(c->base)));
        if (in_window < t)
            t = in_window;
    }
    return t;
}
