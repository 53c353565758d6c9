/* synth_app.c — synthetic application parameters: checks and CSV loading
 * (see synth_app.h).  Every numeric column is one row of `fields` below:
 * its name, where it lives in the struct, whether it is whole, and its
 * range; loading, checking and writing all walk that table. */
#include "sim/workload/synth_app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/csv.h"
#include "io/json.h"
#include "util/grow.h"
#include "util/num.h"

typedef struct field {
    const char *name;
    size_t offset;  /* of a double, or of an int when whole */
    int whole;
    double lo, hi;  /* inclusive range */
} field;

#define DBL(f, lo, hi) {#f, offsetof(bwm_synth_app, f), 0, lo, hi}
#define INT(f, lo, hi) {#f, offsetof(bwm_synth_app, f), 1, lo, hi}

/* In column order; name, abbr, class and pattern are the text columns. */
static const field fields[] = {
    DBL(mpki, 0, 1e6),
    DBL(bw_frac, 0, 1),
    DBL(warps, 0.1, 64),
    DBL(mem_frac, 0, 1),
    DBL(store_frac, 0, 1),
    INT(coalesce, 1, 32),
    INT(row_run, 1, 1 << 24),
    DBL(footprint_mb, 1.0 / 1024, 1 << 16), /* 64 GiB: under 2^29 lines */
    DBL(hot_frac, 0, 1),
    DBL(hot_kb, 0.125, 1 << 20),
    DBL(reuse, 0, 1),
    DBL(smem_frac, 0, 1),
    INT(smem_latency, 1, BWM_SYNTH_MAX_SMEM_LATENCY),
    INT(compute_latency, 1, BWM_SYNTH_MAX_COMPUTE_LATENCY),
    INT(dep_distance, 1, BWM_SYNTH_MAX_DEP),
    INT(loads_in_flight, 1, BWM_SYNTH_MAX_LOADS),
    INT(lanes, 1, 32),
};
#define NFIELDS (sizeof fields / sizeof fields[0])

/* Optional columns: absent, they keep bwm_synth_app_init's values. */
static const field cta_fields[] = {
    INT(cta_warps, 0, BWM_SYNTH_MAX_CTA_WARPS),
    INT(cta_insts, 0, 1 << 30),
    INT(batch_stride, 1, 1 << 20),
};
#define NCTA_FIELDS (sizeof cta_fields / sizeof cta_fields[0])

const char *const bwm_synth_columns[] = {
    "name", "abbr", "mpki", "bw_frac", "class", "warps", "mem_frac", "store_frac", "coalesce", "pattern",
    "row_run", "footprint_mb", "hot_frac", "hot_kb", "reuse", "smem_frac", "smem_latency", "compute_latency", "dep_distance",
    "loads_in_flight", "lanes",
};
const size_t bwm_synth_ncolumns = sizeof bwm_synth_columns / sizeof bwm_synth_columns[0];

static const char *const pattern_names[] = {"stream", "block", "random", "cta"};
static const char *const class_names[] = {"bandwidth", "latency", "compute"};

static int parse_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(s, names[i]) == 0)
            return i;
    return -1;
}

const char *bwm_pattern_name(bwm_pattern p)
{
    return pattern_names[p];
}

const char *bwm_app_class_name(bwm_app_class c)
{
    return class_names[c];
}

int bwm_pattern_parse(const char *s, bwm_pattern *p)
{
    int i = parse_name(pattern_names, 4, s);
    if (i >= 0)
        *p = (bwm_pattern)i;
    return i < 0 ? -1 : 0;
}

int bwm_app_class_parse(const char *s, bwm_app_class *c)
{
    int i = parse_name(class_names, 3, s);
    if (i >= 0)
        *c = (bwm_app_class)i;
    return i < 0 ? -1 : 0;
}

