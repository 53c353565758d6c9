/* lines.c — plain or xz trace files read in blocks and split into lines
 * (see lines.h). */
#include "sim/sass/lines.h"

#include <errno.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/infile.h"

#define CHUNK ((size_t)1 << 20) /* bytes read or decoded at once */

static const uint8_t xz_magic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};

int bwm_sass_is_xz(const uint8_t *b, size_t n)
{
    return n >= sizeof xz_magic && memcmp(b, xz_magic, sizeof xz_magic) == 0;
}

/* Reads up to n bytes; 0 at the end of the file. */
static int read_some(bwm_sass_lines *l, uint8_t *dst, size_t n, size_t *got, bwm_err *err)
{
    ssize_t r;
    do
        r = read(l->fd, dst, n);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return bwm_fail(err, errno == EISDIR ? BWM_EINPUT : BWM_EFAIL, "%s: cannot read: %s", l->path,
                        strerror(errno));
    *got = (size_t)r;
    return BWM_OK;
}

static const char *xz_problem(lzma_ret r)
{
    switch (r) {
    case LZMA_FORMAT_ERROR:
        return "not an xz stream";
    case LZMA_OPTIONS_ERROR:
        return "xz options this liblzma does not support";
    case LZMA_DATA_ERROR:
        return "corrupt xz data";
    case LZMA_BUF_ERROR:
        return "the xz stream is cut short";
    case LZMA_MEMLIMIT_ERROR:
        return "the xz stream needs more memory than the reader allows (256 MiB)";
    case LZMA_MEM_ERROR:
        return "out of memory";
    default:
        return "xz decoding failed";
    }
}

/* Appends up to room bytes of text at buf + len: read or decoded. */
static int fill(bwm_sass_lines *l, size_t room, bwm_err *err)
{
    size_t got = 0;
    if (!l->xz) {
        int st = read_some(l, (uint8_t *)l->buf + l->len, room, &got, err);
        if (st != BWM_OK)
            return st;
        l->eof = got == 0;
        l->len += got;
        return BWM_OK;
    }
    lzma_stream *s = l->xz;
    s->next_out = (uint8_t *)l->buf + l->len;
    s->avail_out = room;
    while (s->avail_out == room) {
        if (s->avail_in == 0 && !l->in_eof) {
            int st = read_some(l, l->in, l->in_cap, &got, err);
            if (st != BWM_OK)
                return st;
            s->next_in = l->in;
            s->avail_in = got;
            l->in_eof = got == 0;
        }
        lzma_ret r = lzma_code(s, l->in_eof ? LZMA_FINISH : LZMA_RUN);
        if (r == LZMA_STREAM_END) {
            l->eof = 1;
            break;
        }
        if (r != LZMA_OK) {
            l->len += room - s->avail_out;
            return bwm_fail(err, r == LZMA_MEM_ERROR ? BWM_EFAIL : BWM_EINPUT, "%s:%ld: %s", l->path,
                            l->line + 1, xz_problem(r));
        }
    }
    l->len += room - s->avail_out;
    return BWM_OK;
}

int bwm_sass_lines_open(bwm_sass_lines *l, const char *path, bwm_err *err)
{
    memset(l, 0, sizeof *l);
    l->fd = -1;
    l->path = strdup(path);
    l->cap = CHUNK + BWM_SASS_LINE_MAX + 1;
    l->buf = malloc(l->cap);
    if (!l->path || !l->buf) {
        bwm_sass_lines_close(l);
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", path);
    }
    int st = bwm_infile_open_fd(path, &l->fd, err);
    if (st != BWM_OK) {
        bwm_sass_lines_close(l);
        return st;
    }
    /* the first bytes tell plain text from xz */
    size_t got = 0;
    while (st == BWM_OK && l->len < sizeof xz_magic) {
        st = read_some(l, (uint8_t *)l->buf + l->len, sizeof xz_magic - l->len, &got, err);
        if (st == BWM_OK && got == 0)
            break;
        l->len += got;
    }
    if (st == BWM_OK && bwm_sass_is_xz((const uint8_t *)l->buf, l->len)) {
        lzma_stream init = LZMA_STREAM_INIT;
        l->xz = malloc(sizeof(lzma_stream));
        l->in_cap = CHUNK;
        l->in = malloc(l->in_cap);
        if (!l->xz || !l->in)
            st = bwm_fail(err, BWM_EFAIL, "%s: out of memory", path);
        else {
            *(lzma_stream *)l->xz = init;
            if (lzma_stream_decoder(l->xz, BWM_SASS_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK)
                st = bwm_fail(err, BWM_EFAIL, "%s: cannot start the xz decoder", path);
        }
        if (st == BWM_OK) { /* the magic bytes go back to the decoder */
            memcpy(l->in, l->buf, l->len);
            ((lzma_stream *)l->xz)->next_in = l->in;
            ((lzma_stream *)l->xz)->avail_in = l->len;
            l->len = 0;
        }
    }
    if (st != BWM_OK)
        bwm_sass_lines_close(l);
    return st;
}

void bwm_sass_lines_close(bwm_sass_lines *l)
{
    if (l->xz) {
        lzma_end(l->xz);
        free(l->xz);
    }
    if (l->fd >= 0)
        close(l->fd);
    free(l->in);
    free(l->buf);
    free(l->path);
    memset(l, 0, sizeof *l);
    l->fd = -1;
}

int bwm_sass_lines_next(bwm_sass_lines *l, char **text, size_t *len, bwm_err *err)
{
    *text = NULL;
    *len = 0;
    for (;;) {
        char *start = l->buf + l->pos;
        size_t avail = l->len - l->pos;
        char *nl = memchr(start, '\n', avail < BWM_SASS_LINE_MAX + 1 ? avail : BWM_SASS_LINE_MAX + 1);
        size_t n = nl ? (size_t)(nl - start) : avail;
        if (n > BWM_SASS_LINE_MAX)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: line longer than %zu bytes: not a trace file", l->path,
                            l->line + 1, BWM_SASS_LINE_MAX);
        if (nl || (l->eof && avail > 0)) {
            if (memchr(start, '\0', n))
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: NUL byte: not a text file", l->path, l->line + 1);
            l->pos += n + (nl != NULL);
            l->bytes += n + (nl != NULL);
            l->line++;
            if (n > 0 && start[n - 1] == '\r')
                n--;
            start[n] = '\0';
            *text = start;
            *len = n;
            return BWM_OK;
        }
        if (l->eof)
            return BWM_OK;
        /* keep the partial line, make room behind it */
        memmove(l->buf, start, avail);
        l->pos = 0;
        l->len = avail;
        int st = fill(l, l->cap - 1 - l->len > CHUNK ? CHUNK : l->cap - 1 - l->len, err);
        if (st != BWM_OK)
            return st;
    }
}
