/* synth_catalog.h — a catalogue (io/catalog.h) over the synthetic
 * applications of an applications file, so that workload lists resolve
 * their names against that file: entry i is apps[i] (name, abbreviation and
 * the Table 1 targets mpki and bw_frac). */
#ifndef BWM_SIM_SYNTH_CATALOG_H
#define BWM_SIM_SYNTH_CATALOG_H

#include <stddef.h>

#include "io/catalog.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

/* Fills cat (free with bwm_catalog_free). */
int bwm_synth_catalog(const bwm_synth_app *apps, size_t n, bwm_catalog *cat, bwm_err *err);

#endif
