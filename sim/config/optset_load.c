/* optset_load.c — loading an option file into a configuration (see
 * optset_load.h). */
#include "sim/config/optset_load.h"

#include <string.h>

#include "sim/config/option_typos.h"

int bwm_optset_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                          bwm_optset_taker take, void *cfg, bwm_optlist *ign, bwm_err *err)
{
    bwm_optset s;
    bwm_optset_init(&s);
    if (ign)
        bwm_optlist_init(ign);
    int st = BWM_OK;
    for (size_t i = 0; st == BWM_OK && i < n; i++)
        st = bwm_optset_load(&s, paths[i], err);
    if (st == BWM_OK && overrides)
        st = bwm_optset_parse(&s, origin ? origin : "override", overrides, strlen(overrides), err);
    if (st == BWM_OK)
        st = take(&s, cfg, err);
    if (st == BWM_OK && !s.asked_lost)
        st = bwm_option_typos(&s, err);
    if (st == BWM_OK && ign)
        st = bwm_optset_unused(&s, ign, err);
    bwm_optset_free(&s);
    return st;
}

int bwm_optset_load_into(const char *path, const char *overrides, const char *origin,
                         bwm_optset_taker take, void *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_optset_load_files(&path, 1, overrides, origin, take, cfg, ign, err);
}
