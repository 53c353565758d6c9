/* pick.c — the study's workload list (see pick.h). */
#include "study/pick.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/table.h"

#define NCELL 9

enum { BY_BOTH, BY_BW, BY_MPKI };

static const size_t subset_quota[3] = {9, 8, 8};

static void classify(const bwm_catalog *cat, bwm_pick_workload *w)
{
    double mpki[3], bw[3];
    for (size_t i = 0; i < w->napps; i++) {
        mpki[i] = cat->e[w->app[i]].mpki;
        bw[i] = cat->e[w->app[i]].bw_frac;
    }
    w->classes = bwm_classify(mpki, bw, w->napps);
}

static size_t cell_of(const bwm_pick_workload *w, int by)
{
    if (by == BY_BW)
        return (size_t)w->classes.bw;
    if (by == BY_MPKI)
        return (size_t)w->classes.mpki;
    return (size_t)w->classes.mpki * 3 + (size_t)w->classes.bw;
}

/* Same applications, in any order. */
static int same_apps(const bwm_pick_workload *a, const bwm_pick_workload *b)
{
    if (a->napps != b->napps)
        return 0;
    for (size_t i = 0; i < a->napps; i++) {
        int found = 0;
        for (size_t j = 0; j < b->napps; j++)
            found |= a->app[i] == b->app[j];
        if (!found)
            return 0;
    }
    return 1;
}

/* A pool of candidates and the state of the greedy choice over it. */
typedef struct pool {
    bwm_pick_workload *c;
    size_t n;
    unsigned char *taken;
    int by;
    size_t count[NCELL];
    size_t *use;                        /* per catalogue application */
} pool;

static void take(pool *p, size_t k)
{
    p->taken[k] = 1;
    p->count[cell_of(&p->c[k], p->by)]++;
    for (size_t i = 0; i < p->c[k].napps; i++)
        p->use[p->c[k].app[i]]++;
}

/* The next candidate (see pick.h), or -1 when none is left. */
static long next(const pool *p)
{
    long cell = -1;
    for (size_t k = 0; k < p->n; k++) {
        if (p->taken[k])
            continue;
        long c = (long)cell_of(&p->c[k], p->by);
        if (cell < 0 || p->count[c] < p->count[cell] || (p->count[c] == p->count[cell] && c < cell))
            cell = c;
    }
    long best = -1;
    size_t best_sum = 0, best_max = 0;
    for (size_t k = 0; cell >= 0 && k < p->n; k++) {
        if (p->taken[k] || (long)cell_of(&p->c[k], p->by) != cell)
            continue;
        size_t sum = 0, max = 0;
        for (size_t i = 0; i < p->c[k].napps; i++) {
            size_t u = p->use[p->c[k].app[i]];
            sum += u;
            max = u > max ? u : max;
        }
        if (best < 0 || sum < best_sum || (sum == best_sum && max < best_max)) {
            best = (long)k;
            best_sum = sum;
            best_max = max;
        }
    }
    return best;
}

static void add_combination(const bwm_catalog *cat, pool *p, size_t napps, size_t i, size_t j, size_t k)
{
    bwm_pick_workload *w = &p->c[p->n++];
    w->napps = napps;
    w->app[0] = i;
    w->app[1] = j;
    w->app[2] = k;
    classify(cat, w);
}

/* Every combination of napps (2 or 3) catalogue applications, in catalogue order. */
static int combinations(const bwm_catalog *cat, size_t napps, pool *p)
{
    size_t n = cat->n, total = napps == 2 ? n * (n - 1) / 2 : n * (n - 1) * (n - 2) / 6;
    p->c = calloc(total ? total : 1, sizeof *p->c);
    p->taken = calloc(total ? total : 1, 1);
    if (!p->c || !p->taken)
        return -1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            if (napps == 2)
                add_combination(cat, p, 2, i, j, 0);
            for (size_t k = j + 1; napps == 3 && k < n; k++)
                add_combination(cat, p, 3, i, j, k);
        }
    return 0;
}

