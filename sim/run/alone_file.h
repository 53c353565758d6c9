/* alone_file.h — alone profiles (ipc, mpki, bw of each application running
 * alone on its SM share) read from a CSV, typically the CSV output of an
 * earlier "bwmpki sim run" of single applications.  Columns: abbr (or name),
 * ipc, mpki, bw; other columns are ignored.  Rows are matched to the
 * applications by abbreviation or name, case-insensitive. */
#ifndef BWM_ALONE_FILE_H
#define BWM_ALONE_FILE_H

#include "sim/run/workload_run.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

/* An application's two names: abbreviation and full name (a traced
 * application's name is both). */
typedef struct bwm_app_names {
    const char *abbr, *name;
} bwm_app_names;

/* Fills out[i] for apps[i], i < n.  Errors (BWM_EINPUT) name the file and
 * line, the missing column, or the application without a row. */
int bwm_alone_load(const char *path, const bwm_app_names *apps, int n, bwm_alone_profile *out,
                   bwm_err *err);

#endif
