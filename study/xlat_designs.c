/* xlat_designs.c — the translation experiment's designs (see
 * xlat_designs.h). */
#include "study/xlat_designs.h"

#include <stdio.h>
#include <string.h>

/* Thesis 001, Ch. 6: Ideal (every translation free), SharedTLB (the shared
 * L2 TLB, the baseline the alone runs use) and MASK with all its parts, then
 * each part alone (the knobs of sim/mc/sched/mask.c); Ch. 7: Mosaic's
 * group. */
static const bwm_xlat_design designs[] = {
    {"mask", "ideal", "frfcfs", "", "-bwm_mmu ideal", 0, 1},
    {"mask", "shared_tlb", "frfcfs", "", "-bwm_mmu shared_tlb", 1, 1},
    {"mask", "mask", "mask", "", "-bwm_mmu shared_tlb", 0, 1},
    {"mask", "mask_tlb", "mask", "mask.l2-bypass=off,mask.golden=off,mask.silver=off", "-bwm_mmu shared_tlb", 0, 0},
    {"mask", "mask_cache", "mask", "mask.tokens=off,mask.golden=off,mask.silver=off", "-bwm_mmu shared_tlb", 0, 0},
    {"mask", "mask_dram", "mask", "mask.tokens=off,mask.l2-bypass=off", "-bwm_mmu shared_tlb", 0, 0},
    /* the thesis's largest L2 TLB (Sec. 6.6, 8192 entries, still 16-way), where MASK and SharedTLB
       perform equally */
    {"mask", "shared_tlb_8k", "frfcfs", "", "-bwm_mmu shared_tlb -bwm_l2_tlb 8192:16:10:2", 0, 0},
    {"mask", "mask_8k", "mask", "", "-bwm_mmu shared_tlb -bwm_l2_tlb 8192:16:10:2", 0, 0},
    /* Ch. 7 (Table 7.1's L1 TLB, 2 MB large pages): Ideal on mask17's first-touch placement; GPU-MMU (the
       applications' 4 KB pages interleave, so the lazy coalescer never forms a large page; the alone
       runs' baseline); Mosaic (COCOA and the lazy coalescer); every page 2 MB; Ideal on cocoa's placement
       (what the placement alone changes) */
    {"mosaic", "ideal", "frfcfs", "", "-bwm_mmu ideal", 0, 1},
    {"mosaic", "gpu_mmu", "frfcfs", "",
     "-bwm_mmu shared_tlb -bwm_vm first-touch -bwm_large_page 2097152 -bwm_l1_tlb 128:128:1:16", 1, 1},
    {"mosaic", "mosaic", "frfcfs", "",
     "-bwm_mmu shared_tlb -bwm_vm cocoa -bwm_large_page 2097152 -bwm_l1_tlb 128:128:1:16", 0, 1},
    {"mosaic", "large_only", "frfcfs", "",
     "-bwm_mmu shared_tlb -bwm_vm large-only -bwm_large_page 2097152 -bwm_l1_tlb 128:128:1:16", 0, 0},
    {"mosaic", "ideal_cocoa", "frfcfs", "", "-bwm_mmu ideal -bwm_vm cocoa -bwm_large_page 2097152", 0, 0},
};

size_t bwm_xlat_design_count(void)
{
    return sizeof designs / sizeof designs[0];
}

const bwm_xlat_design *bwm_xlat_design_at(size_t i)
{
    return i < bwm_xlat_design_count() ? &designs[i] : NULL;
}

void bwm_xlat_design_id(const bwm_xlat_design *d, char *dst, size_t n)
{
    snprintf(dst, n, "%s/%s", d->group, d->name);
}

long bwm_xlat_design_find(const char *id)
{
    for (size_t i = 0; i < bwm_xlat_design_count(); i++) {
        char name[BWM_XLAT_DESIGN_NAME];
        bwm_xlat_design_id(&designs[i], name, sizeof name);
        if (strcmp(name, id) == 0)
            return (long)i;
    }
    return -1;
}

void bwm_xlat_alone_design(const char *id, char *dst, size_t n)
{
    long k = bwm_xlat_design_find(id);
    if (n)
        dst[0] = '\0';
    for (size_t i = 0; k >= 0 && i < bwm_xlat_design_count(); i++)
        if (designs[i].alone && strcmp(designs[i].group, designs[k].group) == 0)
            bwm_xlat_design_id(&designs[i], dst, n);
}

void bwm_xlat_design_text(size_t i, char *dst, size_t n)
{
    const bwm_xlat_design *d = &designs[i];
    snprintf(dst, n, "design %s/%s sched %s params %s settings %s", d->group, d->name, d->sched, d->params,
             d->settings);
}
