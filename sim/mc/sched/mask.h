/* mask.h — MASK's translation components' settings from its knobs (mask.c;
 * thesis Ch. 6), which bwm_sched_mask's hooks give the MMU (sched.h). */
#ifndef BWM_SCHED_MASK_H
#define BWM_SCHED_MASK_H

#include <stdint.h>

#include "sim/mc/sched_knobs.h"
#include "sim/tlb/mmu.h"

/* MASK's translation-side settings (bwm_mmu_mask: tokens, L2 bypass, epoch,
 * token share, bypass cache) from its knobs under settings s (NULL: the
 * thesis's defaults); s must have passed bwm_sched_settings_check. */
void bwm_mask_setup_of(const bwm_sched_settings *s, bwm_mmu_mask *out);

#endif
