/* folder.c — whether a folder may become a study's, and its lock (see
 * folder.h). */
#include "study/folder.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "io/outfile.h"

#define LOCK_NAME ".lock"

int bwm_study_folder_usable(const char *dir, const char *what, bwm_err *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/plan/setup.csv", dir);
    if (access(path, F_OK) == 0)
        return BWM_OK; /* a study's folder: resumed */
    DIR *d = opendir(dir);
    if (!d)
        return BWM_OK; /* made later; a path that cannot be is refused then */
    char other[256] = "";
    for (struct dirent *e; !other[0] && (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, LOCK_NAME) != 0)
            snprintf(other, sizeof other, "%s", e->d_name);
    closedir(d);
    if (other[0])
        return bwm_fail(err, BWM_EINPUT, "%s: '%s' is not empty and not a study folder (it holds '%s' and no "
                        "plan/setup.csv): give a new or empty folder", what, dir, other);
    return BWM_OK;
}

int bwm_study_folder_lock(const char *dir, const char *what, int *fd, bwm_err *err)
{
    *fd = -1;
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s: ", what);
    int st = bwm_output_folder(dir, prefix, err);
    if (st != BWM_OK)
        return st;
    char path[4096];
    snprintf(path, sizeof path, "%s/" LOCK_NAME, dir);
    int f = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (f < 0) {
        int e = errno;
        return bwm_fail(err, bwm_output_path_status(e), "%s: cannot create the lock %s: %s", what, path,
                        strerror(e));
    }
    if (flock(f, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        close(f);
        if (e == EWOULDBLOCK)
            return bwm_fail(err, BWM_EINPUT, "%s: another bwmpki study is writing '%s' (it holds %s); wait for it "
                            "or give another folder", what, dir, path);
        return bwm_fail(err, BWM_EFAIL, "%s: cannot lock %s: %s", what, path, strerror(e));
    }
    *fd = f;
    return BWM_OK;
}

void bwm_study_folder_unlock(int fd)
{
    if (fd >= 0)
        close(fd);
}
