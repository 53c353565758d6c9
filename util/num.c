/* num.c — strict number parsing (see num.h). */
#include "util/num.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_blank(const char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    return *s == '\0';
}

#define NOT_FINITE "is not a finite number"

/* s as a finite decimal into *out: NULL, or why not (bwm_parse_double_why). */
static const char *parse_decimal(const char *s, double *out)
{
    if (!s || is_blank(s))
        return NOT_FINITE;
    /* strtod accepts "nan", "inf" and hex floats; we accept decimal only. */
    for (const char *p = s; *p; p++)
        if (isalpha((unsigned char)*p) && *p != 'e' && *p != 'E')
            return NOT_FINITE;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || !is_blank(end))
        return NOT_FINITE;
    if (errno == ERANGE && fabs(v) < 1.0)
        return "underflows: its magnitude is below 2.2e-308, the smallest normal double (write 0 if zero is meant)";
    if (errno == ERANGE || !isfinite(v))
        return "overflows: its magnitude is above 1.8e308, the largest double";
    *out = v;
    return NULL;
}

int bwm_parse_double(const char *s, double *out)
{
    return parse_decimal(s, out) ? -1 : 0;
}

const char *bwm_parse_double_why(const char *s)
{
    double v;
    const char *why = parse_decimal(s, &v);
    return why ? why : NOT_FINITE;
}

int bwm_parse_i64(const char *s, int64_t *out)
{
    if (!s || is_blank(s))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno == ERANGE || !is_blank(end))
        return -1;
    *out = (int64_t)v;
    return 0;
}

int bwm_parse_i64_overflows(const char *s)
{
    if (!s || is_blank(s))
        return 0;
    char *end;
    errno = 0;
    (void)strtoll(s, &end, 10);
    return end != s && errno == ERANGE && is_blank(end);
}

const char *bwm_parse_i64_in(const char *s, int64_t lo, int64_t hi, int64_t *out, char *why, size_t n)
{
    int64_t v;
    if (bwm_parse_i64(s, &v) != 0) {
        if (bwm_parse_i64_overflows(s))
            snprintf(why, n, "'%s' is out of range %" PRId64 "..%" PRId64, s, lo, hi);
        else
            snprintf(why, n, "'%s' is not an integer", s ? s : "");
        return why;
    }
    if (v < lo || v > hi) {
        snprintf(why, n, "%" PRId64 " is out of range %" PRId64 "..%" PRId64, v, lo, hi);
        return why;
    }
    *out = v;
    return NULL;
}

int bwm_whole_in(double v, int64_t lo, int64_t hi, int64_t *out)
{
    /* -2^63 <= v < 2^63 first: only then is the conversion defined. */
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0) || v != floor(v))
        return -1;
    int64_t i = (int64_t)v;
    if (i < lo || i > hi)
        return -1;
    *out = i;
    return 0;
}

int bwm_split(const char *s, char sep, char *buf, size_t bufsz, char **pieces,
              size_t max)
{
    size_t len = strlen(s);
    if (len + 1 > bufsz)
        return -1;
    memcpy(buf, s, len + 1);
    size_t n = 0;
    char *p = buf;
    for (;;) {
        if (n == max)
            return -1;
        pieces[n++] = p;
        char *q = strchr(p, sep);
        if (!q)
            break;
        *q = '\0';
        p = q + 1;
    }
    return (int)n;
}

int bwm_parse_double_list(const char *s, double *out, size_t max, size_t *n,
                          size_t *bad)
{
    char buf[4096];
    char *pieces[256];
    size_t cap = max < 256 ? max : 256;
    int k = bwm_split(s, ',', buf, sizeof buf, pieces, cap);
    if (k < 0)
        return -2;
    for (int i = 0; i < k; i++) {
        if (bwm_parse_double(pieces[i], &out[i]) != 0) {
            if (bad)
                *bad = (size_t)i;
            return -1;
        }
    }
    *n = (size_t)k;
    return 0;
}
