/* out_dir.c — a folder of result files (see out_dir.h). */
#include "cli/out_dir.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "io/outfile.h"

int bwm_out_dir_write(const char *dir, const char *const *names, const bwm_buf *bufs, size_t n, bwm_err *err)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return bwm_fail(err, BWM_EFAIL, "option --out: cannot create '%s': %s", dir, strerror(errno));
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        int st = bwm_output_commit(path, &bufs[i], err);
        if (st != BWM_OK)
            return st;
    }
    return BWM_OK;
}
