/* csv.h — a streaming CSV reader that knows where it is, and the one CSV field writer.
 *
 * Reads one row at a time (RFC 4180 quoting, no embedded newlines), skips
 * blank lines and lines starting with '#', refuses a line holding a NUL
 * byte or longer than BWM_LINE_MAX (io/line_reader.h), and words every error as
 * "FILE:LINE: ...", so bad input is always located for the user.  The reader
 * owns its line buffer and field array; fields are valid until the next read. */
#ifndef BWM_CSV_H
#define BWM_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "io/line_reader.h"
#include "util/buf.h"
#include "util/status.h"

typedef struct bwm_csv {
    FILE *f;
    int owns_file;
    char path[256];
    long line;          /* 1-based line number of the current row */
    bwm_line_reader lines;  /* its text: the current line, split in place into fields */
    char **fields;
    size_t nfields;
    size_t fields_cap;
    char **header;      /* copy of the header row (after bwm_csv_header) */
    size_t nheader;
} bwm_csv;

/* Opens path ("-" for standard input) through io/infile.h. */
int bwm_csv_open(bwm_csv *c, const char *path, bwm_err *err);
void bwm_csv_close(bwm_csv *c);

/* Reads the next row; *got is 1 if a row was read, 0 at end of file. */
int bwm_csv_read(bwm_csv *c, int *got, bwm_err *err);

/* Reads the first row as the header.  An empty file is an error. */
int bwm_csv_header(bwm_csv *c, bwm_err *err);
/* Index of a header column (case-insensitive), or -1. */
int bwm_csv_col(const bwm_csv *c, const char *name);
/* The column naming the application in a results file: app (the
 * abbreviation), else the older abbr, else name; -1 without any. */
int bwm_csv_app_col(const bwm_csv *c);
/* Looks up each of n names; a missing one is an error naming the file. */
int bwm_csv_require(const bwm_csv *c, const char *const *names, int *idx,
                    size_t n, bwm_err *err);
/* Opens path, reads its header and looks up the n columns names (as
 * bwm_csv_require); on an error nothing stays open. */
int bwm_csv_open_with(bwm_csv *c, const char *path, const char *const *names, int *idx, size_t n, bwm_err *err);
/* A header naming a column twice (case aside) is an error at the header's
 * line naming the column: a reader would take only the first. */
int bwm_csv_check_unique(const bwm_csv *c, bwm_err *err);
/* Checks that the current row has as many fields as the header. */
int bwm_csv_check_width(const bwm_csv *c, bwm_err *err);

/* The field at col of the current row ("" if the row is short). */
const char *bwm_csv_field(const bwm_csv *c, int col);
/* Parses the field at col as a finite number; errors name file, line, column. */
int bwm_csv_double(const bwm_csv *c, int col, double *out, bwm_err *err);
/* As bwm_csv_double, but an empty cell is NaN (how the tables write an
 * undefined value). */
int bwm_csv_double_or_nan(const bwm_csv *c, int col, double *out, bwm_err *err);
/* As bwm_csv_double, but an empty cell is 0: a results file's rate or mean
 * with nothing to divide by (`sim run` prints it empty, docs/vocabulary.md,
 * "Nothing to divide by"), which the computations took as 0. */
int bwm_csv_rate(const bwm_csv *c, int col, double *out, bwm_err *err);

/* Appends one CSV field to out, quoted (quotes doubled) when it holds a
 * comma, a quote, a newline or a carriage return, or starts with '#' (a
 * comment to the reader at the start of a line). */
void bwm_csv_put_field(bwm_buf *out, const char *s);

#endif
