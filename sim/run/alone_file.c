/* alone_file.c — reading alone profiles from a results CSV (see alone_file.h). */
#include "sim/run/alone_file.h"

#include <strings.h>

#include "io/csv.h"

static int row_app(const bwm_csv *c, int key, const bwm_app_names *apps, int n)
{
    const char *k = bwm_csv_field(c, key);
    for (int i = 0; i < n; i++)
        if (strcasecmp(k, apps[i].abbr) == 0 || strcasecmp(k, apps[i].name) == 0)
            return i;
    return -1;
}

/* found[a]: the line of application a's row, 0 while none. */
static int read_rows(bwm_csv *c, const bwm_app_names *apps, int n, bwm_alone_profile *out,
                     long *found, bwm_err *err)
{
    int key = bwm_csv_app_col(c);
    if (key < 0)
        return bwm_fail(err, BWM_EINPUT, "%s: needs a column 'app' (or 'abbr' or 'name')", c->path);
    static const char *const need[] = {"ipc", "mpki", "bw"};
    int col[3];
    int st = bwm_csv_require(c, need, col, 3, err);
    int got = 1;
    while (st == BWM_OK && (st = bwm_csv_read(c, &got, err)) == BWM_OK && got) {
        int a = row_app(c, key, apps, n);
        if (a < 0)
            continue;
        if (found[a])
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: a second alone profile of %s (the first is line %ld): which "
                            "one is meant?", c->path, c->line, apps[a].abbr, found[a]);
        bwm_alone_profile p;
        if ((st = bwm_csv_check_width(c, err)) != BWM_OK ||
            (st = bwm_csv_rate(c, col[0], &p.ipc, err)) != BWM_OK ||
            (st = bwm_csv_rate(c, col[1], &p.mpki, err)) != BWM_OK ||
            (st = bwm_csv_rate(c, col[2], &p.bw, err)) != BWM_OK)
            break;
        if (p.ipc <= 0 || p.mpki < 0 || p.bw < 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%d: alone profile of %s needs ipc > 0, mpki >= 0, bw >= 0",
                            c->path, (int)c->line, apps[a].abbr);
        out[a] = p;
        found[a] = c->line;
    }
    return st;
}

int bwm_alone_load(const char *path, const bwm_app_names *apps, int n, bwm_alone_profile *out,
                   bwm_err *err)
{
    bwm_csv c;
    long found[64] = {0};
    if (n > 64)
        return bwm_fail(err, BWM_EINPUT, "too many applications (%d)", n);
    int st = bwm_csv_open(&c, path, err);
    if (st != BWM_OK)
        return st;
    st = bwm_csv_header(&c, err);
    if (st == BWM_OK)
        st = read_rows(&c, apps, n, out, found, err);
    bwm_csv_close(&c);
    for (int i = 0; st == BWM_OK && i < n; i++)
        if (!found[i])
            st = bwm_fail(err, BWM_EINPUT, "%s: no row for application %s", path, apps[i].abbr);
    return st;
}
