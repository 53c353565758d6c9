/* run_streams.h — a traced application's kernels of several CUDA streams
 * at once (-gpgpu_concurrent_kernel_sm 1), as Accel-Sim's main loop and
 * GPGPU-Sim's block issue run them (docs/traces.md, "Kernels of several
 * streams"):
 *
 *   - a window of at most -gpgpu_max_concurrent_kernel kernels, read from
 *     the list in order (copies counted and passed); a kernel leaves it
 *     when it ends, and the list's next one enters;
 *   - a kernel of the window launches (at the current cycle, its number the
 *     application's next) when no launched kernel of its stream is still
 *     running, in list order: order is kept within a stream, kernels of
 *     different streams run side by side; its blocks wait for the launch
 *     latency (kernel_launch.h), counted in its cycles;
 *   - an SM takes a kernel when it holds no block and its own kernel has no
 *     block left to give: the last kernel an SM took while that one has
 *     blocks left (and its latency is over), else the next such kernel of
 *     the window after it, round robin (GPGPU-Sim's select_kernel); it then
 *     holds the CTAs that kernel's occupancy allows, and the SMs that took
 *     a kernel in one cycle start their slots slot by slot in SM order, as
 *     a launch does (an SM that gets no block takes another kernel in the
 *     next cycle);
 *   - a kernel ends when its last block does; the application's pass ends
 *     when the window is empty and the list has no kernel left.
 *
 * Unlike GPGPU-Sim with -gpgpu_concurrent_kernel_sm, an SM holds blocks of
 * one kernel at a time (GPGPU-Sim fits blocks of several kernels on one SM,
 * thread by thread, register by register).  With one stream the kernels
 * run as run_kernels.h runs them, cycle for cycle.
 *
 * Statistics: since an SM runs one kernel at a time, a kernel's insts,
 * warp_insts, ctas and L1D counts are exactly those of the SMs while they
 * ran it.  The L2 and DRAM are shared: a kernel's L2 and DRAM counts are
 * the application's during the kernel's interval (launch to end), which
 * holds other kernels' traffic while they overlap.  The application's total
 * row adds its kernels' insts, warp_insts, ctas and L1D counts; its cycles
 * are those in which at least one of its kernels ran (launched and not
 * ended), and its L2 and DRAM counts those of these cycles, each counted
 * once: with kernels one after another, the kernels' sums. */
#ifndef BWM_RUN_STREAMS_H
#define BWM_RUN_STREAMS_H

#include "sim/run/kernel_books.h"

/* One record's run-side state (trace_app.h's kern[i]). */
typedef struct bwm_stream_kernel {
    int state;                  /* BWM_STREAM_* */
    long cmd;                   /* its command in the list */
    uint64_t stream;
    int64_t launch_at;          /* its blocks may go to the SMs from then on */
    bwm_kernel_counters from;   /* the application's counters at its launch */
    bwm_kernel_counters acc;    /* its SMs' own counts so far */
    char name[BWM_KERNEL_NAME];
} bwm_stream_kernel;

enum { BWM_STREAM_EMPTY, BWM_STREAM_WAITING, BWM_STREAM_LAUNCHED };

typedef struct bwm_run_streams {
    int n;                      /* records (the window) */
    bwm_stream_kernel *rec;
    int *order, n_order;        /* the window's records in list order */
    int last;                   /* the record an SM took last */
    int list_done;              /* the list has no kernel left to enter the window */
    int n_sms;
    int *bound;                 /* per SM: the record it runs, or -1 */
    bwm_kernel_counters *sm_from; /* per SM: its own counts when last settled */
    int *slots;                 /* per SM: slots to start this cycle */
    int n_live;                 /* records launched and not ended */
    bwm_kernel_counters busy_from; /* the application's counters when n_live last left 0 */
    bwm_kernel_result busy;     /* the recorded kernels' busy intervals: cycles, L2 and DRAM */
} bwm_run_streams;

/* Application a's windows, launching the first kernels at the current cycle. */
int bwm_run_streams_start(bwm_run_kernels *ks, const bwm_gpu *g, int a, bwm_err *err);
void bwm_run_streams_free(bwm_run_streams *s);

/* One step of application a's kernels at the current cycle. */
int bwm_run_streams_tick(bwm_run_kernels *ks, bwm_gpu *g, int a, bwm_err *err);

/* The run stops now: a's kernels still running are recorded, cut. */
int bwm_run_streams_cut(bwm_run_kernels *ks, const bwm_gpu *g, int a, bwm_err *err);

/* a's total row t (the kernels' sums) gets the interval's cycles, L2 and
 * DRAM counts (above). */
void bwm_run_streams_total(const bwm_run_streams *s, bwm_kernel_result *t);

#endif
