/* vm.h — the applications' virtual memory: each application's addresses
 * (bwm_app_base(a) onwards) are virtual, and its pages are placed in
 * physical frames by a policy (-bwm_vm):
 *   identity     a virtual address is its physical address (the simulator
 *                without sim/vm: byte-identical results);
 *   first-touch  frames in address order, to whichever application touches
 *                a page first (the applications' pages interleave: the
 *                thesis's GPU-MMU allocator, Ch. 7);
 *   color        each application only gets frames of its own colours
 *                (colors.h; paper 003's memory partitioning): application
 *                i takes colours_per_app[i] colours, in order, its pages
 *                going round its colours in turn;
 *   cocoa        Mosaic's contiguity-conserving allocation (thesis Sec.
 *                7.3.2; needs large pages): a large virtual page wholly
 *                inside the application's allocation gets a large-page
 *                frame of its own, each base page at its own offset, so
 *                the frame is fully populated and the lazy coalescer makes
 *                it a large page at once; any other base page (the ends
 *                of the allocation, page-table nodes) takes the next free
 *                frame of a large-page frame the application holds, so no
 *                frame mixes applications (COCOA's soft guarantee);
 *   temp         TEMP's page colouring (paper 002, Sec. 3): a page goes to
 *                a bank colour (colors.h, bwm_colors_of_banks) of the SM
 *                that first touches it (sm_banks.h says which it owns),
 *                going round that SM's colours in turn; a page placed
 *                with no SM known (a page-table node) round all colours;
 *   large-only   every page a large page (the thesis's GPU-MMU with 2 MB
 *                pages, Fig. 7.3): a large virtual page gets a large-page
 *                frame when first touched, whatever its allocation.
 * Pages are -bwm_page_size bytes (a power of two, at least a line).  A page
 * is placed when first touched; translation is a table lookup in simulator
 * memory (what the TLBs of sim/tlb/ time is where each walk reads).
 *
 * Large pages (-bwm_large_page, off by default) span 512 base pages, what
 * one entry of the level above the leaf maps.  An application's
 * allocation is what it allocates en masse at launch (bwm_vm_allocate:
 * the synthetic applications' footprint and hot set); without one, a page
 * is allocated when first touched.  The lazy coalescer (Sec. 7.3.3) turns
 * a large virtual page into a large page in place once all its 512 base
 * pages are allocated, of one application, at their own offsets in one
 * aligned large-page frame: cocoa does so by construction; under
 * first-touch and color it is checked as pages are placed (and seldom
 * holds, the applications' and page tables' frames interleaving).  There is
 * no demand paging, no splintering and no compaction (CAC): memory is never
 * freed.
 *
 * Each application's page table also sits in simulated memory, as the
 * radix tree a walker reads (sim/tlb/mmu.h): nodes of 512 8-byte entries
 * (4 KB, one frame; so pages of at least 4 KB), each level indexing 9
 * bits of the virtual page number, the root the highest (x86-64's and the
 * thesis's 4-level table; bits above the root's fold into which root).  A
 * node is placed when a walk first needs it, as a page of its application
 * is: in its colours, in first-touch order, or in its large-page frames;
 * under identity, in a region of its own past every application's
 * addresses (from n_apps << 40, the spacing of bwm_app_base). */
#ifndef BWM_VM_VM_H
#define BWM_VM_VM_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "sim/vm/colors.h"
#include "sim/vm/frames.h"
#include "sim/vm/page_table.h"
#include "util/status.h"

typedef enum bwm_vm_policy {
    BWM_VM_IDENTITY,
    BWM_VM_FIRST_TOUCH,
    BWM_VM_COLOR,
    BWM_VM_COCOA,
    BWM_VM_LARGE_ONLY,
    BWM_VM_TEMP
} bwm_vm_policy;

/* "identity", "first-touch", "color", "cocoa", "large-only", "temp" into *p; -1 for
 * an unknown name. */
int bwm_vm_policy_parse(const char *name, bwm_vm_policy *p);
const char *bwm_vm_policy_name(bwm_vm_policy p);

#define BWM_PT_INDEX_BITS 9
#define BWM_PT_ENTRY_BYTES 8
#define BWM_PT_NODE_BYTES (BWM_PT_ENTRY_BYTES << BWM_PT_INDEX_BITS)
#define BWM_LARGE_PAGE_BITS BWM_PT_INDEX_BITS /* a large page: 2^9 base pages */

/* What a walk finds for a base page. */
typedef enum bwm_page_kind {
    BWM_PAGE_BASE,      /* a base page: the leaf entry maps it */
    BWM_PAGE_COALESCED, /* in a large page the lazy coalescer formed: the entry above the
                           leaf has the large bit, and the leaf node's first entry gives
                           the large frame (thesis Fig. 7.7) */
    BWM_PAGE_LARGE      /* in a large page from the start (large-only): the entry above
                           the leaf maps it */
} bwm_page_kind;

