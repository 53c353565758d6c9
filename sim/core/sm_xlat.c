/* sm_xlat.c — an SM's L1 TLB (see sm_xlat.h). */
#include "sim/core/sm_xlat.h"

#include <string.h>

int bwm_sm_xlat_init(bwm_sm_xlat *x, const bwm_gpu_config *cfg, bwm_vm *vm, bwm_err *err)
{
    memset(x, 0, sizeof *x);
    x->vm = vm;
    x->page_shift = cfg->vm.page_shift;
    bwm_err sub;
    int large = cfg->mmu.design != BWM_MMU_IDEAL && cfg->vm.large_shift;
    if ((cfg->mmu.design != BWM_MMU_IDEAL &&
         bwm_tag_array_init(&x->tlb, cfg->mmu.l1_entries, cfg->mmu.l1_ways, 1, &sub) != BWM_OK) ||
        (large && bwm_tag_array_init(&x->tlb_large, cfg->mmu.l1_large_entries, cfg->mmu.l1_large_entries, 1,
                                     &sub) != BWM_OK)) {
        bwm_tag_array_free(&x->tlb);
        return bwm_fail(err, BWM_EINPUT, "option -bwm_l1_tlb: %s", sub.msg);
    }
    return BWM_OK;
}

void bwm_sm_xlat_free(bwm_sm_xlat *x)
{
    bwm_tag_array_free(&x->tlb);
    bwm_tag_array_free(&x->tlb_large);
}

int bwm_sm_xlat_lookup(bwm_sm_xlat *x, const uint64_t *lines, int n, uint64_t *missing)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        uint64_t vpage = lines[i] >> x->page_shift;
        int seen = 0; /* the page of an earlier line (lines of a page are mostly neighbours) */
        for (int j = i - 1; j >= 0 && !seen; j--)
            seen = lines[j] >> x->page_shift == vpage;
        if (seen || (x->tlb_large.key && bwm_tag_array_lookup(&x->tlb_large, vpage >> BWM_LARGE_PAGE_BITS)) ||
            bwm_tag_array_lookup(&x->tlb, vpage))
            continue;
        missing[k++] = vpage;
    }
    return k;
}

void bwm_sm_xlat_fill(bwm_sm_xlat *x, uint64_t vpage, int large)
{
    if (large)
        bwm_tag_array_insert(&x->tlb_large, vpage >> BWM_LARGE_PAGE_BITS, 0);
    else
        bwm_tag_array_insert(&x->tlb, vpage, 0);
}
