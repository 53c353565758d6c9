/* data_path.h — where the shipped data (apps.csv, configs, workloads) lives:
 * $BWMPKI_DATA_DIR if set; else the installed data folder next to the
 * executable (PREFIX/share/bwmpki for PREFIX/bin/bwmpki) when it is there;
 * else the data/ folder of the source tree the executable was built from. */
#ifndef BWM_DATA_PATH_H
#define BWM_DATA_PATH_H

#include <stddef.h>

/* The calibrated synthetic applications every simulating command uses by
 * default (written by "bwmpki calibrate" from apps_synth.csv). */
#define BWM_CALIBRATED_APPS "apps_calibrated.csv"
/* The hand-set first guesses calibration starts from. */
#define BWM_SYNTH_START_APPS "apps_synth.csv"

/* Writes the data folder into dst. */
void bwm_data_dir(char *dst, size_t n);
/* Writes DATA_DIR/rel into dst. */
void bwm_data_path(const char *rel, char *dst, size_t n);
/* The applications catalogue: the file given (--apps-file), else DATA_DIR/apps.csv. */
void bwm_catalog_path(const char *given, char *dst, size_t n);

#endif
