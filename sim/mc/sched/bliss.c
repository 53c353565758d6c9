/* bliss.c — BLISS, the Blacklisting memory scheduler (Subramanian et al.,
 * ICCD 2014 / TPDS 2016; seed 001 Ch. 3): the controller remembers the
 * source of the last request it picked and how many it has picked from that
 * source in a row; when the streak reaches the blacklisting threshold, the
 * source is blacklisted.  Requests are served non-blacklisted first, then
 * row hits, then oldest.  Every clearing interval the blacklist is emptied.
 *
 * Knobs (paper defaults): threshold 4 consecutive requests, clearing
 * interval 10000 cycles, source app.  Choices the thesis leaves open:
 *   - a streak counts the requests picked for any bank of this controller,
 *     reads and writes alike; each controller keeps its own streak and
 *     blacklist (no coordination between channels);
 *   - the request that completes the streak is the last one served before
 *     the blacklisting: with threshold 4 a source is blacklisted after its
 *     4th consecutive request;
 *   - the clearing interval is in core cycles (converted to DRAM cycles),
 *     counted from the start of the run. */
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/source.h"

enum { K_THRESHOLD, K_CLEARING, K_SOURCE, K_COUNT };

static const bwm_sched_knob bliss_knobs[K_COUNT] = {
    {"threshold", BWM_KNOB_WHOLE, 4, 1, 1e9, NULL,
     "consecutive requests of one source after which it is blacklisted (BLISS: 4)"},
    {"clearing-interval", BWM_KNOB_CYCLES, 10000, 1, 1e12, NULL,
     "the blacklist is cleared this often (BLISS: 10000 cycles)"},
    BWM_SOURCE_KNOB,
};

typedef struct bliss_state {
    bwm_sched_source src;
    int64_t threshold, clearing, next_clear;
    int last, streak;
    unsigned char *black; /* per source */
} bliss_state;

static void bliss_free(void *state)
{
    bliss_state *s = state;
    if (s)
        free(s->black);
    free(s);
}

static int bliss_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    double v[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_bliss, v);
    bliss_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler bliss");
    int st = bwm_sched_source_init(mc, (int)v[K_SOURCE], "bliss", &s->src, err);
    if (st == BWM_OK && !(s->black = calloc((size_t)s->src.n, 1)))
        st = bwm_fail(err, BWM_EFAIL, "out of memory for scheduler bliss");
    if (st != BWM_OK) {
        bliss_free(s);
        return st;
    }
    s->threshold = (int64_t)v[K_THRESHOLD];
    s->clearing = (int64_t)v[K_CLEARING];
    s->next_clear = s->clearing;
    s->last = -1;
    *state = s;
    return BWM_OK;
}

static uint64_t bliss_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const bliss_state *s = state;
    int src = bwm_source_of(&s->src, &mc->slots[slot].req);
    return (uint64_t)s->black[src] << 1 | bwm_key_miss(mc, slot);
}

static int32_t bliss_pick(void *state, const bwm_mc *mc, int bank)
{
    bliss_state *s = state;
    if (mc->now >= s->next_clear) {
        for (int i = 0; i < s->src.n; i++)
            s->black[i] = 0;
        s->next_clear += ((mc->now - s->next_clear) / s->clearing + 1) * s->clearing;
    }
    int32_t q = bwm_key_pick(s, mc, bank, bliss_key);
    if (q < 0)
        return q;
    int src = bwm_source_of(&s->src, &mc->slots[q].req);
    s->streak = src == s->last ? s->streak + 1 : 1;
    s->last = src;
    if (s->streak >= s->threshold)
        s->black[src] = 1;
    return q;
}

const bwm_sched_ops bwm_sched_bliss = {
    "bliss", "blacklisting: sources served many times in a row go last until the list is cleared (BLISS)",
    bliss_init, NULL, bliss_pick, NULL, bliss_free, bliss_knobs, K_COUNT, 0, NULL, NULL, 0,
};
