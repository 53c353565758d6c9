/* gpu_config.h — the whole GPU's configuration as data: the SMs, their warp
 * schedulers, execution units (bwm_exec_config) and L1D, the crossbar, the
 * L2 slices and the latencies between units, plus the memory system
 * (bwm_dram_config), and what follows from it (the L1D an SM gets, a
 * reply's cluster, sector requests, a packet's flits).  What the model
 * fixes (warp size, line size, packet header) is here too.  Reading it
 * from GPGPU-Sim options, with the options honoured, their defaults and
 * checks, is gpu_read.h's. */
#ifndef BWM_GPU_CONFIG_H
#define BWM_GPU_CONFIG_H

#include "sim/cache/cache_config.h"
#include "sim/config/exec_config.h"
#include "sim/config/mmu_config.h"
#include "sim/core/cta_dispatch.h"
#include "sim/core/warp_sched.h"
#include "sim/config/vm_config.h"
#include "sim/dram/dram_config.h"
#include "util/status.h"

#define BWM_MAX_SHMEM_OPTIONS 16

typedef struct bwm_gpu_config {
    int n_clusters;           /* -gpgpu_n_clusters */
    int cores_per_cluster;    /* -gpgpu_n_cores_per_cluster: SMs sharing one interconnect node */
    int core_order_rr;        /* -gpgpu_simt_core_sim_order: 1 a cluster's first SM turns every
                                 core cycle, 0 SM order fixed */
    int n_sms;                /* the product */
    int max_threads_per_sm;   /* -gpgpu_shader_core_pipeline THREADS:WARP */
    int warp_size;
    int max_warps_per_sm;     /* threads / warp size, at most 64 */
    int n_warp_scheds;        /* -gpgpu_num_sched_per_core */
    const bwm_warp_sched_ops *warp_sched; /* -gpgpu_scheduler (sim/core/warp_sched.h) */
    int warp_knob[BWM_WARP_MAX_KNOBS]; /* its knobs' values, in the order of its list (CCWS's
                                 -bwm_ccws_base_score and -bwm_ccws_kthrottle, TBAS's
                                 -bwm_tbas_min_active) */
    int cta_limit;            /* -gpgpu_shader_cta: CTAs an SM holds at once (applications with
                                 thread blocks, synth_app.h) */
    bwm_cta_policy cta_dispatch; /* -bwm_cta_dispatch interleaved|serial (cta_dispatch.h) */
    bwm_cache_config l1d;     /* -gpgpu_cache:dl1 */
    bwm_cache_config l2;      /* -gpgpu_cache:dl2: one slice per memory sub-partition */
    int l2_shared;            /* -bwm_l2_sharing: 0 partitioned equally among applications, 1 shared */
    int l1_latency;           /* core cycles, L1D hit */
    int l2_rop_latency;       /* L2 cycles from arrival at a sub-partition to the L2 access */
    int dram_latency;         /* L2 cycles from an L2 miss to the request entering the controller */
    int flit_bytes;           /* -icnt_flit_size; under -network_mode 2 the largest packet (one flit each) */
    int icnt_local;           /* -network_mode 2: GPGPU-Sim's own crossbar, whole packets, buffers in packets */
    int icnt_in_buffer;       /* flits per input port */
    int icnt_out_buffer;      /* flits per output port */
    int icnt_latency;         /* interconnect cycles */
    bwm_dram_config dram;     /* the memory system, clocks included */
    bwm_vm_config vm;         /* -bwm_vm, -bwm_page_size (vm_config.h) */
    bwm_mmu_config mmu;       /* -bwm_mmu, the TLBs and the walker (mmu_config.h) */
    int skip_l1;              /* -gpgpu_gmem_skip_L1D, or -gpgpu_cache:dl1 none: global loads and
                                 stores bypass the L1D */
    int l1d_none;             /* -gpgpu_cache:dl1 none (GPGPU-Sim's default) */
    int adaptive_l1;          /* -gpgpu_adaptive_cache_config: L1D = unified memory - shared memory */
    int unified_l1d_kb;       /* -gpgpu_unified_l1d_size */
    int n_shmem_options;      /* -gpgpu_shmem_option: the shared-memory carve-outs, KB, ascending */
    int shmem_options_kb[BWM_MAX_SHMEM_OPTIONS];
    int shmem_bytes;          /* -gpgpu_shmem_size: shared memory per SM */
    int partition_queues[4];  /* -gpgpu_dram_partition_queues: crossbar->L2, L2->DRAM, DRAM->L2, L2->crossbar */
    int return_queue;         /* -gpgpu_dram_return_queue_size (0: unbounded) */
    int l2_index_partition;   /* -bwm_l2_set_address: 1 partition (GPGPU-Sim), 0 physical */
    int coalesce_arch;        /* -gpgpu_coalesce_arch: >= 13 (see coalescer in gpu_read_cores.c) */
    int warp_parts;           /* -gpgpu_shmem_warp_parts: parts of a warp that coalesce apart
                                 (sim/core/coalescer.h), 1 .. 32 dividing 32 */
    int l1_banks;             /* -gpgpu_l1_banks */
    int l1_bank_bytes;        /* -gpgpu_l1_banks_byte_interleaving */
    int l1_write_ratio;       /* -gpgpu_l1_cache_write_ratio, percent (l1d.write_ratio) */
    int ejection_buffer;      /* -gpgpu_n_cluster_ejection_buffer_size: replies, >= 1 */
    int icnt_subnets;         /* -icnt_subnets: 2, separate request and reply crossbars */
    int icnt_arbiter;         /* -icnt_arbiter_algo: 1, iSLIP */
    bwm_exec_config exec;     /* execution units, latencies, occupancy limits (exec_config.h) */
} bwm_gpu_config;

