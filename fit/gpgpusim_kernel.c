/* gpgpusim_kernel.c — one kernel's figures as differences of totals (see gpgpusim_kernel.h). */
#include "fit/gpgpusim_kernel.h"

#include <stddef.h>

/* The counts of a kernel's block and where a log keeps each. */
static const struct count {
    size_t in_log, in_block;
} counts[] = {
    {offsetof(bwm_gpgpusim_log, insn), offsetof(bwm_gpgpusim_kernel, insn)},
    {offsetof(bwm_gpgpusim_log, cycles), offsetof(bwm_gpgpusim_kernel, cycles)},
    {offsetof(bwm_gpgpusim_log, l2_accesses), offsetof(bwm_gpgpusim_kernel, l2_accesses)},
    {offsetof(bwm_gpgpusim_log, l2_misses), offsetof(bwm_gpgpusim_kernel, l2_misses)},
    {offsetof(bwm_gpgpusim_log, n_rd), offsetof(bwm_gpgpusim_kernel, n_rd)},
    {offsetof(bwm_gpgpusim_log, n_rd_l2a), offsetof(bwm_gpgpusim_kernel, n_rd_l2a)},
    {offsetof(bwm_gpgpusim_log, n_write), offsetof(bwm_gpgpusim_kernel, n_write)},
    {offsetof(bwm_gpgpusim_log, n_wr_bk), offsetof(bwm_gpgpusim_kernel, n_wr_bk)},
};

static double at(const void *s, size_t offset)
{
    return *(const double *)((const char *)s + offset);
}

void bwm_gpgpusim_kernel_log(const bwm_gpgpusim_log *run, const bwm_gpgpusim_kernels *ks, size_t k,
                             bwm_gpgpusim_log *out)
{
    const bwm_gpgpusim_kernel *now = &ks->k[k];
    const bwm_gpgpusim_kernel none = {0};
    const bwm_gpgpusim_kernel *before = k > 0 ? &ks->k[k - 1] : &none;
    *out = *run;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        *(double *)((char *)out + counts[i].in_log) = at(now, counts[i].in_block) - at(before, counts[i].in_block);
    out->ipc_reported = -1; /* GPGPU-Sim prints no total-only ipc for one kernel; gpu_ipc is not read */
    out->kernels = 1;
    double cmd = now->n_cmd - before->n_cmd;
    double busy = now->busy - before->busy;
    int known = now->busy >= 0 && before->busy >= 0 && cmd > 0 &&
                now->busy_err + before->busy_err <= BWM_GPGPUSIM_KERNEL_UTIL_ROUNDING * busy;
    out->bw_util = known && busy <= cmd ? busy / cmd : -1;
}
