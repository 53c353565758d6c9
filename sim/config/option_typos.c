/* option_typos.c — refusing misspelt option names (see option_typos.h). */
#include "sim/config/option_typos.h"

#include <string.h>

#include "sim/config/gpgpusim_names.h"
#include "sim/config/inert_opts.h"
#include "sim/config/optval.h"

/* Names longer than this are compared only for equality. */
#define MAX_NAME 127
/* Most edits a misspelling is taken to have. */
#define MAX_EDITS 2

int bwm_edit_distance(const char *a, const char *b, int limit)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > MAX_NAME || m > MAX_NAME)
        return strcmp(a, b) == 0 ? 0 : limit + 1;
    if ((n > m ? n - m : m - n) > (size_t)limit)
        return limit + 1;
    int rows[3][MAX_NAME + 1];
    int *before = rows[0], *prev = rows[1], *cur = rows[2]; /* for a's first i-2, i-1 and i characters */
    for (size_t j = 0; j <= m; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        int row_min = cur[0];
        for (size_t j = 1; j <= m; j++) {
            int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && before[j - 2] + 1 < d)
                d = before[j - 2] + 1;
            cur[j] = d;
            if (d < row_min)
                row_min = d;
        }
        if (row_min > limit)
            return limit + 1;
        int *spare = before;
        before = prev;
        prev = cur;
        cur = spare;
    }
    return prev[m] > limit ? limit + 1 : prev[m];
}

/* Whether name may be given without the simulator reading it. */
static int known(const char *name)
{
    return bwm_gpgpusim_option(name) || bwm_option_inert(name) || strncmp(name, "-bwm_", 5) == 0;
}

/* The asked name closest to name within MAX_EDITS, or NULL. */
static const char *meant(const bwm_optset *s, const char *name)
{
    const char *best = NULL;
    int best_d = MAX_EDITS + 1;
    for (size_t i = 0; i < s->n_asked; i++) {
        int d = bwm_edit_distance(name, s->asked[i], MAX_EDITS);
        if (d < best_d) {
            best = s->asked[i];
            best_d = d;
        }
    }
    return best;
}

int bwm_option_typos(const bwm_optset *s, bwm_err *err)
{
    for (size_t i = 0; i < s->n; i++) {
        const bwm_optent *e = &s->v[i];
        const char *m = e->used || known(e->name) ? NULL : meant(s, e->name);
        if (m)
            return bwm_optval_fail(e, 0, err, BWM_EINPUT, "not a GPGPU-Sim option; did you mean %s?", m);
    }
    return BWM_OK;
}
