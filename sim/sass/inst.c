/* inst.c — the tokenizer of an instruction line (see inst.h): one pass
 * over the bytes, no library calls per field. */
#include "sim/sass/inst.h"

#include <stdlib.h>
#include <string.h>

/* hexadecimal digit values, -1 for other bytes */
static const int8_t hexval[256] = {
    ['0'] = 0 + 1, ['1'] = 1 + 1, ['2'] = 2 + 1, ['3'] = 3 + 1, ['4'] = 4 + 1, ['5'] = 5 + 1,
    ['6'] = 6 + 1, ['7'] = 7 + 1, ['8'] = 8 + 1, ['9'] = 9 + 1, ['a'] = 10 + 1, ['b'] = 11 + 1,
    ['c'] = 12 + 1, ['d'] = 13 + 1, ['e'] = 14 + 1, ['f'] = 15 + 1, ['A'] = 10 + 1, ['B'] = 11 + 1,
    ['C'] = 12 + 1, ['D'] = 13 + 1, ['E'] = 14 + 1, ['F'] = 15 + 1,
}; /* stored plus one: 0 means not a digit */

static inline int is_sep(char c)
{
    return c == ' ' || c == '\t';
}

static inline const char *skip(const char *p)
{
    while (is_sep(*p))
        p++;
    return p;
}

/* The field at p, for messages. */
static int field_len(const char *p)
{
    int n = 0;
    while (p[n] && !is_sep(p[n]) && n < 40)
        n++;
    return n;
}

/* An address field starts with 0x, as the tracer writes every address
 * (which tells an address from a trailing immediate). */
static inline int is_0x(const char *p)
{
    return p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
}

/* A hexadecimal field of at most max_digits digits (0x optional). */
static inline int hex_field(const char **pp, int max_digits, uint64_t *out)
{
    const char *p = *pp;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    uint64_t v = 0;
    int n = 0, d;
    while ((d = hexval[(uint8_t)*p]) != 0) {
        v = v << 4 | (uint64_t)(d - 1);
        p++;
        n++;
    }
    if (n == 0 || n > max_digits || (*p && !is_sep(*p)))
        return -1;
    *out = v;
    *pp = p;
    return 0;
}

/* A decimal field, optionally signed, in [lo, hi]. */
static inline int dec_field(const char **pp, int64_t lo, int64_t hi, int64_t *out)
{
    const char *p = *pp;
    int neg = *p == '-';
    if (neg || *p == '+')
        p++;
    uint64_t v = 0;
    int n = 0;
    while (*p >= '0' && *p <= '9') {
        if (v > (uint64_t)INT64_MAX / 10)
            return -1;
        v = v * 10 + (uint64_t)(*p++ - '0');
        n++;
    }
    if (n == 0 || (*p && !is_sep(*p)) || v > (uint64_t)INT64_MAX)
        return -1;
    int64_t s = neg ? -(int64_t)v : (int64_t)v;
    if (s < lo || s > hi)
        return -1;
    *out = s;
    *pp = p;
    return 0;
}

static inline int reg_field(const char **pp, uint8_t *out)
{
    const char *p = *pp;
    if (*p != 'R')
        return -1;
    p++;
    int64_t v;
    if (dec_field(&p, 0, 255, &v) != 0 || (*pp)[1] == '-' || (*pp)[1] == '+')
        return -1;
    *out = (uint8_t)v;
    *pp = p;
    return 0;
}

static int bad(bwm_err *err, const char *what, const char *p)
{
    if (!*p)
        return bwm_fail(err, BWM_EINPUT, "the line ends before its %s", what);
    return bwm_fail(err, BWM_EINPUT, "bad %s '%.*s'", what, field_len(p), p);
}

