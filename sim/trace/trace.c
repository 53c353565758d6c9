/* trace.c — streamed trace reader (see trace.h). */
#include "sim/trace/trace.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/infile.h"

#ifdef BWM_HAVE_ZLIB
#include <zlib.h>
#endif

static const struct {
    const char *token;
    bwm_trace_kind kind;
    int is_write;
} ops[] = {
    {"R", BWM_TRACE_UNTIMED, 0},     {"W", BWM_TRACE_UNTIMED, 1},
    {"READ", BWM_TRACE_TIMED, 0},    {"WRITE", BWM_TRACE_TIMED, 1},
    {"P_MEM_RD", BWM_TRACE_TIMED, 0}, {"P_FETCH", BWM_TRACE_TIMED, 0},
    {"P_MEM_WR", BWM_TRACE_TIMED, 1},
};

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits text into at most max whitespace-separated tokens (in place);
 * returns the count, or max + 1 if there are more. */
static int tokenize(char *text, char **tok, int max)
{
    int n = 0;
    char *p = text;
    for (;;) {
        while (is_space(*p))
            p++;
        if (*p == '\0' || *p == '#')
            return n;
        if (n == max)
            return max + 1;
        tok[n++] = p;
        while (*p && !is_space(*p) && *p != '#')
            p++;
        if (*p == '#') {
            *p = '\0';
            return n;
        }
        if (*p)
            *p++ = '\0';
    }
}

static int parse_addr(const char *s, uint64_t *out)
{
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || s[2] == '\0' || strlen(s + 2) > 16)
        return -1;
    uint64_t v = 0;
    for (const char *p = s + 2; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

static int parse_cycle(const char *s, int64_t *out)
{
    int64_t v = 0;
    if (*s == '\0')
        return -1;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9' || v > (INT64_MAX / 4 - 9) / 10)
            return -1;
        v = v * 10 + (*p - '0');
    }
    *out = v;
    return 0;
}

static const char *expected(bwm_trace_kind kind)
{
    return kind == BWM_TRACE_UNTIMED ? "R or W" : "READ or WRITE";
}

int bwm_trace_parse_line(char *text, bwm_trace_rec *rec, bwm_err *err)
{
    char *tok[3];
    int n = tokenize(text, tok, 3);
    if (n == 0)
        return 0;
    if (n == 1 || n > 3) {
        bwm_fail(err, BWM_EINPUT, "expected '0xADDR R|W' or '0xADDR READ|WRITE CYCLE', got %s%d fields",
                 n > 3 ? "more than " : "", n > 3 ? 3 : n);
        return -1;
    }
    bwm_trace_kind line_kind = n == 2 ? BWM_TRACE_UNTIMED : BWM_TRACE_TIMED;
    if (parse_addr(tok[0], &rec->addr) != 0) {
        bwm_fail(err, BWM_EINPUT, "bad address '%s' (expected 0x and 1 to 16 hex digits)", tok[0]);
        return -1;
    }
    size_t k;
    for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (ops[k].kind == line_kind && strcmp(ops[k].token, tok[1]) == 0)
            break;
    if (k == sizeof ops / sizeof ops[0]) {
        bwm_fail(err, BWM_EINPUT, "unknown request type '%s' (expected %s)", tok[1], expected(line_kind));
        return -1;
    }
    rec->is_write = ops[k].is_write;
    rec->cycle = -1;
    if (line_kind == BWM_TRACE_TIMED && parse_cycle(tok[2], &rec->cycle) != 0) {
        bwm_fail(err, BWM_EINPUT, "bad cycle '%s' (expected a non-negative integer)", tok[2]);
        return -1;
    }
    return 1;
}

int bwm_trace_open(bwm_trace *t, const char *path, bwm_err *err)
{
    memset(t, 0, sizeof *t);
    int is_stdin = strcmp(path, "-") == 0;
    t->name = is_stdin ? "stdin" : path;
#ifdef BWM_HAVE_ZLIB
    int fd = -1;
    if (is_stdin && (fd = dup(STDIN_FILENO)) < 0)
        return bwm_fail(err, BWM_EFAIL, "stdin: cannot read: %s", strerror(errno));
    if (!is_stdin) {
        int st = bwm_infile_open_fd(path, &fd, err);
        if (st != BWM_OK)
            return st;
    }
    gzFile gz = gzdopen(fd, "rb");
    if (!gz) {
        close(fd);
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", t->name);
    }
    gzbuffer(gz, 1 << 16);
    t->src = gz;
    t->gz = 1;
#else
    FILE *f = stdin;
    if (!is_stdin) {
        int st = bwm_infile_open(path, &f, err);
        if (st != BWM_OK)
            return st;
    }
    int c0 = getc(f), c1 = c0 == EOF ? EOF : getc(f);
    if (c0 == 0x1f && c1 == 0x8b) {
        if (!is_stdin)
            fclose(f);
        return bwm_fail(err, BWM_EINPUT, "%s: gzip-compressed trace, but bwmpki was built without zlib",
                        t->name);
    }
    if (c1 != EOF)
        ungetc(c1, f);
    if (c0 != EOF)
        ungetc(c0, f);
    t->src = f;
#endif
    t->last_cycle = -1;
    return BWM_OK;
}

