/* report_stages.h — REPORT.md's section on where the slowdown comes from:
 * for every pair of the main experiment that interferes under FR-FCFS (WS
 * below INTERFERES_WS), each application's slowdown, its loads' round trip
 * and memory stalls alone and paired, and the stages whose time per load
 * grew most (plots/stages.h); then how often each stage is the one that
 * grew most. */
#ifndef BWM_STUDY_REPORT_STAGES_H
#define BWM_STUDY_REPORT_STAGES_H

#include "plots/results.h"
#include "util/buf.h"

void bwm_report_stages(const bwm_pl_results *r, bwm_buf *out);

#endif