static void pool_free(pool *p)
{
    free(p->c);
    free(p->taken);
}

/* Appends the named workloads of napps applications, then chooses from the
 * combinations until the list holds `target` of that size. */
static int fill(const bwm_catalog *cat, const bwm_pick_list *named, size_t napps, size_t target,
                bwm_pick_list *out, size_t *use, bwm_err *err)
{
    pool p = {0};
    p.use = use;
    p.by = BY_BOTH;
    if (combinations(cat, napps, &p) != 0) {
        pool_free(&p);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    if (p.n < target) {
        pool_free(&p);
        return bwm_fail(err, BWM_EINPUT, "%zu applications give %zu workloads of %zu; the study needs %zu",
                        cat->n, p.n, napps, target);
    }
    size_t have = 0;
    for (size_t k = 0; k < named->n; k++) {
        if (named->w[k].napps != napps)
            continue;
        for (size_t c = 0; c < p.n; c++)
            if (!p.taken[c] && same_apps(&p.c[c], &named->w[k]))
                take(&p, c);
        out->w[out->n++] = named->w[k];
        have++;
    }
    for (long c; have < target && (c = next(&p)) >= 0; have++) {
        take(&p, (size_t)c);
        out->w[out->n++] = p.c[c];
    }
    pool_free(&p);
    return BWM_OK;
}

/* Flags a subset of the pairs: per class of `klass` (quota 9/8/8), the named
 * ones first, then the greedy rule over the cells of the other classes. */
static int subset(bwm_pick_list *l, int klass, int is_it, size_t ncat)
{
    size_t *use = calloc(ncat, sizeof *use);
    pool p = {0};
    p.c = calloc(l->n, sizeof *p.c);
    p.taken = calloc(l->n, 1);
    size_t *index = calloc(l->n, sizeof *index);
    int st = (use && p.c && p.taken && index) ? 0 : -1;
    p.use = use;
    p.by = klass == BY_MPKI ? BY_BW : BY_MPKI;
    for (size_t k = 0; st == 0 && k < 3; k++) {
        p.n = 0;
        memset(p.count, 0, sizeof p.count);
        size_t have = 0;
        for (size_t w = 0; w < l->n; w++) {
            const bwm_pick_workload *x = &l->w[w];
            if (x->napps != 2 || cell_of(x, klass) != k)
                continue;
            index[p.n] = w;
            p.taken[p.n] = 0;
            p.c[p.n++] = *x;
            if (x->paper[0] && have < subset_quota[k]) {
                take(&p, p.n - 1);
                have++;
            }
        }
        for (long c; have < subset_quota[k] && (c = next(&p)) >= 0; have++)
            take(&p, (size_t)c);
        for (size_t c = 0; c < p.n; c++)
            if (p.taken[c])
                *(is_it ? &l->w[index[c]].it_subset : &l->w[index[c]].ws_subset) = 1;
    }
    free(use);
    free(index);
    pool_free(&p);
    return st;
}

int bwm_pick(const bwm_catalog *cat, const bwm_workload_list *named, const char *const *where,
             bwm_pick_list *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    bwm_pick_list nm = {calloc(named->n ? named->n : 1, sizeof *nm.w), 0};
    out->w = calloc(named->n + BWM_PICK_PAIRS + BWM_PICK_TRIPLES + cat->n, sizeof *out->w);
    size_t *use = calloc(cat->n ? cat->n : 1, sizeof *use);
    int st = (nm.w && out->w && use) ? BWM_OK : bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t k = 0; st == BWM_OK && k < named->n; k++) {
        const bwm_workload *x = &named->w[k];
        if (x->napps < 2 || x->napps > 3) {
            st = bwm_fail(err, BWM_EINPUT, "named workload '%s' has %zu applications; the study's have 2 or 3",
                          x->name, x->napps);
            break;
        }
        bwm_pick_workload *w = &nm.w[nm.n++];
        w->napps = x->napps;
        for (size_t i = 0; i < x->napps; i++)
            w->app[i] = (size_t)(x->apps[i] - cat->e);
        classify(cat, w);
        w->quick = 1;
        snprintf(w->paper, sizeof w->paper, "%s", where && where[k][0] ? where[k] : "named");
    }
    if (st == BWM_OK)
        st = fill(cat, &nm, 2, BWM_PICK_PAIRS, out, use, err);
    if (st == BWM_OK && (subset(out, BY_MPKI, 1, cat->n) != 0 || subset(out, BY_BW, 0, cat->n) != 0))
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    size_t first_triple = out->n;
    memset(use, 0, (cat->n ? cat->n : 1) * sizeof *use);
    if (st == BWM_OK)
        st = fill(cat, &nm, 3, BWM_PICK_TRIPLES, out, use, err);
    for (size_t k = first_triple; st == BWM_OK && k < out->n; k++)
        if (!out->w[k].paper[0]) {
            out->w[k].quick = 1;
            break;
        }
    for (size_t a = 0; st == BWM_OK && a < cat->n; a++) {
        bwm_pick_workload *w = &out->w[out->n++];
        w->napps = 1;
        w->app[0] = a;
        classify(cat, w);
        w->quick = strcmp(cat->e[a].abbr, "BLK") == 0 || strcmp(cat->e[a].abbr, "NN") == 0;
    }
    free(nm.w);
    free(use);
    if (st != BWM_OK)
        bwm_pick_free(out);
    return st;
}

