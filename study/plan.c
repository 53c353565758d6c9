/* plan.c — the runs of the study (see plan.h). */
#include "study/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/experiment.h"
#include "util/grow.h"
#include "util/num.h"

int bwm_study_plan_add(bwm_study_plan *p, const bwm_study_run *r)
{
    bwm_study_run *g = bwm_grow(p->r, &p->cap, p->n, sizeof *g);
    if (!g)
        return -1;
    p->r = g;
    p->r[p->n++] = *r;
    return 0;
}

void bwm_study_plan_free(bwm_study_plan *p)
{
    free(p->r);
    memset(p, 0, sizeof *p);
}

long bwm_study_plan_alone(const bwm_study_plan *p, const char *app, int sms, const char *design)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->r[i].exp == BWM_EXP_ALONE && p->r[i].split[0] == sms && strcmp(p->r[i].app[0], app) == 0 &&
            strcmp(p->r[i].design, design) == 0)
            return (long)i;
    return -1;
}

long bwm_study_plan_alone_of(const bwm_study_plan *p, const bwm_study_run *r, size_t i)
{
    if (bwm_study_exp_at(r->exp)->no_alone)
        return -1;
    char design[BWM_XLAT_DESIGN_NAME];
    bwm_xlat_alone_design(r->design, design, sizeof design);
    return bwm_study_plan_alone(p, r->app[i], r->split[i], design);
}

static int same_split(const bwm_study_run *a, const bwm_study_run *b)
{
    if (a->napps != b->napps)
        return 0;
    for (size_t i = 0; i < a->napps; i++)
        if (a->split[i] != b->split[i])
            return 0;
    return 1;
}

long bwm_study_plan_same_workload(const bwm_study_plan *p, const bwm_study_run *r, const char *design)
{
    for (size_t k = 0; k < p->n; k++) {
        const bwm_study_run *b = &p->r[k];
        if (b->exp != BWM_EXP_ALONE && strcmp(b->design, design) == 0 &&
            (design[0] ? b->exp == r->exp : strcmp(b->sched, "frfcfs") == 0) && strcmp(b->workload, r->workload) == 0 &&
            same_split(b, r))
            return (long)k;
    }
    return -1;
}

long bwm_study_plan_same(const bwm_study_plan *p, size_t before)
{
    for (size_t i = 0; i < before; i++)
        if (strcmp(p->r[i].key, p->r[before].key) == 0)
            return (long)i;
    return -1;
}

void bwm_study_class_text(const char *letter, const char *what, char *dst, size_t n)
{
    if (letter[0])
        snprintf(dst, n, "%s-%s", letter, what);
    else if (n)
        dst[0] = '\0';
}
