/* synth_catalog.c — a catalogue over synthetic applications (see
 * synth_catalog.h). */
#include "sim/run/synth_catalog.h"

#include <stdio.h>
#include <stdlib.h>

int bwm_synth_catalog(const bwm_synth_app *apps, size_t n, bwm_catalog *cat, bwm_err *err)
{
    cat->n = 0;
    cat->e = calloc(n ? n : 1, sizeof *cat->e);
    if (!cat->e)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t i = 0; i < n; i++) {
        bwm_catalog_entry *e = &cat->e[i];
        snprintf(e->name, sizeof e->name, "%s", apps[i].name);
        snprintf(e->abbr, sizeof e->abbr, "%s", apps[i].abbr);
        e->mpki = apps[i].mpki;
        e->bw_frac = apps[i].bw_frac;
    }
    cat->n = n;
    return BWM_OK;
}
