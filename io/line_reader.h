/* line_reader.h — a text input read line by line, with bounds.
 *
 * Every text input (CSV tables, configuration files, GPGPU-Sim logs) is
 * read through here, so no input can make a command read without end: a
 * line longer than BWM_LINE_MAX bytes, or holding a NUL byte (not text), is
 * bad input at its line, found as soon as the byte that breaks it is read —
 * `/dev/zero` fails at line 1 at once, a 3 GB one-line file after 1 MiB.
 * Lines end at '\n'; a '\r' before it is dropped.  A UTF-8 byte-order mark
 * at the start (which some editors write) is bad input at line 1, named. */
#ifndef BWM_LINE_READER_H
#define BWM_LINE_READER_H

#include <stddef.h>
#include <stdio.h>

#include "util/status.h"

#define BWM_LINE_MAX ((size_t)1 << 20)

typedef struct bwm_line_reader {
    FILE *f;
    const char *path;   /* for messages; must outlive the reader */
    long line;          /* 1-based number of the line last read */
    char *text;         /* that line, NUL-terminated */
    size_t len, cap;
} bwm_line_reader;

void bwm_line_reader_init(bwm_line_reader *r, FILE *f, const char *path);
void bwm_line_reader_free(bwm_line_reader *r);

/* Reads the next line into r->text (r->len bytes); *got is 0 at the end of
 * the input.  A line too long or holding a NUL byte, or a byte-order mark
 * starting the input, is BWM_EINPUT naming PATH:LINE; a read error or no
 * memory BWM_EFAIL. */
int bwm_line_next(bwm_line_reader *r, int *got, bwm_err *err);

#endif
