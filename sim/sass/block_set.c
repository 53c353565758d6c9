/* block_set.c — the blocks a kernel file has listed (see block_set.h). */
#include "sim/sass/block_set.h"

#include <stdlib.h>
#include <string.h>

#define PAGE_IDS 512u

void bwm_sass_block_set_init(bwm_sass_block_set *s)
{
    memset(s, 0, sizeof *s);
}

void bwm_sass_block_set_free(bwm_sass_block_set *s)
{
    free(s->slots);
    memset(s, 0, sizeof *s);
}

static size_t slot_of(const bwm_sass_block_set *s, uint32_t xp1, uint32_t y, uint32_t z)
{
    uint64_t h = ((uint64_t)xp1 * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)y * 0xC2B2AE3D27D4EB4FULL) ^
                 ((uint64_t)z * 0x165667B19E3779F9ULL);
    h ^= h >> 29;
    size_t i = (size_t)h & (s->n_slots - 1);
    while (s->slots[i].xp1 && (s->slots[i].xp1 != xp1 || s->slots[i].y != y || s->slots[i].z != z))
        i = (i + 1) & (s->n_slots - 1);
    return i;
}

/* Twice the slots (16 at first), the pages moved over. */
static int grow(bwm_sass_block_set *s)
{
    size_t n = s->n_slots ? 2 * s->n_slots : 16;
    bwm_sass_block_page *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    bwm_sass_block_set old = *s;
    s->slots = slots;
    s->n_slots = n;
    for (size_t i = 0; i < old.n_slots; i++)
        if (old.slots[i].xp1)
            s->slots[slot_of(s, old.slots[i].xp1, old.slots[i].y, old.slots[i].z)] = old.slots[i];
    free(old.slots);
    return 0;
}

int bwm_sass_block_set_add(bwm_sass_block_set *s, uint32_t x, uint32_t y, uint32_t z)
{
    if (2 * (s->used + 1) > s->n_slots && grow(s) != 0)
        return -1;
    uint32_t xp1 = x / PAGE_IDS + 1;
    bwm_sass_block_page *p = &s->slots[slot_of(s, xp1, y, z)];
    if (!p->xp1) {
        p->xp1 = xp1;
        p->y = y;
        p->z = z;
        s->used++;
    }
    uint64_t bit = UINT64_C(1) << (x % 64), *word = &p->bits[x % PAGE_IDS / 64];
    if (*word & bit)
        return 0;
    *word |= bit;
    return 1;
}
