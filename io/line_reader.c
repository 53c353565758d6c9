/* line_reader.c — bounded line-by-line reading (see line_reader.h). */
#include "io/line_reader.h"

#include <stdlib.h>
#include <string.h>

void bwm_line_reader_init(bwm_line_reader *r, FILE *f, const char *path)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->path = path;
}

void bwm_line_reader_free(bwm_line_reader *r)
{
    free(r->text);
    r->text = NULL;
    r->cap = r->len = 0;
}

/* Room for one more byte and the terminator; -1 out of memory. */
static int reserve(bwm_line_reader *r)
{
    if (r->len + 2 <= r->cap)
        return 0;
    size_t cap = r->cap ? r->cap * 2 : 256;
    char *p = realloc(r->text, cap);
    if (!p)
        return -1;
    r->text = p;
    r->cap = cap;
    return 0;
}

int bwm_line_next(bwm_line_reader *r, int *got, bwm_err *err)
{
    *got = 0;
    r->len = 0;
    int ch;
    while ((ch = getc(r->f)) != EOF && ch != '\n') {
        if (ch == '\0')
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: NUL byte: not a text file", r->path, r->line + 1);
        if (r->len >= BWM_LINE_MAX)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: line longer than %zu bytes: not a text file of this kind",
                            r->path, r->line + 1, BWM_LINE_MAX);
        if (reserve(r) != 0)
            return bwm_fail(err, BWM_EFAIL, "%s: out of memory", r->path);
        r->text[r->len++] = (char)ch;
    }
    if (ferror(r->f))
        return bwm_fail(err, BWM_EFAIL, "%s: read error", r->path);
    if (ch == EOF && r->len == 0)
        return BWM_OK;
    if (reserve(r) != 0)
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", r->path);
    if (r->len > 0 && r->text[r->len - 1] == '\r')
        r->len--;
    r->text[r->len] = '\0';
    if (r->line == 0 && r->len >= 3 && memcmp(r->text, "\xEF\xBB\xBF", 3) == 0)
        return bwm_fail(err, BWM_EINPUT, "%s:1: the file starts with a UTF-8 byte-order mark (bytes EF BB BF), "
                        "which would be read as part of its first line: save it without the mark", r->path);
    r->line++;
    *got = 1;
    return BWM_OK;
}
