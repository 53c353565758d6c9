/* list.c — reading kernelslist.g (see list.h). */
#include "sim/sass/list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/sass/lines.h"
#include "util/grow.h"

void bwm_sass_list_free(bwm_sass_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->cmds[i].path);
    free(l->cmds);
    free(l->path);
    memset(l, 0, sizeof *l);
}

static int is_dir(const char *p)
{
    struct stat s;
    return stat(p, &s) == 0 && S_ISDIR(s.st_mode);
}

static int exists(const char *p)
{
    return access(p, F_OK) == 0;
}

static int add(bwm_sass_list *l, bwm_sass_cmd c, bwm_err *err)
{
    bwm_sass_cmd *cmds = bwm_grow(l->cmds, &l->cap, l->n, sizeof *cmds);
    if (!cmds) {
        free(c.path);
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", l->path);
    }
    l->cmds = cmds;
    l->cmds[l->n++] = c;
    if (c.kind == BWM_SASS_KERNEL)
        l->n_kernels++;
    else
        l->n_memcpy++;
    return BWM_OK;
}

/* "MemcpyHtoD,0xADDR,BYTES". */
static int memcpy_line(const char *s, bwm_sass_cmd *c)
{
    char *end;
    s += strlen("MemcpyHtoD");
    if (*s++ != ',' || !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
        return -1;
    c->addr = strtoull(s + 2, &end, 16);
    if (end == s + 2 || end - (s + 2) > 16 || *end != ',')
        return -1;
    s = end + 1;
    if (*s < '0' || *s > '9')
        return -1;
    c->bytes = strtoull(s, &end, 10);
    if (end - s > 19) /* beyond what 64 bits hold for sure */
        return -1;
    while (*end == ' ' || *end == '\t')
        end++;
    return *end ? -1 : 0;
}

/* The kernel file name of a list line, resolved against dir. */
static int kernel_line(bwm_sass_list *l, const char *dir, const char *name, long line, bwm_err *err)
{
    size_t n = strlen(dir) + strlen(name) + 8;
    char *p = malloc(n);
    if (!p)
        return bwm_fail(err, BWM_EFAIL, "%s: out of memory", l->path);
    if (name[0] == '/')
        snprintf(p, n, "%s", name);
    else
        snprintf(p, n, "%s/%s", dir, name);
    if (!exists(p)) {
        strcat(p, ".xz");
        if (!exists(p)) {
            p[strlen(p) - 3] = '\0';
            int st = bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel trace %s not found (nor %s.xz)", l->path, line, p, p);
            free(p);
            return st;
        }
    }
    bwm_sass_cmd c = {BWM_SASS_KERNEL, p, 0, 0, line};
    return add(l, c, err);
}

int bwm_sass_list_load(bwm_sass_list *l, const char *path, bwm_err *err)
{
    memset(l, 0, sizeof *l);
    size_t n = strlen(path) + 16;
    l->path = malloc(n);
    if (!l->path)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    if (is_dir(path))
        snprintf(l->path, n, "%s/kernelslist.g", path);
    else
        snprintf(l->path, n, "%s", path);
    const char *base = strrchr(l->path, '/');
    base = base ? base + 1 : l->path;
    size_t blen = strlen(base);
    int single = (blen > 7 && strcmp(base + blen - 7, ".traceg") == 0) ||
                 (blen > 10 && strcmp(base + blen - 10, ".traceg.xz") == 0);
    if (single) { /* one kernel trace: a list of one */
        if (!exists(l->path)) {
            int st = bwm_fail(err, BWM_EINPUT, "%s: cannot open: no such file", l->path);
            bwm_sass_list_free(l);
            return st;
        }
        bwm_sass_cmd c = {BWM_SASS_KERNEL, strdup(l->path), 0, 0, 0};
        if (!c.path) {
            bwm_sass_list_free(l);
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        }
        int st = add(l, c, err);
        if (st != BWM_OK)
            bwm_sass_list_free(l);
        return st;
    }
    char *dir = strdup(l->path);
    if (!dir) {
        bwm_sass_list_free(l);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        strcpy(dir, ".");
    bwm_sass_lines r;
    int st = bwm_sass_lines_open(&r, l->path, err);
    char *text;
    size_t len;
    while (st == BWM_OK && (st = bwm_sass_lines_next(&r, &text, &len, err)) == BWM_OK && text) {
        while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
            text[--len] = '\0';
        if (len == 0)
            continue;
        if (strncmp(text, "MemcpyHtoD", 10) == 0) {
            bwm_sass_cmd c = {BWM_SASS_MEMCPY, NULL, 0, 0, r.line};
            if (memcpy_line(text, &c) != 0)
                st = bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'MemcpyHtoD,0xADDR,BYTES'", l->path, r.line);
            else
                st = add(l, c, err);
        } else if (strncmp(text, "kernel", 6) == 0 || text[0] == '/') {
            st = kernel_line(l, dir, text, r.line, err);
        } else {
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: expected 'MemcpyHtoD,0xADDR,BYTES' or a kernel trace's name",
                          l->path, r.line);
        }
    }
    if (st == BWM_OK && l->n_kernels == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: names no kernel trace", l->path);
    if (r.buf)
        bwm_sass_lines_close(&r);
    free(dir);
    if (st != BWM_OK)
        bwm_sass_list_free(l);
    return st;
}
