/* stages.h — where an application's slowdown in a run comes from: its
 * loads' time per stage (sim/mem/req_life.h) in the run beside the same
 * application's alone run on the same SM share, and the stages that grew
 * most.  Read from a study's results (plots/results.h). */
#ifndef BWM_PL_STAGES_H
#define BWM_PL_STAGES_H

#include "plots/results.h"

/* Indices into bwm_pl_app.stage (BWM_STAGE_COLUMNS' order). */
#define BWM_PL_ROUND_TRIP 0
#define BWM_PL_STAGE(s) (1 + (s))
#define BWM_PL_MEM_STALL (BWM_STAGE_NCOLUMNS - 1)

typedef struct bwm_pl_growth {
    const bwm_pl_app *run, *alone;      /* the application in the run, and alone */
    double grow[BWM_STAGE_COUNT];       /* core cycles per load, in the run minus alone */
    int top[2];                         /* the stages that grew most, most first (-1: none grew) */
} bwm_pl_growth;

/* Application abbr's alone run on sms SMs, or NULL. */
const bwm_pl_app *bwm_pl_alone_of(const bwm_pl_results *r, const char *abbr, int sms);

/* a's growth by stage; 0 when the study has no alone run for it on its
 * share, or either has no answered load (every stage NaN). */
int bwm_pl_growth_of(const bwm_pl_results *r, const bwm_pl_app *a, bwm_pl_growth *g);

#endif
