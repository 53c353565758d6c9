/* catalog.c — loading data/apps.csv (see catalog.h). */
#include "io/catalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/csv.h"
#include "util/grow.h"

static int add_row(bwm_catalog *c, size_t *cap, const bwm_csv *csv, const int *col, bwm_err *err)
{
    bwm_catalog_entry e;
    memset(&e, 0, sizeof e);
    const char *name = bwm_csv_field(csv, col[0]);
    const char *abbr = bwm_csv_field(csv, col[1]);
    if (!abbr[0] || strlen(abbr) >= sizeof e.abbr)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'abbr': must be 1 to %zu characters",
                        csv->path, csv->line, sizeof e.abbr - 1);
    if (strlen(name) >= sizeof e.name)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'name': at most %zu characters",
                        csv->path, csv->line, sizeof e.name - 1);
    if (strchr(abbr, '_') || strchr(abbr, ' '))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'abbr': '%s' may not contain '_' or spaces "
                        "(workloads join abbreviations with '_')", csv->path, csv->line, abbr);
    snprintf(e.name, sizeof e.name, "%s", name);
    snprintf(e.abbr, sizeof e.abbr, "%s", abbr);
    int st = bwm_csv_double(csv, col[2], &e.mpki, err);
    if (st == BWM_OK)
        st = bwm_csv_double(csv, col[3], &e.bw_frac, err);
    if (st != BWM_OK)
        return st;
    if (e.mpki <= 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'mpki': must be > 0 (got %g)",
                        csv->path, csv->line, e.mpki);
    if (e.bw_frac <= 0 || e.bw_frac > 1)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'bw_frac': must be in (0, 1] (got %g; "
                        "a fraction of peak, not a percentage)", csv->path, csv->line, e.bw_frac);
    if (bwm_catalog_find(c, e.abbr))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: application '%s' appears twice",
                        csv->path, csv->line, e.abbr);
    bwm_catalog_entry *p = bwm_grow(c->e, cap, c->n, sizeof *p);
    if (!p)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    c->e = p;
    c->e[c->n++] = e;
    return BWM_OK;
}

int bwm_catalog_load(bwm_catalog *c, const char *path, bwm_err *err)
{
    static const char *const names[] = {"name", "abbr", "mpki", "bw_frac"};
    memset(c, 0, sizeof *c);
    bwm_csv csv;
    int st = bwm_csv_open(&csv, path, err);
    if (st != BWM_OK)
        return st;
    int col[4];
    size_t cap = 0;
    st = bwm_csv_header(&csv, err);
    if (st == BWM_OK)
        st = bwm_csv_require(&csv, names, col, 4, err);
    for (int got = 1; st == BWM_OK;) {
        st = bwm_csv_read(&csv, &got, err);
        if (st != BWM_OK || !got)
            break;
        st = bwm_csv_check_width(&csv, err);
        if (st == BWM_OK)
            st = add_row(c, &cap, &csv, col, err);
    }
    if (st == BWM_OK && c->n == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no applications in the file", csv.path);
    bwm_csv_close(&csv);
    if (st != BWM_OK)
        bwm_catalog_free(c);
    return st;
}

void bwm_catalog_free(bwm_catalog *c)
{
    free(c->e);
    c->e = NULL;
    c->n = 0;
}

const bwm_catalog_entry *bwm_catalog_find(const bwm_catalog *c, const char *key)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcasecmp(c->e[i].abbr, key) == 0 || strcasecmp(c->e[i].name, key) == 0)
            return &c->e[i];
    return NULL;
}
