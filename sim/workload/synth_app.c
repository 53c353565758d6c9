/* synth_app.c — synthetic application parameters: checks and CSV loading
 * (see synth_app.h). */
#include "sim/workload/synth_app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/csv.h"
#include "io/json.h"
#include "util/grow.h"

const char *const bwm_synth_columns[] = {
    "name", "abbr", "mpki", "bw_frac", "warps", "mem_frac", "store_frac", "coalesce", "pattern",
    "footprint_mb", "reuse", "smem_frac", "smem_latency", "compute_latency", "loads_in_flight", "lanes",
};
const size_t bwm_synth_ncolumns = sizeof bwm_synth_columns / sizeof bwm_synth_columns[0];

const char *bwm_pattern_name(bwm_pattern p)
{
    return p == BWM_PATTERN_RANDOM ? "random" : "stream";
}

int bwm_pattern_parse(const char *s, bwm_pattern *p)
{
    if (strcasecmp(s, "stream") == 0)
        *p = BWM_PATTERN_STREAM;
    else if (strcasecmp(s, "random") == 0)
        *p = BWM_PATTERN_RANDOM;
    else
        return -1;
    return 0;
}

static int range_d(const char *field, double v, double lo, double hi, bwm_err *err)
{
    if (!isfinite(v) || v < lo || v > hi)
        return bwm_fail(err, BWM_EINPUT, "%s must be in %g..%g (got %g)", field, lo, hi, v);
    return BWM_OK;
}

static int range_i(const char *field, int v, int lo, int hi, bwm_err *err)
{
    if (v < lo || v > hi)
        return bwm_fail(err, BWM_EINPUT, "%s must be in %d..%d (got %d)", field, lo, hi, v);
    return BWM_OK;
}

int bwm_synth_app_check(const bwm_synth_app *a, bwm_err *err)
{
    if (!a->abbr[0])
        return bwm_fail(err, BWM_EINPUT, "abbr must not be empty");
    int st = range_d("mpki", a->mpki, 0, 1e6, err);
    if (st == BWM_OK) st = range_d("bw_frac", a->bw_frac, 0, 1, err);
    if (st == BWM_OK) st = range_i("warps", a->warps, 1, 48, err);
    if (st == BWM_OK) st = range_d("mem_frac", a->mem_frac, 0, 1, err);
    if (st == BWM_OK) st = range_d("store_frac", a->store_frac, 0, 1, err);
    if (st == BWM_OK) st = range_i("coalesce", a->coalesce, 1, 32, err);
    if (st == BWM_OK && (!isfinite(a->footprint_mb) || a->footprint_mb <= 0 || a->footprint_mb > 1 << 20))
        st = bwm_fail(err, BWM_EINPUT, "footprint_mb must be in (0, 1048576] (got %g)", a->footprint_mb);
    if (st == BWM_OK) st = range_d("reuse", a->reuse, 0, 1, err);
    if (st == BWM_OK) st = range_d("smem_frac", a->smem_frac, 0, 1, err);
    if (st == BWM_OK && a->mem_frac + a->smem_frac > 1 + 1e-12)
        st = bwm_fail(err, BWM_EINPUT, "mem_frac + smem_frac must be <= 1 (got %g + %g)", a->mem_frac,
                      a->smem_frac);
    if (st == BWM_OK) st = range_i("smem_latency", a->smem_latency, 1, 100000, err);
    if (st == BWM_OK) st = range_i("compute_latency", a->compute_latency, 1, 100000, err);
    if (st == BWM_OK) st = range_i("loads_in_flight", a->loads_in_flight, 1, 64, err);
    if (st == BWM_OK) st = range_i("lanes", a->lanes, 1, 32, err);
    return st;
}

/* Parses an integer field exactly (no fraction, in int range). */
static int csv_int(const bwm_csv *c, int col, int *out, bwm_err *err)
{
    double v;
    int st = bwm_csv_double(c, col, &v, err);
    if (st != BWM_OK)
        return st;
    if (v != floor(v) || fabs(v) > 1e9)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': '%s' is not a whole number", c->path,
                        c->line, c->header[col], bwm_csv_field(c, col));
    *out = (int)v;
    return BWM_OK;
}

