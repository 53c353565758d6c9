/* gnuplot.h — running gnuplot, found on PATH at run time, on a figure's
 * script.  The figure is drawn under temporary names and renamed to
 * NAME.png and NAME.svg only when gnuplot succeeds, so a failed drawing
 * leaves no half-written image; gnuplot's messages go to NAME.log, which
 * is removed after a success. */
#ifndef BWM_GNUPLOT_H
#define BWM_GNUPLOT_H

#include <stddef.h>

#include "util/status.h"

/* The gnuplot executable on PATH into path: 1 if found, else 0. */
int bwm_gnuplot_find(char *path, size_t n);

/* Runs gnuplot (its path) on DIR/NAME.gp in DIR (posix_spawn; gnuplot's
 * own "cd" changes its folder).  A failure is BWM_EFAIL naming the log. */
int bwm_gnuplot_render(const char *gnuplot, const char *dir, const char *name, bwm_err *err);

#endif
