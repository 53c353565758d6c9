/* trace_app.h — an application that runs an Accel-Sim trace folder: its
 * kernels in the order kernelslist.g lists them, and the thread blocks of a
 * running kernel handed to its SMs in the order the kernel's file lists
 * them.
 *
 * A running kernel is a record (bwm_trace_kernel) of the application's
 * window: one record when kernels run one at a time (the default), up to
 * -gpgpu_max_concurrent_kernel with -gpgpu_concurrent_kernel_sm, where the
 * run (sim/run/run_streams.h) keeps several kernels of different CUDA
 * streams running at once.  Each SM runs one record's blocks at a time
 * (trace_source.h).
 *
 * A kernel's file is read a block at a time (sim/sass/kernel.h), when an
 * SM's free CTA slot takes the block (bwm_trace_app_next_block), into the
 * slot's own block storage, so memory is bounded by the blocks resident on
 * the SMs, never by the file.  A kernel ends when its file has no block left
 * and every block taken has finished (bwm_trace_app_cta_done); the run then
 * launches the next one (bwm_trace_app_launch) after the configuration's
 * launch latency.  MemcpyHtoD commands are counted, not timed.  After the
 * last kernel the list may start again (bwm_trace_app_restart).
 *
 * Each kernel's shape (threads and registers per thread, shared memory)
 * gives the CTAs an SM holds of it (bwm_trace_app_kernel_ctas), and its
 * opcodes their pipelines (op_decode.h).  A trace that turns out bad while
 * it runs (a block's line) sets failed and its message; the run stops and
 * reports it. */
#ifndef BWM_TRACE_APP_H
#define BWM_TRACE_APP_H

#include <stdint.h>

#include "sim/config/gpu_config.h"
#include "sim/sass/kernel.h"
#include "sim/sass/list.h"
#include "sim/traced/op_decode.h"
#include "util/status.h"

#define BWM_TRACE_APP_NAME 64
#define BWM_TRACE_ADDR_SHIFT 56 /* a trace's addresses are below 2^56 (addr_tag) */

typedef enum bwm_trace_state {
    BWM_TRACE_IDLE,     /* no kernel running: before the first, between two, or after the last */
    BWM_TRACE_RUNNING,  /* a kernel's blocks are running or waiting for a slot */
    BWM_TRACE_FINISHED  /* every kernel ran */
} bwm_trace_state;

/* One running kernel (a record of the application's window). */
typedef struct bwm_trace_kernel {
    bwm_sass_kernel k;          /* its file */
    int open;                   /* k is open */
    int exhausted;              /* its file has no block left */
    int over;                   /* no block left and none running (done_at) */
    bwm_op_decode decode;       /* its opcodes' pipelines */
    uint64_t running;           /* its blocks taken and not finished */
    uint64_t blocks;            /* its blocks taken so far */
    int64_t done_at;            /* the cycle its last block finished */
    int index;                  /* 1, 2, ...: the application's kernels launched up to it */
    size_t cmd;                 /* its command in the list */
} bwm_trace_kernel;

typedef struct bwm_trace_app {
    char name[BWM_TRACE_APP_NAME]; /* the application's name (the folder's, or given) */
    bwm_sass_list list;
    const bwm_gpu_config *cfg;
    size_t next_cmd;            /* the list's next command */
    int kernel;                 /* kernels launched so far */
    bwm_trace_state state;      /* of kern[0], the one record when kernels run one at a time */
    bwm_trace_kernel *kern;     /* the window's records (n_kern) */
    int n_kern;
    bwm_op_report report;       /* opcodes unknown, or on a fallback unit, in the kernels so far */
    int64_t done_at;            /* the cycle the last kernel to end had its last block finish */
    uint64_t memcpy_bytes;      /* MemcpyHtoD bytes before the kernels launched so far */
    uint64_t max_shmem;         /* the most shared memory a kernel's block uses, bytes */
    uint64_t *grid_blocks;      /* per command of the list: its kernel's blocks (0 for a copy) */
    uint64_t *stream;           /* per command of the list: its kernel's cuda stream id (0 for a copy) */
    uint64_t addr_tag;          /* added to every address it sends to memory: its own address
                                   space on a GPU several applications share (gpu_traces.h) */
    int passes;                 /* times its whole list has run (bwm_trace_app_restart) */
    int failed;
    bwm_err fault;
} bwm_trace_app;

/* Reads the folder's list (path: the folder, its kernelslist.g or one
 * kernel file) and checks that every kernel's header can be read;
 * name NULL names the application after the folder.  Nothing is launched.
 * The window has one record, or with cfg's -gpgpu_concurrent_kernel_sm
 * -gpgpu_max_concurrent_kernel records (at most the list's kernels). */
int bwm_trace_app_open(bwm_trace_app *t, const char *path, const char *name, const bwm_gpu_config *cfg,
                       bwm_err *err);
void bwm_trace_app_close(bwm_trace_app *t);

/* Starts the list again after its last kernel (state FINISHED to IDLE,
 * passes + 1): an application that keeps running beside others that have
 * not finished yet.  Copies before a kernel count in memcpy_bytes on the
 * first pass only. */
void bwm_trace_app_restart(bwm_trace_app *t);

/* Kernels in the list. */
static inline int bwm_trace_app_kernels(const bwm_trace_app *t)
{
    return (int)t->list.n_kernels;
}

/* The blocks of the grid of the kernel bwm_trace_app_launch opens next
 * (after any copies before it): 0 when no kernel is left. */
uint64_t bwm_trace_app_next_grid_blocks(const bwm_trace_app *t);
/* Opens the next kernel into kern[0] (state RUNNING), or state FINISHED
 * when only copies were left: BWM_OK, or BWM_EINPUT for a file that cannot
 * be read.  Kernels one at a time. */
int bwm_trace_app_launch(bwm_trace_app *t, bwm_err *err);

/* The list's next kernel command, the copies before it counted (on the
 * first pass) and passed: its index, and the list moves past it; -1 when
 * the list has no kernel left. */
long bwm_trace_app_take_kernel(bwm_trace_app *t);
/* Opens command cmd's kernel into record r (closing what r held): its
 * number is the application's next (kernel + 1), state RUNNING. */
int bwm_trace_app_start(bwm_trace_app *t, bwm_trace_kernel *r, size_t cmd, bwm_err *err);
/* Closes record r's file (r stays over). */
void bwm_trace_app_release(bwm_trace_kernel *r);

/* The CTAs of running kernel r an SM of cfg holds at once with the
 * application on n_sms SMs (occupancy.h, the small grid's cap included),
 * and its warps per CTA; BWM_EINPUT when one does not fit. */
int bwm_trace_app_kernel_ctas(const bwm_trace_app *t, const bwm_trace_kernel *r, int n_sms, int *ctas, int *warps,
                              bwm_err *err);

/* Kernel r's next block into b, asked at cycle now: 1, or 0 when none is
 * left (or the trace failed: failed is set). */
int bwm_trace_app_next_block(bwm_trace_app *t, bwm_trace_kernel *r, bwm_sass_block *b, int64_t now);

/* A block of kernel r has finished at cycle now. */
void bwm_trace_app_cta_done(bwm_trace_app *t, bwm_trace_kernel *r, int64_t now);

#endif
