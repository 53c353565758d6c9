/* study_summary.h — what "bwmpki study" and "bwmpki study merge" print
 * once the study is finished (study/finish.h). */
#ifndef BWM_CLI_STUDY_SUMMARY_H
#define BWM_CLI_STUDY_SUMMARY_H

#include "study/finish.h"

/* The closing line on stdout ("CMD: WHAT, N of M figures drawn[, K runs
 * refused]; report: DIR/REPORT.md") and, without gnuplot, one line on
 * stderr saying how to draw the figures. */
void bwm_finish_summary(const char *cmd, const char *dir, const char *what, const bwm_finish_info *fi);

#endif
