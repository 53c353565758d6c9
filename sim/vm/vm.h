/* vm.h — the applications' virtual memory: each application's addresses
 * (bwm_app_base(a) onwards) are virtual, and its pages are placed in
 * physical frames by a policy (-bwm_vm):
 *   identity     a virtual address is its physical address (the simulator
 *                without sim/vm: byte-identical results);
 *   first-touch  frames in address order, to whichever application touches
 *                a page first (the applications' pages interleave);
 *   color        each application only gets frames of its own colours
 *                (colors.h; paper 003's memory partitioning): application
 *                i takes colours_per_app[i] colours, in order, its pages
 *                going round its colours in turn.
 * Pages are -bwm_page_size bytes (a power of two, at least a line).  A page
 * is placed when first touched; translation is a table lookup in simulator
 * memory (what the TLBs of sim/tlb/ time is where each walk reads).
 *
 * Each application's page table also sits in simulated memory, as the
 * radix tree a walker reads (sim/tlb/mmu.h): nodes of 512 8-byte entries
 * (4 KB, one frame; so pages of at least 4 KB), each level indexing 9
 * bits of the virtual page number, the root the highest (x86-64's and the
 * thesis's 4-level table; bits above the root's fold into which root).  A
 * node is placed when a walk first needs it, as a page of its application
 * is: in its colours, or in first-touch order; under identity, in a region
 * of its own past every application's addresses (from n_apps << 40, the
 * spacing of bwm_app_base). */
#ifndef BWM_VM_VM_H
#define BWM_VM_VM_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "sim/vm/colors.h"
#include "sim/vm/frames.h"
#include "sim/vm/page_table.h"
#include "util/status.h"

typedef enum bwm_vm_policy { BWM_VM_IDENTITY, BWM_VM_FIRST_TOUCH, BWM_VM_COLOR } bwm_vm_policy;

/* "identity", "first-touch", "color" into *p; -1 for an unknown name. */
int bwm_vm_policy_parse(const char *name, bwm_vm_policy *p);
const char *bwm_vm_policy_name(bwm_vm_policy p);

#define BWM_PT_INDEX_BITS 9
#define BWM_PT_ENTRY_BYTES 8
#define BWM_PT_NODE_BYTES (BWM_PT_ENTRY_BYTES << BWM_PT_INDEX_BITS)

typedef struct bwm_vm_app {
    bwm_page_table table;
    bwm_page_table nodes;        /* page-table nodes: (level << 56 | prefix) to frame */
    unsigned first_color, n_colors, turn;
} bwm_vm_app;

typedef struct bwm_vm {
    bwm_vm_policy policy;
    int page_shift;
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
 * in place, looking each page up once (lines of one page are usually
 * neighbours).  A failure is kept in vm->faulted and vm->fault (the first
 * one), the addresses left as they were: the GPU stops the run with it. */
void bwm_vm_translate_lines(bwm_vm *vm, int app, uint64_t *line, int n);

#endif
