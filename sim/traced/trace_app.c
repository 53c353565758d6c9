/* trace_app.c — a trace folder's kernels, launched in order, and the
 * running kernel's blocks handed out in file order (see trace_app.h). */
#include "sim/traced/trace_app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/occupancy.h"
#include "sim/traced/kernel_fit.h"

/* The folder's name: the last component of path, or of its folder when
 * path names a file (kernelslist.g, or a kernel trace). */
static void folder_name(const char *path, int is_file, char *out, size_t n)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    size_t len = strlen(tmp);
    while (len > 1 && tmp[len - 1] == '/')
        tmp[--len] = '\0';
    char *slash = strrchr(tmp, '/');
    if (is_file) {
        if (slash)
            *slash = '\0';
        else
            snprintf(tmp, sizeof tmp, ".");
        slash = strrchr(tmp, '/');
    }
    const char *base = slash ? slash + 1 : tmp;
    if (strcmp(base, ".") == 0 || strcmp(base, "") == 0)
        base = "trace";
    snprintf(out, n, "%s", base);
}

static int is_dir_path(const bwm_sass_list *l, const char *path)
{
    return strcmp(l->path, path) != 0 || path[strlen(path) - 1] == '/';
}

int bwm_trace_app_open(bwm_trace_app *t, const char *path, const char *name, const bwm_gpu_config *cfg,
                       bwm_err *err)
{
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    int st = bwm_sass_list_load(&t->list, path, err);
    if (st != BWM_OK)
        return st;
    if (t->list.n_kernels == 0) {
        bwm_sass_list_free(&t->list);
        return bwm_fail(err, BWM_EINPUT, "%s: no kernel to run", path);
    }
    if (name)
        snprintf(t->name, sizeof t->name, "%s", name);
    else
        folder_name(path, !is_dir_path(&t->list, path), t->name, sizeof t->name);
    t->grid_blocks = calloc(t->list.n, sizeof *t->grid_blocks);
    if (!t->grid_blocks) {
        bwm_sass_list_free(&t->list);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %s's kernels", path);
    }
    /* every kernel's header now, so that a bad one is named before the run */
    for (size_t i = 0; i < t->list.n; i++) {
        if (t->list.cmds[i].kind != BWM_SASS_KERNEL)
            continue;
        bwm_sass_kernel k;
        if ((st = bwm_sass_kernel_open(&k, t->list.cmds[i].path, err)) != BWM_OK) {
            bwm_trace_app_close(t);
            return st;
        }
        if (k.h.shmem > t->max_shmem)
            t->max_shmem = k.h.shmem;
        t->grid_blocks[i] = bwm_sass_grid_blocks(&k.h);
        bwm_sass_kernel_close(&k);
    }
    t->state = BWM_TRACE_IDLE;
    return BWM_OK;
}

static void close_kernel(bwm_trace_app *t)
{
    if (t->k_open)
        bwm_sass_kernel_close(&t->k);
    t->k_open = 0;
    bwm_op_decode_free(&t->decode);
}

void bwm_trace_app_close(bwm_trace_app *t)
{
    close_kernel(t);
    bwm_sass_list_free(&t->list);
    free(t->grid_blocks);
    t->grid_blocks = NULL;
}

uint64_t bwm_trace_app_next_grid_blocks(const bwm_trace_app *t)
{
    for (size_t i = t->next_cmd; i < t->list.n; i++)
        if (t->list.cmds[i].kind == BWM_SASS_KERNEL)
            return t->grid_blocks[i];
    return 0;
}

int bwm_trace_app_launch(bwm_trace_app *t, bwm_err *err)
{
    close_kernel(t);
    while (t->next_cmd < t->list.n && t->list.cmds[t->next_cmd].kind == BWM_SASS_MEMCPY) {
        if (t->passes == 0)
            t->memcpy_bytes += t->list.cmds[t->next_cmd].bytes;
        t->next_cmd++;
    }
    if (t->next_cmd == t->list.n) {
        t->state = BWM_TRACE_FINISHED;
        return BWM_OK;
    }
    int st = bwm_sass_kernel_open(&t->k, t->list.cmds[t->next_cmd++].path, err);
    if (st != BWM_OK)
        return st;
    t->k_open = 1;
    bwm_op_decode_init(&t->decode, t->cfg, &t->k.h, &t->report);
    t->kernel++;
    t->k_exhausted = 0;
    t->running = t->blocks = 0;
    t->state = BWM_TRACE_RUNNING;
    return BWM_OK;
}

void bwm_trace_app_restart(bwm_trace_app *t)
{
    close_kernel(t);
    t->passes++;
    t->next_cmd = 0;
    t->state = BWM_TRACE_IDLE;
}

int bwm_trace_app_kernel_ctas(const bwm_trace_app *t, int n_sms, int *ctas, int *warps, bwm_err *err)
{
    const bwm_sass_header *h = &t->k.h;
    bwm_err sub;
    int n;
    if (bwm_kernel_fit_ctas(t->cfg, h, &n, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "%s, kernel %d (%s): %s", t->name, t->kernel, h->kernel_name, sub.msg);
    *ctas = bwm_occupancy_grid_cap(n, bwm_sass_grid_blocks(h), n_sms);
    *warps = (int)bwm_sass_block_warps(h);
    return BWM_OK;
}

/* The kernel is over: no block left and none running. */
static void kernel_over(bwm_trace_app *t, int64_t now)
{
    t->done_at = now;
    t->state = t->next_cmd < t->list.n ? BWM_TRACE_IDLE : BWM_TRACE_FINISHED;
}

int bwm_trace_app_next_block(bwm_trace_app *t, bwm_sass_block *b, int64_t now)
{
    if (t->state != BWM_TRACE_RUNNING || t->k_exhausted || t->failed)
        return 0;
    int got = 0;
    if (bwm_sass_kernel_next_block(&t->k, b, &got, &t->fault) != BWM_OK) {
        t->failed = 1;
        return 0;
    }
    if (!got) {
        t->k_exhausted = 1;
        if (t->running == 0)
            kernel_over(t, now);
        return 0;
    }
    t->running++;
    t->blocks++;
    return 1;
}

void bwm_trace_app_cta_done(bwm_trace_app *t, int64_t now)
{
    if (--t->running == 0 && t->k_exhausted)
        kernel_over(t, now);
}
