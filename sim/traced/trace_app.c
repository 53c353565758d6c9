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
    t->n_kern = 1;
    if (cfg->exec.concurrent_kernel_sm)
        t->n_kern = cfg->exec.max_concurrent_kernel < (int)t->list.n_kernels ? cfg->exec.max_concurrent_kernel
                                                                               : (int)t->list.n_kernels;
    t->grid_blocks = calloc(t->list.n, sizeof *t->grid_blocks);
    t->stream = calloc(t->list.n, sizeof *t->stream);
    t->kern = calloc((size_t)t->n_kern, sizeof *t->kern);
    if (!t->grid_blocks || !t->stream || !t->kern) {
        bwm_trace_app_close(t);
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
        t->stream[i] = k.h.cuda_stream_id;
        bwm_sass_kernel_close(&k);
    }
    t->state = BWM_TRACE_IDLE;
    return BWM_OK;
}

void bwm_trace_app_release(bwm_trace_kernel *r)
{
    if (r->open)
        bwm_sass_kernel_close(&r->k);
    r->open = 0;
    bwm_op_decode_free(&r->decode);
}

static void close_kernels(bwm_trace_app *t)
{
    for (int i = 0; t->kern && i < t->n_kern; i++)
        bwm_trace_app_release(&t->kern[i]);
}

void bwm_trace_app_close(bwm_trace_app *t)
{
    close_kernels(t);
    bwm_sass_list_free(&t->list);
    free(t->grid_blocks);
    free(t->stream);
    free(t->kern);
    t->grid_blocks = t->stream = NULL;
    t->kern = NULL;
}

uint64_t bwm_trace_app_next_grid_blocks(const bwm_trace_app *t)
{
    for (size_t i = t->next_cmd; i < t->list.n; i++)
        if (t->list.cmds[i].kind == BWM_SASS_KERNEL)
            return t->grid_blocks[i];
    return 0;
}

long bwm_trace_app_take_kernel(bwm_trace_app *t)
{
    while (t->next_cmd < t->list.n && t->list.cmds[t->next_cmd].kind == BWM_SASS_MEMCPY) {
        if (t->passes == 0)
            t->memcpy_bytes += t->list.cmds[t->next_cmd].bytes;
        t->next_cmd++;
    }
    return t->next_cmd < t->list.n ? (long)t->next_cmd++ : -1;
}

int bwm_trace_app_start(bwm_trace_app *t, bwm_trace_kernel *r, size_t cmd, bwm_err *err)
{
    bwm_trace_app_release(r);
    int st = bwm_sass_kernel_open(&r->k, t->list.cmds[cmd].path, err);
    if (st != BWM_OK)
        return st;
    r->open = 1;
    bwm_op_decode_init(&r->decode, t->cfg, &r->k.h, &t->report);
    r->index = ++t->kernel;
    r->cmd = cmd;
    r->exhausted = r->over = 0;
    r->running = r->blocks = 0;
    t->state = BWM_TRACE_RUNNING;
    return BWM_OK;
}

int bwm_trace_app_launch(bwm_trace_app *t, bwm_err *err)
{
    bwm_trace_app_release(&t->kern[0]);
    long cmd = bwm_trace_app_take_kernel(t);
    if (cmd < 0) {
        t->state = BWM_TRACE_FINISHED;
        return BWM_OK;
    }
    return bwm_trace_app_start(t, &t->kern[0], (size_t)cmd, err);
}

void bwm_trace_app_restart(bwm_trace_app *t)
{
    close_kernels(t);
    t->passes++;
    t->next_cmd = 0;
    t->state = BWM_TRACE_IDLE;
}

int bwm_trace_app_kernel_ctas(const bwm_trace_app *t, const bwm_trace_kernel *r, int n_sms, int *ctas, int *warps,
                              bwm_err *err)
{
    const bwm_sass_header *h = &r->k.h;
    bwm_err sub;
    int n;
    if (bwm_kernel_fit_ctas(t->cfg, h, &n, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "%s, kernel %d (%s): %s", t->name, r->index, h->kernel_name, sub.msg);
    *ctas = bwm_occupancy_grid_cap(n, bwm_sass_grid_blocks(h), n_sms);
    *warps = (int)bwm_sass_block_warps(h);
    return BWM_OK;
}

/* Kernel r is over: no block left and none running.  The state speaks of
 * the one record of kernels run one at a time. */
static void kernel_over(bwm_trace_app *t, bwm_trace_kernel *r, int64_t now)
{
    r->over = 1;
    r->done_at = t->done_at = now;
    t->state = t->next_cmd < t->list.n ? BWM_TRACE_IDLE : BWM_TRACE_FINISHED;
}

int bwm_trace_app_next_block(bwm_trace_app *t, bwm_trace_kernel *r, bwm_sass_block *b, int64_t now)
{
    if (!r->open || r->over || r->exhausted || t->failed)
        return 0;
    int got = 0;
    if (bwm_sass_kernel_next_block(&r->k, b, &got, &t->fault) != BWM_OK) {
        t->failed = 1;
        return 0;
    }
    if (!got) {
        r->exhausted = 1;
        if (r->running == 0)
            kernel_over(t, r, now);
        return 0;
    }
    r->running++;
    r->blocks++;
    return 1;
}

void bwm_trace_app_cta_done(bwm_trace_app *t, bwm_trace_kernel *r, int64_t now)
{
    if (--r->running == 0 && r->exhausted)
        kernel_over(t, r, now);
}
