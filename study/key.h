/* key.h — the content key of a study run: the SHA-256 of a canonical text
 * naming everything its result depends on — the executable, the GPU
 * configuration, the seed and run length, the scheduler and its parameters,
 * and each application's SM share and parameter row; an experiment on a GPU
 * of its own writes the head naming it instead of the main GPU and run
 * length (its registry entry's key_head, study/experiment.h: a variation
 * run its GPU, instruction budget and partitioning; a translation run its
 * GPU, design and its group's alone design; a batch run its GPU and
 * design).  A result file is
 * named by its key, so a changed input is a different file: never reused by
 * mistake, and an unchanged one is found again (resume). */
#ifndef BWM_STUDY_KEY_H
#define BWM_STUDY_KEY_H

#include "study/run.h"

/* Sets r->key; apps[i] is the synthetic application of r->app[i]. */
void bwm_study_key(const bwm_study_setup *s, const bwm_synth_app *const *apps, bwm_study_run *r);

#endif
