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

/* The running executable's resolved path into exe (n bytes), or 0. */
static int executable(char *exe, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", exe, n - 1);
    if (len <= 0)
        return 0;
    exe[len] = '\0';
    return 1;
}

/* Whether the running executable is the one the build wrote (not a copy). */
static int in_build_tree(const char *exe)
{
    char built[PATH_MAX];
    return realpath(BWM_BUILD_EXE, built) && strcmp(built, exe) == 0;
}

/* Tries dir (noted in w->looked): it wins when it holds the data. */
static int try_dir(bwm_data_where *w, const char *dir, bwm_data_origin origin)
{
    size_t used = strlen(w->looked);
    snprintf(w->looked + used, sizeof w->looked - used, "%s%s", used ? "; " : "", dir);
    char resolved[PATH_MAX];
    if (!holds_data(dir) || !realpath(dir, resolved))
        return 0;
    snprintf(w->dir, sizeof w->dir, "%s", resolved);
    w->origin = origin;
    return 1;
}

void bwm_data_locate(bwm_data_where *w)
{
    memset(w, 0, sizeof *w);
    const char *env = getenv("BWMPKI_DATA_DIR");
    if (env && env[0]) {
        snprintf(w->dir, sizeof w->dir, "%s", env);
        snprintf(w->looked, sizeof w->looked, "%s ($BWMPKI_DATA_DIR)", env);
        w->origin = holds_data(env) ? BWM_DATA_ENV : BWM_DATA_MISSING;
        return;
    }
    char exe[PATH_MAX], folder[PATH_MAX + 64];
    int known = executable(exe, sizeof exe);
    if (known && in_build_tree(exe) && try_dir(w, BWM_DATA_DIR, BWM_DATA_BUILD))
        return;
    char *slash = known ? strrchr(exe, '/') : NULL;
    if (slash) {
        *slash = '\0';
        snprintf(folder, sizeof folder, "%s/%s", exe, BWM_DATA_REL);
        if (try_dir(w, folder, BWM_DATA_INSTALLED))
            return;
        snprintf(folder, sizeof folder, "%s/data", exe);
        if (try_dir(w, folder, BWM_DATA_BESIDE))
            return;
    }
    if (try_dir(w, BWM_INSTALL_DATA_DIR, BWM_DATA_PREFIX))
        return;
    /* the first place a copy looks, so that a file's message names it */
    snprintf(w->dir, sizeof w->dir, "%s", slash ? folder : BWM_INSTALL_DATA_DIR);
    w->origin = BWM_DATA_MISSING;
}

const char *bwm_data_origin_text(bwm_data_origin o)
{
    switch (o) {
    case BWM_DATA_ENV: return "from $BWMPKI_DATA_DIR";
    case BWM_DATA_BUILD: return "the source tree of this build";
    case BWM_DATA_INSTALLED: return "installed beside the executable";
    case BWM_DATA_BESIDE: return "the data folder beside the executable";
    case BWM_DATA_PREFIX: return "the install prefix's";
    case BWM_DATA_MISSING: break;
    }
    return "not found";
}

int bwm_data_missing(char *msg, size_t n)
{
    bwm_data_where w;
    bwm_data_locate(&w);
    if (w.origin != BWM_DATA_MISSING)
        return 0;
    snprintf(msg, n, "no data folder (with apps.csv) found; looked in: %s.  Install with 'cmake --install', copy "
             "the source's data/ folder beside the executable, or set BWMPKI_DATA_DIR to it (docs/install.md)",
             w.looked);
    return 1;
}

void bwm_data_dir(char *dst, size_t n)
{
    bwm_data_where w;
    bwm_data_locate(&w);
    snprintf(dst, n, "%s", w.dir);
}

void bwm_data_path(const char *rel, char *dst, size_t n)
{
    bwm_data_where w;
    bwm_data_locate(&w);
    snprintf(dst, n, "%s/%s", w.dir, rel);
}

void bwm_catalog_path(const char *given, char *dst, size_t n)
{
    if (given)
        snprintf(dst, n, "%s", given);
    else
        bwm_data_path("apps.csv", dst, n);
}