void bwm_pick_free(bwm_pick_list *l)
{
    free(l->w);
    l->w = NULL;
    l->n = 0;
}

const char *const bwm_pick_csv_comment =
    "# The study's workloads, written by 'bwmpki study workloads' from data/apps.csv (Table 1)\n"
    "# and data/workloads/paper.csv: 100 pairs, 10 triples and every application alone (the\n"
    "# alpha-SJF sweep).  Classes from Table 1 (paper 000, Sec. 7); it_subset / ws_subset: the\n"
    "# 25 workloads of the IT and WS figures; quick: the --quick study.  Do not edit by hand.\n";

void bwm_pick_table(const bwm_catalog *cat, const bwm_pick_list *l, bwm_table *t)
{
    static const char *const cols[] = {"id", "apps", "class_mpki", "class_bw", "d_mpki", "d_bw_frac",
                                       "it_subset", "ws_subset", "quick", "paper"};
    bwm_table_init(t, "Study workloads", cols, sizeof cols / sizeof cols[0]);
    for (size_t k = 0; k < l->n; k++) {
        const bwm_pick_workload *w = &l->w[k];
        char apps[64] = "";
        for (size_t i = 0; i < w->napps; i++) {
            size_t len = strlen(apps);
            snprintf(apps + len, sizeof apps - len, "%s%s", i ? "_" : "", cat->e[w->app[i]].abbr);
        }
        bwm_table_int(t, (long long)k + 1);
        bwm_table_str(t, apps);
        if (w->napps > 1) {
            char cm[16], cb[16];
            snprintf(cm, sizeof cm, "%s-MPKI", bwm_class_letter(w->classes.mpki));
            snprintf(cb, sizeof cb, "%s-BW", bwm_class_letter(w->classes.bw));
            bwm_table_str(t, cm);
            bwm_table_str(t, cb);
            bwm_table_num(t, w->classes.d_mpki);
            bwm_table_num(t, w->classes.d_bw_frac);
        } else {
            for (int c = 0; c < 4; c++)
                bwm_table_null(t);
        }
        bwm_table_bool(t, w->it_subset);
        bwm_table_bool(t, w->ws_subset);
        bwm_table_bool(t, w->quick);
        bwm_table_str(t, w->paper);
    }
}
