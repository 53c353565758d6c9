/* vm_config.h — bwmpki's virtual-memory options (sim/vm/vm.h):
 *   -bwm_vm identity|first-touch|color|cocoa|large-only|temp
 *                          how pages are placed (identity)
 *   -bwm_page_size BYTES   a power of two from the L1D's line to 1 GB (4096)
 *   -bwm_large_page BYTES  large pages of 512 base pages (2097152 with 4 KB
 *                          pages), or 0: none (0)
 * With color, the address map must have page colours (sim/vm/colors.h),
 * with temp bank colours (bwm_colors_of_banks);
 * a map without them is refused, saying why, naming -bwm_vm.  cocoa and
 * large-only need large pages; identity cannot have them (it places no
 * pages); a large page of another size is refused naming the option. */
#ifndef BWM_VM_CONFIG_H
#define BWM_VM_CONFIG_H

#include "sim/config/optset.h"
#include "sim/dram/dram_config.h"
#include "sim/vm/vm.h"
#include "util/status.h"

typedef struct bwm_vm_config {
    bwm_vm_policy policy;
    int page_shift;
    int large_shift;  /* 0: no large pages */
} bwm_vm_config;

/* Reads the options into out; line_bytes is the smallest page allowed, map
 * the channels whose colours color needs. */
int bwm_vm_config_from_opts(bwm_optset *s, int line_bytes, const bwm_addrmap *map, bwm_vm_config *out,
                            bwm_err *err);

#endif
