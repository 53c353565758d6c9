/* data_path.h — where the shipped data (apps.csv, configs, workloads) lives:
 * $BWMPKI_DATA_DIR if set, else the source tree's data/ folder. */
#ifndef BWM_DATA_PATH_H
#define BWM_DATA_PATH_H

#include <stddef.h>

/* The calibrated synthetic applications every simulating command uses by
 * default (written by "bwmpki calibrate" from apps_synth.csv). */
#define BWM_CALIBRATED_APPS "apps_calibrated.csv"
/* The hand-set first guesses calibration starts from. */
#define BWM_SYNTH_START_APPS "apps_synth.csv"

/* Writes DATA_DIR/rel into dst. */
void bwm_data_path(const char *rel, char *dst, size_t n);
/* The applications catalogue: the file given (--apps-csv), else DATA_DIR/apps.csv. */
void bwm_catalog_path(const char *given, char *dst, size_t n);

#endif
