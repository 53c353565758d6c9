/* rr.c — RR FR-FCFS (paper 000 Sec. 4.2, after Jog et al. [24]): the oldest
 * row hit of the bank first, whatever its application; otherwise round-robin
 * between applications.  The controller keeps one next-application pointer:
 * a non-hit pick takes the oldest request of the first application at or
 * after the pointer (cyclically) that has a request in this bank, and moves
 * the pointer past that application.  Row hits leave the pointer alone, so
 * every application gets an equal share of row activations.  Needs no
 * parameters. */
#include <stdlib.h>

#include "sim/mc/mc.h"

typedef struct rr_state {
    int next;   /* application served first by the next non-hit pick */
    int n_apps;
} rr_state;

static int rr_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    rr_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler rr");
    s->n_apps = mc->n_apps;
    *state = s;
    return BWM_OK;
}

static int32_t rr_pick(void *state, const bwm_mc *mc, int bank)
{
    rr_state *s = state;
    int32_t hit = bwm_mc_oldest_hit(mc, bank);
    if (hit >= 0)
        return hit;
    int32_t best = -1;
    int best_dist = s->n_apps;
    for (int32_t q = mc->banks[bank].head; q >= 0 && best_dist > 0; q = mc->slots[q].next) {
        int d = (mc->slots[q].req.app - s->next + s->n_apps) % s->n_apps;
        if (d < best_dist) {
            best_dist = d;
            best = q;
        }
    }
    if (best >= 0)
        s->next = (mc->slots[best].req.app + 1) % s->n_apps;
    return best;
}

const bwm_sched_ops bwm_sched_rr = {
    "rr", "row hits first, then round-robin between applications (RR FR-FCFS)", rr_init, NULL,
    rr_pick, NULL, free, NULL, 0, 1, NULL, NULL, 0,
};
