/* data_path.c — locating shipped data files (see data_path.h). */
#include "cli/data_path.h"

#include <stdio.h>
#include <stdlib.h>

void bwm_data_path(const char *rel, char *dst, size_t n)
{
    const char *dir = getenv("BWMPKI_DATA_DIR");
    if (!dir || !dir[0])
        dir = BWM_DATA_DIR;
    snprintf(dst, n, "%s/%s", dir, rel);
}

void bwm_catalog_path(const char *given, char *dst, size_t n)
{
    if (given)
        snprintf(dst, n, "%s", given);
    else
        bwm_data_path("apps.csv", dst, n);
}
