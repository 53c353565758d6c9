/* data_path.c — locating shipped data files (see data_path.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli/data_path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether dir holds the data folder (it has apps.csv). */
static int holds_data(const char *dir)
{
    char probe[4200];
    struct stat st;
    snprintf(probe, sizeof probe, "%s/apps.csv", dir);
    return stat(probe, &st) == 0 && S_ISREG(st.st_mode);
}

/* The installed data folder: BWM_DATA_REL from the executable's folder. */
static int next_to_executable(char *dst, size_t n)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return 0;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    char joined[8192];
    snprintf(joined, sizeof joined, "%s/%s", exe, BWM_DATA_REL);
    char resolved[PATH_MAX];
    if (!realpath(joined, resolved) || !holds_data(resolved))
        return 0;
    snprintf(dst, n, "%s", resolved);
    return 1;
}

void bwm_data_dir(char *dst, size_t n)
{
    const char *env = getenv("BWMPKI_DATA_DIR");
    if (env && env[0])
        snprintf(dst, n, "%s", env);
    else if (!next_to_executable(dst, n))
        snprintf(dst, n, "%s", BWM_DATA_DIR);
}

void bwm_data_path(const char *rel, char *dst, size_t n)
{
    char dir[4096];
    bwm_data_dir(dir, sizeof dir);
    snprintf(dst, n, "%s/%s", dir, rel);
}

void bwm_catalog_path(const char *given, char *dst, size_t n)
{
    if (given)
        snprintf(dst, n, "%s", given);
    else
        bwm_data_path("apps.csv", dst, n);
}
