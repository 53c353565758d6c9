/* header.c — parsing and checking a kernel trace's header (see header.h). */
#include "sim/sass/header.h"

#include <stdio.h>
#include <string.h>

typedef enum kind { K_STR, K_INT, K_DIM, K_HEX, K_VERSION } kind;

static const struct {
    const char *name;
    kind kind;
    int since; /* first tracer version that writes it */
} keys[BWM_SASS_N_KEYS] = {
    [BWM_SASS_KERNEL_NAME] = {"kernel name", K_STR, 3},
    [BWM_SASS_KERNEL_ID] = {"kernel id", K_INT, 3},
    [BWM_SASS_GRID_DIM] = {"grid dim", K_DIM, 3},
    [BWM_SASS_BLOCK_DIM] = {"block dim", K_DIM, 3},
    [BWM_SASS_SHMEM] = {"shmem", K_INT, 3},
    [BWM_SASS_NREGS] = {"nregs", K_INT, 3},
    [BWM_SASS_BINARY_VERSION] = {"binary version", K_INT, 3},
    [BWM_SASS_CUDA_STREAM_ID] = {"cuda stream id", K_INT, 3},
    [BWM_SASS_SHMEM_BASE] = {"shmem base_addr", K_HEX, 3},
    [BWM_SASS_LOCAL_BASE] = {"local mem base_addr", K_HEX, 3},
    [BWM_SASS_NVBIT_VERSION] = {"nvbit version", K_STR, 3},
    [BWM_SASS_TRACER_VERSION] = {"accelsim tracer version", K_VERSION, 3},
    [BWM_SASS_ENABLE_LINEINFO] = {"enable lineinfo", K_INT, 4},
};

const char *bwm_sass_key_name(bwm_sass_key k)
{
    return keys[k].name;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* A decimal number without sign, whole string. */
static int parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (*s < '0' || *s > '9')
        return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return *s ? -1 : 0;
}

static int parse_hex(const char *s, uint64_t *out)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    uint64_t v = 0;
    int n = 0;
    for (;; s++, n++) {
        int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
                : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;
        if (d < 0)
            break;
        if (n >= 16)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    if (n == 0 || *s)
        return -1;
    *out = v;
    return 0;
}

/* "(x,y,z)", each 1 .. 2^31-1. */
static int parse_dim(const char *s, uint32_t d[3])
{
    if (*s++ != '(')
        return -1;
    for (int i = 0; i < 3; i++) {
        uint64_t v = 0;
        int n = 0;
        while (*s == ' ')
            s++;
        for (; *s >= '0' && *s <= '9'; s++, n++)
            if ((v = v * 10 + (uint64_t)(*s - '0')) > 0x7fffffff)
                return -1;
        while (*s == ' ')
            s++;
        if (n == 0 || v == 0 || *s++ != (i < 2 ? ',' : ')'))
            return -1;
        d[i] = (uint32_t)v;
    }
    return *s ? -1 : 0;
}

int bwm_sass_header_line(bwm_sass_header *h, const char *text, const char *path, long line, bwm_err *err)
{
    const char *eq = strstr(text, " = ");
    if (text[0] != '-' || !eq)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: expected a header line '-KEY = VALUE'", path, line);
    const char *name = text + 1, *value = eq + 3;
    size_t n = (size_t)(eq - name);
    while (n > 0 && is_blank(name[n - 1]))
        n--;
    int k;
    for (k = 0; k < BWM_SASS_N_KEYS; k++)
        if (strlen(keys[k].name) == n && memcmp(keys[k].name, name, n) == 0)
            break;
    if (k == BWM_SASS_N_KEYS) {
        h->n_unknown++;
        return BWM_OK;
    }
    if (h->present & (1u << k))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: header key '-%s' given twice", path, line, keys[k].name);
    while (is_blank(*value))
        value++;
    char v[BWM_SASS_NAME_MAX];
    size_t vn = strlen(value);
    while (vn > 0 && is_blank(value[vn - 1]))
        vn--;
    if (vn >= sizeof v)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: '-%s' longer than %zu bytes", path, line, keys[k].name,
                        sizeof v - 1);
    memcpy(v, value, vn);
    v[vn] = '\0';
    uint64_t u = 0;
    int bad = 0;
    const char *want = "";
    switch (keys[k].kind) {
    case K_STR:
        if (k == BWM_SASS_KERNEL_NAME)
            memcpy(h->kernel_name, v, vn + 1);
        else if (vn < sizeof h->nvbit_version)
            memcpy(h->nvbit_version, v, vn + 1);
        else
            bad = 1, want = "at most 63 characters";
        break;
    case K_DIM:
        bad = parse_dim(v, k == BWM_SASS_GRID_DIM ? h->grid : h->block) != 0;
        want = "(X,Y,Z), each a whole number from 1";
        break;
    case K_HEX:
        bad = parse_hex(v, &u) != 0;
        want = "a hexadecimal address";
        if (!bad)
            *(k == BWM_SASS_SHMEM_BASE ? &h->shmem_base : &h->local_base) = u;
        break;
    case K_INT:
    case K_VERSION:
        bad = parse_u64(v, &u) != 0;
        want = "a whole number";
        if (!bad && k == BWM_SASS_ENABLE_LINEINFO && u > 1)
            bad = 1, want = "0 or 1";
        if (!bad && k == BWM_SASS_TRACER_VERSION && (u < 3 || u > 5))
            return bwm_fail(err, BWM_EINPUT,
                            "%s:%ld: accelsim tracer version %s is not read here (versions 3 to 5 are)", path,
                            line, v);
        if (bad)
            break;
        switch (k) {
        case BWM_SASS_KERNEL_ID: h->kernel_id = u; break;
        case BWM_SASS_SHMEM: h->shmem = u; break;
        case BWM_SASS_NREGS: h->nregs = u; break;
        case BWM_SASS_BINARY_VERSION: h->binary_version = u; break;
        case BWM_SASS_CUDA_STREAM_ID: h->cuda_stream_id = u; break;
        case BWM_SASS_TRACER_VERSION: h->tracer_version = (int)u; break;
        default: h->lineinfo = (int)u; break;
        }
        break;
    }
    if (bad)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: bad value '%s' for '-%s' (expected %s)", path, line, v,
                        keys[k].name, want);
    h->present |= 1u << k;
    return BWM_OK;
}

int bwm_sass_header_check(const bwm_sass_header *h, const char *path, long line, bwm_err *err)
{
    if (!(h->present & (1u << BWM_SASS_TRACER_VERSION)))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: the header that ends here lacks '-accelsim tracer version'",
                        path, line);
    for (int k = 0; k < BWM_SASS_N_KEYS; k++)
        if (keys[k].since <= h->tracer_version && !(h->present & (1u << k)))
            return bwm_fail(err, BWM_EINPUT,
                            "%s:%ld: the header that ends here lacks '-%s', which tracer version %d writes",
                            path, line, keys[k].name, h->tracer_version);
    if (bwm_sass_block_threads(h) > 1024)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: block dim (%u,%u,%u) has more than 1024 threads", path, line,
                        h->block[0], h->block[1], h->block[2]);
    return BWM_OK;
}

uint64_t bwm_sass_block_threads(const bwm_sass_header *h)
{
    return (uint64_t)h->block[0] * h->block[1] * h->block[2];
}

uint32_t bwm_sass_block_warps(const bwm_sass_header *h)
{
    return (uint32_t)((bwm_sass_block_threads(h) + 31) / 32);
}

uint64_t bwm_sass_grid_blocks(const bwm_sass_header *h)
{
    return (uint64_t)h->grid[0] * h->grid[1] * h->grid[2];
}
