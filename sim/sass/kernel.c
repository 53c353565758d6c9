/* kernel.c — reading a kernel trace's header, then its thread blocks one
 * at a time (see kernel.h). */
#include "sim/sass/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

void bwm_sass_block_init(bwm_sass_block *b)
{
    memset(b, 0, sizeof *b);
}

void bwm_sass_block_free(bwm_sass_block *b)
{
    free(b->warps);
    free(b->insts);
    free(b->addrs);
    memset(b, 0, sizeof *b);
}

void bwm_sass_kernel_close(bwm_sass_kernel *k)
{
    bwm_sass_lines_close(&k->lines);
    bwm_sass_opcodes_free(&k->ops);
    bwm_sass_block_set_free(&k->seen);
}

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

int bwm_sass_kernel_open(bwm_sass_kernel *k, const char *path, bwm_err *err)
{
    memset(k, 0, sizeof *k);
    bwm_sass_opcodes_init(&k->ops);
    int st = bwm_sass_lines_open(&k->lines, path, err);
    if (st != BWM_OK)
        return st;
    char *text;
    size_t len;
    for (;;) {
        st = bwm_sass_lines_next(&k->lines, &text, &len, err);
        if (st != BWM_OK || !text)
            break;
        const char *s = skip_blanks(text);
        if (!*s)
            continue;
        if (*s == '-') {
            if ((st = bwm_sass_header_line(&k->h, s, k->lines.path, k->lines.line, err)) != BWM_OK)
                break;
            continue;
        }
        if (*s != '#') {
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: expected a header line '-KEY = VALUE' or '#'", k->lines.path,
                          k->lines.line);
            break;
        }
        k->begin_pending = starts(s, "#BEGIN_TB");
        break;
    }
    if (st == BWM_OK)
        st = bwm_sass_header_check(&k->h, k->lines.path, k->lines.line ? k->lines.line : 1, err);
    if (st != BWM_OK)
        bwm_sass_kernel_close(k);
    return st;
}

/* "NAME = " followed by what is left, or NULL. */
static const char *after_key(const char *s, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(s, name, n) != 0)
        return NULL;
    s = skip_blanks(s + n);
    if (*s != '=')
        return NULL;
    return skip_blanks(s + 1);
}

/* Whole numbers separated by commas, up to the end: n of them. */
static int numbers(const char *s, uint64_t *v, int n)
{
    for (int i = 0; i < n; i++) {
        s = skip_blanks(s);
        int digits = 0;
        v[i] = 0;
        for (; *s >= '0' && *s <= '9'; s++, digits++)
            if ((v[i] = v[i] * 10 + (uint64_t)(*s - '0')) > UINT32_MAX)
                return -1;
        s = skip_blanks(s);
        if (digits == 0 || (i + 1 < n && *s++ != ','))
            return -1;
    }
    return *s ? -1 : 0;
}

/* Reading one block: where it stands. */
typedef struct block_state {
    int has_id;
    long warp;        /* the warp being listed, -1 before the first */
    uint64_t expect;  /* its insts count, once given */
    int counted;      /* the insts line was read */
} block_state;

static int warp_done(const bwm_sass_kernel *k, const bwm_sass_block *b, const block_state *s, bwm_err *err)
{
    if (s->warp < 0)
        return BWM_OK;
    const bwm_sass_warp *w = &b->warps[s->warp];
    if (!s->counted)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: warp %ld of block (%u,%u,%u) has no 'insts = K' line",
                        k->lines.path, k->lines.line, s->warp, b->id[0], b->id[1], b->id[2]);
    if (w->n != s->expect)
        return bwm_fail(err, BWM_EINPUT,
                        "%s:%ld: warp %ld of block (%u,%u,%u) has %u instruction lines, but its 'insts = %llu' "
                        "says otherwise",
                        k->lines.path, k->lines.line, s->warp, b->id[0], b->id[1], b->id[2], w->n,
                        (unsigned long long)s->expect);
    return BWM_OK;
}

static int begin_block(bwm_sass_kernel *k, bwm_sass_block *b, bwm_err *err)
{
    uint32_t nw = bwm_sass_block_warps(&k->h);
    if (nw > b->cap_warps) {
        bwm_sass_warp *w = realloc(b->warps, nw * sizeof *w);
        if (!w)
            return bwm_fail(err, BWM_EFAIL, "%s: out of memory", k->lines.path);
        b->warps = w;
        b->cap_warps = nw;
    }
    memset(b->warps, 0, nw * sizeof *b->warps);
    b->n_warps = nw;
    b->n_insts = b->n_addrs = 0;
    b->line = k->lines.line;
    memset(b->id, 0, sizeof b->id);
    return BWM_OK;
}

