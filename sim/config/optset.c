/* optset.c — reading GPGPU-Sim option files into a bwm_optset (see optset.h). */
#include "sim/config/optset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/infile.h"
#include "io/line_reader.h"
#include "sim/config/rx.h"
#include "util/buf.h"
#include "util/grow.h"

/* One token per match, anchored where the previous one ended.  Groups:
 * 1 blanks, 2 newline, 3 comment, 4 quoted value (without its quotes),
 * 5 a quote that is never closed, 6 a bare word. */
static const char TOKEN_RX[] =
    "([ \\t\\r\\f\\x0b]+)|(\\n)|(#[^\\n]*)|\"([^\"]*)\"|(\")|([^\\s\"#]+)";
/* An option name: a dash, then a letter or '_', then name characters. */
static const char NAME_RX[] = "-[A-Za-z_][A-Za-z0-9_:.+-]*\\z";

void bwm_optset_init(bwm_optset *s)
{
    *s = (bwm_optset){0};
}

static void ent_free(bwm_optent *e)
{
    free(e->name);
    free(e->value);
    free(e->origin);
}

void bwm_optset_free(bwm_optset *s)
{
    for (size_t i = 0; i < s->n; i++)
        ent_free(&s->v[i]);
    free(s->v);
    for (size_t i = 0; i < s->n_asked; i++)
        free(s->asked[i]);
    free(s->asked);
    for (size_t i = 0; i < s->n_origins; i++)
        free(s->origins[i]);
    free(s->origins);
    bwm_optset_init(s);
}

static char *dupn(const char *p, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, p, n);
        d[n] = '\0';
    }
    return d;
}

static bwm_optent *find(const bwm_optset *s, const char *name, size_t len)
{
    for (size_t i = 0; i < s->n; i++)
        if (strlen(s->v[i].name) == len && memcmp(s->v[i].name, name, len) == 0)
            return &s->v[i];
    return NULL;
}

int bwm_optset_origin_rank(const bwm_optset *s, const char *origin)
{
    for (size_t i = 0; i < s->n_origins; i++)
        if (strcmp(s->origins[i], origin) == 0)
            return (int)i;
    return -1;
}

