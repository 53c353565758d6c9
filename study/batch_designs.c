/* batch_designs.c — the thread-batching experiment's designs (see
 * batch_designs.h). */
#include "study/batch_designs.h"

#include <stdio.h>
#include <string.h>

/* Paper 002's GPU has 8 Fermi-like SMs (Sec. 5.2); with 16 bank colours
 * (cal12.config's 4 KB pages) each SM then owns two banks of every channel
 * under TEMP. */
#define GPU "-gpgpu_n_clusters 8 "

/* Paper 002, Sec. 5.2: the baseline, CCWS (CTAs interleaved over the SMs,
 * pages where the address map puts them); TEMP (serial dispatch and the
 * SMs' bank colours) under CCWS; TEMP+TBAS (TBAS replacing CCWS, a batch
 * running until none of its warps can issue, the simulator's default for
 * the paper's undefined "sufficient active warps"). */
static const bwm_batch_design designs[] = {
    {BWM_BATCH_BASELINE, GPU "-gpgpu_scheduler ccws -bwm_cta_dispatch interleaved -bwm_vm identity", 1},
    {"temp", GPU "-gpgpu_scheduler ccws -bwm_cta_dispatch serial -bwm_vm temp", 1},
    {"temp_tbas", GPU "-gpgpu_scheduler tbas -bwm_tbas_min_active 1 -bwm_cta_dispatch serial -bwm_vm temp", 1},
};

size_t bwm_batch_design_count(void)
{
    return sizeof designs / sizeof designs[0];
}

const bwm_batch_design *bwm_batch_design_at(size_t i)
{
    return i < bwm_batch_design_count() ? &designs[i] : NULL;
}

long bwm_batch_design_find(const char *name)
{
    for (size_t i = 0; i < bwm_batch_design_count(); i++)
        if (strcmp(designs[i].name, name) == 0)
            return (long)i;
    return -1;
}

void bwm_batch_design_text(size_t i, char *dst, size_t n)
{
    snprintf(dst, n, "batch design %s sched %s settings %s", designs[i].name, BWM_BATCH_SCHED, designs[i].settings);
}
