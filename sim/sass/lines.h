/* lines.h — the lines of an Accel-Sim trace file, plain text or xz.
 *
 * A file is read in large blocks (never whole), through liblzma when it
 * starts with the xz magic bytes (whatever its name), and split into lines
 * in place: a line is handed out as a pointer into the reader's buffer,
 * valid until the next call.  A line longer than BWM_SASS_LINE_MAX bytes is
 * bad input at its line (so /dev/zero or a 1 GB line fail after
 * BWM_SASS_LINE_MAX bytes, allocating nothing more); so is a NUL byte, an
 * xz stream that is corrupt or cut short, or one whose decoder would need
 * more than BWM_SASS_XZ_MEMLIMIT bytes.  Lines end at '\n'; a '\r' before
 * it is dropped.  Every message names FILE:LINE. */
#ifndef BWM_SASS_LINES_H
#define BWM_SASS_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

#define BWM_SASS_LINE_MAX ((size_t)1 << 16)
#define BWM_SASS_XZ_MEMLIMIT ((uint64_t)256 << 20)

typedef struct bwm_sass_lines {
    char *path;         /* for messages (owned) */
    int fd;
    void *xz;           /* lzma_stream *, or NULL for plain text */
    uint8_t *in;        /* compressed bytes read and not yet decoded (xz) */
    size_t in_cap;
    int in_eof;         /* the file is exhausted */
    char *buf;          /* text: [pos, len) not yet handed out */
    size_t cap, pos, len;
    int eof;            /* no more text after buf */
    long line;          /* 1-based number of the line last handed out */
    uint64_t bytes;     /* text bytes handed out, newlines included */
} bwm_sass_lines;

/* Opens path (errors as io/infile.h says: BWM_EINPUT for a missing file or
 * a directory). */
int bwm_sass_lines_open(bwm_sass_lines *l, const char *path, bwm_err *err);
/* The next line (NUL-terminated, *len bytes, editable in place) in *text,
 * or *text = NULL at the end of the file. */
int bwm_sass_lines_next(bwm_sass_lines *l, char **text, size_t *len, bwm_err *err);
void bwm_sass_lines_close(bwm_sass_lines *l);

/* 1 when the bytes start an xz stream. */
int bwm_sass_is_xz(const uint8_t *b, size_t n);

#endif
