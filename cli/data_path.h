/* data_path.h — where the shipped data (apps.csv, configs, workloads) lives,
 * and why there.  The places, in order (the first holding apps.csv wins):
 *   1. $BWMPKI_DATA_DIR when set (taken even when it lacks apps.csv: the
 *      user asked for it);
 *   2. the executable run from the build tree it was built in: that tree's
 *      source data/ folder;
 *   3. the installed layout next to the executable (PREFIX/share/bwmpki
 *      for PREFIX/bin/bwmpki), wherever the prefix has been moved;
 *   4. a data/ folder beside the executable (a copy taken with its data);
 *   5. the data folder of the prefix the build was configured to install
 *      into (a copy of an installed executable).
 * A copy of the executable outside its build tree never reads the source
 * tree: it finds data only in 3-5 (or 1), and when none holds it the
 * places looked in are named (bwm_data_missing). */
#ifndef BWM_DATA_PATH_H
#define BWM_DATA_PATH_H

#include <stddef.h>

/* The calibrated synthetic applications every simulating command uses by
 * default (written by "bwmpki calibrate" from apps_synth.csv). */
#define BWM_CALIBRATED_APPS "apps_calibrated.csv"
/* The hand-set first guesses calibration starts from. */
#define BWM_SYNTH_START_APPS "apps_synth.csv"

typedef enum bwm_data_origin {
    BWM_DATA_ENV,       /* $BWMPKI_DATA_DIR */
    BWM_DATA_BUILD,     /* the source tree of a build-tree executable */
    BWM_DATA_INSTALLED, /* PREFIX/share/bwmpki beside PREFIX/bin */
    BWM_DATA_BESIDE,    /* data/ beside the executable */
    BWM_DATA_PREFIX,    /* the configured install prefix's */
    BWM_DATA_MISSING    /* none of them: dir is where the copy would look first */
} bwm_data_origin;

typedef struct bwm_data_where {
    char dir[4200];
    bwm_data_origin origin;
    char looked[8192]; /* the places tried, "; "-separated */
} bwm_data_where;

/* Finds the data folder (the order above). */
void bwm_data_locate(bwm_data_where *w);
/* A few words on where the folder came from ("from $BWMPKI_DATA_DIR", ...). */
const char *bwm_data_origin_text(bwm_data_origin o);
/* When no place holds the data: writes into msg (n bytes) a sentence
 * naming the places looked in and how to give one, and returns 1; else 0. */
int bwm_data_missing(char *msg, size_t n);

/* Writes the data folder into dst. */
void bwm_data_dir(char *dst, size_t n);
/* Writes DATA_DIR/rel into dst. */
void bwm_data_path(const char *rel, char *dst, size_t n);
/* The applications catalogue: the file given (--apps-file), else DATA_DIR/apps.csv. */
void bwm_catalog_path(const char *given, char *dst, size_t n);

#endif
