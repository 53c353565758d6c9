/* workloads.c — loading workload lists (see workloads.h). */
#include "io/workloads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/csv.h"
#include "util/num.h"
#include "util/grow.h"

int bwm_workload_parse(bwm_workload *w, const char *apps, const bwm_catalog *cat, const char *where,
                       bwm_err *err)
{
    char buf[256];
    char *piece[BWM_WORKLOAD_MAX_APPS];
    if (strlen(apps) >= sizeof w->name)
        return bwm_fail(err, BWM_EINPUT, "%s: workload '%s' is too long", where, apps);
    int k = bwm_split(apps, '_', buf, sizeof buf, piece, BWM_WORKLOAD_MAX_APPS);
    if (k < 0)
        return bwm_fail(err, BWM_EINPUT, "%s: workload '%s' has more than %d applications",
                        where, apps, BWM_WORKLOAD_MAX_APPS);
    snprintf(w->name, sizeof w->name, "%s", apps);
    w->napps = 0;
    for (int i = 0; i < k; i++) {
        const bwm_catalog_entry *e = bwm_catalog_find(cat, piece[i]);
        if (!e)
            return bwm_fail(err, BWM_EINPUT, "%s: unknown application '%s' in workload '%s'",
                            where, piece[i], apps);
        w->apps[w->napps++] = e;
    }
    return BWM_OK;
}

int bwm_workloads_load(bwm_workload_list *l, const char *path, const bwm_catalog *cat, bwm_err *err)
{
    static const char *const names[] = {"id", "apps"};
    memset(l, 0, sizeof *l);
    bwm_csv csv;
    int st = bwm_csv_open(&csv, path, err);
    if (st != BWM_OK)
        return st;
    int col[2];
    size_t cap = 0;
    st = bwm_csv_header(&csv, err);
    if (st == BWM_OK)
        st = bwm_csv_require(&csv, names, col, 2, err);
    for (int got = 1; st == BWM_OK;) {
        st = bwm_csv_read(&csv, &got, err);
        if (st != BWM_OK || !got)
            break;
        st = bwm_csv_check_width(&csv, err);
        if (st != BWM_OK)
            break;
        bwm_workload *p = bwm_grow(l->w, &cap, l->n, sizeof *p);
        if (!p) {
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
            break;
        }
        l->w = p;
        bwm_workload *w = &l->w[l->n];
        memset(w, 0, sizeof *w);
        char where[300];
        snprintf(where, sizeof where, "%s:%ld", csv.path, csv.line);
        const char *id = bwm_csv_field(&csv, col[0]);
        if (!id[0] || strlen(id) >= sizeof w->id) {
            st = bwm_fail(err, BWM_EINPUT, "%s: column 'id': must be 1 to %zu characters", where,
                          sizeof w->id - 1);
            break;
        }
        snprintf(w->id, sizeof w->id, "%s", id);
        w->line = csv.line;
        st = bwm_workload_parse(w, bwm_csv_field(&csv, col[1]), cat, where, err);
        if (st == BWM_OK)
            l->n++;
    }
    if (st == BWM_OK && l->n == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no workloads in the file", csv.path);
    bwm_csv_close(&csv);
    if (st != BWM_OK)
        bwm_workloads_free(l);
    return st;
}

int bwm_workloads_parse_list(bwm_workload_list *l, const char *text, const bwm_catalog *cat, const char *where,
                             bwm_err *err)
{
    char buf[4096];
    char *piece[64];
    memset(l, 0, sizeof *l);
    int k = bwm_split(text, ',', buf, sizeof buf, piece, 64);
    if (k < 0)
        return bwm_fail(err, BWM_EINPUT, "%s: too many workloads (at most 64)", where);
    l->w = calloc((size_t)k, sizeof *l->w);
    if (!l->w)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (int i = 0; i < k; i++) {
        bwm_workload *w = &l->w[i];
        snprintf(w->id, sizeof w->id, "%d", i + 1);
        int st = bwm_workload_parse(w, piece[i], cat, where, err);
        if (st != BWM_OK) {
            bwm_workloads_free(l);
            return st;
        }
        l->n++;
    }
    return BWM_OK;
}

void bwm_workloads_free(bwm_workload_list *l)
{
    free(l->w);
    l->w = NULL;
    l->n = 0;
}
