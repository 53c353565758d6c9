/* catalog.h — the applications catalogue (data/apps.csv: name,abbr,mpki,bw_frac).
 *
 * Loads and validates the table (mpki > 0, 0 < bw_frac <= 1, unique
 * abbreviations) and looks applications up by abbreviation or full name,
 * case-insensitively.  The catalogue owns its entries. */
#ifndef BWM_CATALOG_H
#define BWM_CATALOG_H

#include <stddef.h>

#include "util/status.h"

typedef struct bwm_catalog_entry {
    char name[64];
    char abbr[16];
    double mpki;
    double bw_frac;
} bwm_catalog_entry;

typedef struct bwm_catalog {
    bwm_catalog_entry *e;
    size_t n;
} bwm_catalog;

int bwm_catalog_load(bwm_catalog *c, const char *path, bwm_err *err);
void bwm_catalog_free(bwm_catalog *c);
const bwm_catalog_entry *bwm_catalog_find(const bwm_catalog *c, const char *abbr_or_name);

#endif
