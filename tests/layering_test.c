/* layering_test.c — the source tree's include graph has no circles and
 * keeps the layering of docs/design.md.
 *
 * A module is a path without its extension (sim/mc/mc for sim/mc/mc.c and
 * sim/mc/mc.h); module A depends on module B when A's .c or .h has a line
 * #include "B.h" (an include of a file the tree does not hold, a generated
 * header, is left out).  Every folder of the project is read: the libraries,
 * cli/, bench/, fuzz/ and tests/.
 *
 * The rules (data flows sim -> results -> fit -> plots -> report):
 *   - no circle of modules (A depends on B, which depends ... on A);
 *   - util/ includes only util/;
 *   - io/ and model/ include only themselves and util/;
 *   - sim/sass/ (reading traces) includes only itself, io/ and util/;
 *   - sim/ includes nothing of fit/, plots/, study/ or cli/;
 *   - fit/ and plots/ include nothing of each other, study/ or cli/;
 *   - study/ includes nothing of cli/;
 *   - what plans, keys and runs the study's simulations (study/plan,
 *     study/key, study/exec, study/exec_plan and every module they reach)
 *     includes nothing of plots/: the figures are drawn from the runs,
 *     never the other way.
 * A failure prints the circle, or the chain of includes that breaks a rule. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/cli_run.h"
#include "util/buf.h"
#include "util/grow.h"

/* Circles known and being removed, each by its own change, as "A", "B",
 * ... (its modules, sorted), up to the row that starts with NULL (none
 * left: issue 54, part 6, removed the last). */
#define CIRCLE_MAX 5 /* modules of a known circle, with its NULL */
static const char *const known_circles[][CIRCLE_MAX] = {
    {NULL},
};

/* Includes that break a rule, known and being removed likewise: "FROM ->
 * TO", up to the NULL (none left). */
static const char *const known_breaks[] = {
    NULL,
};

#define N_KNOWN_CIRCLES (sizeof known_circles / sizeof known_circles[0])
#define N_KNOWN_BREAKS (sizeof known_breaks / sizeof known_breaks[0])

/* What each folder may include besides itself (NULL-terminated). */
typedef struct layer_rule {
    const char *folder;
    const char *may[6];
} layer_rule;

static const layer_rule rules[] = {
    {"util/", {NULL}},
    {"io/", {"util/", NULL}},
    {"model/", {"util/", NULL}},
    {"sim/sass/", {"io/", "util/", NULL}},
    {"sim/", {"model/", "io/", "util/", NULL}},
    {"fit/", {"sim/", "model/", "io/", "util/", NULL}},
    {"plots/", {"sim/", "model/", "io/", "util/", NULL}},
    {"study/", {"fit/", "plots/", "sim/", "model/", "io/", "util/"}},
};

/* The modules whose reach excludes plots/, and the folders outside it. */
static const char *const run_side[] = {"study/plan", "study/key", "study/exec", "study/exec_plan"};
static const char *const not_run_side[] = {"plots/", "cli/"};

static const char *const folders[] = {"util", "io", "model", "sim", "fit", "plots", "study", "cli",
                                      "bench", "fuzz", "tests"};

typedef struct module {
    char *name;
    size_t *deps, n_deps, cap_deps;
    char **incs; /* included module names, resolved to deps once all are known */
    size_t n_incs, cap_incs;
    /* Tarjan's strongly connected components */
    long index, low;
    int on_stack;
    long comp;
} module;

typedef struct graph {
    module *v;
    size_t n, cap;
} graph;

static long find_module(const graph *g, const char *name)
{
    for (size_t i = 0; i < g->n; i++)
        if (strcmp(g->v[i].name, name) == 0)
            return (long)i;
    return -1;
}

static module *module_named(graph *g, const char *name)
{
    long i = find_module(g, name);
    if (i >= 0)
        return &g->v[i];
    g->v = bwm_grow(g->v, &g->cap, g->n, sizeof *g->v);
    cr_assert_not_null(g->v);
    module *m = &g->v[g->n++];
    memset(m, 0, sizeof *m);
    m->name = strdup(name);
    m->index = -1;
    return m;
}

/* "a/b.h" or "a/b.c" -> "a/b" in out. */
static void strip_ext(const char *path, size_t len, char *out, size_t size)
{
    if (len > 2 && path[len - 2] == '.' && (path[len - 1] == 'h' || path[len - 1] == 'c'))
        len -= 2;
    snprintf(out, size, "%.*s", (int)len, path);
}

