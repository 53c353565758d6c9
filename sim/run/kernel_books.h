/* kernel_books.h — the books of a run's traced kernels, shared by the
 * two ways they are stepped (run_kernels.h: one at a time; run_streams.h:
 * several streams at once): each application's kernel state and first
 * pass, and the kernels recorded so far. */
#ifndef BWM_KERNEL_BOOKS_H
#define BWM_KERNEL_BOOKS_H

#include <stddef.h>
#include <stdint.h>

#include "sim/gpu/gpu.h"
#include "sim/stats/app_stats.h"
#include "sim/stats/kernel_stats.h"
#include "util/status.h"

struct bwm_run_streams;

/* One traced application's running kernel. */
typedef struct bwm_run_kernel {
    int active;                 /* a kernel is launched or waits for its blocks' launch */
    int dispatched;             /* its blocks are on the SMs */
    int64_t launch_at;
    bwm_kernel_counters from;
    char name[BWM_KERNEL_NAME];
    int first_pass_done;        /* the list has ended once */
    bwm_app_counters first_pass; /* the application's counters then, cycle = its last block's end */
    struct bwm_run_streams *streams; /* several kernels at once (run_streams.h), or NULL */
} bwm_run_kernel;

typedef struct bwm_run_kernels {
    int any;                    /* some application is traced (else nothing to do) */
    int restart;
    int record_passes;
    bwm_run_kernel k[BWM_GPU_MAX_APPS];
    bwm_kernel_result *done;    /* the kernels recorded so far, in the order they ended (malloc'ed:
                                   the run's result takes them) */
    size_t n_done, cap;
} bwm_run_kernels;
/* Adds k to the kernels done. */
int bwm_run_kernels_add(bwm_run_kernels *ks, const bwm_kernel_result *k, bwm_err *err);
/* Application a's list has ended (its last kernel's blocks at its
 * done_at): remembered the first time, and started again with restart. */
void bwm_run_kernels_list_ended(bwm_run_kernels *ks, const bwm_gpu *g, int a);

#endif
