/* warp_type.c — MeDiC's per-warp hit-ratio sampling (see warp_type.h). */
#include "sim/mem/warp_type.h"

#include <math.h>
#include <stdlib.h>

/* Footnote 3 of seed 001's Ch. 4: the boundary moves 5 % per 5 % of miss rate. */
#define TUNE_STEP 0.05

int bwm_warp_types_init(bwm_warp_types *t, const bwm_warp_type_params *p, int n_sms, int warps_per_sm,
                        bwm_err *err)
{
    *t = (bwm_warp_types){0};
    if (p->interval < 1)
        return bwm_fail(err, BWM_EINPUT, "medic: sampling-interval of %lld L2 cycles (must be >= 1)",
                        (long long)p->interval);
    if (p->profile_accesses < 1)
        return bwm_fail(err, BWM_EINPUT, "medic: profile-accesses=%d (must be >= 1)", p->profile_accesses);
    if (!(p->mostly_hit > 0 && p->mostly_hit <= 1))
        return bwm_fail(err, BWM_EINPUT, "medic: mostly-hit=%g (must be in (0, 1])", p->mostly_hit);
    if (!(p->mostly_miss >= 0 && p->mostly_miss < p->mostly_hit))
        return bwm_fail(err, BWM_EINPUT,
                        "medic: mostly-miss=%g must be >= 0 and below mostly-hit=%g",
                        p->mostly_miss, p->mostly_hit);
    if (n_sms < 1 || warps_per_sm < 1)
        return bwm_fail(err, BWM_EINPUT, "warp types: %d SMs of %d warps", n_sms, warps_per_sm);
    t->v = malloc((size_t)n_sms * (size_t)warps_per_sm * sizeof *t->v);
    if (!t->v)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the warp types of %d SMs", n_sms);
    for (size_t i = 0; i < (size_t)n_sms * (size_t)warps_per_sm; i++)
        t->v[i] = (bwm_warp_counts){0, 0, -1, BWM_WARP_PROFILING};
    t->p = *p;
    t->n_sms = n_sms;
    t->warps_per_sm = warps_per_sm;
    t->boundary = p->mostly_miss;
    t->last_miss_rate = -1;
    return BWM_OK;
}

void bwm_warp_types_free(bwm_warp_types *t)
{
    free(t->v);
    *t = (bwm_warp_types){0};
}

/* The end of the current interval: the next one is epoch. */
static void advance(bwm_warp_types *t, int64_t epoch)
{
    if (t->epoch_accesses > 0) {
        double miss_rate = 1.0 - (double)t->epoch_hits / (double)t->epoch_accesses;
        if (t->p.tune && t->last_miss_rate >= 0) {
            double rise = miss_rate - t->last_miss_rate;
            double steps = floor(fabs(rise) / TUNE_STEP + 1e-9);
            double b = t->boundary - copysign(steps * TUNE_STEP, rise);
            t->boundary = b < 0 ? 0 : b > t->p.mostly_miss ? t->p.mostly_miss : b;
        }
        t->last_miss_rate = miss_rate;
    }
    t->epoch = epoch;
    t->epoch_accesses = t->epoch_hits = 0;
}

static bwm_warp_type classify(const bwm_warp_types *t, uint32_t hits, uint32_t accesses)
{
    if (hits == accesses)
        return BWM_WARP_ALL_HIT;
    if (hits == 0)
        return BWM_WARP_ALL_MISS;
    double ratio = (double)hits / (double)accesses;
    if (ratio >= t->p.mostly_hit)
        return BWM_WARP_MOSTLY_HIT;
    return ratio <= t->boundary ? BWM_WARP_MOSTLY_MISS : BWM_WARP_BALANCED;
}

static int known(const bwm_warp_types *t, int sm, int warp)
{
    return sm >= 0 && sm < t->n_sms && warp >= 0 && warp < t->warps_per_sm;
}

void bwm_warp_types_record(bwm_warp_types *t, int sm, int warp, int hit, int64_t now)
{
    int64_t epoch = now / t->p.interval;
    if (epoch > t->epoch)
        advance(t, epoch);
    t->epoch_accesses++;
    t->epoch_hits += hit != 0;
    if (!known(t, sm, warp))
        return;
    bwm_warp_counts *c = &t->v[(size_t)sm * (size_t)t->warps_per_sm + (size_t)warp];
    if (c->epoch != t->epoch)
        *c = (bwm_warp_counts){0, 0, t->epoch, BWM_WARP_PROFILING};
    c->accesses++;
    c->hits += hit != 0;
    if (c->type == BWM_WARP_PROFILING && c->accesses >= (uint32_t)t->p.profile_accesses) {
        c->type = (uint8_t)classify(t, c->hits, c->accesses);
        t->classified[c->type]++;
    }
}

bwm_warp_type bwm_warp_type_of(const bwm_warp_types *t, int sm, int warp)
{
    if (!known(t, sm, warp))
        return BWM_WARP_PROFILING;
    const bwm_warp_counts *c = &t->v[(size_t)sm * (size_t)t->warps_per_sm + (size_t)warp];
    return c->epoch == t->epoch ? (bwm_warp_type)c->type : BWM_WARP_PROFILING;
}

int bwm_warp_type_rank(bwm_warp_type w)
{
    return bwm_warp_type_bypasses(w) ? 0 : bwm_warp_type_urgent(w) ? 2 : 1;
}

const char *bwm_warp_type_name(bwm_warp_type w)
{
    static const char *const names[] = {"profiling", "all-hit", "mostly-hit", "balanced", "mostly-miss",
                                        "all-miss"};
    return w >= BWM_WARP_PROFILING && w <= BWM_WARP_ALL_MISS ? names[w] : "unknown";
}
