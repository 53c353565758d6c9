/* gpgpusim_log.h — the statistics of one GPGPU-Sim output log.
 *
 * A GPGPU-Sim log echoes its options at the top, one per line as
 * "-name value # description", then after every kernel prints cumulative
 * statistics "name = value" and one block per memory controller:
 *
 *   DRAM[0]: 16 bks, busW=4 BL=8 CL=12, tRRD=6 tCCD=2, tRCD=12 ...
 *   n_cmd=... n_nop=... n_act=... n_pre=... n_req=... n_rd=R n_write=W bw_util=...
 *
 * GPGPU-Sim 4.x prints n_cmd=... n_ref_event=... n_req=... n_rd=R
 * n_rd_L2_A=A n_write=W n_wr_bk=B bw_util=U: it counts the reads that fill
 * an L2 line for a write (write-allocate) as n_rd_L2_A and the L2's dirty
 * write-backs as n_wr_bk, apart from n_rd and n_write; every one of the four
 * is a column command that moves data, and all four count (3.x's n_rd and
 * n_write already hold everything).  bw_util is the fraction of DRAM cycles
 * the data bus carried data.  All these counters are totals since the start
 * of the run, so when a log holds several kernels the last value of each is
 * the total; the last DRAM[i] block of each channel i counts.
 *
 * Several kernels: GPGPU-Sim (gpgpu_sim::gpu_print_stat) prints one block
 * of statistics as each kernel finishes: 4.x starts it with
 * "kernel_name = NAME " and "kernel_launch_uid = UID " (several of each,
 * space-separated, when kernels finished together), then gpu_sim_cycle,
 * gpu_sim_insn and gpu_ipc (this kernel only, reset between kernels), the
 * gpu_tot_* figures (totals since the start of the run), the DRAM[i] blocks
 * (the DRAM's counters, never reset: totals) and L2_total_cache_* (the L2's
 * counters, never reset: totals); 3.x prints the same statistics, in an
 * order that varies between builds (a published 3.2.2 log has the kernel_*
 * lines too and its L2 lines after the DRAM blocks; others print no
 * kernel_* lines and the L2 lines first).  The k-th appearance of each
 * statistic belongs to the k-th kernel, whatever the order.
 * bwm_gpgpusim_log_read_kernels keeps every block's totals
 * (bwm_gpgpusim_kernel); fit/gpgpusim_kernel.h turns consecutive blocks into
 * one kernel's figures.  Every kernel needs every statistic, kernel_name and
 * kernel_launch_uid in all blocks or in none, and the totals may not shrink
 * from one block to the next, nor gpu_tot_sim_cycle stand still; otherwise
 * an input error names the file and the line where the offending kernel's
 * statistics start.  gpu_tot_sim_insn may stand still: GPGPU-Sim 4.2
 * builds with several streams print a block of a few cycles and no
 * instructions, with empty kernel_name and kernel_launch_uid lines.
 *
 * Optional: -gpgpu_cache:dl2 (a sector L2, "S:...", misses 32-byte sectors,
 * so L2_total_cache_misses counts sectors and a miss moves 32 bytes;
 * otherwise a miss moves a line of the string's size) and
 * -dram_data_command_freq_ratio (default 2), for the peak bandwidth.
 *
 * Needed: -gpgpu_clock_domains (the first entry is the core clock in MHz),
 * -gpgpu_n_mem, -gpgpu_n_mem_per_ctrlr, gpu_tot_sim_cycle, gpu_tot_sim_insn,
 * gpu_tot_ipc, L2_total_cache_accesses, L2_total_cache_misses, and the n_rd
 * and n_write of all gpgpu_n_mem channels.  A missing one is an input error
 * "FILE: no 'NAME' (log cut short?)"; so is a last kernel whose statistics
 * stop half-way (fewer gpu_tot_sim_insn than gpu_tot_sim_cycle lines, ...:
 * "FILE: no 'NAME' for kernel K (...; its statistics start at line L; log
 * cut short?)").
 *
 * Bytes moved: GPGPU-Sim's n_rd and n_write count DRAM column commands, each
 * moving one "DRAM atom" of busW x BL x gpgpu_n_mem_per_ctrlr bytes
 * (dram_atom_size in gpgpu-sim's memory config: bus width per chip in bytes,
 * burst length, chips per controller; 4 x 8 x 2 = 64 bytes on a GTX 480-like
 * GDDR5 system, so a 128-byte line is two commands).  busW and BL are read
 * from the DRAM[i] lines, the chips per controller from the option echo.
 *
 * A line holding a NUL byte is refused (not text).  Every number is
 * range-checked as it is read ("FILE:LINE: NAME: 'TEXT' is
 * not ..."): counters (cycles, instructions, L2 accesses and misses, n_rd,
 * n_write) are whole numbers in 0..2^53, busW and BL whole numbers in
 * 1..1024, gpu_tot_ipc a number in 0..2^53, the clocks within
 * BWM_CLOCK_MHZ_MIN..BWM_CLOCK_MHZ_MAX (sim/dram/dram_config.h).
 *
 * ipc: gpu_tot_ipc is printed with four decimals only, so the ipc used is
 * the exact gpu_tot_sim_insn / gpu_tot_sim_cycle, silently (both come from
 * the same counters; they differ by print rounding alone).  gpu_tot_ipc is
 * still required, as a check that the kernel's statistics are complete, and
 * kept in ipc_reported. */
#ifndef BWM_GPGPUSIM_LOG_H
#define BWM_GPGPUSIM_LOG_H

