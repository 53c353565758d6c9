/* optval.c — typed option values (see optval.h). */
#include "sim/config/optval.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

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

int bwm_optval_int(bwm_optset *s, const char *name, int def, int lo, int hi, int *out,
                   bwm_err *err)
{
    const bwm_optent *e = bwm_optset_take(s, name);
    if (!e) {
        *out = def;
        return BWM_OK;
    }
    int64_t v;
    if (bwm_parse_i64(e->value, &v) != 0)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' is not an integer", e->value);
    if (v < lo || v > hi)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%lld is outside %d..%d", (long long)v, lo, hi);
    *out = (int)v;
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
