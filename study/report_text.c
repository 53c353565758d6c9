/* report_text.c — how REPORT.md writes a number (see report_text.h). */
#include "study/report_text.h"

#include <math.h>
#include <stdio.h>

void bwm_report_percent_change(char *dst, size_t n, double ratio)
{
    if (isfinite(ratio))
        snprintf(dst, n, "%+.1f %%", (ratio - 1) * 100);
    else
        snprintf(dst, n, "n/a");
}

void bwm_report_percent(char *dst, size_t n, double v)
{
    if (isfinite(v))
        snprintf(dst, n, "%.1f %%", v * 100);
    else
        snprintf(dst, n, "n/a");
}