static double get(const bwm_synth_app *a, const field *f)
{
    const char *p = (const char *)a + f->offset;
    if (f->whole) {
        int v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    double v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void set(bwm_synth_app *a, const field *f, double v)
{
    char *p = (char *)a + f->offset;
    if (f->whole) {
        int i = (int)v; /* v is whole and within the field's int range (checked first) */
        memcpy(p, &i, sizeof i);
    } else {
        memcpy(p, &v, sizeof v);
    }
}

void bwm_synth_app_init(bwm_synth_app *a)
{
    memset(a, 0, sizeof *a);
    snprintf(a->abbr, sizeof a->abbr, "APP");
    a->cls = BWM_CLASS_LATENCY;
    a->warps = 1;
    a->coalesce = 1;
    a->pattern = BWM_PATTERN_STREAM;
    a->row_run = 4096;
    a->footprint_mb = 64;
    a->hot_kb = 1;
    a->smem_latency = 24;
    a->compute_latency = 4;
    a->dep_distance = 1;
    a->loads_in_flight = 1;
    a->lanes = 32;
    a->batch_stride = 1;
}

int bwm_synth_app_check(const bwm_synth_app *a, bwm_err *err)
{
    if (!a->abbr[0])
        return bwm_fail(err, BWM_EINPUT, "column 'abbr': must not be empty");
    for (size_t i = 0; i < NFIELDS; i++) {
        double v = get(a, &fields[i]);
        if (!isfinite(v) || v < fields[i].lo || v > fields[i].hi)
            return bwm_fail(err, BWM_EINPUT, "column '%s': must be in %g..%g (got %g)", fields[i].name,
                            fields[i].lo, fields[i].hi, v);
    }
    if (a->mem_frac + a->smem_frac > 1 + 1e-12)
        return bwm_fail(err, BWM_EINPUT, "columns 'mem_frac' + 'smem_frac': must be <= 1 (got %g + %g)",
                        a->mem_frac, a->smem_frac);
    if ((unsigned)a->pattern > BWM_PATTERN_CTA || (unsigned)a->cls > BWM_CLASS_COMPUTE)
        return bwm_fail(err, BWM_EINPUT, "pattern or class out of range");
    for (size_t i = 0; i < NCTA_FIELDS; i++) {
        double v = get(a, &cta_fields[i]);
        if (v < cta_fields[i].lo || v > cta_fields[i].hi)
            return bwm_fail(err, BWM_EINPUT, "column '%s': must be in %g..%g (got %g)", cta_fields[i].name,
                            cta_fields[i].lo, cta_fields[i].hi, v);
    }
    if (a->cta_warps > 0 && a->cta_insts < 1)
        return bwm_fail(err, BWM_EINPUT, "column 'cta_insts': a CTA's warps issue at least 1 instruction (got %d)",
                        a->cta_insts);
    if (a->pattern == BWM_PATTERN_CTA && a->cta_warps == 0)
        return bwm_fail(err, BWM_EINPUT, "pattern 'cta' needs thread blocks: column 'cta_warps' > 0");
    return BWM_OK;
}

/* Column index of a field name in bwm_synth_columns. */
static size_t column_of(const char *name)
{
    for (size_t c = 0; c < bwm_synth_ncolumns; c++)
        if (strcmp(bwm_synth_columns[c], name) == 0)
            return c;
    return 0; /* unreachable: every field is a column */
}

static int read_text(const bwm_csv *c, const int *col, bwm_synth_app *a, bwm_err *err)
{
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
    const char *cls = bwm_csv_field(c, col[column_of("class")]);
    if (bwm_app_class_parse(cls, &a->cls) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'class': '%s' is not bandwidth, latency or compute",
                        c->path, c->line, cls);
    const char *pat = bwm_csv_field(c, col[column_of("pattern")]);
    if (bwm_pattern_parse(pat, &a->pattern) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'pattern': '%s' is not stream, block, random or cta",
                        c->path, c->line, pat);
    return BWM_OK;
}

/* The optional `calibrated` column at col (< 0: absent, false). */
static int read_calibrated(const bwm_csv *c, int col, bwm_synth_app *a, bwm_err *err)
{
    if (col < 0)
        return BWM_OK;
    const char *v = bwm_csv_field(c, col);
    if (strcasecmp(v, "true") == 0 || strcasecmp(v, "false") == 0) {
        a->calibrated = strcasecmp(v, "true") == 0;
        return BWM_OK;
    }
    return bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'calibrated': '%s' is not true or false", c->path, c->line, v);
}

/* The numeric field f from column k (< 0: absent, the field keeps its value). */
static int read_field(const bwm_csv *c, int k, const field *f, bwm_synth_app *a, bwm_err *err)
{
    double v;
    if (k < 0)
        return BWM_OK;
    int st = bwm_csv_double(c, k, &v, err);
    if (st != BWM_OK)
        return st;
    if (v < f->lo || v > f->hi)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': %s is out of range %g..%g", c->path, c->line,
                        f->name, bwm_csv_field(c, k), f->lo, f->hi);
    if (f->whole && v != floor(v))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': '%s' is not a whole number", c->path, c->line,
                        f->name, bwm_csv_field(c, k));
    set(a, f, v);
    return BWM_OK;
}