void bwm_trace_close(bwm_trace *t)
{
    if (!t->src)
        return;
#ifdef BWM_HAVE_ZLIB
    if (t->gz)
        gzclose((gzFile)t->src);
#endif
    if (!t->gz && t->src != (void *)stdin)
        fclose((FILE *)t->src);
    t->src = NULL;
}

/* The reader's state after a read: a gzip stream that stops before its
 * end, corrupt data or a failed read is an error naming the file. */
static int read_state(const bwm_trace *t, bwm_err *err)
{
#ifdef BWM_HAVE_ZLIB
    if (t->gz) {
        int zerr = Z_OK;
        const char *msg = gzerror((gzFile)t->src, &zerr);
        /* zlib reports a stream that stops before its end (a cut file, or
         * one without its trailer) as Z_BUF_ERROR, after handing out what it
         * could decompress: none of that is trusted as trace lines. */
        if (zerr == Z_BUF_ERROR)
            return bwm_fail(err, BWM_EINPUT, "%s: the gzip data ends early (file cut short?)", t->name);
        if (zerr == Z_ERRNO)
            return bwm_fail(err, BWM_EFAIL, "%s: read error: %s", t->name, strerror(errno));
        if (zerr != Z_OK) {
            /* msg is "PATH: REASON"; zlib's reasons hold no ": ". */
            for (const char *p = strstr(msg, ": "); p; p = strstr(p + 2, ": "))
                msg = p + 2;
            return bwm_fail(err, BWM_EINPUT, "%s: corrupt gzip data (%s)", t->name, msg);
        }
        return BWM_OK;
    }
#endif
    if (ferror((FILE *)t->src))
        return bwm_fail(err, BWM_EFAIL, "%s: read error: %s", t->name, strerror(errno));
    return BWM_OK;
}

/* Reads the next piece of the source into t->in (none at the end). */
static int refill(bwm_trace *t, bwm_err *err)
{
    size_t n;
#ifdef BWM_HAVE_ZLIB
    if (t->gz) {
        int k = gzread((gzFile)t->src, t->in, sizeof t->in);
        n = k > 0 ? (size_t)k : 0;
    } else
#endif
        n = fread(t->in, 1, sizeof t->in, (FILE *)t->src);
    t->in_pos = 0;
    t->in_len = n;
    t->in_end = n == 0;
    return read_state(t, err);
}

/* Reads one line into t->buf (without its newline); *got is 0 at the end.
 * Lines are cut at '\n' in t->in, so a NUL byte is seen wherever it is. */
static int read_line(bwm_trace *t, int *got, bwm_err *err)
{
    size_t len = 0;
    int newline = 0;
    *got = 0;
    while (!newline) {
        if (t->in_pos == t->in_len) {
            int st = t->in_end ? BWM_OK : refill(t, err);
            if (st != BWM_OK)
                return st;
            if (t->in_end)
                break;
        }
        const char *p = t->in + t->in_pos;
        size_t avail = t->in_len - t->in_pos;
        const char *nl = memchr(p, '\n', avail);
        size_t take = nl ? (size_t)(nl - p) : avail;
        if (len + take > BWM_TRACE_LINE_MAX)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: line longer than %d characters", t->name, t->line + 1,
                            BWM_TRACE_LINE_MAX);
        memcpy(t->buf + len, p, take);
        len += take;
        t->in_pos += take + (nl != NULL);
        newline = nl != NULL;
    }
    if (len == 0 && !newline)
        return BWM_OK;
    t->line++;
    t->buf[len] = '\0';
    if (memchr(t->buf, '\0', len))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: NUL byte: not a text trace", t->name, t->line);
    *got = 1;
    return BWM_OK;
}

int bwm_trace_next(bwm_trace *t, bwm_trace_rec *rec, int *got, bwm_err *err)
{
    *got = 0;
    for (;;) {
        int line_read;
        int st = read_line(t, &line_read, err);
        if (st != BWM_OK)
            return st;
        if (!line_read) {
            if (t->records == 0)
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: empty trace (no requests)", t->name,
                                t->line > 0 ? t->line : 1);
            return BWM_OK;
        }
        bwm_err why;
        int p = bwm_trace_parse_line(t->buf, rec, &why);
        if (p < 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s", t->name, t->line, why.msg);
        if (p == 0)
            continue;
        bwm_trace_kind kind = rec->cycle >= 0 ? BWM_TRACE_TIMED : BWM_TRACE_UNTIMED;
        if (t->kind == BWM_TRACE_NONE) {
            t->kind = kind;
            t->kind_line = t->line;
        } else if (kind != t->kind) {
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s line, but line %ld made this %s trace "
                            "(one format per file)", t->name, t->line,
                            kind == BWM_TRACE_TIMED ? "a timed 'ADDR READ|WRITE CYCLE'" : "an untimed 'ADDR R|W'",
                            t->kind_line, t->kind == BWM_TRACE_TIMED ? "a timed" : "an untimed");
        }
        if (rec->cycle >= 0) {
            if (rec->cycle < t->last_cycle)
                return bwm_fail(err, BWM_EINPUT,
                                "%s:%ld: cycle %lld goes back in time (an earlier request is at cycle %lld)",
                                t->name, t->line, (long long)rec->cycle, (long long)t->last_cycle);
            t->last_cycle = rec->cycle;
        }
        rec->line = t->line;
        t->records++;
        *got = 1;
        return BWM_OK;
    }
}
