/* data_path.h — where the shipped data (apps.csv, configs, workloads) lives:
 * $BWMPKI_DATA_DIR if set, else the source tree's data/ folder. */
#ifndef BWM_DATA_PATH_H
#define BWM_DATA_PATH_H

#include <stddef.h>

/* Writes DATA_DIR/rel into dst. */
void bwm_data_path(const char *rel, char *dst, size_t n);
/* The applications catalogue: the file given (--apps-csv), else DATA_DIR/apps.csv. */
void bwm_catalog_path(const char *given, char *dst, size_t n);

#endif
