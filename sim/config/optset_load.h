/* optset_load.h — an option file into a configuration: the file read into
 * a bwm_optset (optset.h), overrides applied, the options a consumer models
 * taken, misspelt names refused (option_typos.h) and the rest listed as
 * ignored. */
#ifndef BWM_OPTSET_LOAD_H
#define BWM_OPTSET_LOAD_H

#include <stddef.h>

#include "sim/config/optset.h"
#include "util/status.h"

/* Loads the option file at path, applies overrides (option-file text, may be
 * NULL; origin names it in messages), hands the set to take (which fills
 * the configuration cfg from the options it models), refuses a misspelt
 * name of an option take reads (option_typos.h) and, when ign is not
 * NULL, lists in it the options nobody took (free with bwm_optlist_free). */
typedef int (*bwm_optset_taker)(bwm_optset *s, void *cfg, bwm_err *err);
int bwm_optset_load_into(const char *path, const char *overrides, const char *origin,
                         bwm_optset_taker take, void *cfg, bwm_optlist *ign, bwm_err *err);

/* The same for the n option files at paths, read in order into one set: an
 * option a later file gives replaces an earlier file's, as Accel-Sim reads
 * "-config gpgpusim.config -config trace.config"; the overrides come last. */
int bwm_optset_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                          bwm_optset_taker take, void *cfg, bwm_optlist *ign, bwm_err *err);

#endif
