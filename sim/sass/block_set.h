/* block_set.h — the thread blocks a kernel file has listed, so that a block
 * listed twice is found (Accel-Sim would simulate it twice).
 *
 * A set of block ids (x,y,z) kept as bitmaps of 512 consecutive x values:
 * a page per (x / 512, y, z) that holds a listed block, found through an
 * open-addressing table.  The tracer writes a grid's blocks in about the
 * order of their ids, so a kernel costs some 0.3 bytes per block; blocks
 * scattered one to a page cost at most 160 bytes each, still bounded by the
 * file's blocks (each tens of bytes of text at least). */
#ifndef BWM_SASS_BLOCK_SET_H
#define BWM_SASS_BLOCK_SET_H

#include <stddef.h>
#include <stdint.h>

typedef struct bwm_sass_block_page {
    uint32_t xp1;      /* x / 512 + 1 (0: a free slot) */
    uint32_t y, z;
    uint64_t bits[8];  /* bit x % 512: block (x,y,z) was listed */
} bwm_sass_block_page;

typedef struct bwm_sass_block_set {
    bwm_sass_block_page *slots;
    size_t n_slots, used; /* n_slots a power of two (0 before the first add) */
} bwm_sass_block_set;

void bwm_sass_block_set_init(bwm_sass_block_set *s);
void bwm_sass_block_set_free(bwm_sass_block_set *s);

/* Adds block (x,y,z): 1 when it is new, 0 when it was there already, -1
 * when out of memory. */
int bwm_sass_block_set_add(bwm_sass_block_set *s, uint32_t x, uint32_t y, uint32_t z);

#endif
