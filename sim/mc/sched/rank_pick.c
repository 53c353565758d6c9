/* rank_pick.c — row hits first, then by application rank (see rank_pick.h). */
#include "sim/mc/sched/rank_pick.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

int bwm_rank_state_new(const bwm_mc *mc, const bwm_sched_params *p, bwm_rank_state **out,
                       bwm_err *err)
{
    size_t n = (size_t)mc->n_apps;
    bwm_rank_state *s = calloc(1, sizeof *s);
    if (s) {
        s->rank = calloc(n, sizeof *s->rank);
        s->key = calloc(n, sizeof *s->key);
        s->prev = calloc(n, sizeof *s->prev);
        s->count = calloc(n, sizeof *s->count);
    }
    if (!s || !s->rank || !s->key || !s->prev || !s->count) {
        bwm_rank_state_free(s);
        return bwm_fail(err, BWM_EFAIL, "out of memory for a scheduler of %d applications",
                        mc->n_apps);
    }
    s->p = p;
    s->n_apps = mc->n_apps;
    *out = s;
    return BWM_OK;
}

void bwm_rank_state_free(void *state)
{
    bwm_rank_state *s = state;
    if (!s)
        return;
    free(s->rank);
    free(s->key);
    free(s->prev);
    free(s->count);
    free(s);
}

void bwm_rank_keys(const double *key, int n, int *rank)
{
    for (int a = 0; a < n; a++) {
        int r = 0;
        for (int b = 0; b < n; b++)
            r += key[b] < key[a] || (key[b] == key[a] && b < a);
        rank[a] = r;
    }
}

void bwm_rank_by_key(bwm_rank_state *s)
{
    bwm_rank_keys(s->key, s->n_apps, s->rank);
}

int32_t bwm_rank_pick(void *state, const bwm_mc *mc, int bank)
{
    const bwm_rank_state *s = state;
    int32_t hit = bwm_mc_oldest_hit(mc, bank);
    if (hit >= 0)
        return hit;
    int32_t best = -1;
    int best_rank = INT_MAX;
    for (int32_t q = mc->banks[bank].head; q >= 0 && best_rank > 0; q = mc->slots[q].next) {
        int r = s->rank[mc->slots[q].req.app];
        if (r < best_rank) {
            best_rank = r;
            best = q;
        }
    }
    return best;
}

int bwm_rank_static_init(const bwm_mc *mc, const bwm_sched_params *p, const double *key,
                         const char *policy, const char *field, void **state, bwm_err *err)
{
    if (!key)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s needs %s (one value per application)",
                        policy, field);
    for (int a = 0; a < mc->n_apps; a++)
        if (!isfinite(key[a]) || key[a] <= 0)
            return bwm_fail(err, BWM_EINPUT, "scheduler %s: %s of application %d must be > 0 "
                            "(got %g)", policy, field, a + 1, key[a]);
    bwm_rank_state *s;
    int st = bwm_rank_state_new(mc, p, &s, err);
    if (st != BWM_OK)
        return st;
    for (int a = 0; a < mc->n_apps; a++)
        s->key[a] = key[a];
    bwm_rank_by_key(s);
    *state = s;
    return BWM_OK;
}

uint64_t bwm_rank_delta(uint64_t *prev, uint64_t cur)
{
    uint64_t d = cur >= *prev ? cur - *prev : cur;
    *prev = cur;
    return d;
}
