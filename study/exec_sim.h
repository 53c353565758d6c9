/* exec_sim.h — the simulations of study runs that experiments share
 * (study/experiment.h's simulate): an application alone on its SM share,
 * and a workload under its scheduler against the alone profiles of its
 * applications, read back from their run files (study/exec.h says why). */
#ifndef BWM_STUDY_EXEC_SIM_H
#define BWM_STUDY_EXEC_SIM_H

#include "study/env.h"
#include "study/run_file.h"

/* r's application app alone on r->split[0] SMs of cfg with colors page
 * colours; its alone profile is itself. */
int bwm_study_sim_alone(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                        const bwm_run_params *len, int colors, const bwm_synth_app *app, bwm_run_rec *rec, bwm_err *err);
/* r's workload under its scheduler (and its knobs: alpha-SJF's alpha and m,
 * or a translation design's) on cfg. */
int bwm_study_sim_workload(const bwm_study_env *e, const bwm_study_run *r, const bwm_gpu_config *cfg,
                           const bwm_run_params *len, const bwm_synth_app *const *apps, bwm_run_rec *rec, bwm_err *err);

#endif
