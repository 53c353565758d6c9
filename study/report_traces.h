/* report_traces.h — the traced experiment's results (study/exp_traces.c):
 * every traced pair under every scheduler beside its stand-in pair and the
 * closed-form model fed the traces' alone profiles (fit/policy_fit.h,
 * paper 000's model; schedulers without a closed form get none), as tables
 * (traces.*: per application, the slowdowns; traces_scheds.*: per
 * scheduler, IT and WS over FR-FCFS) and as REPORT.md's section: the mean
 * relative distance of the stand-ins' and the model's slowdowns from the
 * traced ones, and each pair's table. */
#ifndef BWM_STUDY_REPORT_TRACES_H
#define BWM_STUDY_REPORT_TRACES_H

#include "study/experiment.h"
#include "study/report.h"

/* traces.* and traces_scheds.* (none when the plan has no traced run). */
int bwm_traces_tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_exp_tables *out, bwm_err *err);

void bwm_report_traces(const bwm_report_ctx *c, bwm_buf *out);

#endif
