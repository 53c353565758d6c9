/* timing_opt.c — parsing -gpgpu_dram_timing_opt (see timing_opt.h). */
#include "sim/config/timing_opt.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sim/config/rx.h"
#include "util/num.h"

typedef struct timing_vals {
    int nbk, nbkgrp;
    bwm_dram_timing t;
} timing_vals;

typedef struct timing_key {
    const char *name;
    size_t off;   /* offset in timing_vals */
    int min;      /* smallest value allowed */
    int required;
} timing_key;

#define TK(field, min, req) {#field, offsetof(timing_vals, t.field), min, req}
/* The legacy ordered form lists the first 14 keys in this order. */
static const timing_key keys[] = {
    {"nbk", offsetof(timing_vals, nbk), 1, 1},
    TK(CCD, 1, 1), TK(RRD, 1, 1), TK(RCD, 1, 1), TK(RAS, 1, 1), TK(RP, 1, 1), TK(RC, 1, 1),
    TK(CL, 1, 1), TK(WL, 1, 1), TK(CDLR, 1, 1), TK(WR, 1, 1),
    {"nbkgrp", offsetof(timing_vals, nbkgrp), 1, 0},
    TK(CCDL, 0, 0), TK(RTPL, 0, 0),
    TK(RTW, 1, 0), TK(REFI, 0, 0), TK(RFC, 1, 0),
};
#undef TK
enum { NKEYS = sizeof keys / sizeof keys[0], NLEGACY = 14, NLEGACY_MIN = 11 };

/* One "KEY=VALUE" followed by a separator or the end. */
static const char PAIR_RX[] = "\\s*([A-Za-z]*)\\s*=\\s*([^:;=\\s]*)\\s*(?:[:;]|\\z)";

static int *slot(timing_vals *v, int k)
{
    return (int *)((char *)v + keys[k].off);
}

/* The largest timing, in DRAM cycles. */
#define MAX_TIMING 1000000

/* Checks and stores value text s (n bytes) for key k. */
static int store(timing_vals *v, int k, const char *s, size_t n, bwm_err *err)
{
    char buf[64];
    int64_t x;
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "timing %s has no value", keys[k].name);
    if (n >= sizeof buf)
        return bwm_fail(err, BWM_EINPUT, "timing %s: '%.*s' is not an integer", keys[k].name, (int)n, s);
    memcpy(buf, s, n);
    buf[n] = '\0';
    char why[BWM_ERR_MAX];
    if (bwm_parse_i64_in(buf, keys[k].min, MAX_TIMING, &x, why, sizeof why)) {
        if (bwm_parse_i64(buf, &x) == 0 && x < keys[k].min)
            return bwm_fail(err, BWM_EINPUT, "timing %s: %lld must be %s", keys[k].name, (long long)x,
                            keys[k].min > 0 ? "> 0" : ">= 0");
        return bwm_fail(err, BWM_EINPUT, "timing %s: %s", keys[k].name, why);
    }
    *slot(v, k) = (int)x;
    return BWM_OK;
}

static int key_index(const char *s, size_t n)
{
    for (int k = 0; k < NKEYS; k++)
        if (strlen(keys[k].name) == n && memcmp(keys[k].name, s, n) == 0)
            return k;
    return -1;
}

static int parse_named(const char *text, timing_vals *v, int *given, size_t *at, bwm_err *err)
{
    bwm_rx rx;
    int st = bwm_rx_compile(&rx, PAIR_RX, err);
    if (st != BWM_OK)
        return st;
    size_t len = strlen(text), off = 0;
    while (st == BWM_OK) {
        off += strspn(text + off, " \t\r\n\f\v");
        if (off >= len)
            break;
        *at = off;
        size_t ks, ke, vs, ve, end;
        if (!bwm_rx_match(&rx, text, len, off, 1)) {
            st = bwm_fail(err, BWM_EINPUT, "expected KEY=VALUE at '%.20s'", text + off);
            break;
        }
        bwm_rx_group(&rx, 1, &ks, &ke);
        bwm_rx_group(&rx, 2, &vs, &ve);
        bwm_rx_group(&rx, 0, &off, &end);
        *at = ks;
        int k = key_index(text + ks, ke - ks);
        if (k < 0)
            st = bwm_fail(err, BWM_EINPUT, "unknown timing key '%.*s' (known: nbk nbkgrp CCD CCDL RRD "
                          "RCD RAS RP RC CL WL CDLR WR RTPL RTW REFI RFC)", (int)(ke - ks), text + ks);
        else if (given[k])
            st = bwm_fail(err, BWM_EINPUT, "timing %s given twice", keys[k].name);
        else
            st = store(v, k, text + vs, ve - vs, err);
        if (st == BWM_OK)
            given[k] = 1;
        off = end;
    }
    bwm_rx_free(&rx);
    return st;
}

static int parse_legacy(const char *text, timing_vals *v, int *given, bwm_err *err)
{
    char buf[512];
    char *piece[NLEGACY + 1];
    int n = bwm_split(text, ':', buf, sizeof buf, piece, NLEGACY + 1);
    if (n < NLEGACY_MIN || n > NLEGACY)
        return bwm_fail(err, BWM_EINPUT, "the ordered form needs %d to %d values "
                        "(nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL]); use KEY=VALUE pairs "
                        "otherwise", NLEGACY_MIN, NLEGACY);
    for (int k = 0; k < n; k++) {
        const char *s = piece[k] + strspn(piece[k], " \t\r\n");
        size_t len = strlen(s);
        while (len > 0 && strchr(" \t\r\n", s[len - 1]))
            len--;
        int st = store(v, k, s, len, err);
        if (st != BWM_OK)
            return st;
        given[k] = 1;
    }
    return BWM_OK;
}

static int is_pow2(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static int check(const timing_vals *v, const int *given, bwm_err *err)
{
    for (int k = 0; k < NKEYS; k++)
        if (keys[k].required && !given[k])
            return bwm_fail(err, BWM_EINPUT, "timing %s is missing", keys[k].name);
    if (!is_pow2(v->nbk) || !is_pow2(v->nbkgrp) || v->nbk % v->nbkgrp != 0)
        return bwm_fail(err, BWM_EINPUT, "nbk=%d and nbkgrp=%d must be powers of two with nbkgrp <= nbk",
                        v->nbk, v->nbkgrp);
    if (v->t.REFI > 0 && v->t.RFC <= 0)
        return bwm_fail(err, BWM_EINPUT, "timing REFI=%d needs RFC > 0", v->t.REFI);
    return BWM_OK;
}

int bwm_timing_opt_parse(const char *text, int *nbk, int *nbkgrp, bwm_dram_timing *t,
                         size_t *at, bwm_err *err)
{
    timing_vals v;
    memset(&v, 0, sizeof v);
    v.nbkgrp = 1;
    int given[NKEYS] = {0};
    *at = 0;
    int st = strchr(text, '=') ? parse_named(text, &v, given, at, err)
                               : parse_legacy(text, &v, given, err);
    if (st == BWM_OK)
        st = check(&v, given, err);
    if (st != BWM_OK)
        return st;
    *nbk = v.nbk;
    *nbkgrp = v.nbkgrp;
    *t = v.t;
    return BWM_OK;
}
