/* report_text.h — how REPORT.md writes a number: a share or a change in
 * percent. */
#ifndef BWM_STUDY_REPORT_TEXT_H
#define BWM_STUDY_REPORT_TEXT_H

#include <stddef.h>

/* "+12.3 %" for a ratio of 1.123; "n/a" when it is not finite. */
void bwm_report_percent_change(char *dst, size_t n, double ratio);

/* "12.3 %" for 0.123; "n/a" when it is not finite. */
void bwm_report_percent(char *dst, size_t n, double v);

#endif
