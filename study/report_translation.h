/* report_translation.h — REPORT.md's section on address translation
 * (thesis 001, Ch. 6): performance relative to Ideal by design and number
 * of applications beside Table 6.3, every pair under every design, MASK's
 * weighted speedup over SharedTLB on the pairs, the walks' L2 hit rates and
 * DRAM latencies under SharedTLB, and the directions the thesis reports
 * checked one by one, each with the measured values. */
#ifndef BWM_STUDY_REPORT_TRANSLATION_H
#define BWM_STUDY_REPORT_TRANSLATION_H

#include "plots/results.h"
#include "study/outcome.h"
#include "util/buf.h"

void bwm_report_translation(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                            bwm_buf *out);

#endif
