/* batch_summary.c — the thread-batching experiment summarised (see
 * batch_summary.h). */
#include "plots/batch_summary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const set_names[BWM_PL_BATCH_NSETS] = {"all", "batch-friendly", "controls"};

const char *bwm_pl_batch_set_name(int set)
{
    return set >= 0 && set < BWM_PL_BATCH_NSETS ? set_names[set] : "?";
}

int bwm_pl_batch_in_set(const bwm_pl_batch *b, int set)
{
    int friendly = strcmp(b->pattern, "cta") == 0;
    return set == BWM_PL_BATCH_ALL || (set == BWM_PL_BATCH_FRIENDLY) == friendly;
}

const bwm_pl_batch *bwm_pl_batch_find(const bwm_pl_results *r, const char *design, const char *app)
{
    for (size_t k = 0; k < r->nbatch; k++)
        if (strcmp(r->batch[k].design, design) == 0 && strcmp(r->batch[k].app, app) == 0)
            return &r->batch[k];
    return NULL;
}

double bwm_pl_batch_ratio(const bwm_pl_results *r, const bwm_pl_batch *b, bwm_pl_bm m)
{
    const bwm_pl_batch *base = bwm_pl_batch_find(r, BWM_PL_BATCH_BASELINE, b->app);
    return base && base->v[m] > 0 && b->v[m] > 0 ? b->v[m] / base->v[m] : NAN;
}

size_t bwm_pl_batch_designs(const bwm_pl_results *r, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < r->nbatch; k++) {
        int seen = 0;
        for (size_t i = 0; i < n; i++)
            seen |= strcmp(out[i], r->batch[k].design) == 0;
        if (!seen && n < max)
            out[n++] = r->batch[k].design;
    }
    return n;
}

/* The point of design over set; n 0 when the set has no application under
 * it. */
static bwm_pl_batch_point point(const bwm_pl_results *r, const char *design, int set)
{
    bwm_pl_batch_point p;
    memset(&p, 0, sizeof p);
    snprintf(p.design, sizeof p.design, "%s", design);
    p.set = set;
    double logs[BWM_BM_COUNT] = {0}, sums[BWM_BM_COUNT] = {0};
    size_t nlog[BWM_BM_COUNT] = {0}, nsum[BWM_BM_COUNT] = {0};
    for (size_t k = 0; k < r->nbatch; k++) {
        const bwm_pl_batch *b = &r->batch[k];
        if (strcmp(b->design, design) != 0 || !bwm_pl_batch_in_set(b, set))
            continue;
        p.n++;
        for (int m = 0; m < BWM_BM_COUNT; m++) {
            double x = bwm_pl_batch_ratio(r, b, (bwm_pl_bm)m);
            if (isfinite(x))
                logs[m] += log(x), nlog[m]++;
            if (isfinite(b->v[m]))
                sums[m] += b->v[m], nsum[m]++;
        }
    }
    for (int m = 0; m < BWM_BM_COUNT; m++) {
        p.gm_ratio[m] = nlog[m] ? exp(logs[m] / (double)nlog[m]) : NAN;
        p.mean[m] = nsum[m] ? sums[m] / (double)nsum[m] : NAN;
    }
    return p;
}

size_t bwm_pl_batch_points(const bwm_pl_results *r, bwm_pl_batch_point *out, size_t max)
{
    const char *designs[BWM_PL_BATCH_MAX_POINTS];
    size_t nd = bwm_pl_batch_designs(r, designs, BWM_PL_BATCH_MAX_POINTS), n = 0;
    for (size_t d = 0; d < nd; d++)
        for (int set = 0; set < BWM_PL_BATCH_NSETS && n < max; set++) {
            bwm_pl_batch_point p = point(r, designs[d], set);
            if (p.n)
                out[n++] = p;
        }
    return n;
}

const bwm_pl_batch_point *bwm_pl_batch_point_find(const bwm_pl_batch_point *p, size_t n, const char *design, int set)
{
    for (size_t k = 0; k < n; k++)
        if (p[k].set == set && strcmp(p[k].design, design) == 0)
            return &p[k];
    return NULL;
}
