/* opcodes.c — interning a kernel's SASS opcodes (see opcodes.h). */
#include "sim/sass/opcodes.h"

#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

static const char *const space_names[BWM_SASS_N_SPACES] = {
    "none", "global", "local", "shared", "constant", "texture", "atomic", "generic",
};

const char *bwm_sass_space_name(bwm_sass_space s)
{
    return space_names[s];
}

static const struct {
    const char *base;
    bwm_sass_space space;
} spaces[] = {
    {"LDG", BWM_SASS_GLOBAL},    {"STG", BWM_SASS_GLOBAL},    {"LDGSTS", BWM_SASS_GLOBAL},
    {"LDL", BWM_SASS_LOCAL},     {"STL", BWM_SASS_LOCAL},     {"LDS", BWM_SASS_SHARED},
    {"STS", BWM_SASS_SHARED},    {"LDSM", BWM_SASS_SHARED},   {"LDC", BWM_SASS_CONSTANT},
    {"ULDC", BWM_SASS_CONSTANT}, {"TEX", BWM_SASS_TEXTURE},   {"TLD", BWM_SASS_TEXTURE},
    {"TLD4", BWM_SASS_TEXTURE},  {"TMML", BWM_SASS_TEXTURE},  {"TXD", BWM_SASS_TEXTURE},
    {"TXQ", BWM_SASS_TEXTURE},   {"SULD", BWM_SASS_TEXTURE},  {"SUST", BWM_SASS_TEXTURE},
    {"SUATOM", BWM_SASS_TEXTURE}, {"SURED", BWM_SASS_TEXTURE}, {"SUQUERY", BWM_SASS_TEXTURE},
    {"ATOM", BWM_SASS_ATOMIC},   {"ATOMG", BWM_SASS_ATOMIC},  {"RED", BWM_SASS_ATOMIC},
    {"ATOMS", BWM_SASS_ATOMIC},  {"LD", BWM_SASS_GENERIC},    {"ST", BWM_SASS_GENERIC},
};

bwm_sass_space bwm_sass_generic_space(uint64_t a, uint64_t shmem_base, uint64_t local_base)
{
    if (shmem_base == 0 || local_base == 0)
        return BWM_SASS_SHARED;
    if (a >= shmem_base && a < local_base)
        return BWM_SASS_SHARED;
    if (a >= local_base && a < local_base + BWM_SASS_LOCAL_MEM_SIZE_MAX) /* wraps as Accel-Sim's */
        return BWM_SASS_LOCAL;
    return BWM_SASS_GLOBAL;
}

/* The end of the token that starts at m, text ending at e: its '.' or e. */
static const char *token_end(const char *m, const char *e)
{
    const char *dot = memchr(m, '.', (size_t)(e - m));
    return dot ? dot : e;
}

int bwm_sass_opcode_has_token(const char *s, size_t n, const char *token)
{
    size_t len = strlen(token);
    for (const char *m = s, *t; m < s + n; m = t + 1) {
        t = token_end(m, s + n);
        if ((size_t)(t - m) == len && len > 0 && memcmp(m, token, len) == 0)
            return 1;
    }
    return 0;
}

/* A token that is a number of bits (64) or U and one (U16): its bytes;
 * -1 for any other token. */
static int modifier_width(const char *m, size_t n)
{
    size_t i = n > 0 && m[0] == 'U' ? 1 : 0;
    if (i == n)
        return -1;
    unsigned bits = 0;
    for (; i < n; i++) {
        if (m[i] < '0' || m[i] > '9')
            return -1;
        if (bits > 100000)
            return 255;
        bits = bits * 10 + (unsigned)(m[i] - '0');
    }
    return bits / 8 > 255 ? 255 : (int)(bits / 8);
}

static void derive(bwm_sass_opcode *op, size_t n)
{
    const char *s = op->text, *dot = memchr(s, '.', n);
    op->base_len = (uint8_t)(dot ? (size_t)(dot - s) : n);
    op->space = BWM_SASS_NONE;
    for (size_t k = 0; k < sizeof spaces / sizeof spaces[0]; k++)
        if (strlen(spaces[k].base) == op->base_len && memcmp(spaces[k].base, s, op->base_len) == 0)
            op->space = (uint8_t)spaces[k].space;
    op->width = 4;
    for (const char *m = s, *t; m < s + n; m = t + 1) { /* the first numeric token wins */
        t = token_end(m, s + n);
        int w = modifier_width(m, (size_t)(t - m));
        if (w >= 0) {
            op->width = (uint8_t)w;
            break;
        }
    }
}

static uint32_t hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

void bwm_sass_opcodes_init(bwm_sass_opcodes *t)
{
    memset(t, 0, sizeof *t);
}

void bwm_sass_opcodes_free(bwm_sass_opcodes *t)
{
    free(t->ops);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static int rehash(bwm_sass_opcodes *t, size_t n_slots)
{
    uint16_t *slots = calloc(n_slots, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        size_t k = t->ops[i].hash & (n_slots - 1);
        while (slots[k])
            k = (k + 1) & (n_slots - 1);
        slots[k] = (uint16_t)(i + 1);
    }
    free(t->slots);
    t->slots = slots;
    t->n_slots = n_slots;
    return 0;
}

int bwm_sass_opcode_id(bwm_sass_opcodes *t, const char *s, size_t n)
{
    uint32_t h = hash(s, n);
    if (t->n_slots) {
        for (size_t k = h & (t->n_slots - 1); t->slots[k]; k = (k + 1) & (t->n_slots - 1)) {
            const bwm_sass_opcode *op = &t->ops[t->slots[k] - 1];
            if (op->hash == h && strncmp(op->text, s, n) == 0 && op->text[n] == '\0')
                return t->slots[k] - 1;
        }
    }
    if (t->n >= BWM_SASS_MAX_OPCODES || n >= BWM_SASS_OPCODE_MAX)
        return -1;
    if ((t->n + 1) * 2 > t->n_slots && rehash(t, t->n_slots ? t->n_slots * 2 : 64) != 0)
        return -1;
    bwm_sass_opcode *ops = bwm_grow(t->ops, &t->cap, t->n, sizeof *ops);
    if (!ops)
        return -1;
    t->ops = ops;
    bwm_sass_opcode *op = &t->ops[t->n];
    memset(op, 0, sizeof *op);
    memcpy(op->text, s, n);
    op->hash = h;
    derive(op, n);
    size_t k = h & (t->n_slots - 1);
    while (t->slots[k])
        k = (k + 1) & (t->n_slots - 1);
    t->slots[k] = (uint16_t)(t->n + 1);
    return (int)t->n++;
}