/* Adds the includes of the file at rel (from the source folder) to its module. */
static void read_file(graph *g, const char *rel)
{
    char path[4096], name[1024];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, rel);
    char *text = bwm_slurp(path);
    cr_assert_not_null(text, "cannot read %s", path);
    strip_ext(rel, strlen(rel), name, sizeof name);
    module *m = module_named(g, name);
    for (char *l = text; l && *l;) {
        char *eol = strchr(l, '\n');
        const char *p = l + strspn(l, " \t");
        if (*p == '#') {
            p += 1 + strspn(p + 1, " \t");
            if (strncmp(p, "include", 7) == 0) {
                p += 7 + strspn(p + 7, " \t");
                const char *end = *p == '"' ? strchr(p + 1, '"') : NULL;
                if (end && (!eol || end < eol)) {
                    char inc[1024];
                    strip_ext(p + 1, (size_t)(end - p - 1), inc, sizeof inc);
                    if (strcmp(inc, name) != 0) {
                        m->incs = bwm_grow(m->incs, &m->cap_incs, m->n_incs, sizeof *m->incs);
                        cr_assert_not_null(m->incs);
                        m->incs[m->n_incs++] = strdup(inc);
                    }
                }
            }
        }
        l = eol ? eol + 1 : NULL;
    }
    free(text);
}

static void walk(graph *g, const char *rel)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, rel);
    DIR *d = opendir(path);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char sub[2048];
        snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name);
        size_t len = strlen(e->d_name);
        char full[4096];
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", BWM_SOURCE_DIR, sub);
        if (stat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            walk(g, sub);
        else if (len > 2 && e->d_name[len - 2] == '.' && (e->d_name[len - 1] == 'c' || e->d_name[len - 1] == 'h'))
            read_file(g, sub);
    }
    closedir(d);
}

/* The graph of the whole tree, each module's includes resolved to the
 * modules the tree holds. */
static void build(graph *g)
{
    memset(g, 0, sizeof *g);
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++)
        walk(g, folders[i]);
    for (size_t i = 0; i < g->n; i++) {
        module *m = &g->v[i];
        for (size_t k = 0; k < m->n_incs; k++) {
            long j = find_module(g, m->incs[k]);
            int seen = 0;
            for (size_t q = 0; q < m->n_deps && j >= 0; q++)
                seen |= m->deps[q] == (size_t)j;
            if (j >= 0 && !seen) {
                m->deps = bwm_grow(m->deps, &m->cap_deps, m->n_deps, sizeof *m->deps);
                cr_assert_not_null(m->deps);
                m->deps[m->n_deps++] = (size_t)j;
            }
        }
    }
    cr_assert_gt(g->n, 100, "only %zu modules found under %s", g->n, BWM_SOURCE_DIR);
}

static void graph_free(graph *g)
{
    for (size_t i = 0; i < g->n; i++) {
        for (size_t k = 0; k < g->v[i].n_incs; k++)
            free(g->v[i].incs[k]);
        free(g->v[i].incs);
        free(g->v[i].deps);
        free(g->v[i].name);
    }
    free(g->v);
}

typedef struct tarjan {
    graph *g;
    size_t *stack, n_stack;
    long next_index, n_comps;
} tarjan;

