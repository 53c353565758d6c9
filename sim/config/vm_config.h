/* vm_config.h — bwmpki's virtual-memory options (sim/vm/vm.h):
 *   -bwm_vm identity|first-touch|color   how pages are placed (identity)
 *   -bwm_page_size BYTES                 a power of two from the L1D's line
 *                                        to 1 GB (4096)
 * With color, the address map must have page colours (sim/vm/colors.h):
 * a map without them is refused, saying why, naming -bwm_vm. */
#ifndef BWM_VM_CONFIG_H
#define BWM_VM_CONFIG_H

#include "sim/config/optset.h"
#include "sim/dram/dram_config.h"
#include "sim/vm/vm.h"
#include "util/status.h"

typedef struct bwm_vm_config {
    bwm_vm_policy policy;
    int page_shift;
} bwm_vm_config;

/* Reads the options into out; line_bytes is the smallest page allowed, map
 * the channels whose colours color needs. */
int bwm_vm_config_from_opts(bwm_optset *s, int line_bytes, const bwm_addrmap *map, bwm_vm_config *out,
                            bwm_err *err);

#endif
