/* summary.c — geometric means over a study's runs (see summary.h). */
#include "plots/summary.h"

#include <math.h>
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

double bwm_pl_gm(const bwm_pl_results *r, const bwm_pl_sel *s, bwm_pl_metric m, size_t *n)
{
    double logs = 0;
    size_t k = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        double v = bwm_pl_norm(&r->runs[i], m);
        if (bwm_pl_selected(&r->runs[i], s) && isfinite(v) && v > 0) {
            logs += log(v);
            k++;
        }
    }
    if (n)
        *n = k;
    return k ? exp(logs / (double)k) : NAN;
}

size_t bwm_pl_scheds(const bwm_pl_results *r, const char *exp, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        if (strcmp(r->runs[i].exp, exp) != 0)
            continue;
        int seen = 0;
        for (size_t k = 0; k < n; k++)
            seen |= strcmp(out[k], r->runs[i].sched) == 0;
        if (!seen && n < max)
            out[n++] = r->runs[i].sched;
    }
    return n;
}

size_t bwm_pl_count(const bwm_pl_results *r, const char *exp)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nruns; i++)
        n += strcmp(r->runs[i].exp, exp) == 0;
    return n;
}
