/* summary.c — geometric means over a study's runs (see summary.h). */
#include "plots/summary.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

const char *bwm_pl_metric_name(bwm_pl_metric m)
{
    return m == BWM_PL_IT ? "IT" : m == BWM_PL_WS ? "WS" : "HS";
}

double bwm_pl_norm(const bwm_pl_run *r, bwm_pl_metric m)
{
    return m == BWM_PL_IT ? r->it_norm : m == BWM_PL_WS ? r->ws_norm : r->hs_norm;
}

int bwm_pl_selected(const bwm_pl_run *r, const bwm_pl_sel *s)
{
    if (s->exp && strcmp(r->exp, s->exp) != 0)
        return 0;
    if (s->sched && strcmp(r->sched, s->sched) != 0)
        return 0;
    if ((s->subset == BWM_PL_IT_SUBSET && !r->it_subset) || (s->subset == BWM_PL_WS_SUBSET && !r->ws_subset))
        return 0;
    if (s->by == 'm' && r->mpki_class[0] != s->klass)
        return 0;
    if (s->by == 'b' && r->bw_class[0] != s->klass)
        return 0;
    return 1;
}

static int in_sel(const bwm_pl_run *r, const void *s)
{
    return bwm_pl_selected(r, s);
}

double bwm_pl_gm(const bwm_pl_results *r, const bwm_pl_sel *s, bwm_pl_metric m, size_t *n)
{
    return bwm_pl_gm_where(r, in_sel, s, m, n);
}

double bwm_pl_gm_where(const bwm_pl_results *r, int (*keep)(const bwm_pl_run *, const void *), const void *ctx,
                       bwm_pl_metric m, size_t *n)
{
    double logs = 0;
    size_t k = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        double v = bwm_pl_norm(&r->runs[i], m);
        if (keep(&r->runs[i], ctx) && isfinite(v) && v > 0) {
            logs += log(v);
            k++;
        }
    }
    if (n)
        *n = k;
    return k ? exp(logs / (double)k) : NAN;
}

/* The values of the text field at `field` (an offset into bwm_pl_run) of
 * experiment exp's runs in order of first appearance, at most max. */
static size_t distinct(const bwm_pl_results *r, const char *exp, size_t field, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        if (strcmp(r->runs[i].exp, exp) != 0)
            continue;
        const char *v = (const char *)&r->runs[i] + field;
        int seen = 0;
        for (size_t k = 0; k < n; k++)
            seen |= strcmp(out[k], v) == 0;
        if (!seen && n < max)
            out[n++] = v;
    }
    return n;
}

size_t bwm_pl_scheds(const bwm_pl_results *r, const char *exp, const char **out, size_t max)
{
    return distinct(r, exp, offsetof(bwm_pl_run, sched), out, max);
}

size_t bwm_pl_designs(const bwm_pl_results *r, const char *exp, const char **out, size_t max)
{
    return distinct(r, exp, offsetof(bwm_pl_run, design), out, max);
}

size_t bwm_pl_count_where(const bwm_pl_results *r, int (*keep)(const bwm_pl_run *, const void *), const void *ctx)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nruns; i++)
        n += keep(&r->runs[i], ctx);
    return n;
}

size_t bwm_pl_count(const bwm_pl_results *r, const char *exp)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nruns; i++)
        n += strcmp(r->runs[i].exp, exp) == 0;
    return n;
}
