/* buf.c — growable text buffer (see buf.h). */
#include "util/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bwm_buf_init(bwm_buf *b)
{
    memset(b, 0, sizeof *b);
}

void bwm_buf_free(bwm_buf *b)
{
    free(b->data);
    bwm_buf_init(b);
}

void bwm_buf_clear(bwm_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

static int reserve(bwm_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void bwm_buf_append(bwm_buf *b, const char *s, size_t n)
{
    if (reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void bwm_buf_puts(bwm_buf *b, const char *s)
{
    bwm_buf_append(b, s, strlen(s));
}

void bwm_buf_printf(bwm_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *bwm_buf_str(const bwm_buf *b)
{
    return b->data ? b->data : "";
}

int bwm_buf_ok(const bwm_buf *b)
{
    return !b->failed;
}
