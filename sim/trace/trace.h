/* trace.h — streamed reading of DRAM request traces.
 *
 * Two formats, one per file: Ramulator's "0xADDR R|W" (untimed) and
 * DRAMSim's "0xADDR READ|WRITE CYCLE" (timed, CYCLE in DRAM cycles, never
 * decreasing; DRAMSim's k6 names P_MEM_RD, P_FETCH and P_MEM_WR are accepted
 * too).  '#' starts a comment; blank lines are skipped.  The file is read a
 * line at a time (never loaded whole), from a path or standard input ("-"),
 * gzip-compressed when built with zlib.  A line holding a NUL byte is not
 * text and is refused.  Every error names FILE:LINE. */
#ifndef BWM_TRACE_H
#define BWM_TRACE_H

#include <stdint.h>

#include "util/status.h"

#define BWM_TRACE_LINE_MAX 1024

typedef enum bwm_trace_kind { BWM_TRACE_NONE, BWM_TRACE_UNTIMED, BWM_TRACE_TIMED } bwm_trace_kind;

typedef struct bwm_trace_rec {
    uint64_t addr;
    int is_write;
    int64_t cycle; /* -1 for untimed records */
    long line;     /* line number in the file */
} bwm_trace_rec;

typedef struct bwm_trace {
    const char *name;    /* for messages: the path, or "stdin" */
    void *src;           /* FILE * or gzFile */
    int gz;              /* src is a gzFile */
    long line;           /* lines read so far */
    bwm_trace_kind kind; /* fixed by the first record */
    long kind_line;      /* the line that fixed it */
    int64_t last_cycle;
    uint64_t records;
    char buf[BWM_TRACE_LINE_MAX + 1];  /* the current line */
    char in[1 << 14];                  /* what was read and not yet split into lines */
    size_t in_pos, in_len;
    int in_end;                        /* the source is exhausted */
} bwm_trace;

/* Opens path ("-" = standard input) through io/infile.h.  Errors:
 * BWM_EINPUT (cannot open, a directory, or gzip without zlib). */
int bwm_trace_open(bwm_trace *t, const char *path, bwm_err *err);
/* Reads the next record: BWM_OK with *got = 1, or *got = 0 at the end; a bad
 * line, or a trace without any record, is BWM_EINPUT "FILE:LINE: ...".  A
 * gzip stream that stops before its end (cut short, or without its trailer)
 * or holds corrupt data is BWM_EINPUT "FILE: ..."; a failed read BWM_EFAIL. */
int bwm_trace_next(bwm_trace *t, bwm_trace_rec *rec, int *got, bwm_err *err);
void bwm_trace_close(bwm_trace *t);

/* Parses one line's text (no newline; tokenised in place) in either format
 * (rec->cycle is -1 for an untimed line).  Returns 1 with a record, 0 for a
 * blank or comment line, -1 with a message (without FILE:LINE) in err. */
int bwm_trace_parse_line(char *text, bwm_trace_rec *rec, bwm_err *err);

#endif
