/* infile.c — opening input files (see infile.h). */
#include "io/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int bwm_infile_open_fd(const char *path, int *fd, bwm_err *err)
{
    *fd = open(path, O_RDONLY | O_NOCTTY);
    if (*fd < 0) {
        int e = errno;
        int st = e == EMFILE || e == ENFILE || e == ENOMEM || e == EIO ? BWM_EFAIL : BWM_EINPUT;
        return bwm_fail(err, st, "%s: cannot open: %s", path, strerror(e));
    }
    struct stat s;
    int r = fstat(*fd, &s), e = errno;
    if (r == 0 && !S_ISDIR(s.st_mode))
        return BWM_OK;
    close(*fd);
    *fd = -1;
    if (r == 0)
        return bwm_fail(err, BWM_EINPUT, "%s: is a directory (expected a file)", path);
    return bwm_fail(err, BWM_EFAIL, "%s: cannot read: %s", path, strerror(e));
}

int bwm_infile_open(const char *path, FILE **f, bwm_err *err)
{
    int fd;
    *f = NULL;
    int st = bwm_infile_open_fd(path, &fd, err);
    if (st != BWM_OK)
        return st;
    *f = fdopen(fd, "rb");
    if (!*f) {
        int e = errno;
        close(fd);
        return bwm_fail(err, BWM_EFAIL, "%s: cannot read: %s", path, strerror(e));
    }
    return BWM_OK;
}
