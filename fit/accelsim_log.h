/* accelsim_log.h — the per-kernel statistics of one Accel-Sim log.
 *
 * Accel-Sim (trace-driven GPGPU-Sim 4.x) prints one statistics dump each
 * time a kernel finishes (accel-sim.cc: cleanup calls print_stats for the
 * kernel's CUDA stream).  A dump starts with "kernel_name = NAME ",
 * "kernel_launch_uid = UID " and "kernel_stream_id = S", then:
 *
 *   gpu_sim_cycle, gpu_sim_insn        the kernel's own (reset per dump)
 *   gpu_tot_sim_cycle, gpu_tot_sim_insn  totals since the start
 *   L1D_total_cache_accesses/_misses   totals, every stream
 *   Total_core_cache_stats_breakdown[TYPE][OUTCOME]  totals of the dump's stream
 *   gpgpu_n_tot_w_icount               warp instructions, total
 *   total dram reads, total dram writes  totals
 *   L2_total_cache_accesses/_misses    totals, every stream
 *   L2_cache_stats_breakdown[TYPE][OUTCOME]  totals of the dump's stream
 *   L2_total_cache_reservation_fail_breakdown:  (the end of what is read here)
 *
 * A kernel's figures are therefore its dump less the dump before it; the
 * breakdowns less the last dump of the same stream (the same thing for a
 * trace of one stream).  The thirteen compared statistics are those
 * bench/accelsim/run.sh writes (its CSV's column names, BWM_AS_REF_NAMES):
 * the L1D's reads are the core breakdown's GLOBAL_ACC_R + LOCAL_ACC_R, its
 * writes GLOBAL_ACC_W + LOCAL_ACC_W; the L2's reads every type ending in
 * _R, its writes those ending in _W and the write-backs *_WRBK_ACC.  An
 * access is every outcome but RESERVATION_FAIL (a retry) and MSHR_HIT
 * (already a SECTOR_MISS), as Accel-Sim's TOTAL_ACCESS lines count; a miss
 * is MISS + SECTOR_MISS.  The summary lines L1D_/L2_total_cache_* are kept
 * too (BWM_AS_L1D_ACCESSES ...), not compared.
 *
 * Checked, each an input error naming FILE:LINE: a statistic given twice
 * in a dump, a value that is not a whole number in 0..2^53, a breakdown
 * line of another form, a breakdown type whose TOTAL_ACCESS line disagrees
 * with its outcomes, a dump with several or no kernel_launch_uid (kernels
 * of several streams that overlapped: their figures cannot be told apart),
 * gpu_tot_sim_cycle or gpu_tot_sim_insn not the sum of the kernels' own, a
 * total that shrinks from one dump to the next; and "FILE: no 'NAME' for
 * kernel K (its statistics start at line L; log cut short?)" for a dump
 * without one of its statistics or its end line; "FILE: no kernel
 * statistics" for a log without a dump.  Lines before the first dump (the
 * option echo, the trace's progress) are skipped. */
#ifndef BWM_ACCELSIM_LOG_H
#define BWM_ACCELSIM_LOG_H

#include <stddef.h>

#include "util/status.h"

/* The compared statistics (in bwmpki's order, docs/traces.md), then the
 * summary lines kept. */
enum {
    BWM_AS_CYCLES,
    BWM_AS_INSTS,
    BWM_AS_WARP_INSTS,
    BWM_AS_L1D_READS,
    BWM_AS_L1D_READ_MISSES,
    BWM_AS_L1D_WRITES,
    BWM_AS_L1D_WRITE_MISSES,
    BWM_AS_L2_READS,
    BWM_AS_L2_READ_MISSES,
    BWM_AS_L2_WRITES,
    BWM_AS_L2_WRITE_MISSES,
    BWM_AS_DRAM_READS,
    BWM_AS_DRAM_WRITES,
    BWM_AS_NSTAT, /* the compared ones */
    BWM_AS_L1D_ACCESSES = BWM_AS_NSTAT,
    BWM_AS_L1D_MISSES,
    BWM_AS_L2_ACCESSES,
    BWM_AS_L2_MISSES,
    BWM_AS_NALL
};

/* bwmpki's name of statistic s (sim run's column) and run.sh's column. */
const char *bwm_accelsim_stat_name(int s);
const char *bwm_accelsim_stat_ref(int s);

typedef struct bwm_accelsim_kernel {
    char *name;          /* kernel_name (trimmed), owned */
    long long uid;       /* kernel_launch_uid */
    long long stream;    /* kernel_stream_id; -1 when the dump has none */
    long line;           /* the dump's kernel_name line */
    double v[BWM_AS_NALL]; /* the kernel's own figures */
} bwm_accelsim_kernel;

typedef struct bwm_accelsim_log {
    bwm_accelsim_kernel *k; /* in the log's order (kernels finish in launch order within a stream) */
    size_t n, cap;
} bwm_accelsim_log;

/* Largest value accepted: every whole number up to it is exact in a double. */
#define BWM_ACCELSIM_COUNT_MAX 9007199254740992.0

/* Reads the log at path into log (freed with bwm_accelsim_log_free, also on
 * error).  Errors: the file cannot be opened or read (io/infile.h,
 * io/line_reader.h), bad input as above (BWM_EINPUT). */
int bwm_accelsim_log_read(const char *path, bwm_accelsim_log *log, bwm_err *err);
void bwm_accelsim_log_free(bwm_accelsim_log *log);

#endif
