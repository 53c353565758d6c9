/* page_table.h — one application's page table: virtual page number to
 * frame number, for the pages it has touched.  Held in simulator memory
 * (an open-addressing hash table that doubles when half full); the
 * translation issue puts its entries in simulated DRAM. */
#ifndef BWM_VM_PAGE_TABLE_H
#define BWM_VM_PAGE_TABLE_H

#include <stdint.h>

typedef struct bwm_page_table {
    uint64_t *vpage;  /* key + 1 (0: empty slot) */
    uint64_t *frame;
    uint64_t cap, n;  /* cap a power of two */
} bwm_page_table;

void bwm_page_table_init(bwm_page_table *t);
void bwm_page_table_free(bwm_page_table *t);

/* 1 and *frame if vpage is mapped, else 0. */
int bwm_page_table_find(const bwm_page_table *t, uint64_t vpage, uint64_t *frame);

/* Where vpage's frame is kept, to change it, or NULL when vpage is not
 * mapped (valid until the next add). */
uint64_t *bwm_page_table_value(bwm_page_table *t, uint64_t vpage);

/* Maps vpage (not mapped yet) to frame; -1 when out of memory. */
int bwm_page_table_add(bwm_page_table *t, uint64_t vpage, uint64_t frame);

#endif