/* col[] follows bwm_synth_columns. */
static int read_row(const bwm_csv *c, const int *col, bwm_synth_app *a, bwm_err *err)
{
    memset(a, 0, sizeof *a);
    const char *name = bwm_csv_field(c, col[0]);
    if (strlen(name) >= sizeof a->name)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'name': at most %zu characters", c->path, c->line,
                        sizeof a->name - 1);
    snprintf(a->name, sizeof a->name, "%s", name);
    const char *abbr = bwm_csv_field(c, col[1]);
    if (!abbr[0] || strlen(abbr) >= sizeof a->abbr)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'abbr': must be 1 to %zu characters", c->path,
                        c->line, sizeof a->abbr - 1);
    snprintf(a->abbr, sizeof a->abbr, "%s", abbr);
    if (bwm_pattern_parse(bwm_csv_field(c, col[8]), &a->pattern) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'pattern': '%s' is not stream or random", c->path,
                        c->line, bwm_csv_field(c, col[8]));
    int st = bwm_csv_double(c, col[2], &a->mpki, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[3], &a->bw_frac, err);
    if (st == BWM_OK) st = csv_int(c, col[4], &a->warps, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[5], &a->mem_frac, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[6], &a->store_frac, err);
    if (st == BWM_OK) st = csv_int(c, col[7], &a->coalesce, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[9], &a->footprint_mb, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[10], &a->reuse, err);
    if (st == BWM_OK) st = bwm_csv_double(c, col[11], &a->smem_frac, err);
    if (st == BWM_OK) st = csv_int(c, col[12], &a->smem_latency, err);
    if (st == BWM_OK) st = csv_int(c, col[13], &a->compute_latency, err);
    if (st == BWM_OK) st = csv_int(c, col[14], &a->loads_in_flight, err);
    if (st == BWM_OK) st = csv_int(c, col[15], &a->lanes, err);
    if (st != BWM_OK)
        return st;
    bwm_err inner;
    if (bwm_synth_app_check(a, &inner) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: application '%s': %s", c->path, c->line, a->abbr, inner.msg);
    return BWM_OK;
}

int bwm_synth_load(const char *path, bwm_synth_app **apps, size_t *n, bwm_err *err)
{
    *apps = NULL;
    *n = 0;
    bwm_csv c;
    int st = bwm_csv_open(&c, path, err);
    if (st != BWM_OK)
        return st;
    int col[16];
    size_t cap = 0;
    st = bwm_csv_header(&c, err);
    if (st == BWM_OK)
        st = bwm_csv_require(&c, bwm_synth_columns, col, bwm_synth_ncolumns, err);
    for (int got = 1; st == BWM_OK;) {
        st = bwm_csv_read(&c, &got, err);
        if (st != BWM_OK || !got)
            break;
        if ((st = bwm_csv_check_width(&c, err)) != BWM_OK)
            break;
        bwm_synth_app *p = bwm_grow(*apps, &cap, *n, sizeof *p);
        if (!p) {
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
            break;
        }
        *apps = p;
        st = read_row(&c, col, &(*apps)[*n], err);
        if (st == BWM_OK && bwm_synth_find(*apps, *n, (*apps)[*n].abbr))
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: application '%s' appears twice", c.path, c.line,
                          (*apps)[*n].abbr);
        if (st == BWM_OK)
            (*n)++;
    }
    if (st == BWM_OK && *n == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no applications in the file", c.path);
    bwm_csv_close(&c);
    if (st != BWM_OK) {
        free(*apps);
        *apps = NULL;
        *n = 0;
    }
    return st;
}

static void put_num(bwm_buf *out, double v)
{
    char tmp[64];
    bwm_format_number(tmp, sizeof tmp, v);
    bwm_buf_printf(out, ",%s", tmp);
}

void bwm_synth_write(const bwm_synth_app *apps, size_t n, const char *comment, bwm_buf *out)
{
    for (const char *line = comment; line && *line;) {
        size_t len = strcspn(line, "\n");
        bwm_buf_printf(out, "# %.*s\n", (int)len, line);
        line += len + (line[len] == '\n');
    }
    for (size_t c = 0; c < bwm_synth_ncolumns; c++)
        bwm_buf_printf(out, "%s%s", c ? "," : "", bwm_synth_columns[c]);
    bwm_buf_puts(out, "\n");
    for (size_t i = 0; i < n; i++) {
        const bwm_synth_app *a = &apps[i];
        bwm_csv_put_field(out, a->name);
        bwm_buf_puts(out, ",");
        bwm_csv_put_field(out, a->abbr);
        put_num(out, a->mpki);
        put_num(out, a->bw_frac);
        bwm_buf_printf(out, ",%d", a->warps);
        put_num(out, a->mem_frac);
        put_num(out, a->store_frac);
        bwm_buf_printf(out, ",%d,%s", a->coalesce, bwm_pattern_name(a->pattern));
        put_num(out, a->footprint_mb);
        put_num(out, a->reuse);
        put_num(out, a->smem_frac);
        bwm_buf_printf(out, ",%d,%d,%d,%d\n", a->smem_latency, a->compute_latency, a->loads_in_flight,
                       a->lanes);
    }
}

const bwm_synth_app *bwm_synth_find(const bwm_synth_app *apps, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(apps[i].abbr, key) == 0 || strcasecmp(apps[i].name, key) == 0)
            return &apps[i];
    return NULL;
}
