/* xlat_gpu.c — the translation experiment's GPU (see xlat_gpu.h). */
#include "study/xlat_gpu.h"

#include <inttypes.h>

void bwm_xlat_key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    char alone[BWM_XLAT_DESIGN_NAME], text[2][512];
    bwm_xlat_alone_design(r->design, alone, sizeof alone);
    long d = bwm_xlat_design_find(r->design), a = bwm_xlat_design_find(alone);
    bwm_xlat_design_text(d >= 0 ? (size_t)d : 0, text[0], sizeof text[0]);
    bwm_xlat_design_text(a >= 0 ? (size_t)a : 0, text[1], sizeof text[1]);
    bwm_buf_printf(t, "bwmpki study translation run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                   " warmup %" PRId64 "\n%s\nalone %s\n", s->binary, s->xlat_config, s->seed, s->xlat_cycles,
                   s->xlat_warmup, text[0], text[1]);
}

const bwm_gpu_config *bwm_xlat_gpu(const bwm_study_env *e, const bwm_study_run *r)
{
    long d = bwm_xlat_design_find(r->design);
    return d >= 0 && (size_t)d < e->n_xlat_cfgs ? &e->xlat_cfgs[d] : NULL;
}
