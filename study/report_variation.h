/* report_variation.h — REPORT.md's section on paper 003's isolation
 * measure: the mean and max variation per partitioning beside Table III's
 * GTX 1080 numbers, the application with the max and the interferer most
 * often worst, what CMP costs each application alone, how a partition
 * compares with the whole GPU, and the directions the paper reports checked
 * one by one (CP far above CMP, VA or FWT the worst interferer, MM the
 * mildest, CMP slower alone for the memory-bound application). */
#ifndef BWM_STUDY_REPORT_VARIATION_H
#define BWM_STUDY_REPORT_VARIATION_H

#include "plots/results.h"
#include "study/plan_file.h"
#include "util/buf.h"

void bwm_report_variation(const bwm_study_info *info, const bwm_pl_results *r, bwm_buf *out);

#endif
