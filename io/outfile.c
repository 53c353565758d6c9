/* outfile.c — atomic output (see outfile.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "io/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINKS 40 /* as the kernel's limit on a chain of symbolic links */

/* Writes all n bytes of s to fd; returns 0, or -1 with errno set. */
static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

int bwm_output_path_status(int e)
{
    switch (e) {
    case ENOENT:
    case ENOTDIR:
    case EACCES:
    case EPERM:
    case EROFS:
    case ENAMETOOLONG:
    case ELOOP:
    case EISDIR:
        return BWM_EINPUT;
    default:
        return BWM_EFAIL;
    }
}

/* mkdir that takes an existing folder as made; 0 or an errno. */
static int make_one(const char *path)
{
    if (mkdir(path, 0777) == 0)
        return 0;
    int e = errno;
    struct stat st;
    if (e == EEXIST)
        return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
    return e;
}

int bwm_output_folder(const char *dir, const char *prefix, bwm_err *err)
{
    size_t n = strlen(dir);
    char *path = malloc(n + 1);
    if (!path)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    memcpy(path, dir, n + 1);
    int e = 0;
    for (size_t i = 1; i < n && e == 0; i++) { /* the parents first, as mkdir -p */
        if (path[i] != '/' || path[i - 1] == '/')
            continue;
        path[i] = '\0';
        e = make_one(path);
        path[i] = '/';
    }
    if (e == 0)
        e = make_one(path);
    free(path);
    if (e == 0)
        return BWM_OK;
    return bwm_fail(err, bwm_output_path_status(e), "%scannot create '%s': %s", prefix, dir, strerror(e));
}

/* Whether a new file base+pattern (pattern ends in XXXXXX) can be made:
 * one made and removed; 0 or an errno. */
static int probe_new_file(const char *base, const char *pattern)
{
    size_t n = strlen(base) + strlen(pattern) + 1;
    char *tmp = malloc(n);
    if (!tmp)
        return ENOMEM;
    snprintf(tmp, n, "%s%s", base, pattern);
    int fd = mkstemp(tmp);
    int e = fd < 0 ? errno : 0;
    if (fd >= 0) {
        close(fd);
        unlink(tmp);
    }
    free(tmp);
    return e;
}

int bwm_output_folder_check(const char *dir, const char *prefix, bwm_err *err)
{
    size_t n = strlen(dir);
    char *path = malloc(n + 2);
    if (!path)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    memcpy(path, dir, n + 1);
    struct stat st;
    int e = 0, missing = stat(dir, &st) != 0;
    for (;;) { /* up to the nearest folder that exists: bwm_output_folder makes the rest in it */
        if (stat(path, &st) == 0) {
            e = S_ISDIR(st.st_mode) ? probe_new_file(path, "/.bwmpki-probeXXXXXX") : ENOTDIR;
            break;
        }
        if (errno != ENOENT) {
            e = errno;
            break;
        }
        size_t k = strlen(path);
        while (k > 1 && path[k - 1] == '/')
            path[--k] = '\0';
        char *slash = strrchr(path, '/');
        if (!slash)
            snprintf(path, n + 2, ".");
        else
            slash[slash == path ? 1 : 0] = '\0';
    }
    free(path);
    if (e == 0)
        return BWM_OK;
    return bwm_fail(err, bwm_output_path_status(e), "%scannot %s '%s': %s", prefix, missing ? "create" : "write in",
                    dir, strerror(e));
}

/* Replaces *link (malloc'd, a symbolic link) by the path it points to, read
 * relative to the link's folder. */
static int follow(const char *path, char **link, bwm_err *err)
{
    size_t cap = 256;
    char *to = NULL;
    ssize_t n;
    for (;;) {
        char *p = realloc(to, cap);
        if (!p) {
            free(to);
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        }
        to = p;
        n = readlink(*link, to, cap);
        if (n < 0) {
            int e = errno;
            free(to);
            return bwm_fail(err, BWM_EFAIL, "%s: cannot read the symbolic link %s: %s", path, *link, strerror(e));
        }
        if ((size_t)n < cap)
            break;
        cap *= 2;
    }
    to[n] = '\0';
    const char *slash = strrchr(*link, '/');
    if (to[0] != '/' && slash) {
        size_t dir = (size_t)(slash - *link) + 1;
        char *joined = malloc(dir + (size_t)n + 1);
        if (!joined) {
            free(to);
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        }
        memcpy(joined, *link, dir);
        memcpy(joined + dir, to, (size_t)n + 1);
        free(to);
        to = joined;
    }
    free(*link);
    *link = to;
    return BWM_OK;
}

/* Follows path through symbolic links to the name finally written, in *out
 * (malloc'd); *exists says whether something is there, described by *st. */
static int resolve(const char *path, char **out, struct stat *st, int *exists, bwm_err *err)
{
    char *p = strdup(path);
    if (!p)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (int hops = 0;; hops++) {
        /* Nothing there (or unreachable: creating the file then says why). */
        *exists = lstat(p, st) == 0;
        if (!*exists || !S_ISLNK(st->st_mode))
            break;
        int r = hops == MAX_LINKS ? bwm_fail(err, BWM_EINPUT, "%s: too many levels of symbolic links", path)
                                  : follow(path, &p, err);
        if (r != BWM_OK) {
            free(p);
            return r;
        }
    }
    *out = p;
    return BWM_OK;
}

