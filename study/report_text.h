/* report_text.h — how REPORT.md writes a number: a change in percent. */
#ifndef BWM_STUDY_REPORT_TEXT_H
#define BWM_STUDY_REPORT_TEXT_H

#include <stddef.h>

/* "+12.3 %" for a ratio of 1.123; "n/a" when it is not finite. */
void bwm_report_percent_change(char *dst, size_t n, double ratio);

#endif
