/* xlat_designs.h — the designs of the study's translation experiment
 * (thesis 001, Ch. 6), one table row each: the group it belongs to, its
 * name, the memory scheduler, the scheduler's knobs (as --sched-param takes
 * them) and the -bwm_... settings applied to the experiment's GPU (as --set
 * takes them).  A design is named GROUP/NAME in the plan and the outputs.
 *
 * Every group has a row named "ideal", which every other design of the
 * group is measured against, and one row marked alone: the design its
 * applications run alone under (FR-FCFS) for the weighted speedups.  A new
 * design is a row; a new group is its rows (and a figure panel follows by
 * itself, plots/fig_translation.c). */
#ifndef BWM_STUDY_XLAT_DESIGNS_H
#define BWM_STUDY_XLAT_DESIGNS_H

#include <stddef.h>

typedef struct bwm_xlat_design {
    const char *group, *name;
    const char *sched;                  /* a scheduler of the registry (sim/mc/sched.h) */
    const char *params;                 /* its knobs, "" for the defaults */
    const char *settings;               /* -bwm_... options over the GPU's file */
    int alone;                          /* the group's alone runs use this design (FR-FCFS) */
    int quick;                          /* in the --quick study */
} bwm_xlat_design;

#define BWM_XLAT_DESIGN_NAME 32         /* "GROUP/NAME" with its terminator */

size_t bwm_xlat_design_count(void);
const bwm_xlat_design *bwm_xlat_design_at(size_t i);
/* "GROUP/NAME" of d into dst. */
void bwm_xlat_design_id(const bwm_xlat_design *d, char *dst, size_t n);
/* The index of the design called id ("GROUP/NAME"), or -1. */
long bwm_xlat_design_find(const char *id);
/* The design the alone runs of id's group use, as "GROUP/NAME" into dst;
 * "" when id is "" (the main GPU) or unknown. */
void bwm_xlat_alone_design(const char *id, char *dst, size_t n);
/* The canonical text of design i (everything a run under it depends on),
 * for the run's content key. */
void bwm_xlat_design_text(size_t i, char *dst, size_t n);

#endif
