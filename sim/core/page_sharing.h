/* page_sharing.h — which thread batches touch each page of an application
 * (paper 002's Fig. 8: the pages one batch touches alone, the pages two
 * consecutive batches share, and the rest).
 *
 * For each 4 KB page (paper 002's page size, whatever the run's -bwm_vm) of
 * the application's address space, the lowest and highest thread batch
 * whose warps touched it; a batch is a CTA's id in the grid (its sequence
 * number modulo the grid, so a relaunched grid's CTAs are the same batches)
 * over batch_stride.  A page's distance is highest − lowest: 0 private, 1
 * shared with the next batch, more shared wider.  Counted over the whole run
 * (warm-up too): a property of the access pattern, not of an interval.
 * Owns two 32-bit words per page of the space, allocated at init; a touch
 * is O(1). */
#ifndef BWM_PAGE_SHARING_H
#define BWM_PAGE_SHARING_H

#include <stdint.h>

#include "util/status.h"

#define BWM_PAGE_SHARING_PAGE_BITS 12

typedef struct bwm_page_sharing {
    uint64_t base;          /* first byte address of the space */
    uint64_t n_pages;
    int32_t *lo, *hi;       /* per page: lowest and highest batch (-1: untouched) */
} bwm_page_sharing;

/* The space of `bytes` bytes from base. */
int bwm_page_sharing_init(bwm_page_sharing *p, uint64_t base, uint64_t bytes, bwm_err *err);
void bwm_page_sharing_free(bwm_page_sharing *p);

/* Batch `batch` (0 .. INT32_MAX) touched byte address addr (outside the space: ignored). */
static inline void bwm_page_sharing_touch(bwm_page_sharing *p, uint64_t addr, int64_t batch)
{
    uint64_t page = (addr - p->base) >> BWM_PAGE_SHARING_PAGE_BITS;
    if (addr < p->base || page >= p->n_pages)
        return;
    int32_t b = (int32_t)batch;
    if (p->lo[page] < 0 || b < p->lo[page])
        p->lo[page] = b;
    if (b > p->hi[page])
        p->hi[page] = b;
}

/* The shares of the pages touched at distance 0, 1 and more (all 0 when
 * no page was touched); returns the number of pages touched. */
uint64_t bwm_page_sharing_shares(const bwm_page_sharing *p, double share[3]);

#endif
