/* csv.c — streaming CSV reader (see csv.h). */
#include "io/csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/infile.h"
#include "io/line_reader.h"
#include "util/num.h"

int bwm_csv_open(bwm_csv *c, const char *path, bwm_err *err)
{
    memset(c, 0, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", strcmp(path, "-") ? path : "<stdin>");
    if (strcmp(path, "-") == 0) {
        c->f = stdin;
        bwm_line_reader_init(&c->lines, c->f, c->path);
        return BWM_OK;
    }
    int st = bwm_infile_open(path, &c->f, err);
    c->owns_file = st == BWM_OK;
    if (st == BWM_OK)
        bwm_line_reader_init(&c->lines, c->f, c->path);
    return st;
}

void bwm_csv_close(bwm_csv *c)
{
    if (c->owns_file && c->f)
        fclose(c->f);
    for (size_t i = 0; i < c->nheader; i++)
        free(c->header[i]);
    free(c->header);
    bwm_line_reader_free(&c->lines);
    free(c->fields);
    memset(c, 0, sizeof *c);
}

static int push_field(bwm_csv *c, char *f)
{
    if (c->nfields == c->fields_cap) {
        size_t cap = c->fields_cap ? c->fields_cap * 2 : 16;
        char **p = realloc(c->fields, cap * sizeof *p);
        if (!p)
            return -1;
        c->fields = p;
        c->fields_cap = cap;
    }
    c->fields[c->nfields++] = f;
    return 0;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
        *--e = '\0';
    return s;
}

/* Splits the current line in place into fields, honouring double quotes. */
static int split_fields(bwm_csv *c, bwm_err *err)
{
    c->nfields = 0;
    char *r = c->lines.text, *w = r, *start = r;
    int quoted = 0;
    for (;;) {
        char ch = *r;
        if (quoted) {
            if (ch == '\0')
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: unterminated quoted field",
                                c->path, c->line);
            if (ch == '"' && r[1] == '"') {
                *w++ = '"';
                r += 2;
            } else if (ch == '"') {
                quoted = 0;
                r++;
            } else {
                *w++ = *r++;
            }
            continue;
        }
        if (ch == '"') {
            quoted = 1;
            r++;
        } else if (ch == ',' || ch == '\0') {
            *w = '\0';
            if (push_field(c, trim(start)) != 0)
                return bwm_fail(err, BWM_EFAIL, "out of memory");
            if (ch == '\0')
                break;
            r++;
            w = r;
            start = r;
        } else {
            *w++ = *r++;
        }
    }
    return BWM_OK;
}

static int is_skipped(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == '\0' || *s == '#';
}

int bwm_csv_read(bwm_csv *c, int *got, bwm_err *err)
{
    *got = 0;
    for (;;) {
        int more;
        int st = bwm_line_next(&c->lines, &more, err);
        c->line = c->lines.line;
        if (st != BWM_OK || !more)
            return st;
        if (!is_skipped(c->lines.text))
            break;
    }
    int st = split_fields(c, err);
    if (st == BWM_OK)
        *got = 1;
    return st;
}

int bwm_csv_header(bwm_csv *c, bwm_err *err)
{
    int got;
    int st = bwm_csv_read(c, &got, err);
    if (st != BWM_OK)
        return st;
    if (!got)
        return bwm_fail(err, BWM_EINPUT, "%s: empty file, expected a header row",
                        c->path);
    c->header = calloc(c->nfields, sizeof *c->header);
    if (!c->header)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t i = 0; i < c->nfields; i++) {
        c->header[i] = strdup(c->fields[i]);
        if (!c->header[i])
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        c->nheader++;
    }
    return BWM_OK;
}

int bwm_csv_col(const bwm_csv *c, const char *name)
{
    for (size_t i = 0; i < c->nheader; i++)
        if (strcasecmp(c->header[i], name) == 0)
            return (int)i;
    return -1;
}

int bwm_csv_app_col(const bwm_csv *c)
{
    static const char *const keys[] = {"app", "abbr", "name"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        int col = bwm_csv_col(c, keys[k]);
        if (col >= 0)
            return col;
    }
    return -1;
}

int bwm_csv_require(const bwm_csv *c, const char *const *names, int *idx,
                    size_t n, bwm_err *err)
{
    for (size_t i = 0; i < n; i++) {
        idx[i] = bwm_csv_col(c, names[i]);
        if (idx[i] < 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: missing column '%s' in the header",
                            c->path, c->line, names[i]);
    }
    return BWM_OK;
}

int bwm_csv_open_with(bwm_csv *c, const char *path, const char *const *names, int *idx, size_t n, bwm_err *err)
{
    int st = bwm_csv_open(c, path, err);
    if (st != BWM_OK)
        return st;
    st = bwm_csv_header(c, err);
    if (st == BWM_OK)
        st = bwm_csv_require(c, names, idx, n, err);
    if (st != BWM_OK)
        bwm_csv_close(c);
    return st;
}

int bwm_csv_check_unique(const bwm_csv *c, bwm_err *err)
{
    for (size_t i = 0; i < c->nheader; i++)
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(c->header[i], c->header[j]) == 0)
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s' appears twice in the header (fields %zu "
                                "and %zu)", c->path, c->line, c->header[i], j + 1, i + 1);
    return BWM_OK;
}

int bwm_csv_check_width(const bwm_csv *c, bwm_err *err)
{
    if (c->nfields != c->nheader)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected %zu fields, found %zu",
                        c->path, c->line, c->nheader, c->nfields);
    return BWM_OK;
}

const char *bwm_csv_field(const bwm_csv *c, int col)
{
    if (col < 0 || (size_t)col >= c->nfields)
        return "";
    return c->fields[col];
}

int bwm_csv_double_or_nan(const bwm_csv *c, int col, double *out, bwm_err *err)
{
    if (bwm_csv_field(c, col)[0] == '\0') {
        *out = NAN;
        return BWM_OK;
    }
    return bwm_csv_double(c, col, out, err);
}

int bwm_csv_rate(const bwm_csv *c, int col, double *out, bwm_err *err)
{
    if (bwm_csv_field(c, col)[0] == '\0') {
        *out = 0;
        return BWM_OK;
    }
    return bwm_csv_double(c, col, out, err);
}

int bwm_csv_double(const bwm_csv *c, int col, double *out, bwm_err *err)
{
    const char *s = bwm_csv_field(c, col);
    if (bwm_parse_double(s, out) != 0) {
        const char *name = (col >= 0 && (size_t)col < c->nheader) ? c->header[col] : "?";
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': '%s' %s", c->path, c->line, name, s,
                        bwm_parse_double_why(s));
    }
    return BWM_OK;
}

void bwm_csv_put_field(bwm_buf *out, const char *s)
{
    /* a leading '#' unquoted would make the reader skip the line as a
     * comment, a '\r' at the end of a line would be taken for part of its
     * CRLF ending, and a leading UTF-8 byte-order mark, written first in a
     * file, would be refused as one (io/line_reader.h) */
    if (strpbrk(s, ",\"\n\r") == NULL && s[0] != '#' && strncmp(s, "\xEF\xBB\xBF", 3) != 0) {
        bwm_buf_puts(out, s);
        return;
    }
    bwm_buf_puts(out, "\"");
    for (; *s; s++) {
        if (*s == '"')
            bwm_buf_puts(out, "\"");
        bwm_buf_append(out, s, 1);
    }
    bwm_buf_puts(out, "\"");
}