/* Writes through to an existing FIFO or character device. */
static int write_through(const char *path, const char *target, const bwm_buf *b, bwm_err *err)
{
    int fd = open(target, O_WRONLY | O_NOCTTY);
    if (fd < 0)
        return bwm_fail(err, bwm_output_path_status(errno), "%s: cannot open for writing: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
        close(fd);
        return bwm_fail(err, BWM_EFAIL, "%s: changed while being opened for writing", path);
    }
    int ok = write_all(fd, bwm_buf_str(b), b->len) == 0;
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (!ok)
        return bwm_fail(err, BWM_EFAIL, "%s: cannot write output: %s", path, strerror(e));
    return BWM_OK;
}

/* Writes a temporary file beside target and renames it over target. */
static int write_atomic(const char *path, const char *target, const bwm_buf *b, bwm_err *err)
{
    size_t n = strlen(target) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    snprintf(tmp, n, "%s.tmpXXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return bwm_fail(err, bwm_output_path_status(e), "%s: cannot create output file: %s", path, strerror(e));
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask); /* mkstemp creates 0600; give the usual mode */
    int ok = write_all(fd, bwm_buf_str(b), b->len) == 0;
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (ok && rename(tmp, target) != 0) {
        ok = 0;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        free(tmp);
        return bwm_fail(err, BWM_EFAIL, "%s: cannot write output file: %s", path, strerror(e));
    }
    free(tmp);
    return BWM_OK;
}

int bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err)
{
    if (!bwm_buf_ok(b))
        return bwm_fail(err, BWM_EFAIL, "out of memory while formatting output");
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(bwm_buf_str(b), 1, b->len, stdout) != b->len || fflush(stdout) != 0)
            return bwm_fail(err, BWM_EFAIL, "cannot write to standard output");
        return BWM_OK;
    }
    char *target = NULL; /* set by resolve; initialised for -Werror=maybe-uninitialized */
    struct stat st;
    int exists = 0;
    int r = resolve(path, &target, &st, &exists, err);
    if (r != BWM_OK)
        return r;
    if (!exists || S_ISREG(st.st_mode))
        r = write_atomic(path, target, b, err);
    else if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
        r = write_through(path, target, b, err);
    else if (S_ISDIR(st.st_mode))
        r = bwm_fail(err, BWM_EINPUT, "%s: is a directory (expected a file name)", path);
    else
        r = bwm_fail(err, BWM_EINPUT, "%s: not a regular file, FIFO or character device", path);
    free(target);
    return r;
}

int bwm_output_check(const char *path, bwm_err *err)
{
    if (!path || strcmp(path, "-") == 0)
        return BWM_OK;
    char *target = NULL;
    struct stat st;
    int exists = 0;
    int r = resolve(path, &target, &st, &exists, err);
    if (r != BWM_OK)
        return r;
    if (exists && S_ISDIR(st.st_mode))
        r = bwm_fail(err, BWM_EINPUT, "%s: is a directory (expected a file name)", path);
    else if (exists && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
        r = bwm_fail(err, BWM_EINPUT, "%s: not a regular file, FIFO or character device", path);
    else if (!exists || S_ISREG(st.st_mode)) { /* the temporary file bwm_output_commit will write, made and removed */
        int e = probe_new_file(target, ".tmpXXXXXX");
        if (e != 0)
            r = bwm_fail(err, bwm_output_path_status(e), "%s: cannot create output file: %s", path, strerror(e));
    }
    free(target);
    return r;
}

/* The file path names: its device and inode when it exists, else the real
 * path of its folder and its base name; 0, or -1 when neither resolves. */
typedef struct file_id {
    int exists;
    dev_t dev;
    ino_t ino;
    char path[4096 + 256];
} file_id;

static int identify(const char *path, file_id *id)
{
    memset(id, 0, sizeof *id);
    struct stat st;
    if (stat(path, &st) == 0) {
        id->exists = 1;
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        return 0;
    }
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    char real[4096];
    if (!realpath(dir, real))
        return -1;
    snprintf(id->path, sizeof id->path, "%s/%s", real, slash ? slash + 1 : path);
    return 0;
}

static int same_id(const file_id *a, const file_id *b)
{
    if (a->exists != b->exists)
        return 0;
    return a->exists ? a->dev == b->dev && a->ino == b->ino : strcmp(a->path, b->path) == 0;
}

int bwm_output_paths_distinct(const char *const *what, const char *const *paths, size_t n, bwm_err *err)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; paths[i] && j < n; j++) {
            if (!paths[j])
                continue;
            file_id a, b;
            int same = strcmp(paths[i], paths[j]) == 0 ||
                       (identify(paths[i], &a) == 0 && identify(paths[j], &b) == 0 && same_id(&a, &b));
            if (same)
                return bwm_fail(err, BWM_EINPUT, "options %s and %s: both write '%s'; give each output its own file",
                                what[i], what[j], paths[j]);
        }
    return BWM_OK;
}
