/* xlat_gpu.h — the translation experiment's GPU as its runs (translation,
 * page_reuse and their alone runs: those with a translation design) use
 * it: the head of their content key (its file, run length, the design and
 * its group's alone design) and the configuration of their design. */
#ifndef BWM_STUDY_XLAT_GPU_H
#define BWM_STUDY_XLAT_GPU_H

#include "study/env.h"
#include "util/buf.h"

void bwm_xlat_key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t);
/* The GPU under r's design, or NULL for a design not in the table. */
const bwm_gpu_config *bwm_xlat_gpu(const bwm_study_env *e, const bwm_study_run *r);

#endif
