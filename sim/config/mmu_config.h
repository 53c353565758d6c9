/* mmu_config.h — bwmpki's address-translation options (sim/tlb/mmu.h):
 *   -bwm_mmu ideal|pwcache|shared_tlb|static_tlb
 *                      the translation hardware (ideal: translation costs
 *                      nothing, the simulator without TLBs);
 *   -bwm_l1_tlb E:W:L[:LE]  each SM's L1 TLB: entries, ways, latency in
 *                      core cycles (64:64:1, thesis Table 6.1), and its
 *                      large-page entries, fully associative (16, Table 7.1);
 *   -bwm_l2_tlb E:W:L:P[:LE:LW]  the shared L2 TLB: entries, ways, latency,
 *                      lookups per cycle (512:16:10:2), and its large-page
 *                      entries and their ways (256:256, Table 7.1);
 *   -bwm_pwc B:W:L     the page-walk cache: bytes, ways, latency (8192:16:10);
 *   -bwm_ptw N:LEVELS  the walker: concurrent walks, page-table levels (64:4).
 * The designs (thesis Sec. 6.2 and 6.5): pwcache is L1 TLB, then the walker
 * with its page-walk cache (no L2 TLB); shared_tlb is L1 TLB, then the
 * shared L2 TLB, then the walker (no page-walk cache); static_tlb is
 * shared_tlb with the L2 TLB's ways split evenly among the applications.
 * Large-page entries exist only with large pages (-bwm_large_page); a
 * lookup probes them first (thesis Sec. 7.3.3).
 * A design other than ideal needs pages of at least 4 KB (a page-table node
 * is one 4 KB frame, sim/vm/vm.h).  Geometries that do not divide, zero
 * walks, a walk of more than 6 levels, are refused
 * naming the option. */
#ifndef BWM_MMU_CONFIG_H
#define BWM_MMU_CONFIG_H

#include "sim/config/optset.h"
#include "util/status.h"

#define BWM_MMU_MAX_LEVELS 6

typedef enum bwm_mmu_design {
    BWM_MMU_IDEAL,
    BWM_MMU_PWCACHE,
    BWM_MMU_SHARED_TLB,
    BWM_MMU_STATIC_TLB
} bwm_mmu_design;

/* "ideal", "pwcache", "shared_tlb", "static_tlb" into *d; -1 for an unknown name. */
int bwm_mmu_design_parse(const char *name, bwm_mmu_design *d);
const char *bwm_mmu_design_name(bwm_mmu_design d);

typedef struct bwm_mmu_config {
    bwm_mmu_design design;
    int l1_entries, l1_ways, l1_latency, l1_large_entries;
    int l2_entries, l2_ways, l2_latency, l2_ports, l2_large_entries, l2_large_ways;
    int pwc_bytes, pwc_ways, pwc_latency;
    int walks, levels;
} bwm_mmu_config;

/* Reads the options into out; page_shift is -bwm_page_size's, line_bytes
 * the L2's line (the page-walk cache's). */
int bwm_mmu_config_from_opts(bwm_optset *s, int page_shift, int line_bytes, bwm_mmu_config *out, bwm_err *err);

#endif
