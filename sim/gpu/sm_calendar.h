/* sm_calendar.h — when each SM next has work: the SMs filed by the core
 * cycle of their next turn, so that a core cycle finds the SMs due without
 * looking at the others, and the earliest cycle any SM has work is known
 * without a scan.
 *
 * A window of BWM_SM_CALENDAR_SLOTS cycles, from the first cycle not yet
 * taken, holds one set of SMs per cycle; SMs due later wait in a far set and
 * enter the window when it reaches them.  An SM filed for a cycle already
 * passed is due at the next cycle taken.  Cycles are taken in increasing
 * order. */
#ifndef BWM_SM_CALENDAR_H
#define BWM_SM_CALENDAR_H

#include <stdint.h>

#include "util/status.h"

#define BWM_SM_CALENDAR_SLOTS 64

typedef struct bwm_sm_calendar {
    int words;          /* uint64_t words in one set of SMs */
    int64_t base;       /* the first cycle not yet taken */
    int64_t *at;        /* each SM's cycle as filed (INT64_MAX: none) */
    int16_t *slot;      /* its slot in the window, -1 if far or taken */
    uint64_t *slots;    /* SLOTS sets: slot s holds the SMs due at the one cycle of
                           [base, base + SLOTS) that is s modulo SLOTS */
    uint64_t occupied;  /* the slots holding an SM */
    uint64_t *far;      /* SMs due at base + SLOTS or later (or never) */
    int64_t far_min;    /* the earliest cycle among them */
    uint64_t *due;      /* the set bwm_sm_calendar_take returned */
} bwm_sm_calendar;

/* Files every SM of n for cycle 0. */
int bwm_sm_calendar_init(bwm_sm_calendar *c, int n, bwm_err *err);
void bwm_sm_calendar_free(bwm_sm_calendar *c);

/* Files SM i for cycle t (INT64_MAX: it has no work until filed again),
 * wherever it was filed before. */
void bwm_sm_calendar_set(bwm_sm_calendar *c, int i, int64_t t);

/* Takes the cycles up to now: returns the set of SMs due by now (words of
 * bits), which are no longer filed (each is filed again after its turn). */
const uint64_t *bwm_sm_calendar_take(bwm_sm_calendar *c, int64_t now);

/* The earliest cycle an SM is filed for (INT64_MAX: none). */
int64_t bwm_sm_calendar_next(const bwm_sm_calendar *c);

#endif
