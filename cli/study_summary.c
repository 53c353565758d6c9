/* study_summary.c — the closing lines of "bwmpki study" and "bwmpki study
 * merge" (see study_summary.h). */
#include "cli/study_summary.h"

#include <stdio.h>

void bwm_finish_summary(const char *cmd, const char *dir, const char *what, const bwm_finish_info *fi)
{
    if (!fi->gnuplot_found)
        fprintf(stderr, "%s: gnuplot not found on PATH: figures not drawn; their scripts are in %s/figures "
                        "(run 'gnuplot NAME.gp' there)\n", cmd, dir);
    char refused[64] = "";
    if (fi->refused)
        snprintf(refused, sizeof refused, ", %zu runs refused by the simulator", fi->refused);
    printf("%s: %s, %zu of %zu figures drawn%s; report: %s/REPORT.md\n", cmd, what, fi->drawn, fi->figures, refused,
           dir);
}
