/* slurp.c — reading a whole file (see slurp.h). */
#include "io/slurp.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int bwm_read_file(const char *path, bwm_buf *b, bwm_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return bwm_fail(err, BWM_EINPUT, "%s: cannot read: %s", path, strerror(errno));
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        bwm_buf_append(b, chunk, got);
    int bad = ferror(f);
    fclose(f);
    if (bad)
        return bwm_fail(err, BWM_EINPUT, "%s: read error", path);
    if (!bwm_buf_ok(b))
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", path);
    return BWM_OK;
}