/* col[] follows bwm_synth_columns, then the optional `calibrated` and
 * cta_fields (each -1 when absent). */
static int read_row(const bwm_csv *c, const int *col, bwm_synth_app *a, bwm_err *err)
{
    bwm_synth_app_init(a);
    int st = read_text(c, col, a, err);
    if (st == BWM_OK)
        st = read_calibrated(c, col[bwm_synth_ncolumns], a, err);
    for (size_t i = 0; i < NFIELDS && st == BWM_OK; i++)
        st = read_field(c, col[column_of(fields[i].name)], &fields[i], a, err);
    for (size_t i = 0; i < NCTA_FIELDS && st == BWM_OK; i++)
        st = read_field(c, col[bwm_synth_ncolumns + 1 + i], &cta_fields[i], a, err);
    if (st != BWM_OK)
        return st;
    if (a->cta_warps > 0 && col[bwm_synth_ncolumns + 2] < 0) /* cta_fields[1], cta_insts: no default */
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: missing column 'cta_insts' in the header: application '%s' has "
                        "thread blocks (cta_warps %d), each warp of which issues cta_insts instructions", c->path,
                        c->line, a->abbr, a->cta_warps);
    bwm_err inner;
    if (bwm_synth_app_check(a, &inner) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: application '%s': %s", c->path, c->line, a->abbr, inner.msg);
    return BWM_OK;
}

/* The header names every column; a file written before the workload model
 * knew dependence distances and row runs gets told so. */
static int read_header(bwm_csv *c, int *col, bwm_err *err)
{
    int st = bwm_csv_header(c, err);
    if (st == BWM_OK)
        st = bwm_csv_check_unique(c, err);
    if (st != BWM_OK)
        return st;
    st = bwm_csv_require(c, bwm_synth_columns, col, bwm_synth_ncolumns, err);
    col[bwm_synth_ncolumns] = bwm_csv_col(c, "calibrated");
    for (size_t i = 0; i < NCTA_FIELDS; i++)
        col[bwm_synth_ncolumns + 1 + i] = bwm_csv_col(c, cta_fields[i].name);
    if (st != BWM_OK && bwm_csv_col(c, "compute_latency") >= 0 && bwm_csv_col(c, "dep_distance") < 0) {
        char missing[sizeof err->msg];
        snprintf(missing, sizeof missing, "%s", err->msg);
        return bwm_fail(err, BWM_EINPUT,
                        "%s; the file predates the latency-bound workload model (columns class, row_run, "
                        "hot_frac, hot_kb, dep_distance): start from data/apps_synth.csv and run 'bwmpki calibrate'",
                        missing);
    }
    return st;
}

/* Row n's abbreviation and name each name no earlier row (by its
 * abbreviation or name, case aside): every name finds one application. */
