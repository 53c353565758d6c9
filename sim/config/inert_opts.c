/* inert_opts.c — the GPGPU-Sim options outside the modelled memory system
 * (see inert_opts.h), by prefix or whole name. */
#include "sim/config/inert_opts.h"

#include <string.h>

/* Options whose name starts with one of these. */
static const char *const inert_prefixes[] = {
    "-ptx_",                          /* instruction latencies and PTX handling */
    "-gpgpu_ptx_",
    "-gpgpu_operand_collector_",      /* the register-read pipeline */
    "-gpgpu_tensor_core_avail",
    "-gpgpu_compute_capability_",
    "-gpgpu_runtime_",                /* CUDA dynamic parallelism and statistics */
    "-power_", "-gpuwattch_",
    "-visualizer_",
    "-enable_ptx_file_line_stats",
};

/* Options with exactly one of these names. */
static const char *const inert_names[] = {
    "-gpgpu_tex_cache:l1", "-gpgpu_const_cache:l1", "-gpgpu_cache:il1", "-gpgpu_cache:dl2_texture_only",
    "-gpgpu_perfect_inst_const_cache", "-gpgpu_inst_fetch_throughput",
    "-gpgpu_simd_model", "-gpgpu_pipeline_widths", "-gpgpu_enable_specialized_operand_collector",
    "-gpgpu_num_reg_banks", "-gpgpu_reg_file_port_throughput", "-gpgpu_clock_gated_lanes",
    "-gpgpu_occupancy_sm_number",
    "-gpgpu_stack_size_limit", "-gpgpu_heap_size_limit",
    "-gpgpu_perf_sim_memcpy", "-perf_sim_memcpy", "-gpgpu_memlatency_stat",
    /* Booksim's network file (-network_mode 1): the simulator's network is
       always the crossbar of -icnt_flit_size, -icnt_*_buffer_limit and
       -bwm_icnt_latency */
    "-inter_config_file",
    /* The L1D and shared-memory sizes of a kernel that asks for more L1 or
       more shared memory (cudaFuncSetCacheConfig; gpgpu_sim::set_cache_config).
       A kernel that asks nothing gets -gpgpu_cache:dl1, and the synthetic
       applications ask nothing. */
    "-gpgpu_cache:dl1PrefL1", "-gpgpu_cache:dl1PrefShared", "-gpgpu_shmem_size_PrefL1",
    "-gpgpu_shmem_size_PrefShared",
};

int bwm_option_inert(const char *name)
{
    for (size_t i = 0; i < sizeof inert_prefixes / sizeof inert_prefixes[0]; i++)
        if (strncmp(name, inert_prefixes[i], strlen(inert_prefixes[i])) == 0)
            return 1;
    for (size_t i = 0; i < sizeof inert_names / sizeof inert_names[0]; i++)
        if (strcmp(name, inert_names[i]) == 0)
            return 1;
    return 0;
}
