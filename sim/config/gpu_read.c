/* gpu_read.c — bwm_gpu_config from GPGPU-Sim options (see gpu_read.h).
 *
 * The memory system comes first (memsys_config.c), then the SMs
 * (gpu_read_cores.c) and their execution units (gpu_read_exec.c), the
 * caches (gpu_read_caches.c), the latencies, the crossbar
 * (gpu_read_icnt.c), the virtual memory and the MMU, in this order, which is the order of their error messages; every check names the
 * option at fault. */
#include "sim/config/gpu_read.h"

#include <string.h>

#include "sim/config/config_limits.h"
#include "sim/config/gpu_read_caches.h"
#include "sim/config/gpu_read_cores.h"
#include "sim/config/gpu_read_exec.h"
#include "sim/config/gpu_read_icnt.h"
#include "sim/config/memsys_config.h"
#include "sim/config/optset_load.h"
#include "sim/config/optval.h"

/* The latencies between units: an L1D hit (core cycles), the ROP and the
 * way from the L2 to the controller (L2 cycles). */
static int latencies(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    /* GPGPU-Sim 3.x calls it -rop_latency; 4.x adds the prefix. */
    const char *rop = bwm_optval_alias(s, "-gpgpu_l2_rop_latency", "-rop_latency");
    int st = bwm_optval_int(s, bwm_optval_alias(s, "-gpgpu_l1_latency", "-l1_latency"), 1, 1, 10000, &c->l1_latency,
                            err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, rop, 85, 0, 10000, &c->l2_rop_latency, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-dram_latency", 30, 0, 10000, &c->dram_latency, err);
    return st;
}

int bwm_gpu_config_from_opts(bwm_optset *s, bwm_gpu_config *cfg, bwm_err *err)
{
    bwm_gpu_config c;
    memset(&c, 0, sizeof c);
    int st = bwm_dram_config_from_opts(s, &c.dram, err);
    if (st == BWM_OK)
        st = bwm_gpu_read_cores(s, &c, err);
    if (st == BWM_OK)
        st = bwm_gpu_read_exec(s, &c.exec, err);
    if (st == BWM_OK)
        st = bwm_gpu_read_caches(s, &c, err);
    if (st == BWM_OK)
        st = latencies(s, &c, err);
    if (st == BWM_OK)
        st = bwm_gpu_read_interconnect(s, &c, err);
    if (st == BWM_OK)
        st = bwm_vm_config_from_opts(s, c.l1d.line_bytes > 0 ? c.l1d.line_bytes : c.l2.line_bytes, &c.dram.map,
                                     &c.vm, err);
    if (st == BWM_OK)
        st = bwm_mmu_config_from_opts(s, c.vm.page_shift, c.l2.line_bytes, &c.mmu, err);
    if (st == BWM_OK)
        st = bwm_limit_tlbs(s, &c, err);
    if (st == BWM_OK && c.vm.policy == BWM_VM_TEMP && c.mmu.design != BWM_MMU_IDEAL)
        st = bwm_optval_fail_at(bwm_optset_find(s, "-bwm_vm"), "-bwm_vm", err, "temp places a page at the SM that "
                                "first touches it, which a page walk (-bwm_mmu %s) would do first: TEMP runs with "
                                "-bwm_mmu ideal", bwm_mmu_design_name(c.mmu.design));
    if (st == BWM_OK)
        *cfg = c;
    return st;
}

static int take_gpu_config(bwm_optset *s, void *cfg, bwm_err *err)
{
    return bwm_gpu_config_from_opts(s, cfg, err);
}

int bwm_gpu_config_load_with(const char *path, const char *overrides, const char *origin,
                             bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_gpu_config_load_files(&path, 1, overrides, origin, cfg, ign, err);
}

int bwm_gpu_config_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                              bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_optset_load_files(paths, n, overrides, origin, take_gpu_config, cfg, ign, err);
}
