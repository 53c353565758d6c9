/* trace_app.h — an application that runs an Accel-Sim trace folder: its
 * kernels in the order kernelslist.g lists them, one at a time, and the
 * thread blocks of the running kernel handed to its SMs in the order the
 * kernel's file lists them.
 *
 * The kernel's file is read a block at a time (sim/sass/kernel.h), when an
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

typedef struct bwm_trace_app {
    char name[BWM_TRACE_APP_NAME]; /* the application's name (the folder's, or given) */
    bwm_sass_list list;
    const bwm_gpu_config *cfg;
    size_t next_cmd;            /* the list's next command */
    int kernel;                 /* kernels launched so far (the running one is kernel - 1) */
    bwm_trace_state state;
    bwm_sass_kernel k;          /* the running kernel's file */
    int k_open;
    int k_exhausted;            /* its file has no block left */
    bwm_op_decode decode;       /* its opcodes' pipelines */
    bwm_op_report report;       /* opcodes unknown, or on a fallback unit, in the kernels so far */
    uint64_t running;           /* its blocks taken and not finished */
    uint64_t blocks;            /* its blocks taken so far */
    int64_t done_at;            /* the cycle its last block finished (IDLE after a kernel) */
    uint64_t memcpy_bytes;      /* MemcpyHtoD bytes before the kernels launched so far */
    uint64_t max_shmem;         /* the most shared memory a kernel's block uses, bytes */
    uint64_t *grid_blocks;      /* per command of the list: its kernel's blocks (0 for a copy) */
    uint64_t addr_tag;          /* added to every address it sends to memory: its own address
                                   space on a GPU several applications share (gpu_traces.h) */
    int passes;                 /* times its whole list has run (bwm_trace_app_restart) */
    int failed;
    bwm_err fault;
} bwm_trace_app;

/* Reads the folder's list (path: the folder, its kernelslist.g or one
 * kernel file) and checks that every kernel's header can be read;
 * name NULL names the application after the folder.  Nothing is launched. */
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
/* Opens the next kernel (state RUNNING): BWM_OK, or BWM_EINPUT for a file
 * that cannot be read. */
int bwm_trace_app_launch(bwm_trace_app *t, bwm_err *err);

/* The running kernel's header. */
static inline const bwm_sass_header *bwm_trace_app_header(const bwm_trace_app *t)
{
    return &t->k.h;
}

/* The CTAs of the running kernel an SM of cfg holds at once with the
 * application on n_sms SMs (occupancy.h, the small grid's cap included),
 * and its warps per CTA; BWM_EINPUT when one does not fit. */
int bwm_trace_app_kernel_ctas(const bwm_trace_app *t, int n_sms, int *ctas, int *warps, bwm_err *err);

/* The running kernel's next block into b, asked at cycle now: 1, or 0 when
 * none is left (or the trace failed: failed is set). */
int bwm_trace_app_next_block(bwm_trace_app *t, bwm_sass_block *b, int64_t now);

/* A block taken has finished at cycle now. */
void bwm_trace_app_cta_done(bwm_trace_app *t, int64_t now);

#endif