typedef struct bwm_vm_app {
    bwm_page_table table;
    bwm_page_table nodes;        /* page-table nodes: (level << 56 | prefix) to frame */
    bwm_page_table regions;      /* large pages on: large virtual page to its frame and
                                    base pages placed there (vm.c) */
    uint64_t alloc_lo, alloc_hi; /* its allocation (lo == hi: none given) */
    uint64_t spare_next, spare_end; /* cocoa, large-only: the free base frames of its
                                       partly used large-page frame */
    uint64_t large_pages;        /* large pages formed (coalesced, or large-only's) */
    unsigned first_color, n_colors, turn;
    int n_sms;                   /* temp: the application's SMs (bwm_vm_set_sms) */
    unsigned *sm_turn;           /* temp: each SM's next colour among its own */
} bwm_vm_app;

typedef struct bwm_vm {
    bwm_vm_policy policy;
    int page_shift;
    int large_shift;             /* 0: no large pages */
    bwm_colors colors;
    bwm_frames frames;
    int n_apps;
    bwm_vm_app *apps;
    uint64_t next_node;          /* identity: the next node's address in the tables' region */
    uint64_t table_nodes;        /* nodes placed */
    int faulted;                 /* a translation found no frame (bwm_vm_translate_lines) */
    bwm_err fault;
} bwm_vm;

/* Builds the memory of n_apps applications.  map gives the colours (color
 * policy; refused, saying why, when it has none); colors_per_app (NULL:
 * the colours split evenly, the first applications taking one more when
 * they do not divide) must give each application at least one and add up
 * to at most the colour count: colours beyond their sum stay unused (an
 * application alone on the colours it has in a pair).  Physical memory spans every address bit the
 * map's colours read (at least 4 GB), or 1 TB without colours.  Bad input
 * is BWM_EINPUT. */
int bwm_vm_init(bwm_vm *vm, bwm_vm_policy policy, int page_shift, const bwm_addrmap *map, int n_apps,
                const int *colors_per_app, bwm_err *err);
void bwm_vm_free(bwm_vm *vm);

/* Large pages of 2^large_shift bytes (512 base pages), before any
 * translation; cocoa and large-only need them, identity cannot place them.
 * BWM_EINPUT, saying why, otherwise. */
int bwm_vm_set_large_pages(bwm_vm *vm, int large_shift, bwm_err *err);

/* temp: application app runs on n_sms SMs (ranks 0 .. n_sms-1), before
 * any translation.  BWM_EFAIL when out of memory. */
int bwm_vm_set_sms(bwm_vm *vm, int app, int n_sms, bwm_err *err);

/* Application app allocates [va, va + bytes) at launch (its one
 * allocation; a later call replaces it). */
void bwm_vm_allocate(bwm_vm *vm, int app, uint64_t va, uint64_t bytes);

/* What a walk of application app's virtual page vpage finds, placing the
 * page if it has none yet.  BWM_EFAIL as bwm_vm_translate. */
int bwm_vm_page_kind(bwm_vm *vm, int app, uint64_t vpage, bwm_page_kind *kind, bwm_err *err);

/* The colours each of n_apps applications gets out of total (the rule of
 * bwm_vm_init's colors_per_app) into out[0..n_apps-1]; BWM_EINPUT, saying
 * why, when per_app breaks it. */
int bwm_vm_color_shares(int total, int n_apps, const int *per_app, int *out, bwm_err *err);

/* The physical address of application app's virtual address va, placing
 * its page if it has none yet.  BWM_EFAIL when memory (or the
 * application's colours) has no frame left. */
int bwm_vm_translate(bwm_vm *vm, int app, uint64_t va, uint64_t *pa, bwm_err *err);

/* The physical address of the entry that level `level` (1, the root, ..
 * levels, the leaf) of application app's page table reads for virtual page
 * vpage, placing the node on its first use.  BWM_EFAIL when memory (or the
 * application's colours) has no frame left for it. */
int bwm_vm_pte_addr(bwm_vm *vm, int app, uint64_t vpage, int level, int levels, uint64_t *pa, bwm_err *err);

/* Translates n line addresses of one warp instruction of application app
 * from its SM of rank sm_rank (what temp places a new page by) in place,
 * looking each page up once (lines of one page are usually neighbours).  A failure is kept in vm->faulted and vm->fault (the first
 * one), the addresses left as they were: the GPU stops the run with it. */
void bwm_vm_translate_lines(bwm_vm *vm, int app, int sm_rank, uint64_t *line, int n);

#endif
