/* medic.h — MeDiC's setup from its knobs (medic.c): the warp-type
 * identification and the L2 components (bypass, insertion), which
 * bwm_sched_medic's hooks attach to the GPU (sched.h). */
#ifndef BWM_SCHED_MEDIC_H
#define BWM_SCHED_MEDIC_H

#include "sim/mc/sched_knobs.h"
#include "sim/mem/warp_type.h"

typedef struct bwm_medic_setup {
    bwm_warp_type_params types; /* interval in L2 cycles */
    int bypass;                 /* mostly-miss and all-miss warps' loads skip the L2 */
    int insertion;              /* L2 lines are ranked by the inserting warp's type */
} bwm_medic_setup;

/* MeDiC's knobs under settings s (NULL: the thesis's defaults), the
 * sampling interval converted from core cycles with l2_per_core L2 cycles
 * per core cycle (rounded, at least 1).  s must have passed
 * bwm_sched_settings_check. */
void bwm_medic_setup_of(const bwm_sched_settings *s, double l2_per_core, bwm_medic_setup *out);

#endif