/* A "thread block", "warp" or "insts" line (s: its text). */
static int directive(bwm_sass_kernel *k, bwm_sass_block *b, block_state *s, const char *text, bwm_err *err)
{
    const char *path = k->lines.path;
    long line = k->lines.line;
    const char *v;
    uint64_t n[3];
    if ((v = after_key(text, "thread block"))) {
        if (s->has_id || s->warp >= 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: 'thread block' given twice in one block", path, line);
        if (numbers(v, n, 3) != 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'thread block = X,Y,Z'", path, line);
        for (int i = 0; i < 3; i++)
            if (n[i] >= k->h.grid[i])
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: thread block (%llu,%llu,%llu) is outside the grid (%u,%u,%u)",
                                path, line, (unsigned long long)n[0], (unsigned long long)n[1],
                                (unsigned long long)n[2], k->h.grid[0], k->h.grid[1], k->h.grid[2]);
        int added = bwm_sass_block_set_add(&k->seen, (uint32_t)n[0], (uint32_t)n[1], (uint32_t)n[2]);
        if (added < 0)
            return bwm_fail(err, BWM_EFAIL, "%s:%ld: out of memory for the blocks listed", path, line);
        if (added == 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: thread block (%llu,%llu,%llu) is listed a second time",
                            path, line, (unsigned long long)n[0], (unsigned long long)n[1],
                            (unsigned long long)n[2]);
        for (int i = 0; i < 3; i++)
            b->id[i] = (uint32_t)n[i];
        s->has_id = 1;
        return BWM_OK;
    }
    if (!s->has_id)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'thread block = X,Y,Z' after #BEGIN_TB", path, line);
    if ((v = after_key(text, "warp"))) {
        int st = warp_done(k, b, s, err);
        if (st != BWM_OK)
            return st;
        if (numbers(v, n, 1) != 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'warp = W'", path, line);
        if (n[0] >= b->n_warps)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: warp %llu, but a block of (%u,%u,%u) threads has %u warps",
                            path, line, (unsigned long long)n[0], k->h.block[0], k->h.block[1], k->h.block[2],
                            b->n_warps);
        if (b->warps[n[0]].listed)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: warp %llu listed twice in block (%u,%u,%u)", path, line,
                            (unsigned long long)n[0], b->id[0], b->id[1], b->id[2]);
        s->warp = (long)n[0];
        s->counted = 0;
        b->warps[n[0]].listed = 1;
        b->warps[n[0]].first = (uint32_t)b->n_insts;
        return BWM_OK;
    }
    if ((v = after_key(text, "insts"))) {
        if (s->warp < 0 || s->counted)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: 'insts = K' must follow a 'warp = W' line", path, line);
        if (numbers(v, n, 1) != 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'insts = K'", path, line);
        s->expect = n[0];
        s->counted = 1;
        return BWM_OK;
    }
    return 1; /* not a directive */
}

static int instruction(bwm_sass_kernel *k, bwm_sass_block *b, block_state *s, const char *text, bwm_err *err)
{
    const char *path = k->lines.path;
    long line = k->lines.line;
    if (s->warp < 0 || !s->counted)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: an instruction line before 'warp = W' and 'insts = K'", path, line);
    bwm_sass_warp *w = &b->warps[s->warp];
    if (w->n >= s->expect)
        return bwm_fail(err, BWM_EINPUT,
                        "%s:%ld: warp %ld of block (%u,%u,%u) has more instruction lines than its 'insts = %llu'",
                        path, line, s->warp, b->id[0], b->id[1], b->id[2], (unsigned long long)s->expect);
    bwm_sass_inst *in = b->n_insts >= UINT32_MAX ? NULL : bwm_grow(b->insts, &b->cap_insts, b->n_insts, sizeof *in);
    if (!in)
        return bwm_fail(err, BWM_EFAIL, "%s:%ld: out of memory for the block's instructions", path, line);
    b->insts = in;
    bwm_sass_line_ctx c = {k->h.tracer_version, k->h.lineinfo, {b->id[0], b->id[1], b->id[2]},
                           (uint32_t)s->warp, &k->ops, &b->addrs, &b->n_addrs, &b->cap_addrs};
    bwm_err sub;
    int st = bwm_sass_parse_inst(text, &c, &b->insts[b->n_insts], &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "%s:%ld: %s", path, line, sub.msg);
    b->n_insts++;
    w->n++;
    return BWM_OK;
}

int bwm_sass_kernel_next_block(bwm_sass_kernel *k, bwm_sass_block *b, int *got, bwm_err *err)
{
    *got = 0;
    int in_block = 0, st = BWM_OK;
    block_state s = {0, -1, 0, 0};
    if (k->begin_pending) {
        k->begin_pending = 0;
        if ((st = begin_block(k, b, err)) != BWM_OK)
            return st;
        in_block = 1;
    }
    for (;;) {
        char *text;
        size_t len;
        if ((st = bwm_sass_lines_next(&k->lines, &text, &len, err)) != BWM_OK)
            return st;
        if (!text) {
            if (in_block)
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: the file ends inside the thread block begun at line %ld "
                                "(no #END_TB)", k->lines.path, k->lines.line ? k->lines.line : 1, b->line);
            k->at_end = 1;
            return BWM_OK;
        }
        const char *t = skip_blanks(text);
        if (!*t)
            continue;
        if (!in_block) {
            if (starts(t, "#BEGIN_TB")) {
                if ((st = begin_block(k, b, err)) != BWM_OK)
                    return st;
                in_block = 1;
            } else if (*t != '#') {
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected #BEGIN_TB", k->lines.path, k->lines.line);
            }
            continue;
        }
        if (*t == '#') {
            if (starts(t, "#END_TB")) {
                if (!s.has_id)
                    return bwm_fail(err, BWM_EINPUT, "%s:%ld: a thread block without 'thread block = X,Y,Z'",
                                    k->lines.path, k->lines.line);
                if ((st = warp_done(k, b, &s, err)) != BWM_OK)
                    return st;
                k->blocks++;
                *got = 1;
                return BWM_OK;
            }
            if (starts(t, "#BEGIN_TB"))
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: #BEGIN_TB inside the thread block begun at line %ld "
                                "(no #END_TB)", k->lines.path, k->lines.line, b->line);
            continue;
        }
        /* an instruction starts with a number (hexadecimal PC); these do not */
        st = *t == 't' || *t == 'w' || *t == 'i' ? directive(k, b, &s, t, err) : 1;
        if (st == 1)
            st = instruction(k, b, &s, t, err);
        if (st != BWM_OK)
            return st;
    }
}
