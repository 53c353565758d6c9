/* exec.h — one run of the study plan simulated and its result file written
 * (study/run_file.h), as its experiment's registry entry says
 * (study/experiment.h: its applications, GPU, run length and simulation).
 * By default a run reads the alone profiles of its applications from their
 * result files — so they must be done first — and simulates the workload
 * under its scheduler against them (study/exec_sim.h); an alone run
 * simulates its application alone on its SM share; a variation run one
 * case of paper 003's measure on its own GPU; a batch run its application
 * alone on its own GPU under its design (its alone profile is itself).
 * Reading the profiles back from the files, never from memory, makes a
 * run's result the same whichever process or shard ran its alone runs. */
#ifndef BWM_STUDY_EXEC_H
#define BWM_STUDY_EXEC_H

#include <stddef.h>

#include "study/env.h"


/* Simulates run i of the plan and writes its file — a refusal by the
 * simulator (BWM_EINPUT: its inputs do not fit) as the run's result, with
 * the reason (study/run_file.h); so is a run whose alone run was refused.
 * Other errors (BWM_EFAIL) name the run. */
int bwm_study_exec(const bwm_study_env *e, size_t i, bwm_err *err);

#endif