/* Adds or replaces name (nlen bytes) = value (vlen bytes). */
static int put(bwm_optset *s, const char *name, size_t nlen, const char *value, size_t vlen,
               const char *origin, int line, bwm_err *err)
{
    bwm_optent e = {dupn(name, nlen), dupn(value, vlen), dupn(origin, strlen(origin)), line, 0};
    if (!e.name || !e.value || !e.origin) {
        ent_free(&e);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    if (bwm_optset_origin_rank(s, origin) < 0) {
        char **o = bwm_grow(s->origins, &s->cap_origins, s->n_origins, sizeof *o);
        char *copy = o ? dupn(origin, strlen(origin)) : NULL;
        if (o)
            s->origins = o;
        if (!copy) {
            ent_free(&e);
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        }
        s->origins[s->n_origins++] = copy;
    }
    bwm_optent *old = find(s, name, nlen);
    if (old) {
        e.used = old->used;
        ent_free(old);
        *old = e;
        return BWM_OK;
    }
    bwm_optent *v = bwm_grow(s->v, &s->cap, s->n, sizeof *v);
    if (!v) {
        ent_free(&e);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    s->v = v;
    s->v[s->n++] = e;
    return BWM_OK;
}

int bwm_optset_set(bwm_optset *s, const char *name, const char *value, const char *origin,
                   int line, bwm_err *err)
{
    return put(s, name, strlen(name), value, strlen(value), origin, line, err);
}

static int count_newlines(const char *p, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += p[i] == '\n';
    return k;
}

/* The tokenizer's state: the option name waiting for its value. */
typedef struct pending {
    size_t start, end; /* name in text; start == end: none */
    int line;
} pending;

static int no_value(const char *origin, const char *text, const pending *p, bwm_err *err)
{
    return bwm_fail(err, BWM_EINPUT, "%s:%d: option %.*s has no value (expected it on the same line)",
                    origin, p->line, (int)(p->end - p->start), text + p->start);
}

static int parse_tokens(bwm_optset *s, const char *origin, const char *text, size_t len,
                        bwm_rx *tok, bwm_rx *name, bwm_err *err)
{
    pending p = {0, 0, 1};
    int line = 1;
    size_t off = 0;
    while (off < len) {
        size_t a, b;
        if (!bwm_rx_match(tok, text, len, off, 1) || !bwm_rx_group(tok, 0, &a, &b) || b == off)
            return bwm_fail(err, BWM_EINPUT, "%s:%d: unreadable text", origin, line);
        off = b;
        if (bwm_rx_group(tok, 1, &a, &b))
            continue;
        if (bwm_rx_group(tok, 2, &a, &b) || bwm_rx_group(tok, 3, &a, &b)) {
            if (p.end > p.start)
                return no_value(origin, text, &p, err);
            line += text[a] == '\n';
            continue;
        }
        if (bwm_rx_group(tok, 5, &a, &b))
            return bwm_fail(err, BWM_EINPUT, "%s:%d: quoted value is never closed (missing '\"')",
                            origin, line);
        int quoted = bwm_rx_group(tok, 4, &a, &b);
        if (!quoted)
            bwm_rx_group(tok, 6, &a, &b);
        int is_name = !quoted && bwm_rx_match(name, text, b, a, 1);
        if (p.end == p.start) {
            if (!is_name)
                return bwm_fail(err, BWM_EINPUT, "%s:%d: expected an option (-name value), got '%.*s'",
                                origin, line, (int)(b - a > 60 ? 60 : b - a), text + a);
            p = (pending){a, b, line};
        } else {
            if (is_name)
                return no_value(origin, text, &p, err);
            if (a == b)
                return bwm_fail(err, BWM_EINPUT, "%s:%d: option %.*s has an empty value", origin,
                                p.line, (int)(p.end - p.start), text + p.start);
            int st = put(s, text + p.start, p.end - p.start, text + a, b - a, origin, p.line, err);
            if (st != BWM_OK)
                return st;
            p.start = p.end = 0;
        }
        line += count_newlines(text + a, b - a);
    }
    if (p.end > p.start)
        return no_value(origin, text, &p, err);
    return BWM_OK;
}

int bwm_optset_parse(bwm_optset *s, const char *origin, const char *text, size_t len,
                     bwm_err *err)
{
    if (memchr(text, '\0', len))
        return bwm_fail(err, BWM_EINPUT, "%s:%d: NUL byte: not a text file", origin,
                        1 + count_newlines(text, (size_t)((const char *)memchr(text, '\0', len) - text)));
    bwm_rx tok, name;
    int st = bwm_rx_compile(&tok, TOKEN_RX, err);
    if (st != BWM_OK)
        return st;
    st = bwm_rx_compile(&name, NAME_RX, err);
    if (st == BWM_OK) {
        st = parse_tokens(s, origin, text, len, &tok, &name, err);
        bwm_rx_free(&name);
    }
    bwm_rx_free(&tok);
    return st;
}

int bwm_optset_load(bwm_optset *s, const char *path, bwm_err *err)
{
    FILE *f;
    int st = bwm_infile_open(path, &f, err);
    if (st != BWM_OK)
        return st;
    bwm_line_reader r;
    bwm_line_reader_init(&r, f, path);
    bwm_buf text;
    bwm_buf_init(&text);
    int more = 1;
    while (st == BWM_OK && (st = bwm_line_next(&r, &more, err)) == BWM_OK && more) {
        bwm_buf_append(&text, r.text, r.len);
        bwm_buf_append(&text, "\n", 1);
        if (text.failed)
            st = bwm_fail(err, BWM_EFAIL, "%s: out of memory", path);
    }
    bwm_line_reader_free(&r);
    fclose(f);
    if (st == BWM_OK)
        st = bwm_optset_parse(s, path, text.data ? text.data : "", text.len, err);
    bwm_buf_free(&text);
    return st;
}

const bwm_optent *bwm_optset_find(const bwm_optset *s, const char *name)
{
    return find(s, name, strlen(name));
}

/* Adds name to the asked names unless there already. */
static void record_asked(bwm_optset *s, const char *name)
{
    for (size_t i = 0; i < s->n_asked; i++)
        if (strcmp(s->asked[i], name) == 0)
            return;
    char **a = bwm_grow(s->asked, &s->cap_asked, s->n_asked, sizeof *a);
    char *copy = a ? dupn(name, strlen(name)) : NULL;
    if (a)
        s->asked = a;
    if (!copy) {
        s->asked_lost = 1;
        return;
    }
    s->asked[s->n_asked++] = copy;
}

const bwm_optent *bwm_optset_take(bwm_optset *s, const char *name)
{
    record_asked(s, name);
    bwm_optent *e = find(s, name, strlen(name));
    if (e)
        e->used = 1;
    return e;
}

void bwm_optlist_init(bwm_optlist *l)
{
    l->v = NULL;
    l->n = 0;
}

void bwm_optlist_free(bwm_optlist *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].name);
        free(l->v[i].origin);
    }
    free(l->v);
    bwm_optlist_init(l);
}

int bwm_optlist_has(const bwm_optlist *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->v[i].name, name) == 0)
            return 1;
    return 0;
}

int bwm_optset_unused(const bwm_optset *s, bwm_optlist *out, bwm_err *err)
{
    bwm_optlist_init(out);
    if (s->n == 0)
        return BWM_OK;
    out->v = calloc(s->n, sizeof *out->v);
    if (!out->v)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t i = 0; i < s->n; i++) {
        const bwm_optent *e = &s->v[i];
        if (e->used)
            continue;
        bwm_optref *r = &out->v[out->n++];
        r->name = dupn(e->name, strlen(e->name));
        r->origin = dupn(e->origin, strlen(e->origin));
        r->line = e->line;
        if (!r->name || !r->origin) {
            bwm_optlist_free(out);
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        }
    }
    return BWM_OK;
}
