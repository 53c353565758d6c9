/* table.h — a table of results rendered as aligned text, CSV or JSON.
 *
 * Commands fill a bwm_table cell by cell (left to right, row by row) and
 * render it in the format the user asked for.  The table owns copies of all
 * its text.  Non-finite numbers are stored as empty cells ("-" in text, empty
 * in CSV, null in JSON): nothing prints NaN.  Booleans are true/false in
 * every format. */
#ifndef BWM_TABLE_H
#define BWM_TABLE_H

#include <stddef.h>

#include "util/buf.h"
#include "io/format.h"
#include "io/json.h"

typedef enum bwm_cell_kind { BWM_CELL_NULL, BWM_CELL_STR, BWM_CELL_NUM, BWM_CELL_INT, BWM_CELL_BOOL } bwm_cell_kind;

typedef struct bwm_cell {
    bwm_cell_kind kind;
    double num;
    long long i;
    char *str;
} bwm_cell;

typedef struct bwm_table {
    char *title;
    size_t ncols;
    char **cols;
    bwm_cell *cells;
    size_t ncells;
    size_t cap;
    int failed;
} bwm_table;

int bwm_table_init(bwm_table *t, const char *title, const char *const *cols, size_t ncols);
void bwm_table_free(bwm_table *t);
void bwm_table_str(bwm_table *t, const char *s);
void bwm_table_num(bwm_table *t, double v);
void bwm_table_int(bwm_table *t, long long v);
/* A boolean: the words true/false in text and CSV, a JSON literal. */
void bwm_table_bool(bwm_table *t, int v);
void bwm_table_null(bwm_table *t);
size_t bwm_table_rows(const bwm_table *t);

/* The index of column name in t, or -1. */
long bwm_table_col(const bwm_table *t, const char *name);

/* Fills dst (initialised here, titled title) with src's rows in the n
 * columns names[0..n), in that order: a copy of src's column of that name,
 * or null cells where src has none.  Returns 0, or -1 out of memory. */
int bwm_table_pick(const bwm_table *src, const char *title, const char *const *names, size_t n, bwm_table *dst);

/* The text cell number `cell` (row-major) has in CSV: a string cell's own
 * text, else dst (n bytes, 40 are enough) filled: a number as "%.12g"
 * (io/json.h's bwm_format_number), empty when it is not finite. */
const char *bwm_table_cell_csv(const bwm_table *t, size_t cell, char *dst, size_t n);

/* Appends the table to out in the given format.  Text tables start with the
 * title; JSON is an array of objects keyed by column name. */
void bwm_table_render(const bwm_table *t, bwm_format fmt, bwm_buf *out);
/* Appends t as a text table (bwm_table_render's) no wider than max_width
 * characters where it can be: when wider, its columns go into several
 * tables, each starting with the first keys columns (the rows' names) and
 * titled "TITLE (continued)" after the first.  A single column wider than
 * max_width gets a table of its own. */
void bwm_table_render_text_wrapped(const bwm_table *t, size_t keys, size_t max_width, bwm_buf *out);
/* Writes the table as that JSON array into j, where a value may stand (after
 * a key, or in an array), so that a command can put several tables in one
 * JSON object. */
void bwm_table_json(const bwm_table *t, bwm_json *j);
/* Writes row r's cells as members (column: value) into the object j has
 * open: a one-row table as the fields of an object. */
void bwm_table_row_members(const bwm_table *t, size_t r, bwm_json *j);
/* The same for columns from..to-1 only. */
void bwm_table_row_range(const bwm_table *t, size_t r, size_t from, size_t to, bwm_json *j);

#endif
