/* traces.c — the traced experiment's applications (see traces.h). */
#include "study/traces.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The folder of path: itself if a folder, else the part before its last '/'. */
static void folder_of(const char *path, char *dir, size_t n)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(dir, n, "%s", path);
        return;
    }
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else
        snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

int bwm_study_trace_hash(const char *path, char sha[BWM_SHA256_HEX], bwm_err *err)
{
    char dir[1024];
    folder_of(path, dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d)
        return bwm_fail(err, BWM_EINPUT, "%s: cannot read the folder", dir);
    char **names = NULL;
    size_t n = 0, cap = 0;
    int st = BWM_OK;
    for (struct dirent *e = readdir(d); e && st == BWM_OK; e = readdir(d)) {
        char full[2048];
        struct stat fs;
        snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        if (stat(full, &fs) != 0 || !S_ISREG(fs.st_mode))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(names, cap * sizeof *grown);
            if (!grown) {
                st = bwm_fail(err, BWM_EFAIL, "out of memory");
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(e->d_name)))
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
        else
            n++;
    }
    closedir(d);
    if (st == BWM_OK)
        qsort(names, n, sizeof *names, by_name);
    bwm_sha256 h;
    bwm_sha256_init(&h);
    for (size_t k = 0; k < n && st == BWM_OK; k++) {
        char full[2048], file_sha[BWM_SHA256_HEX];
        snprintf(full, sizeof full, "%s/%s", dir, names[k]);
        st = bwm_sha256_file(full, file_sha, err);
        bwm_sha256_update(&h, names[k], strlen(names[k]) + 1);
        bwm_sha256_update(&h, file_sha, strlen(file_sha) + 1);
    }
    for (size_t k = 0; k < n; k++)
        free(names[k]);
    free(names);
    if (st == BWM_OK)
        bwm_sha256_hex(&h, sha);
    return st;
}

const bwm_study_trace *bwm_study_trace_find(const bwm_study_trace *t, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}
