/* variation.c — the variation experiment from the run files (see
 * variation.h). */
#include "study/variation.h"

#include <stdio.h>
#include <string.h>

const char *const bwm_study_variation_files[BWM_VARIATION_NTABLES] = {"variation", "variation_runs",
                                                                      "variation_summary"};

/* The index of name in list[0..*n), appended when new; -1 when full. */
static int index_of(char (*list)[16], int *n, int max, const char *name)
{
    for (int k = 0; k < *n; k++)
        if (strcmp(list[k], name) == 0)
            return k;
    if (*n == max)
        return -1;
    snprintf(list[*n], sizeof list[*n], "%s", name);
    return (*n)++;
}

/* The row of application a under partitioning how, created when new. */
static bwm_variation_row *row_of(bwm_variation_result *r, bwm_partitioning how, int a)
{
    for (int i = 0; i < r->n_rows; i++)
        if (r->rows[i].how == how && r->rows[i].app == a)
            return &r->rows[i];
    bwm_variation_row *x = &r->rows[r->n_rows++];
    memset(x, 0, sizeof *x);
    x->how = how;
    x->app = a;
    return x;
}

/* Layout first: applications, interferers and partitionings in plan order. */
static int layout_of(const bwm_study_files *f, bwm_study_variation *v, bwm_err *err)
{
    bwm_variation_layout *l = &v->layout;
    l->budget = f->info.var_insts;
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (r->exp != BWM_EXP_VARIATION)
            continue;
        v->present = 1;
        if (index_of(l->apps, &l->n_apps, BWM_VARIATION_MAX_APPS, r->app[0]) < 0 ||
            (r->napps > 1 &&
             index_of(l->interferers, &l->n_interferers, BWM_VARIATION_MAX_INTERFERERS, r->app[1]) < 0))
            return bwm_fail(err, BWM_EINPUT, "the variation runs name more applications than %d or interferers "
                            "than %d", BWM_VARIATION_MAX_APPS, BWM_VARIATION_MAX_INTERFERERS);
        if (strcmp(r->partition, "whole") == 0)
            continue;
        bwm_partitioning how;
        if (bwm_partitioning_parse(r->partition, &how) != 0)
            return bwm_fail(err, BWM_EINPUT, "variation run %s: unknown partitioning '%s'", r->workload,
                            r->partition);
        int known = 0;
        for (int p = 0; p < l->n_partitionings; p++)
            known |= l->partitionings[p] == how;
        if (!known)
            l->partitionings[l->n_partitionings++] = how;
        l->parts = r->parts;
    }
    return BWM_OK;
}

/* Leaves out every partitioning a run of which was refused, keeping the
 * first refusal of each. */
static void drop_refused(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_variation *v)
{
    bwm_variation_layout *l = &v->layout;
    for (int p = 0; p < l->n_partitionings;) {
        long first = -1;
        for (size_t k = 0; first < 0 && k < f->plan.n; k++) {
            const bwm_study_run *r = &f->plan.r[k];
            bwm_partitioning how;
            if (r->exp == BWM_EXP_VARIATION && o->o[k].rec.error[0] && bwm_partitioning_parse(r->partition, &how) == 0 &&
                how == l->partitionings[p])
                first = (long)k;
        }
        if (first < 0) {
            p++;
            continue;
        }
        snprintf(v->refused_how[v->n_refused], sizeof v->refused_how[0], "%s", f->plan.r[first].partition);
        snprintf(v->refused[v->n_refused], sizeof v->refused[0], "%s", o->o[first].rec.error);
        v->n_refused++;
        for (int q = p; q + 1 < l->n_partitionings; q++)
            l->partitionings[q] = l->partitionings[q + 1];
        l->n_partitionings--;
    }
}

/* 1 when every row has its alone time and one per interferer. */
static int complete(const bwm_study_variation *v, int (*seen)[BWM_VARIATION_MAX_INTERFERERS + 1])
{
    if (v->result.n_rows != v->layout.n_apps * v->layout.n_partitionings)
        return 0;
    for (int i = 0; i < v->result.n_rows; i++)
        for (int b = 0; b <= v->layout.n_interferers; b++)
            if (!seen[i][b])
                return 0;
    return 1;
}

static int kept(const bwm_variation_layout *l, bwm_partitioning how)
{
    for (int p = 0; p < l->n_partitionings; p++)
        if (l->partitionings[p] == how)
            return 1;
    return 0;
}

int bwm_study_variation_gather(const bwm_study_files *f, const bwm_study_outcome *o, bwm_study_variation *v,
                               bwm_err *err)
{
    memset(v, 0, sizeof *v);
    int st = layout_of(f, v, err);
    if (st != BWM_OK || !v->present)
        return st;
    drop_refused(f, o, v);
    bwm_variation_layout *l = &v->layout;
    bwm_variation_result *res = &v->result;
    int seen[2 * BWM_VARIATION_MAX_APPS][BWM_VARIATION_MAX_INTERFERERS + 1];
    memset(seen, 0, sizeof seen);
    int whole_seen[BWM_VARIATION_MAX_APPS] = {0};
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (r->exp != BWM_EXP_VARIATION)
            continue;
        const bwm_run_rec *rec = &o->o[k].rec;
        int a = index_of(l->apps, &l->n_apps, BWM_VARIATION_MAX_APPS, r->app[0]);
        if (strcmp(r->partition, "whole") == 0) {
            if (rec->error[0])
                return bwm_fail(err, BWM_EINPUT, "variation: %s alone on the whole GPU was refused: %s", r->app[0],
                                rec->error);
            res->t_whole[a] = rec->app[0].cycles;
            whole_seen[a] = 1;
            continue;
        }
        bwm_partitioning how;
        if (bwm_partitioning_parse(r->partition, &how) != 0 || !kept(l, how))
            continue; /* left out: a run of it was refused */
        bwm_variation_row *x = row_of(res, how, a);
        int b = r->napps > 1 ? index_of(l->interferers, &l->n_interferers, BWM_VARIATION_MAX_INTERFERERS,
                                        r->app[1]) : -1;
        if (b < 0)
            x->t_alone = rec->app[0].cycles;
        else
            x->t_with[b] = rec->app[0].cycles;
        seen[x - res->rows][b + 1] = 1;
    }
    for (int a = 0; a < l->n_apps; a++)
        if (!whole_seen[a])
            return bwm_fail(err, BWM_EINPUT, "variation: no run of %s alone on the whole GPU", l->apps[a]);
    if (!complete(v, seen))
        return bwm_fail(err, BWM_EINPUT, "variation: the plan lacks a case (every application alone and beside "
                        "every interferer under every partitioning)");
    for (int i = 0; i < res->n_rows; i++)
        if (res->rows[i].t_alone <= 0)
            return bwm_fail(err, BWM_EINPUT, "variation: %s under %s took no cycles", l->apps[res->rows[i].app],
                            bwm_partitioning_name(res->rows[i].how));
    bwm_variation_summarise(res, l->n_interferers, l->partitionings, l->n_partitionings);
    return BWM_OK;
}
