/* rank_pick.h — the pick shared by the priority policies (prior-low-mpki,
 * prior-low-bw, its, weis; paper 000 Sec. 6, "Implementation of the Priority
 * Mechanism"): the oldest row hit of the bank, whatever its application;
 * otherwise the oldest request of the application ranked first among those
 * with a request in the bank.  With every rank equal this is FR-FCFS.
 *
 * A bwm_rank_state holds the ranks (0 = served first) and the per-application
 * counters the windowed policies (its, weis) keep between windows. */
#ifndef BWM_RANK_PICK_H
#define BWM_RANK_PICK_H

#include <stdint.h>

#include "sim/mc/mc.h"
#include "sim/mc/sched_params.h"

typedef struct bwm_rank_state {
    const bwm_sched_params *p; /* the controller's parameters (may be NULL) */
    int n_apps;
    int *rank;       /* rank[a]: position of application a in the order, 0 first */
    double *key;     /* per-application key of the last ranking */
    uint64_t *prev;  /* per-application counter at the last window */
    uint64_t *count; /* per-application events counted during the window */
} bwm_rank_state;

/* A state for mc's applications with every rank 0 (FR-FCFS order). */
int bwm_rank_state_new(const bwm_mc *mc, const bwm_sched_params *p, bwm_rank_state **out,
                       bwm_err *err);
void bwm_rank_state_free(void *state);

/* Ranks the applications by s->key ascending, ties by lower index. */
void bwm_rank_by_key(bwm_rank_state *s);
/* The same for any n keys: rank[i] is i's position, 0 for the smallest key. */
void bwm_rank_keys(const double *key, int n, int *rank);

/* The pick described above; state is a bwm_rank_state. */
int32_t bwm_rank_pick(void *state, const bwm_mc *mc, int bank);

/* init for a static order (prior-low-*): ranks once by key, n_apps values
 * that must be finite and > 0 (field names key in messages). */
int bwm_rank_static_init(const bwm_mc *mc, const bwm_sched_params *p, const double *key,
                         const char *policy, const char *field, void **state, bwm_err *err);

/* Moves *prev to cur and returns the increase (cur itself if the counter
 * went back, i.e. was restarted). */
uint64_t bwm_rank_delta(uint64_t *prev, uint64_t cur);

#endif
