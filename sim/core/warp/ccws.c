/* ccws.c — lost-locality scores, victim tags and the list of warps that may
 * load (see ccws.h), and the warp scheduler ccws that applies them to an
 * SM (warp_sched.h). */
#include "sim/core/warp/ccws.h"

#include <stdlib.h>

#include "sim/core/sm.h"
#include "sim/core/warp_sched.h"

enum { VTA_ENTRIES = BWM_CCWS_VTA_SETS * BWM_CCWS_VTA_WAYS, LINE_SHIFT = 7 };

int bwm_ccws_init(bwm_ccws *c, int n_warps, int base_score, int k, bwm_err *err)
{
    *c = (bwm_ccws){0};
    if (n_warps < 0 || n_warps > 64 || base_score < 1 || k < 0)
        return bwm_fail(err, BWM_EINPUT, "CCWS: %d warps, base score %d, K %d (need 0..64, >= 1, >= 0)", n_warps,
                        base_score, k);
    size_t n = n_warps > 0 ? (size_t)n_warps : 1;
    c->n_warps = n_warps;
    c->base = base_score;
    c->k = k;
    c->score = malloc(n * sizeof *c->score);
    c->score_at = calloc(n, sizeof *c->score_at);
    c->vta = malloc(n * VTA_ENTRIES * sizeof *c->vta);
    c->vta_next = calloc(n * BWM_CCWS_VTA_SETS, 1);
    if (!c->score || !c->score_at || !c->vta || !c->vta_next) {
        bwm_ccws_free(c);
        return bwm_fail(err, BWM_EFAIL, "out of memory for CCWS");
    }
    for (int w = 0; w < n_warps; w++)
        bwm_ccws_reset_warp(c, w, 0);
    return BWM_OK;
}

void bwm_ccws_free(bwm_ccws *c)
{
    free(c->score);
    free(c->score_at);
    free(c->vta);
    free(c->vta_next);
    *c = (bwm_ccws){0};
}

void bwm_ccws_reset_warp(bwm_ccws *c, int w, int64_t now)
{
    c->score[w] = c->base;
    c->score_at[w] = now;
    for (int i = 0; i < VTA_ENTRIES; i++)
        c->vta[(size_t)w * VTA_ENTRIES + i] = UINT64_MAX;
    for (int s = 0; s < BWM_CCWS_VTA_SETS; s++)
        c->vta_next[w * BWM_CCWS_VTA_SETS + s] = 0;
}

/* The first tag of line_addr's set in warp w's VTA. */
static uint64_t *vta_set(const bwm_ccws *c, int w, uint64_t line_addr, int *set)
{
    *set = (int)((line_addr >> LINE_SHIFT) % BWM_CCWS_VTA_SETS);
    return c->vta + (size_t)w * VTA_ENTRIES + (size_t)*set * BWM_CCWS_VTA_WAYS;
}

void bwm_ccws_evicted(bwm_ccws *c, int owner, uint64_t line_addr)
{
    if (owner < 0 || owner >= c->n_warps)
        return;
    int set;
    uint64_t *tags = vta_set(c, owner, line_addr, &set);
    for (int i = 0; i < BWM_CCWS_VTA_WAYS; i++)
        if (tags[i] == line_addr)
            return;
    uint8_t *next = &c->vta_next[owner * BWM_CCWS_VTA_SETS + set];
    tags[*next] = line_addr;
    *next = (uint8_t)((*next + 1) % BWM_CCWS_VTA_WAYS);
}

int64_t bwm_ccws_score(const bwm_ccws *c, int w, int64_t now)
{
    int64_t s = c->score[w] - (now - c->score_at[w]);
    return s > c->base ? s : c->base;
}

static int64_t cutoff(const bwm_ccws *c, uint64_t live)
{
    int64_t n = __builtin_popcountll(live);
    return n > 0 ? n * c->base : 1;
}

int bwm_ccws_missed(bwm_ccws *c, int w, uint64_t line_addr, uint64_t live, int64_t now)
{
    int set;
    uint64_t *tags = vta_set(c, w, line_addr, &set);
    int i = 0;
    while (i < BWM_CCWS_VTA_WAYS && tags[i] != line_addr)
        i++;
    if (i == BWM_CCWS_VTA_WAYS)
        return 0;
    tags[i] = UINT64_MAX;
    c->vta_hits++;
    int64_t inc = c->insts ? (int64_t)((uint64_t)c->k * c->vta_hits * (uint64_t)cutoff(c, live) / c->insts) : 0;
    int64_t cap = inc > c->base ? inc : c->base;
    int64_t s = bwm_ccws_score(c, w, now) + inc;
    c->score[w] = s < cap ? s : cap;
    c->score_at[w] = now;
    if (now + c->score[w] - c->base > c->raised_until)
        c->raised_until = now + c->score[w] - c->base;
    return 1;
}

