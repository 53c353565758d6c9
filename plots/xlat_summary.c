/* xlat_summary.c — the translation experiment relative to Ideal (see
 * xlat_summary.h). */
#include "plots/xlat_summary.h"

#include <stdio.h>
#include <string.h>

#include "plots/summary.h"

/* An experiment, a design, a number of applications and, unless NULL,
 * the one application every run has in each place. */
typedef struct xlat_sel {
    const char *exp, *design;
    size_t napps;
    const char *app;
} xlat_sel;

static int in_xlat(const bwm_pl_run *r, const void *ctx)
{
    const xlat_sel *s = ctx;
    int same = strcmp(r->exp, s->exp) == 0 && strcmp(r->design, s->design) == 0 && r->napps == s->napps;
    for (size_t i = 0; same && s->app && i < r->napps; i++)
        same = strcmp(r->app[i].app, s->app) == 0;
    return same;
}

size_t bwm_pl_xlat_points(const bwm_pl_results *r, bwm_pl_xlat_point *out, size_t max)
{
    return bwm_pl_xlat_points_of(r, "translation", NULL, out, max);
}

size_t bwm_pl_xlat_points_of(const bwm_pl_results *r, const char *exp, const char *app, bwm_pl_xlat_point *out,
                             size_t max)
{
    const char *names[BWM_PL_XLAT_MAX_POINTS];
    size_t nd = bwm_pl_designs(r, exp, names, BWM_PL_XLAT_MAX_POINTS), n = 0;
    for (size_t d = 0; d < nd; d++)
        for (size_t a = 1; a <= BWM_PL_MAX_APPS && n < max; a++) {
            xlat_sel s = {exp, names[d], a, app};
            size_t k;
            double gm = bwm_pl_gm_where(r, in_xlat, &s, BWM_PL_WS, &k);
            if (!bwm_pl_count_where(r, in_xlat, &s))
                continue;
            bwm_pl_xlat_point *p = &out[n++];
            const char *slash = strchr(names[d], '/');
            snprintf(p->group, sizeof p->group, "%.*s", slash ? (int)(slash - names[d]) : 0, names[d]);
            snprintf(p->name, sizeof p->name, "%s", slash ? slash + 1 : names[d]);
            p->napps = a;
            p->n = k;
            p->rel_ideal = gm;
        }
    return n;
}

void bwm_pl_xlat_id(const bwm_pl_xlat_point *p, char *dst, size_t n)
{
    snprintf(dst, n, "%.15s/%.15s", p->group, p->name);
}

const bwm_pl_xlat_point *bwm_pl_xlat_find(const bwm_pl_xlat_point *p, size_t n, const char *design, size_t napps)
{
    for (size_t k = 0; k < n; k++) {
        char id[40];
        bwm_pl_xlat_id(&p[k], id, sizeof id);
        if (p[k].napps == napps && strcmp(id, design) == 0)
            return &p[k];
    }
    return NULL;
}