/* GPGPU-Sim's defaults for the text options (gpu_read.h). */
#define BWM_DEFAULT_SHADER_PIPELINE "1024:32"
#define BWM_DEFAULT_DL1 "none"
/* The L1D of "-gpgpu_cache:dl1 none": nothing is cached, every global access
 * goes to the L2; loads to one line in flight merge, and at most this many
 * lines are in flight per SM. */
#define BWM_NO_L1D "N:1:128:1,L:E:m:N:L,A:256:64,8"
#define BWM_DEFAULT_DL2 "64:128:8,L:B:m:W,A:16:4,4"

/* An adaptive L1D without -gpgpu_unified_l1d_size: Volta's 128 KB of L1D
 * and shared memory (the size GPGPU-Sim's adaptive rule assumed before 4.2
 * made it an option). */
#define BWM_DEFAULT_UNIFIED_L1D_KB 128

/* What the model fixes: 32-thread warps, at most 64 of them per SM, and
 * 128-byte lines (a memory request is one line).  A crossbar packet carries
 * an 8-byte header, so the largest (a write request, or a read reply) is
 * 136 bytes, and both crossbar buffers must hold that many flits. */
#define BWM_WARP_SIZE 32
#define BWM_MAX_WARPS_PER_SM 64
#define BWM_GPU_LINE_BYTES 128 /* = BWM_LINE_BYTES of sim/workload/warp_stream.h */
#define BWM_ICNT_HEADER_BYTES 8
#define BWM_ICNT_MAX_PACKET_BYTES (BWM_GPU_LINE_BYTES + BWM_ICNT_HEADER_BYTES)

/* The L1D an SM running an application gets: the configured one, or with
 * an adaptive L1 the unified memory minus the smallest shared-memory option
 * that holds what the application uses (uses_shmem: -gpgpu_shmem_size, else
 * nothing), as ways of the configured sets; a streaming L1 given all of it
 * allocates on miss, as GPGPU-Sim reconfigures it.  Fails when no option
 * holds the shared memory. */
int bwm_gpu_l1d_for(const bwm_gpu_config *cfg, int uses_shmem, bwm_cache_config *out, bwm_err *err);

/* The L1D for a kernel whose resident CTAs use shmem_bytes of shared memory
 * in all (GPGPU-Sim's max_cta under -gpgpu_adaptive_cache_config: per-CTA
 * bytes x CTAs per SM): as bwm_gpu_l1d_for with that need, a streaming L1
 * allocating on miss exactly when the kernel uses none.  Fails when no
 * option holds it. */
int bwm_gpu_l1d_for_shmem(const bwm_gpu_config *cfg, long shmem_bytes, bwm_cache_config *out, bwm_err *err);

/* The cluster of SM sm (GPGPU-Sim's sid_to_cluster): SMs
 * c * cores_per_cluster .. (c + 1) * cores_per_cluster - 1 form cluster c,
 * node c of the crossbars. */
static inline int bwm_gpu_cluster_of(int cores_per_cluster, int sm)
{
    return sm / cores_per_cluster;
}

/* Whether an SM sends one request per 32-byte sector rather than one per
 * line (GPGPU-Sim's coalescer, abstract_hardware_model.cc): from coalesce
 * arch 40 on every global access is a 32-byte segment, and from 20 to 38
 * those that skip the L1D are.  Each such request is its own packet on the
 * crossbars, its own L2 access and its own DRAM request. */
static inline int bwm_gpu_sector_requests(const bwm_gpu_config *cfg)
{
    return cfg->coalesce_arch >= 40 || (cfg->coalesce_arch >= 20 && cfg->coalesce_arch < 39 && cfg->skip_l1);
}

/* Whether the accesses of an instruction whose cache operator is
 * CACHE_GLOBAL (an atomic, memory_coalescing_arch_atomic, or a load that
 * skips the L1D, memory_coalescing_arch) coalesce into 32-byte segments:
 * from coalesce arch 40 on, and from 20 to 38 as well, whatever
 * -gpgpu_gmem_skip_L1D says. */
static inline int bwm_gpu_cache_global_sectors(const bwm_gpu_config *cfg)
{
    return cfg->coalesce_arch >= 40 || (cfg->coalesce_arch >= 20 && cfg->coalesce_arch < 39);
}

/* Flits of a packet of bytes bytes: ceil(bytes / flit_bytes). */
int bwm_gpu_packet_flits(const bwm_gpu_config *cfg, int bytes);

#endif
