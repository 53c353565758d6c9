/* batch_designs.h — the designs of the study's thread-batching experiment
 * (paper 002, Sec. 6.1: TEMP and TBAS against a CCWS baseline), one table
 * row each: its name and the options it applies to the experiment's GPU
 * (as --set takes them: warp scheduler, CTA dispatch, page placement).
 * Every row runs FR-FCFS in the memory controllers and 8 SMs (paper 002's
 * GPU), whatever the file says.  The row named "baseline" is what every
 * other is measured against (speedup, and each DRAM statistic's ratio).
 * A new design is a row. */
#ifndef BWM_STUDY_BATCH_DESIGNS_H
#define BWM_STUDY_BATCH_DESIGNS_H

#include <stddef.h>


typedef struct bwm_batch_design {
    const char *name;
    const char *settings;               /* options over the GPU's file */
    int quick;                          /* in the --quick study */
} bwm_batch_design;

#define BWM_BATCH_BASELINE "baseline" /* the name the outputs know it by (plots/results.h) */
#define BWM_BATCH_SCHED "frfcfs"        /* the memory scheduler of every design */

size_t bwm_batch_design_count(void);
const bwm_batch_design *bwm_batch_design_at(size_t i);
/* The index of the design called name, or -1. */
long bwm_batch_design_find(const char *name);
/* The canonical text of design i (everything a run under it depends on
 * besides the GPU's file), for the run's content key. */
void bwm_batch_design_text(size_t i, char *dst, size_t n);

#endif
