/* report_batch.h — REPORT.md's section on paper 002's thread batching
 * (Sec. 6.1): what ran, every application under every design, our GMs
 * beside the paper's (speedup, BLP, RBHR, DRAM delay, local access,
 * energy, with the paper's energy figures that contradict each other said
 * to), and the directions checked one by one (seed-mechanisms.md's T1-T5
 * and energy down where row hits rise), each with the measured values. */
#ifndef BWM_STUDY_REPORT_BATCH_H
#define BWM_STUDY_REPORT_BATCH_H

#include "plots/results.h"
#include "study/plan_file.h"
#include "util/buf.h"

void bwm_report_batch(const bwm_study_info *info, const bwm_pl_results *r, bwm_buf *out);

#endif