uint64_t bwm_ccws_may_load(const bwm_ccws *c, uint64_t live, int64_t now)
{
    if (now >= c->raised_until)
        return live;
    int order[64], n = 0;
    int64_t score[64];
    for (uint64_t m = live; m; m &= m - 1) { /* insertion by descending score, lower number first */
        int w = __builtin_ctzll(m);
        int64_t s = bwm_ccws_score(c, w, now);
        int i = n++;
        while (i > 0 && score[i - 1] < s) {
            score[i] = score[i - 1];
            order[i] = order[i - 1];
            i--;
        }
        score[i] = s;
        order[i] = w;
    }
    int64_t limit = cutoff(c, live), sum = 0;
    uint64_t may = 0;
    for (int i = 0; i < n && sum < limit; i++) {
        may |= 1ULL << order[i];
        sum += score[i];
    }
    return may;
}

/* The warp scheduler: gto among the warps the list lets load. */

static const bwm_warp_knob ccws_knobs[] = {
    {"-bwm_ccws_base_score", "ccws_base_score", 100, 1, 1000000},
    {"-bwm_ccws_kthrottle", "ccws_kthrottle", 8, 0, 1000},
};

static void sched_free(void *state)
{
    if (state)
        bwm_ccws_free(state);
    free(state);
}

static int sched_init(bwm_sm *sm, const bwm_gpu_config *cfg, void **state, bwm_err *err)
{
    bwm_ccws *c = malloc(sizeof *c);
    if (!c)
        return bwm_fail(err, BWM_EFAIL, "out of memory for CCWS");
    int st = bwm_ccws_init(c, sm->n_warps, cfg->warp_knob[0], cfg->warp_knob[1], err);
    if (st != BWM_OK) {
        sched_free(c);
        return st;
    }
    bwm_cache_track_owners(&sm->l1, BWM_SYNTH_MAX_LOADS); /* a load's token names its warp */
    *state = c;
    return BWM_OK;
}

/* The loads of ready warps outside the list. */
static uint64_t held_back(void *state, const bwm_sm *sm, int64_t now)
{
    uint64_t loads = 0;
    for (uint64_t m = sm->ready & sm->mem_next; m; m &= m - 1)
        if (sm->warps[__builtin_ctzll(m)].next.kind == BWM_INST_LOAD)
            loads |= m & -m;
    return loads ? loads & ~bwm_ccws_may_load(state, sm->live, now) : 0;
}

static void issued(void *state)
{
    bwm_ccws_issued(state);
}

/* CCWS learns what the L1D replaced. */
static void l1_filled(void *state, bwm_sm *sm)
{
    uint64_t victim;
    int owner;
    if (bwm_cache_take_evicted(&sm->l1, &victim, &owner))
        bwm_ccws_evicted(state, owner, victim);
}

/* ... and whether warp w's load missed on a line it lost. */
static void l1_access(void *state, bwm_sm *sm, int w, int is_write, const bwm_cache_result *r, int64_t now)
{
    l1_filled(state, sm);
    if (!is_write && (r->outcome == BWM_CACHE_MISS_NEW || r->outcome == BWM_CACHE_MISS_MERGED) &&
        bwm_ccws_missed(state, w, r->line_addr, sm->live, now))
        sm->stats.vta_hits++;
}

static void warp_started(void *state, int w, int64_t now)
{
    bwm_ccws_reset_warp(state, w, now);
}

const bwm_warp_sched_ops bwm_warp_sched_ccws = {
    .name = "ccws",
    .summary = "gto, loads only from the warps whose lost locality CCWS lets load",
    .knobs = ccws_knobs,
    .n_knobs = (int)(sizeof ccws_knobs / sizeof ccws_knobs[0]),
    .init = sched_init,
    .free = sched_free,
    .held_back = held_back,
    .issued = issued,
    .l1_access = l1_access,
    .l1_filled = l1_filled,
    .warp_started = warp_started,
};
