/* outfile.c — atomic output (see outfile.h). */
#define _POSIX_C_SOURCE 200809L
#include "io/outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err)
{
    if (!bwm_buf_ok(b))
        return bwm_fail(err, BWM_EFAIL, "out of memory while formatting output");
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(bwm_buf_str(b), 1, b->len, stdout) != b->len || fflush(stdout) != 0)
            return bwm_fail(err, BWM_EFAIL, "cannot write to standard output");
        return BWM_OK;
    }
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    snprintf(tmp, n, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return bwm_fail(err, BWM_EFAIL, "%s: cannot create output file: %s", path, strerror(e));
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask); /* mkstemp creates 0600; give the usual mode */
    FILE *f = fdopen(fd, "w");
    int ok = f && fwrite(bwm_buf_str(b), 1, b->len, f) == b->len;
    if (f)
        ok = (fclose(f) == 0) && ok;
    else
        close(fd);
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return bwm_fail(err, BWM_EFAIL, "%s: cannot write output file: %s", path, strerror(e));
    }
    free(tmp);
    return BWM_OK;
}
