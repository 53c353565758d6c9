/* extra_apps.h — --extra-apps: the rows of a second file of synthetic
 * applications (the format of data/apps_calibrated.csv) added to the
 * catalogue a sim command reads, as one catalogue: "sim run" and
 * "sim variation" share it.  A row adds an application, it never replaces
 * one: an abbreviation or name that already finds one is refused at the
 * row's file:line. */
#ifndef BWM_EXTRA_APPS_H
#define BWM_EXTRA_APPS_H

#include <stddef.h>

#include "sim/workload/synth_app.h"
#include "util/status.h"

/* Loads the applications of path (bwm_synth_load) and appends them to
 * *apps (*n of them, read from base, the file named in messages; *apps is
 * reallocated, the caller frees it).  Errors read "option OPT: ..." (opt
 * without dashes): the loader's message, or "PATH:LINE: ..." for a row whose
 * abbreviation or name is already an application's; *apps and *n are left
 * as they were. */
int bwm_extra_apps_append(bwm_synth_app **apps, size_t *n, const char *base, const char *path, const char *opt,
                          bwm_err *err);

#endif
