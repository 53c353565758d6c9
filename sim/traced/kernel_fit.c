/* kernel_fit.c — a traced kernel's thread block against an SM (see
 * kernel_fit.h). */
#include "sim/traced/kernel_fit.h"

#include "sim/core/occupancy.h"
#include "sim/sass/kernel.h"
#include "sim/sass/list.h"

int bwm_kernel_fit_ctas(const bwm_gpu_config *cfg, const bwm_sass_header *h, int *ctas, bwm_err *err)
{
    bwm_occupancy_sm sm;
    bwm_occupancy_sm_from(cfg, cfg->exec.shader_registers, cfg->exec.ignore_resources_limitation, &sm);
    bwm_occupancy_kernel k = {(int)bwm_sass_block_threads(h), (int)h->nregs, (int)h->shmem};
    int n = bwm_occupancy_ctas(&sm, &k, NULL, err);
    if (n < 1)
        return BWM_EINPUT;
    *ctas = n;
    return BWM_OK;
}

int bwm_kernel_fit_trace(const bwm_gpu_config *cfg, const char *path, bwm_err *err)
{
    bwm_sass_list list;
    int st = bwm_sass_list_load(&list, path, err);
    if (st != BWM_OK)
        return st;
    int kernel = 0;
    for (size_t i = 0; st == BWM_OK && i < list.n; i++) {
        const bwm_sass_cmd *c = &list.cmds[i];
        if (c->kind != BWM_SASS_KERNEL)
            continue;
        kernel++;
        bwm_sass_kernel k;
        if ((st = bwm_sass_kernel_open(&k, c->path, err)) != BWM_OK)
            break;
        int ctas;
        bwm_err sub;
        if (bwm_kernel_fit_ctas(cfg, &k.h, &ctas, &sub) != BWM_OK)
            st = bwm_fail(err, BWM_EINPUT, "kernel %d (%s), %s: %s", kernel, k.h.kernel_name, c->path, sub.msg);
        bwm_sass_kernel_close(&k);
    }
    bwm_sass_list_free(&list);
    return st;
}