/* Room for n more addresses in the arena. */
static int reserve(const bwm_sass_line_ctx *c, size_t n)
{
    if (*c->n_addrs + n <= *c->cap_addrs)
        return 0;
    size_t cap = *c->cap_addrs ? *c->cap_addrs : 1024;
    while (cap < *c->n_addrs + n)
        cap *= 2;
    if (cap > UINT32_MAX)
        return -1;
    uint64_t *a = realloc(*c->addrs, cap * sizeof *a);
    if (!a)
        return -1;
    *c->addrs = a;
    *c->cap_addrs = cap;
    return 0;
}

/* The v3 prefix "X Y Z WARP", checked against where the line is. */
static int prefix(const char **pp, const bwm_sass_line_ctx *c, bwm_err *err)
{
    int64_t v[4];
    const char *p = *pp;
    for (int i = 0; i < 4; i++) {
        if (dec_field(&p, 0, UINT32_MAX, &v[i]) != 0)
            return bad(err, "block/warp prefix field", p);
        p = skip(p);
    }
    if ((uint64_t)v[0] != c->block[0] || (uint64_t)v[1] != c->block[1] || (uint64_t)v[2] != c->block[2] ||
        (uint64_t)v[3] != c->warp)
        return bwm_fail(err, BWM_EINPUT,
                        "the line's prefix names block (%lld,%lld,%lld) warp %lld, but it is listed under block "
                        "(%u,%u,%u) warp %u",
                        (long long)v[0], (long long)v[1], (long long)v[2], (long long)v[3], c->block[0],
                        c->block[1], c->block[2], c->warp);
    *pp = p;
    return BWM_OK;
}

/* 1 when a version-3 line starts with the block/warp prefix: its fourth
 * field is then the warp (a number), otherwise a register or an opcode. */
static int has_prefix(const char *p)
{
    for (int i = 0; i < 3; i++) {
        while (*p && !is_sep(*p))
            p++;
        p = skip(p);
    }
    return *p >= '0' && *p <= '9';
}

