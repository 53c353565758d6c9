/* optval.c — typed option values (see optval.h). */
#include "sim/config/optval.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/num.h"

int bwm_optval_fail(const bwm_optent *e, int extra_lines, bwm_err *err, int status,
                    const char *fmt, ...)
{
    char msg[BWM_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bwm_fail(err, status, "%s:%d: option %s: %s", e->origin, e->line + extra_lines, e->name,
                    msg);
}

int bwm_optval_fail_at(const bwm_optent *e, const char *name, bwm_err *err, const char *fmt, ...)
{
    char msg[BWM_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!e)
        return bwm_fail(err, BWM_EINPUT, "option %s (default): %s", name, msg);
    return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%s", msg);
}

int bwm_optval_int(bwm_optset *s, const char *name, int def, int lo, int hi, int *out,
                   bwm_err *err)
{
    const bwm_optent *e = bwm_optset_take(s, name);
    if (!e) {
        *out = def;
        return BWM_OK;
    }
    int64_t v;
    char why[BWM_ERR_MAX];
    if (bwm_parse_i64_in(e->value, lo, hi, &v, why, sizeof why))
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%s", why);
    *out = (int)v;
    return BWM_OK;
}

int bwm_optval_positive(bwm_optset *s, const char *name, double def, double *out, bwm_err *err)
{
    const bwm_optent *e = bwm_optset_take(s, name);
    if (!e) {
        *out = def;
        return BWM_OK;
    }
    double v;
    if (bwm_parse_double(e->value, &v) != 0)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' %s", e->value, bwm_parse_double_why(e->value));
    if (!(v > 0))
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%g must be > 0", v);
    *out = v;
    return BWM_OK;
}

void bwm_optval_str(bwm_optset *s, const char *name, const char *def, const char **out,
                    const bwm_optent **ent)
{
    const bwm_optent *e = bwm_optset_take(s, name);
    *out = e ? e->value : def;
    if (ent)
        *ent = e;
}

const char *bwm_optval_alias(const bwm_optset *s, const char *name, const char *old_name)
{
    return bwm_optset_find(s, name) || !bwm_optset_find(s, old_name) ? name : old_name;
}

/* Whether a was given after b: in a later origin (a later file, or the
 * overrides, read after the files), or later in the same one. */
static int given_after(const bwm_optset *s, const bwm_optent *a, const bwm_optent *b)
{
    int ra = bwm_optset_origin_rank(s, a->origin), rb = bwm_optset_origin_rank(s, b->origin);
    if (ra != rb)
        return ra > rb;
    return a->line > b->line;
}

const bwm_optent *bwm_optval_last_given(const bwm_optset *s, const char *const *names, size_t n)
{
    const bwm_optent *last = NULL;
    for (size_t i = 0; i < n; i++) {
        const bwm_optent *e = bwm_optset_find(s, names[i]);
        if (e && (!last || given_after(s, e, last)))
            last = e;
    }
    return last;
}

int bwm_optval_ints(bwm_optset *s, const char *name, const char *def, char sep, int min_n, int max_n, int lo,
                    int hi, int *out, int *n, bwm_err *err)
{
    const bwm_optent *e;
    const char *text;
    bwm_optval_str(s, name, def, &text, &e);
    char buf[256];
    char *field[64];
    int k = max_n <= 64 ? bwm_split(text, sep, buf, sizeof buf, field, max_n) : -1;
    if (k < min_n) {
        if (!e)
            return bwm_fail(err, BWM_EINPUT, "option %s (default '%s'): expected %d to %d integers separated by '%c'",
                            name, def, min_n, max_n, sep);
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s': expected %d to %d integers separated by '%c'", text,
                               min_n, max_n, sep);
    }
    for (int i = 0; i < k; i++) {
        int64_t v;
        char why[BWM_ERR_MAX];
        if (bwm_parse_i64_in(field[i], lo, hi, &v, why, sizeof why))
            return bwm_optval_fail_at(e, name, err, "%s", why);
        out[i] = (int)v;
    }
    *n = k;
    return BWM_OK;
}
