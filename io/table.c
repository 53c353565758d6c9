/* table.c — result tables in text, CSV and JSON (see table.h). */
#include "io/table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/csv.h"
#include "io/json.h"
#include "util/grow.h"

int bwm_table_init(bwm_table *t, const char *title, const char *const *cols, size_t ncols)
{
    memset(t, 0, sizeof *t);
    t->title = strdup(title ? title : "");
    t->cols = calloc(ncols, sizeof *t->cols);
    if (!t->title || !t->cols)
        return -1;
    t->ncols = ncols;
    for (size_t i = 0; i < ncols; i++)
        if (!(t->cols[i] = strdup(cols[i])))
            return -1;
    return 0;
}

void bwm_table_free(bwm_table *t)
{
    for (size_t i = 0; i < t->ncells; i++)
        free(t->cells[i].str);
    for (size_t i = 0; i < t->ncols; i++)
        free(t->cols[i]);
    free(t->cols);
    free(t->cells);
    free(t->title);
    memset(t, 0, sizeof *t);
}

static bwm_cell *new_cell(bwm_table *t)
{
    bwm_cell *p = bwm_grow(t->cells, &t->cap, t->ncells, sizeof *p);
    if (!p) {
        t->failed = 1;
        return NULL;
    }
    t->cells = p;
    bwm_cell *c = &t->cells[t->ncells++];
    memset(c, 0, sizeof *c);
    return c;
}

void bwm_table_str(bwm_table *t, const char *s)
{
    bwm_cell *c = new_cell(t);
    if (!c)
        return;
    c->kind = BWM_CELL_STR;
    c->str = strdup(s);
    if (!c->str)
        t->failed = 1;
}

void bwm_table_num(bwm_table *t, double v)
{
    bwm_cell *c = new_cell(t);
    if (!c)
        return;
    c->kind = isfinite(v) ? BWM_CELL_NUM : BWM_CELL_NULL;
    c->num = v;
}

void bwm_table_int(bwm_table *t, long long v)
{
    bwm_cell *c = new_cell(t);
    if (!c)
        return;
    c->kind = BWM_CELL_INT;
    c->i = v;
}

void bwm_table_bool(bwm_table *t, int v)
{
    bwm_cell *c = new_cell(t);
    if (!c)
        return;
    c->kind = BWM_CELL_BOOL;
    c->i = v != 0;
}

void bwm_table_null(bwm_table *t)
{
    bwm_cell *c = new_cell(t);
    if (c)
        c->kind = BWM_CELL_NULL;
}

size_t bwm_table_rows(const bwm_table *t)
{
    return t->ncols ? t->ncells / t->ncols : 0;
}

long bwm_table_col(const bwm_table *t, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (strcmp(t->cols[c], name) == 0)
            return (long)c;
    return -1;
}

int bwm_table_pick(const bwm_table *src, const char *title, const char *const *names, size_t n, bwm_table *dst)
{
    if (bwm_table_init(dst, title, names, n) != 0)
        return -1;
    size_t rows = bwm_table_rows(src);
    for (size_t r = 0; r < rows; r++)
        for (size_t k = 0; k < n; k++) {
            long c = bwm_table_col(src, names[k]);
            bwm_cell *to = new_cell(dst);
            if (!to)
                return -1;
            if (c < 0)
                continue; /* new_cell's cell is a null one */
            *to = src->cells[r * src->ncols + (size_t)c];
            if (to->kind == BWM_CELL_STR && !(to->str = strdup(to->str))) {
                to->kind = BWM_CELL_NULL;
                dst->failed = 1;
                return -1;
            }
        }
    dst->failed |= src->failed;
    return dst->failed ? -1 : 0;
}

/* Text of a cell for the text table (compact) or CSV (full precision): a
 * string cell's own text, whatever its length, else dst (n bytes) filled. */
static const char *cell_text(const bwm_cell *c, int compact, char *dst, size_t n)
{
    switch (c->kind) {
    case BWM_CELL_NULL:
        snprintf(dst, n, "%s", compact ? "-" : "");
        break;
    case BWM_CELL_STR:
        return c->str;
    case BWM_CELL_INT:
        snprintf(dst, n, "%lld", c->i);
        break;
    case BWM_CELL_BOOL:
        snprintf(dst, n, "%s", c->i ? "true" : "false");
        break;
    case BWM_CELL_NUM:
        if (compact && fabs(c->num) >= 1e5)
            snprintf(dst, n, "%.0f", c->num);
        else if (compact)
            snprintf(dst, n, "%.4g", c->num == 0 ? 0.0 : c->num);
        else
            bwm_format_number(dst, n, c->num);
        break;
    }
    return dst;
}

const char *bwm_table_cell_csv(const bwm_table *t, size_t cell, char *dst, size_t n)
{
    return cell_text(&t->cells[cell], 0, dst, n);
}

/* A column is right-aligned (numbers) unless its first row holds text. */
static int column_right(const bwm_table *t, size_t c)
{
    return bwm_table_rows(t) == 0 || (t->cells[c].kind != BWM_CELL_STR && t->cells[c].kind != BWM_CELL_BOOL);
}

static void put_padded(bwm_buf *out, const char *s, size_t width, int right)
{
    size_t pad = width - strlen(s);
    bwm_buf_puts(out, "| ");
    for (size_t k = 0; right && k < pad; k++)
        bwm_buf_puts(out, " ");
    bwm_buf_puts(out, s);
    for (size_t k = 0; !right && k < pad; k++)
        bwm_buf_puts(out, " ");
    bwm_buf_puts(out, " ");
}

/* The text width of each of t's columns (at least 3, the header's, every
 * cell's) into w; 0, or -1 out of memory. */