static int addresses(const char **pp, const bwm_sass_line_ctx *c, bwm_sass_inst *in, bwm_err *err)
{
    const char *p = *pp;
    int64_t mode, v;
    if (dec_field(&p, 0, 1000, &mode) != 0)
        return bad(err, "address mode", p);
    if (mode > BWM_SASS_BASE_DELTA)
        return bwm_fail(err, BWM_EINPUT, "address mode %lld is not read here (0 list, 1 base+stride, 2 base+deltas)",
                        (long long)mode);
    in->addr_mode = (uint8_t)mode;
    int n = __builtin_popcount(in->mask);
    if (reserve(c, (size_t)n) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory for addresses");
    uint64_t *a = n ? *c->addrs + *c->n_addrs : NULL; /* no lane: the arena may not exist yet */
    in->addr = (uint32_t)*c->n_addrs;
    in->n_addr = (uint8_t)n;
    p = skip(p);
    if (mode == BWM_SASS_LIST) {
        for (int k = 0; k < n; k++) {
            if (!is_0x(p))
                return bwm_fail(err, BWM_EINPUT, "%d addresses listed for a mask of %d active lanes", k, n);
            if (hex_field(&p, 16, &a[k]) != 0)
                return bad(err, "address", p);
            p = skip(p);
        }
        if (is_0x(p))
            return bwm_fail(err, BWM_EINPUT, "more addresses listed than the mask's %d active lanes", n);
    } else {
        uint64_t base;
        if (!is_0x(p) || hex_field(&p, 16, &base) != 0)
            return bad(err, "base address", p);
        p = skip(p);
        if (mode == BWM_SASS_BASE_STRIDE) {
            if (dec_field(&p, INT32_MIN, INT32_MAX, &v) != 0)
                return bad(err, "stride", p);
            p = skip(p);
            for (int k = 0; k < n; k++)
                a[k] = base + (uint64_t)k * (uint64_t)v;
        } else {
            if (n > 0)
                a[0] = base;
            for (int k = 1; k < n; k++) {
                if (!*p)
                    return bwm_fail(err, BWM_EINPUT, "%d address deltas for a mask of %d active lanes (expected %d)",
                                    k - 1, n, n - 1);
                if (dec_field(&p, INT64_MIN + 1, INT64_MAX, &v) != 0)
                    return bad(err, "address delta", p);
                a[k] = a[k - 1] + (uint64_t)v;
                p = skip(p);
            }
        }
    }
    *c->n_addrs += (size_t)n;
    *pp = p;
    return BWM_OK;
}

int bwm_sass_parse_inst(const char *text, const bwm_sass_line_ctx *c, bwm_sass_inst *in, bwm_err *err)
{
    const char *p = skip(text);
    int64_t v;
    uint64_t u;
    memset(in, 0, sizeof *in);
    if (c->tracer_version <= 3 && has_prefix(p)) {
        int st = prefix(&p, c, err);
        if (st != BWM_OK)
            return st;
    }
    if (c->lineinfo && c->tracer_version >= 4) {
        if (dec_field(&p, 0, UINT32_MAX, &v) != 0)
            return bad(err, "source line number", p);
        in->line_num = (uint32_t)v;
        p = skip(p);
    }
    if (hex_field(&p, 8, &u) != 0)
        return bad(err, "PC (hexadecimal)", p);
    in->pc = (uint32_t)u;
    p = skip(p);
    if (hex_field(&p, 8, &u) != 0)
        return bad(err, "active mask (8 hexadecimal digits at most)", p);
    in->mask = (uint32_t)u;
    p = skip(p);
    if (dec_field(&p, 0, BWM_SASS_MAX_DST, &v) != 0)
        return bad(err, "destination count (0 to 2)", p);
    in->n_dst = (uint8_t)v;
    for (int i = 0; i < in->n_dst; i++) {
        p = skip(p);
        if (reg_field(&p, &in->dst[i]) != 0)
            return bad(err, "destination register (R0 to R255)", p);
    }
    p = skip(p);
    const char *op = p;
    while (*p && !is_sep(*p))
        p++;
    if (p == op || !((*op >= 'A' && *op <= 'Z') || (*op >= 'a' && *op <= 'z')))
        return bad(err, "opcode", op);
    int id = bwm_sass_opcode_id(c->ops, op, (size_t)(p - op));
    if (id < 0)
        return bwm_fail(err, BWM_EINPUT, "opcode '%.*s': longer than %d bytes, or more than %d distinct opcodes",
                        field_len(op), op, BWM_SASS_OPCODE_MAX - 1, BWM_SASS_MAX_OPCODES);
    in->op = (uint16_t)id;
    p = skip(p);
    if (dec_field(&p, 0, BWM_SASS_MAX_SRC, &v) != 0)
        return bad(err, "source count (0 to 5)", p);
    in->n_src = (uint8_t)v;
    for (int i = 0; i < in->n_src; i++) {
        p = skip(p);
        if (reg_field(&p, &in->src[i]) != 0)
            return bad(err, "source register (R0 to R255)", p);
    }
    p = skip(p);
    if (dec_field(&p, 0, UINT16_MAX, &v) != 0)
        return bad(err, "memory width", p);
    in->mem_width = (uint16_t)v;
    p = skip(p);
    if (in->mem_width > 0) {
        int st = addresses(&p, c, in, err);
        if (st != BWM_OK)
            return st;
    }
    if (*p && c->tracer_version >= 4) {
        if (dec_field(&p, INT32_MIN, INT32_MAX, &v) != 0)
            return bad(err, "immediate", p);
        in->imm = (int32_t)v;
        p = skip(p);
    }
    if (*p)
        return bwm_fail(err, BWM_EINPUT, "unexpected field '%.*s' after the instruction%s", field_len(p), p,
                        in->mem_width ? " (more addresses than the mask's active lanes?)" : "");
    return BWM_OK;
}
