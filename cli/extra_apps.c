/* extra_apps.c — appending --extra-apps to a catalogue (see extra_apps.h). */
#include "cli/extra_apps.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/csv.h"

/* The file line of path's row k (0-based, after the header, as the loader
 * counts rows), or 0 when the file cannot be read again (standard input). */
static long row_line(const char *path, size_t k)
{
    bwm_csv c;
    bwm_err ignored;
    if (strcmp(path, "-") == 0 || bwm_csv_open(&c, path, &ignored) != BWM_OK)
        return 0;
    long line = 0;
    int got = 1;
    if (bwm_csv_header(&c, &ignored) == BWM_OK)
        for (size_t i = 0; got && i <= k; i++)
            if (bwm_csv_read(&c, &got, &ignored) != BWM_OK)
                got = 0;
    if (got)
        line = c.line;
    bwm_csv_close(&c);
    return line;
}

/* Row k of extra against the catalogue: its abbreviation, then its name,
 * must find no application there. */
static int check_new(const bwm_synth_app *apps, size_t n, const char *base, const bwm_synth_app *extra, size_t k,
                     const char *path, const char *opt, bwm_err *err)
{
    const char *mine[2] = {extra[k].abbr, extra[k].name};
    for (int w = 0; w < 2; w++) {
        const bwm_synth_app *old = mine[w][0] ? bwm_synth_find(apps, n, mine[w]) : NULL;
        if (!old)
            continue;
        char where[300];
        long line = row_line(path, k);
        if (line > 0)
            snprintf(where, sizeof where, "%s:%ld", path, line);
        else
            snprintf(where, sizeof where, "%s: row %zu", path, k + 1);
        const char *tail = "(a row adds an application, it does not replace one: rename it)";
        if (w == 0 && strcasecmp(old->abbr, mine[0]) == 0)
            return bwm_fail(err, BWM_EINPUT, "option --%s: %s: application '%s' is already in %s %s", opt, where,
                            mine[0], base, tail);
        return bwm_fail(err, BWM_EINPUT, "option --%s: %s: %s '%s' is already the %s of application %s in %s %s",
                        opt, where, w ? "name" : "abbreviation", mine[w],
                        strcasecmp(old->abbr, mine[w]) == 0 ? "abbreviation" : "name", old->abbr, base, tail);
    }
    return BWM_OK;
}

int bwm_extra_apps_append(bwm_synth_app **apps, size_t *n, const char *base, const char *path, const char *opt,
                          bwm_err *err)
{
    bwm_synth_app *extra = NULL;
    size_t n_extra = 0;
    bwm_err sub;
    int st = bwm_synth_load(path, &extra, &n_extra, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --%s: %s", opt, sub.msg);
    for (size_t k = 0; st == BWM_OK && k < n_extra; k++)
        st = check_new(*apps, *n, base, extra, k, path, opt, err);
    if (st == BWM_OK && bwm_synth_concat(apps, n, extra, n_extra) != 0)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    free(extra);
    return st;
}