static int text_widths(const bwm_table *t, size_t **w)
{
    size_t rows = bwm_table_rows(t);
    *w = calloc(t->ncols ? t->ncols : 1, sizeof **w);
    if (!*w)
        return -1;
    char tmp[256];
    for (size_t c = 0; c < t->ncols; c++)
        (*w)[c] = strlen(t->cols[c]) > 3 ? strlen(t->cols[c]) : 3;
    for (size_t i = 0; i < rows * t->ncols; i++) {
        size_t l = strlen(cell_text(&t->cells[i], 1, tmp, sizeof tmp));
        if (l > (*w)[i % t->ncols])
            (*w)[i % t->ncols] = l;
    }
    return 0;
}

/* A Markdown pipe table of t's columns idx[0..n) (widths w), titled
 * title, columns padded so that it also reads as plain text. */
static void render_text_cols(const bwm_table *t, const char *title, const size_t *idx, size_t n, const size_t *w,
                             bwm_buf *out)
{
    size_t rows = bwm_table_rows(t);
    char tmp[256];
    if (title[0])
        bwm_buf_printf(out, "%s\n\n", title);
    for (size_t k = 0; k < n; k++)
        put_padded(out, t->cols[idx[k]], w[idx[k]], column_right(t, idx[k]));
    bwm_buf_puts(out, "|\n");
    for (size_t k = 0; k < n; k++) {
        bwm_buf_puts(out, "|");
        for (size_t i = 0; i < w[idx[k]] + 1; i++)
            bwm_buf_puts(out, "-");
        bwm_buf_puts(out, column_right(t, idx[k]) ? ":" : "-");
    }
    bwm_buf_puts(out, "|\n");
    for (size_t r = 0; r < rows; r++) {
        for (size_t k = 0; k < n; k++) {
            const bwm_cell *cell = &t->cells[r * t->ncols + idx[k]];
            put_padded(out, cell_text(cell, 1, tmp, sizeof tmp), w[idx[k]], column_right(t, idx[k]));
        }
        bwm_buf_puts(out, "|\n");
    }
}

void bwm_table_render_text_wrapped(const bwm_table *t, size_t keys, size_t max_width, bwm_buf *out)
{
    size_t *w, *idx = calloc(t->ncols ? t->ncols : 1, sizeof *idx);
    if (!idx || text_widths(t, &w) != 0) {
        free(idx);
        out->failed = 1;
        return;
    }
    if (keys > t->ncols)
        keys = t->ncols;
    size_t key_width = 1;
    for (size_t c = 0; c < keys; c++)
        key_width += w[c] + 3;
    size_t next = keys, part = 0;
    do {
        size_t n = 0, width = key_width;
        for (size_t c = 0; c < keys; c++)
            idx[n++] = c;
        /* at least one column a part, however wide */
        while (next < t->ncols && (n == keys || width + w[next] + 3 <= max_width)) {
            width += w[next] + 3;
            idx[n++] = next++;
        }
        if (part++) {
            bwm_buf_puts(out, "\n");
            char title[512];
            snprintf(title, sizeof title, "%s (continued)", t->title);
            render_text_cols(t, t->title[0] ? title : "", idx, n, w, out);
        } else {
            render_text_cols(t, t->title, idx, n, w, out);
        }
    } while (next < t->ncols);
    free(w);
    free(idx);
}

static void render_text(const bwm_table *t, bwm_buf *out)
{
    bwm_table_render_text_wrapped(t, 0, (size_t)-1, out);
}

static void render_csv(const bwm_table *t, bwm_buf *out)
{
    char tmp[256];
    for (size_t c = 0; c < t->ncols; c++) {
        if (c)
            bwm_buf_puts(out, ",");
        bwm_csv_put_field(out, t->cols[c]);
    }
    bwm_buf_puts(out, "\n");
    size_t rows = bwm_table_rows(t);
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                bwm_buf_puts(out, ",");
            bwm_csv_put_field(out, bwm_table_cell_csv(t, r * t->ncols + c, tmp, sizeof tmp));
        }
        bwm_buf_puts(out, "\n");
    }
}

void bwm_table_row_members(const bwm_table *t, size_t r, bwm_json *j)
{
    bwm_table_row_range(t, r, 0, t->ncols, j);
}

void bwm_table_row_range(const bwm_table *t, size_t r, size_t from, size_t to, bwm_json *j)
{
    for (size_t c = from; c < to && c < t->ncols; c++) {
        const bwm_cell *cell = &t->cells[r * t->ncols + c];
        bwm_json_key(j, t->cols[c]);
        switch (cell->kind) {
        case BWM_CELL_NULL: bwm_json_null(j); break;
        case BWM_CELL_STR: bwm_json_str(j, cell->str); break;
        case BWM_CELL_INT: bwm_json_int(j, cell->i); break;
        case BWM_CELL_BOOL: bwm_json_bool(j, (int)cell->i); break;
        case BWM_CELL_NUM: bwm_json_num(j, cell->num); break;
        }
    }
}

void bwm_table_json(const bwm_table *t, bwm_json *j)
{
    bwm_json_arr_begin(j);
    size_t rows = bwm_table_rows(t);
    for (size_t r = 0; r < rows; r++) {
        bwm_json_obj_begin(j);
        bwm_table_row_members(t, r, j);
        bwm_json_obj_end(j);
    }
    bwm_json_arr_end(j);
}

static void render_json(const bwm_table *t, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_table_json(t, &j);
}

void bwm_table_render(const bwm_table *t, bwm_format fmt, bwm_buf *out)
{
    if (t->failed) {
        out->failed = 1;
        return;
    }
    switch (fmt) {
    case BWM_FMT_TABLE: render_text(t, out); break;
    case BWM_FMT_CSV: render_csv(t, out); break;
    case BWM_FMT_JSON: render_json(t, out); break;
    }
}