static void strongconnect(tarjan *t, size_t v)
{
    module *m = &t->g->v[v];
    m->index = m->low = t->next_index++;
    t->stack[t->n_stack++] = v;
    m->on_stack = 1;
    for (size_t k = 0; k < m->n_deps; k++) {
        module *w = &t->g->v[m->deps[k]];
        if (w->index < 0) {
            strongconnect(t, m->deps[k]);
            if (w->low < m->low)
                m->low = w->low;
        } else if (w->on_stack && w->index < m->low) {
            m->low = w->index;
        }
    }
    if (m->low == m->index) {
        size_t w;
        do {
            w = t->stack[--t->n_stack];
            t->g->v[w].on_stack = 0;
            t->g->v[w].comp = t->n_comps;
        } while (w != v);
        t->n_comps++;
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int known_break(const char *from, const char *to, int *used);

/* The path from module `from` to module `to` (breadth first, through the
 * modules of component comp, or any when comp < 0) as "a -> b -> c" into
 * out; from == to gives a circle.  0 when there is none.  When breaks is
 * not NULL the known breaks are not followed (and are marked in it). */
static int path_between(const graph *g, size_t from, size_t to, long comp, int *breaks, bwm_buf *out)
{
    size_t *prev = malloc(g->n * sizeof *prev), *queue = malloc(g->n * sizeof *queue);
    cr_assert(prev && queue);
    for (size_t i = 0; i < g->n; i++)
        prev[i] = SIZE_MAX;
    size_t head = 0, tail = 0;
    queue[tail++] = from;
    int found = 0;
    while (head < tail && !found) {
        size_t v = queue[head++];
        for (size_t k = 0; k < g->v[v].n_deps && !found; k++) {
            size_t w = g->v[v].deps[k];
            if ((comp >= 0 && g->v[w].comp != comp) || (breaks && known_break(g->v[v].name, g->v[w].name, breaks)))
                continue;
            if (w == to) {
                prev[to] = v;
                found = 1;
            } else if (prev[w] == SIZE_MAX && w != from) {
                prev[w] = v;
                queue[tail++] = w;
            }
        }
    }
    if (found) {
        size_t *chain = malloc((g->n + 1) * sizeof *chain), n = 0;
        cr_assert_not_null(chain);
        size_t v = to;
        do {
            chain[n++] = v;
            v = prev[v];
        } while (v != from);
        chain[n++] = from;
        for (size_t i = n; i-- > 0;)
            bwm_buf_printf(out, "%s%s", i + 1 < n ? " -> " : "", g->v[chain[i]].name);
        free(chain);
    }
    free(prev);
    free(queue);
    return found;
}

/* 1 when the sorted names are those of a known circle. */
static int known_circle(const char **names, size_t n, int *used)
{
    for (size_t i = 0; known_circles[i][0]; i++) {
        size_t k = 0;
        while (k < n && k < CIRCLE_MAX - 1 && known_circles[i][k] && strcmp(known_circles[i][k], names[k]) == 0)
            k++;
        if (k == n && !known_circles[i][k]) {
            used[i] = 1;
            return 1;
        }
    }
    return 0;
}

/* Every circle of g (one per strongly connected component of more than one
 * module) that is not known, printed; returns how many. */
static size_t report_circles(graph *g, int *used, bwm_buf *all)
{
    tarjan t = {g, malloc(g->n * sizeof(size_t)), 0, 0, 0};
    cr_assert_not_null(t.stack);
    for (size_t i = 0; i < g->n; i++)
        if (g->v[i].index < 0)
            strongconnect(&t, i);
    size_t unknown = 0;
    const char **names = malloc(g->n * sizeof *names);
    cr_assert_not_null(names);
    for (long c = 0; c < t.n_comps; c++) {
        size_t n = 0, first = SIZE_MAX;
        for (size_t i = 0; i < g->n; i++) {
            if (g->v[i].comp != c)
                continue;
            names[n++] = g->v[i].name;
            if (first == SIZE_MAX || strcmp(g->v[i].name, g->v[first].name) < 0)
                first = i;
        }
        if (n < 2)
            continue;
        qsort(names, n, sizeof *names, by_name);
        bwm_buf circle;
        bwm_buf_init(&circle);
        path_between(g, first, first, c, NULL, &circle);
        int known = known_circle(names, n, used);
        bwm_buf_printf(all, "%s circle of %zu modules: %s\n", known ? "known" : "NEW", n, bwm_buf_str(&circle));
        unknown += !known;
        bwm_buf_free(&circle);
    }
    free(names);
    free(t.stack);
    return unknown;
}

Test(layering, no_include_circles)
{
    graph g;
    build(&g);
    int used[N_KNOWN_CIRCLES + 1] = {0};
    bwm_buf all;
    bwm_buf_init(&all);
    size_t unknown = report_circles(&g, used, &all);
    if (bwm_buf_str(&all)[0])
        fprintf(stderr, "%s", bwm_buf_str(&all));
    cr_expect_eq(unknown, 0, "%zu include circles (a module depends on itself through others):\n%s", unknown,
                 bwm_buf_str(&all));
    for (size_t i = 0; known_circles[i][0]; i++)
        cr_expect(used[i], "the known circle through %s is gone: take it off known_circles", known_circles[i][0]);
    bwm_buf_free(&all);
    graph_free(&g);
}

static int has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* 1 when "from -> to" is a known break (marked used). */
static int known_break(const char *from, const char *to, int *used)
{
    char edge[2048];
    snprintf(edge, sizeof edge, "%s -> %s", from, to);
    for (size_t i = 0; known_breaks[i]; i++)
        if (strcmp(known_breaks[i], edge) == 0)
            return used[i] = 1;
    return 0;
}

/* 1 when a module of folder rule r may include module to. */
static int may_include(const layer_rule *r, const char *to)
{
    if (has_prefix(to, r->folder))
        return 1;
    for (size_t k = 0; k < sizeof r->may / sizeof r->may[0] && r->may[k]; k++)
        if (has_prefix(to, r->may[k]))
            return 1;
    return 0;
}

Test(layering, folders_include_only_lower_layers)
{
    graph g;
    build(&g);
    int used[N_KNOWN_BREAKS + 1] = {0};
    bwm_buf bad;
    bwm_buf_init(&bad);
    for (size_t i = 0; i < g.n; i++) {
        const module *m = &g.v[i];
        for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
            if (!has_prefix(m->name, rules[r].folder))
                continue;
            for (size_t k = 0; k < m->n_deps; k++) {
                const char *to = g.v[m->deps[k]].name;
                if (!may_include(&rules[r], to) && !known_break(m->name, to, used))
                    bwm_buf_printf(&bad, "  %s -> %s (%s may not include that folder)\n", m->name, to,
                                   rules[r].folder);
            }
        }
    }
    cr_expect_str_empty(bwm_buf_str(&bad), "includes against the layering:\n%s", bwm_buf_str(&bad));
    bwm_buf_free(&bad);
    graph_free(&g);
}

Test(layering, study_runs_do_not_reach_plots)
{
    graph g;
    build(&g);
    int used[N_KNOWN_BREAKS + 1] = {0};
    bwm_buf bad;
    bwm_buf_init(&bad);
    for (size_t r = 0; r < sizeof run_side / sizeof run_side[0]; r++) {
        long from = find_module(&g, run_side[r]);
        cr_assert_geq(from, 0, "no module %s", run_side[r]);
        for (size_t i = 0; i < g.n; i++) {
            for (size_t f = 0; f < sizeof not_run_side / sizeof not_run_side[0]; f++) {
                if (!has_prefix(g.v[i].name, not_run_side[f]))
                    continue;
                bwm_buf chain;
                bwm_buf_init(&chain);
                if (path_between(&g, (size_t)from, i, -1, used, &chain))
                    bwm_buf_printf(&bad, "  %s\n", bwm_buf_str(&chain));
                bwm_buf_free(&chain);
            }
        }
    }
    cr_expect_str_empty(bwm_buf_str(&bad), "the study's plan, keys and runs reach plots/ or cli/:\n%s",
                        bwm_buf_str(&bad));
    bwm_buf_free(&bad);
    graph_free(&g);
}

Test(layering, known_breaks_still_exist)
{
    graph g;
    build(&g);
    for (size_t i = 0; known_breaks[i]; i++) {
        char from[1024];
        const char *arrow = strstr(known_breaks[i], " -> ");
        cr_assert_not_null(arrow);
        snprintf(from, sizeof from, "%.*s", (int)(arrow - known_breaks[i]), known_breaks[i]);
        long a = find_module(&g, from), b = find_module(&g, arrow + 4);
        int found = 0;
        for (size_t k = 0; a >= 0 && b >= 0 && k < g.v[a].n_deps; k++)
            found |= g.v[a].deps[k] == (size_t)b;
        cr_expect(found, "%s is gone: take it off known_breaks", known_breaks[i]);
    }
    graph_free(&g);
}

/* The checks find what they look for: a graph with a circle and a break. */
Test(layering, a_made_up_circle_is_found)
{
    graph g;
    memset(&g, 0, sizeof g);
    module_named(&g, "sim/a");
    module_named(&g, "sim/b");
    module_named(&g, "sim/c");
    size_t edges[][2] = {{0, 1}, {1, 2}, {2, 0}};
    for (size_t e = 0; e < 3; e++) {
        module *m = &g.v[edges[e][0]];
        m->deps = bwm_grow(m->deps, &m->cap_deps, m->n_deps, sizeof *m->deps);
        m->deps[m->n_deps++] = edges[e][1];
    }
    int used[N_KNOWN_CIRCLES + 1] = {0};
    bwm_buf all;
    bwm_buf_init(&all);
    cr_expect_eq(report_circles(&g, used, &all), 1);
    cr_expect_str_eq(bwm_buf_str(&all), "NEW circle of 3 modules: sim/a -> sim/b -> sim/c -> sim/a\n");
    bwm_buf_free(&all);
    graph_free(&g);
}
