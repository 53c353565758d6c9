/* kernel_stats.h — the statistics of a traced application's kernels, with
 * the names Accel-Sim prints beside ours (docs/traces.md).
 *
 * bwm_kernel_counters is a snapshot of the application's running totals at
 * one core cycle; a kernel's statistics are the difference between the
 * snapshots at its launch and at the end of its last block.  Cache and DRAM
 * counts are in 32-byte sectors, as GPGPU-Sim's sector caches count them:
 * an access to the 4 sectors of a line is 4 accesses, a sector fetched from
 * below is a miss (a sector already on its way is neither hit nor miss), a
 * DRAM request moves one sector (or the line a line L2 fetches). */
#ifndef BWM_KERNEL_STATS_H
#define BWM_KERNEL_STATS_H

#include <stdint.h>

#include "sim/gpu/gpu.h"

#define BWM_KERNEL_NAME 256

typedef struct bwm_kernel_counters {
    int64_t cycle;
    uint64_t insts, warp_insts, ctas;
    uint64_t l1_reads, l1_writes, l1_read_misses, l1_write_misses;
    uint64_t l2_reads, l2_writes, l2_read_misses, l2_write_misses;
    uint64_t dram_reads, dram_writes;
} bwm_kernel_counters;

typedef struct bwm_kernel_result {
    char name[BWM_KERNEL_NAME]; /* the kernel's (mangled) name; "total" for the sum */
    int app;                    /* the application that ran it */
    int kernel;                 /* 1, 2, ... in launch order (0: the total) */
    int complete;               /* it ended (else the run's cycle limit cut it) */
    uint64_t stream;            /* its cuda stream id (the total: 0) */
    int64_t start, end;         /* core cycles: its launch, the end of its last block (or the cut) */
    int64_t cycles;             /* gpu_sim_cycle: launch to the end of its last block */
    uint64_t insts;             /* gpu_sim_insn: thread instructions */
    uint64_t warp_insts;
    double ipc;                 /* thread instructions per core cycle */
    uint64_t ctas;
    uint64_t l1_reads, l1_writes, l1_read_misses, l1_write_misses;
    uint64_t l2_reads, l2_writes, l2_read_misses, l2_write_misses;
    uint64_t dram_reads, dram_writes;
} bwm_kernel_result;

void bwm_kernel_counters_take(const bwm_gpu *g, int app, bwm_kernel_counters *out);

/* SM k's (0 .. the application's SMs - 1) own counts: insts, warp_insts,
 * ctas and its L1D's; the rest 0. */
void bwm_kernel_counters_take_sm(const bwm_gpu *g, int app, int k, bwm_kernel_counters *out);
/* Adds to - from of the counts take_sm fills into acc. */
void bwm_kernel_counters_settle(bwm_kernel_counters *acc, const bwm_kernel_counters *from,
                                const bwm_kernel_counters *to);
/* r's insts, warp_insts, ctas and L1D counts become acc's (ipc follows). */
void bwm_kernel_result_sm_counts(bwm_kernel_result *r, const bwm_kernel_counters *acc);

/* The statistics between two snapshots. */
void bwm_kernel_result_from(const bwm_kernel_counters *from, const bwm_kernel_counters *to, bwm_kernel_result *out);

/* Application app's kernel named name, started at snapshot from, ending at
 * core cycle end: out (cleared first) holds its statistics from then to
 * now, its name and app; the caller sets kernel, complete and stream. */
void bwm_kernel_result_ending(const bwm_gpu *g, int app, const bwm_kernel_counters *from, int64_t end,
                              const char *name, bwm_kernel_result *out);

/* Adds kernel k into total (cycles add up: kernels run one after another). */
void bwm_kernel_result_add(bwm_kernel_result *total, const bwm_kernel_result *k);

#endif
