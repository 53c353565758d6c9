/* gpu_ctas.h — the thread blocks of the GPU's applications that have them
 * (synth_app.h: cta_warps > 0): each one's CTA dispatch (cta_dispatch.h:
 * which CTA its SMs run next), the batches touching each of its pages
 * (page_sharing.h), both shared by its SMs, and the CTA slots an SM gives
 * it.  Applications without thread blocks leave their entries zero. */
#ifndef BWM_GPU_CTAS_H
#define BWM_GPU_CTAS_H

#include "sim/config/gpu_config.h"
#include "sim/core/cta_dispatch.h"
#include "sim/core/page_sharing.h"
#include "sim/gpu/shares.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

typedef struct bwm_gpu_ctas {
    bwm_cta_dispatch dispatch[BWM_GPU_MAX_APPS]; /* per application: its CTAs */
    bwm_page_sharing pages[BWM_GPU_MAX_APPS];    /* and the batches touching each of its pages */
} bwm_gpu_ctas;

/* Application a (with thread blocks, prog) on n_sms SMs: its dispatch and
 * page sharing, and into *slots the CTAs an SM holds of it: what its warps
 * column asks for in whole CTAs (at least one), within the SM's warps and
 * -gpgpu_shader_cta.  BWM_EINPUT when a CTA does not fit an SM. */
int bwm_gpu_ctas_add(bwm_gpu_ctas *c, int a, const bwm_gpu_config *cfg, const bwm_synth_app *prog, int n_sms,
                     int *slots, bwm_err *err);

/* Frees every application's entries (safe on zeroed ones). */
void bwm_gpu_ctas_free(bwm_gpu_ctas *c);

#endif