#include <stddef.h>

#include "util/status.h"

typedef struct bwm_gpgpusim_log {
    double insn;            /* gpu_tot_sim_insn (thread instructions) */
    double cycles;          /* gpu_tot_sim_cycle (core cycles) */
    double ipc_reported;    /* gpu_tot_ipc as printed (4 decimals) */
    double l2_accesses;     /* L2_total_cache_accesses */
    double l2_misses;       /* L2_total_cache_misses */
    double core_mhz;        /* first entry of -gpgpu_clock_domains */
    double dram_mhz;        /* last entry of -gpgpu_clock_domains */
    long n_mem;             /* -gpgpu_n_mem: memory controllers (channels) */
    long n_mem_per_ctrlr;   /* -gpgpu_n_mem_per_ctrlr: DRAM chips per controller */
    long bus_width;         /* busW of the DRAM[i] lines: bytes per chip */
    long burst_length;      /* BL of the DRAM[i] lines */
    double n_rd;            /* column reads, summed over channels */
    double n_rd_l2a;        /* 4.x: column reads filling an L2 line for a write (n_rd_L2_A) */
    double n_write;         /* column writes, summed over channels */
    double n_wr_bk;         /* 4.x: column writes of L2 write-backs (n_wr_bk) */
    double bw_util;         /* mean bw_util over the channels; -1 when the log has none */
    int v4;                 /* every channel line had 4.x's n_rd_L2_A and n_wr_bk */
    long miss_bytes;        /* bytes an L2 miss moves (32 for a sector L2); 0 when unknown */
    long data_command_ratio;/* -dram_data_command_freq_ratio (2 when absent) */
    long kernels;           /* how many gpu_tot_sim_cycle lines (kernels) */
} bwm_gpgpusim_log;

/* The totals at the end of one kernel's block of statistics (the counters
 * summed over the gpgpu_n_mem channels). */
typedef struct bwm_gpgpusim_kernel {
    char *name;             /* kernel_name's text (names joined by ' '); NULL when the log has none */
    long long uid;          /* first kernel_launch_uid; the block's position (1, 2, ...) when the log prints
                               none; -1 when its kernel_launch_uid line is empty */
    long line;              /* line of the first of its statistics read (where it starts) */
    double insn, cycles, l2_accesses, l2_misses;
    double n_rd, n_rd_l2a, n_write, n_wr_bk;
    double n_cmd;           /* DRAM command cycles */
    double busy;            /* sum of bw_util x n_cmd: data-bus cycles, to print rounding; -1 without bw_util */
    double busy_err;        /* the most that print rounding can put busy off by (gpgpusim_kernel.h) */
} bwm_gpgpusim_kernel;

typedef struct bwm_gpgpusim_kernels {
    bwm_gpgpusim_kernel *k; /* in the log's order; n of them */
    size_t n, cap;
} bwm_gpgpusim_kernels;

/* Most channels a log may report (DRAM[0] .. DRAM[max-1]). */
#define BWM_GPGPUSIM_MAX_CHANNELS 256
/* Largest counter accepted (2^53: every whole number up to it is exact in
 * a double); largest busW and BL. */
#define BWM_GPGPUSIM_COUNT_MAX 9007199254740992.0
#define BWM_GPGPUSIM_DRAM_FIELD_MAX 1024

/* Reads the log at path.  Errors: the file cannot be opened (io/infile.h),
 * a read fails (BWM_EFAIL), a needed statistic or option is missing or
 * malformed (BWM_EINPUT, naming the file, and the line for malformed values). */
int bwm_gpgpusim_log_read(const char *path, bwm_gpgpusim_log *log, bwm_err *err);
/* The same, also keeping every kernel's block in ks (log->kernels of them),
 * which the caller frees with bwm_gpgpusim_kernels_free (also on error). */
int bwm_gpgpusim_log_read_kernels(const char *path, bwm_gpgpusim_log *log, bwm_gpgpusim_kernels *ks, bwm_err *err);
void bwm_gpgpusim_kernels_free(bwm_gpgpusim_kernels *ks);

/* Bytes per DRAM column command: bus_width x burst_length x n_mem_per_ctrlr. */
double bwm_gpgpusim_atom_bytes(const bwm_gpgpusim_log *log);

/* Derived figures (DESIGN.md units). */
double bwm_gpgpusim_ipc(const bwm_gpgpusim_log *log);   /* insn / cycles */
double bwm_gpgpusim_mpki(const bwm_gpgpusim_log *log);  /* misses x 1000 / insn; NaN for no insn */
double bwm_gpgpusim_seconds(const bwm_gpgpusim_log *log); /* cycles / core clock */
double bwm_gpgpusim_bw(const bwm_gpgpusim_log *log);    /* GB/s: all column commands x atom / s / 1e9 */
double bwm_gpgpusim_commands(const bwm_gpgpusim_log *log); /* n_rd + n_rd_L2_A + n_write + n_wr_bk */
/* Peak GB/s: channels x atom per BL/ratio command cycles x DRAM clock. */
double bwm_gpgpusim_peak(const bwm_gpgpusim_log *log);
/* GPGPU-Sim's own figure: mean bw_util x peak (GB/s); -1 without bw_util. */
double bwm_gpgpusim_bw_util_gbs(const bwm_gpgpusim_log *log);

/* GPGPU-Sim's sector size (SECTOR_SIZE). */
#define BWM_GPGPUSIM_SECTOR_BYTES 32

#endif
