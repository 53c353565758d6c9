/* sm_xlat.h — an SM's address translation: the application's pages it
 * places its virtual lines by (vm.h; under -bwm_vm other than identity),
 * and under -bwm_mmu other than ideal its L1 TLB, base-page and large-page
 * entries (the large ones probed first).  The SM (sm.c) looks an
 * instruction's lines up here, sends the pages missing to the MMU through
 * its link and waits; the MMU's answers fill the entries. */
#ifndef BWM_SM_XLAT_H
#define BWM_SM_XLAT_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/tlb/tag_array.h"
#include "sim/vm/vm.h"
#include "util/status.h"

typedef struct bwm_sm_xlat {
    bwm_vm *vm;                 /* translates the load/store unit's lines at issue (NULL: none) */
    bwm_tag_array tlb;          /* the L1 TLB (tlb.key NULL: translation costs nothing) */
    bwm_tag_array tlb_large;    /* its large-page entries, probed first (key NULL: none) */
    int page_shift;
} bwm_sm_xlat;

/* The L1 TLB the configuration's MMU gives an SM, and vm (may be NULL).
 * BWM_EINPUT for entries and ways that make no TLB (-bwm_l1_tlb). */
int bwm_sm_xlat_init(bwm_sm_xlat *x, const bwm_gpu_config *cfg, bwm_vm *vm, bwm_err *err);
void bwm_sm_xlat_free(bwm_sm_xlat *x);

/* Whether the SM has an L1 TLB to look its pages up in. */
static inline int bwm_sm_xlat_on(const bwm_sm_xlat *x)
{
    return x->tlb.key != NULL;
}

/* Looks the pages of the n lines up in the L1 TLB (a page once, however many
 * of the lines it holds) and writes those it misses into missing, in line
 * order; returns their number. */
int bwm_sm_xlat_lookup(bwm_sm_xlat *x, const uint64_t *lines, int n, uint64_t *missing);

/* Page vpage, in a large page or not, is translated: into the large-page
 * or base-page entries. */
void bwm_sm_xlat_fill(bwm_sm_xlat *x, uint64_t vpage, int large);

#endif