static int check_unambiguous(const bwm_csv *c, const bwm_synth_app *apps, size_t n, bwm_err *err)
{
    const char *mine[2] = {apps[n].abbr, apps[n].name};
    for (int k = 0; k < 2; k++) {
        const bwm_synth_app *other = mine[k][0] ? bwm_synth_find(apps, n, mine[k]) : NULL;
        if (!other)
            continue;
        if (k == 0 && strcasecmp(other->abbr, mine[0]) == 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: application '%s' appears twice", c->path, c->line, mine[0]);
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s '%s' is already the %s of application %s: a name must "
                        "find one application", c->path, c->line, k ? "name" : "abbreviation", mine[k],
                        strcasecmp(other->abbr, mine[k]) == 0 ? "abbreviation" : "name", other->abbr);
    }
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
    int col[sizeof bwm_synth_columns / sizeof bwm_synth_columns[0] + 1 + NCTA_FIELDS];
    size_t cap = 0;
    st = read_header(&c, col, err);
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
        if (st == BWM_OK)
            st = check_unambiguous(&c, *apps, *n, err);
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

static void put_number(bwm_buf *out, double v)
{
    char tmp[64];
    bwm_format_number(tmp, sizeof tmp, v);
    bwm_buf_puts(out, tmp);
}

void bwm_synth_write(const bwm_synth_app *apps, size_t n, const char *comment, bwm_buf *out)
{
    for (const char *line = comment; line && *line;) {
        size_t len = strcspn(line, "\n");
        bwm_buf_printf(out, "# %.*s\n", (int)len, line);
        line += len + (line[len] == '\n');
    }
    int blocks = 0; /* the thread-block columns, only when an application has them */
    for (size_t i = 0; i < n; i++)
        blocks |= apps[i].cta_warps > 0;
    for (size_t c = 0; c < bwm_synth_ncolumns; c++)
        bwm_buf_printf(out, "%s%s", c ? "," : "", bwm_synth_columns[c]);
    for (size_t k = 0; blocks && k < NCTA_FIELDS; k++)
        bwm_buf_printf(out, ",%s", cta_fields[k].name);
    bwm_buf_puts(out, ",calibrated\n");
    for (size_t i = 0; i < n; i++) {
        const bwm_synth_app *a = &apps[i];
        for (size_t c = 0; c < bwm_synth_ncolumns; c++) {
            const char *name = bwm_synth_columns[c];
            if (c)
                bwm_buf_puts(out, ",");
            if (c == 0 || c == 1) {
                bwm_csv_put_field(out, c == 0 ? a->name : a->abbr);
            } else if (strcmp(name, "class") == 0) {
                bwm_buf_puts(out, bwm_app_class_name(a->cls));
            } else if (strcmp(name, "pattern") == 0) {
                bwm_buf_puts(out, bwm_pattern_name(a->pattern));
            } else {
                for (size_t k = 0; k < NFIELDS; k++)
                    if (strcmp(fields[k].name, name) == 0)
                        put_number(out, get(a, &fields[k]));
            }
        }
        for (size_t k = 0; blocks && k < NCTA_FIELDS; k++) {
            bwm_buf_puts(out, ",");
            put_number(out, get(a, &cta_fields[k]));
        }
        bwm_buf_puts(out, a->calibrated ? ",true\n" : ",false\n");
    }
}

const bwm_synth_app *bwm_synth_find(const bwm_synth_app *apps, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(apps[i].abbr, key) == 0 || strcasecmp(apps[i].name, key) == 0)
            return &apps[i];
    return NULL;
}

int bwm_synth_concat(bwm_synth_app **apps, size_t *n, const bwm_synth_app *extra, size_t n_extra)
{
    bwm_synth_app *all = realloc(*apps, (*n + n_extra ? *n + n_extra : 1) * sizeof *all);
    if (!all)
        return -1;
    memcpy(all + *n, extra, n_extra * sizeof *extra);
    *apps = all;
    *n += n_extra;
    return 0;
}
