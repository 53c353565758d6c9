/* gpu_config_test.c — GPGPU-Sim option files into bwm_gpu_config: the
 * paper's Table 2 GPU, the stock GTX480 config (3.x option names), the
 * GPGPU-Sim defaults, the 4.x name winning over the 3.x one, and every bad
 * value with its file, line, option and status; the access-path options
 * (coalescer, L1D banks and write ratio, ejection buffer, crossbar subnets
 * and arbiter, address mask) at the values honoured and refused (the
 * reader of gpu_read.h and what follows from gpu_config.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/config/gpu_read.h"
#include "sim/mem/footprint.h"
#include "sim/config/memsys_config.h"
#include "tests/support/tmp_text.h"

#define GTX480 BWM_SOURCE_DIR "/tests/fixtures/gtx480.config"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

/* Loads text as a config file (its name in path); returns the status. */
static int load_text(const char *text, char *path, bwm_gpu_config *c, bwm_optlist *ign, bwm_err *err)
{
    bwm_write_tmp(path, text);
    int st = bwm_gpu_config_load_with(path, NULL, NULL, c, ign, err);
    unlink(path);
    return st;
}

/* Asserts that text is refused with "TMPFILE:LINE: option NAME: ...WHAT...". */
static void expect_bad(const char *text, int line, const char *name, const char *what)
{
    char path[BWM_TMP_PATH_MAX], option[80];
    bwm_gpu_config c;
    bwm_err err = {{0}};
    cr_assert_eq(load_text(text, path, &c, NULL, &err), BWM_EINPUT, "accepted: %s", text);
    snprintf(option, sizeof option, ":%d: option %s: ", line, name);
    bwm_expect_at(err.msg, path, line, option);
    bwm_expect_at(err.msg, path, line, what);
}

Test(gpu_config, memsys15_is_the_paper_table2_gpu)
{
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, NULL, NULL, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_clusters, 30);
    cr_expect_eq(c.cores_per_cluster, 1);
    cr_expect_eq(c.n_sms, 30);
    cr_expect_eq(c.max_threads_per_sm, 1536);
    cr_expect_eq(c.warp_size, 32);
    cr_expect_eq(c.max_warps_per_sm, 48);
    cr_expect_eq(c.n_warp_scheds, 2);
    cr_expect_str_eq(c.warp_sched->name, "gto");
    cr_expect_eq(c.warp_sched, bwm_warp_sched_at(0), "the registry's first is the default");
    /* 16 KB 4-way L1D */
    cr_expect_eq(c.l1d.sets, 32);
    cr_expect_eq(c.l1d.line_bytes, 128);
    cr_expect_eq(c.l1d.ways, 4);
    cr_expect_eq(bwm_cache_config_bytes(&c.l1d), 16 * 1024);
    /* 128 KB 16-way L2 slice per channel, 768 KB in all */
    cr_expect_eq(c.l2.sets, 64);
    cr_expect_eq(c.l2.line_bytes, 128);
    cr_expect_eq(c.l2.ways, 16);
    cr_expect_eq(c.dram.n_sub_partitions, 1);
    cr_expect_eq(bwm_cache_config_bytes(&c.l2) * c.dram.n_channels * c.dram.n_sub_partitions, 768 * 1024);
    cr_expect_eq(c.l2_shared, 0);
    cr_expect_eq(c.l1_latency, 1);
    cr_expect_eq(c.l2_rop_latency, 120); /* GPGPU-Sim v3.2.1's GTX480 values */
    cr_expect_eq(c.dram_latency, 100);
    cr_expect_eq(c.flit_bytes, 32);
    cr_expect_eq(c.icnt_in_buffer, 17); /* v3.2.1's network: 9 + 8 flits in front of the switch, */
    cr_expect_eq(c.icnt_out_buffer, 24); /* 8 + 16 behind it */
    cr_expect_eq(c.icnt_latency, 8);
    cr_expect_float_eq(c.dram.core_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.dram.icnt_mhz, 1400.0, 1e-9);
    cr_expect_float_eq(c.dram.l2_mhz, 700.0, 1e-9);
    cr_expect_float_eq(c.dram.dram_mhz, 924.0, 1e-9);
    cr_expect_float_eq(bwm_dram_peak_gbs(&c.dram), 88.704, 1e-9);
    /* what the GPU model honours is no longer ignored; what it does not model is */
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_n_clusters"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_cache:dl2"));
    cr_expect(!bwm_optlist_has(&ign, "-bwm_l2_sharing"));
    cr_expect(!bwm_optlist_has(&ign, "-bwm_icnt_latency"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_shader_registers")); /* an occupancy limit (exec_config.h) */
    cr_expect_eq(c.exec.shader_registers, 32768);
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_tex_cache:l1"));
    bwm_optlist_free(&ign);
}

Test(gpu_config, memsys15_gives_every_gpu_option_explicitly)
{
    static const char *const names[] = {
        "-gpgpu_n_clusters", "-gpgpu_n_cores_per_cluster", "-gpgpu_shader_core_pipeline",
        "-gpgpu_num_sched_per_core", "-gpgpu_scheduler", "-gpgpu_cache:dl1", "-gpgpu_cache:dl2",
        "-gpgpu_l1_latency", "-gpgpu_l2_rop_latency", "-dram_latency", "-icnt_flit_size",
        "-icnt_in_buffer_limit", "-icnt_out_buffer_limit", "-bwm_icnt_latency", "-bwm_l2_sharing",
        "-gpgpu_shmem_warp_parts",
    };
    bwm_optset s;
    bwm_err err;
    bwm_optset_init(&s);
    cr_assert_eq(bwm_optset_load(&s, MEMSYS15, &err), BWM_OK, "%s", err.msg);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        cr_expect(bwm_optset_find(&s, names[i]), "memsys15.config does not give %s", names[i]);
    bwm_optset_free(&s);
}

Test(gpu_config, stock_gtx480_loads_with_its_3x_names)
{
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(GTX480, NULL, NULL, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_sms, 15);
    cr_expect_eq(c.max_warps_per_sm, 48);
    cr_expect_eq(c.n_warp_scheds, 2);
    cr_expect_str_eq(c.warp_sched->name, "gto");
    cr_expect_eq(c.l1d.set_index, BWM_SET_INDEX_FERMI_HASH);
    cr_expect_eq(c.l2.ways, 8);
    cr_expect_eq(c.dram.n_sub_partitions, 2);
    /* 12 slices of 64 KB: "This gives 786KB L2 cache" (768 KB) */
    cr_expect_eq(bwm_cache_config_bytes(&c.l2) * c.dram.n_channels * c.dram.n_sub_partitions, 768 * 1024);
    cr_expect_eq(c.l2_rop_latency, 120); /* -rop_latency */
    cr_expect_eq(c.dram_latency, 100);
    cr_expect_float_eq(c.dram.core_mhz, 700.0, 1e-9);
    cr_expect(!bwm_optlist_has(&ign, "-rop_latency"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_shader_core_pipeline"));
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_cache:il1"));
    cr_expect(!bwm_optlist_has(&ign, "-network_mode"), "-network_mode 1 is the crossbar of -icnt_flit_size flits");
    cr_expect(!c.icnt_local);
    bwm_optlist_free(&ign);
}

Test(gpu_config, absent_options_take_gpgpusim_defaults)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_text("", path, &c, &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(ign.n, 0u);
    cr_expect_eq(c.n_clusters, 10);
    cr_expect_eq(c.cores_per_cluster, 3);
    cr_expect_eq(c.core_order_rr, 1, "GPGPU-Sim's -gpgpu_simt_core_sim_order defaults to 1, round-robin");
    cr_expect_eq(c.n_sms, 30);
    cr_expect_eq(c.max_threads_per_sm, 1024);
    cr_expect_eq(c.warp_size, 32);
    cr_expect_eq(c.max_warps_per_sm, 32);
    cr_expect_eq(c.n_warp_scheds, 1);
    cr_expect_str_eq(c.warp_sched->name, "gto");
    cr_expect_eq(c.warp_parts, 2, "GPGPU-Sim's coalescer splits a warp in two by default");
    /* "none": no L1D, every global access goes to the L2 */
    cr_expect(c.l1d_none);
    cr_expect(c.skip_l1);
    /* "64:128:8,L:B:m:W,A:16:4,4" */
    cr_expect_eq(c.l2.sets, 64);
    cr_expect_eq(c.l2.ways, 8);
    cr_expect_eq(c.l2.write, BWM_WRITE_BACK);
    cr_expect_eq(c.l2.mshr_entries, 16);
    cr_expect_eq(c.l2_shared, 0);
    cr_expect_eq(c.l1_latency, 1);
    cr_expect_eq(c.l2_rop_latency, 85); /* GPGPU-Sim's built-in defaults */
    cr_expect_eq(c.dram_latency, 30);
    cr_expect_eq(c.flit_bytes, 32);
    cr_expect_eq(c.icnt_in_buffer, 64);
    cr_expect_eq(c.icnt_out_buffer, 64);
    cr_expect_eq(c.icnt_latency, 8);
    cr_expect_eq(c.dram.n_channels, 8); /* the memory system's defaults too */
    cr_expect_eq(bwm_gpu_packet_flits(&c, BWM_ICNT_MAX_PACKET_BYTES), 5);
    cr_expect_eq(bwm_gpu_packet_flits(&c, 8), 1);
    bwm_optlist_free(&ign);
}

Test(gpu_config, values_given_are_honoured)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_text("-gpgpu_scheduler lrr\n-bwm_l2_sharing shared\n-gpgpu_shader_core_pipeline \" 2048 : 32 \"\n"
                           "-gpgpu_l1_latency 20 -icnt_flit_size 8 -icnt_in_buffer_limit 17\n"
                           "-icnt_out_buffer_limit 40 -bwm_icnt_latency 0\n", path, &c, &ign, &err),
                 BWM_OK, "%s", err.msg);
    cr_expect_str_eq(c.warp_sched->name, "lrr");
    cr_expect(c.warp_sched->round_robin);
    cr_expect_eq(c.l2_shared, 1);
    cr_expect_eq(c.max_warps_per_sm, 64);
    cr_expect_eq(c.l1_latency, 20);
    cr_expect_eq(c.flit_bytes, 8);
    cr_expect_eq(c.icnt_in_buffer, 17); /* 136 bytes = 17 flits of 8: just fits */
    cr_expect_eq(c.icnt_out_buffer, 40);
    cr_expect_eq(c.icnt_latency, 0);
    cr_expect_eq(ign.n, 0u);
    bwm_optlist_free(&ign);
}

Test(gpu_config, the_4x_rop_latency_name_wins_and_overrides_apply)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err;
    cr_assert_eq(load_text("-gpgpu_l2_rop_latency 160\n-rop_latency 120\n", path, &c, &ign, &err), BWM_OK,
                 "%s", err.msg);
    cr_expect_eq(c.l2_rop_latency, 160);
    cr_expect(bwm_optlist_has(&ign, "-rop_latency"));
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_l2_rop_latency"));
    bwm_optlist_free(&ign);
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_n_clusters 15 -gpgpu_scheduler lrr", "--set", &c, NULL,
                                          &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.n_sms, 15);
    cr_expect_str_eq(c.warp_sched->name, "lrr");
    cr_expect_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_scheduler gtoo", "--set", &c, NULL, &err),
                 BWM_EINPUT);
    cr_expect_str_eq(err.msg, "--set:1: option -gpgpu_scheduler: unknown warp scheduler 'gtoo' (modelled: gto, lrr, ccws, tbas)");
}

Test(gpu_config, bad_cores_and_warps)
{
    expect_bad("-gpgpu_n_clusters 0\n", 1, "-gpgpu_n_clusters", "0 is out of range 1..");
    expect_bad("# c\n-gpgpu_n_cores_per_cluster x\n", 2, "-gpgpu_n_cores_per_cluster", "'x' is not an integer");
    expect_bad("-gpgpu_simt_core_sim_order 2\n", 1, "-gpgpu_simt_core_sim_order", "2 is out of range 0..1");
    expect_bad("-gpgpu_simt_core_sim_order -1\n", 1, "-gpgpu_simt_core_sim_order", "-1 is out of range 0..1");
    expect_bad("-gpgpu_shader_core_pipeline 2048:64\n", 1, "-gpgpu_shader_core_pipeline",
               "warp size 64: the model's warps are 32 threads wide");
    expect_bad("-gpgpu_shader_core_pipeline 1000:32\n", 1, "-gpgpu_shader_core_pipeline",
               "1000 threads per SM is not a positive multiple of the warp size 32");
    expect_bad("-gpgpu_shader_core_pipeline 0:32\n", 1, "-gpgpu_shader_core_pipeline", "not a positive multiple");
    expect_bad("-gpgpu_shader_core_pipeline 2080:32\n", 1, "-gpgpu_shader_core_pipeline",
               "2080 threads per SM are 65 warps; the model holds at most 64");
    expect_bad("-gpgpu_shader_core_pipeline 1536\n", 1, "-gpgpu_shader_core_pipeline",
               "'1536' is not THREADS:WARP_SIZE");
    expect_bad("-gpgpu_shader_core_pipeline 1536:32:1\n", 1, "-gpgpu_shader_core_pipeline", "not THREADS:WARP_SIZE");
    expect_bad("-gpgpu_shader_core_pipeline 99999999999999:32\n", 1, "-gpgpu_shader_core_pipeline",
               "THREADS of '99999999999999:32': 99999999999999 is out of range 0..2147483647");
    expect_bad("-gpgpu_shader_core_pipeline 1536:2147483648\n", 1, "-gpgpu_shader_core_pipeline",
               "WARP_SIZE of '1536:2147483648': 2147483648 is out of range 0..2147483647");
    expect_bad("-gpgpu_shader_core_pipeline -32:32\n", 1, "-gpgpu_shader_core_pipeline", "not THREADS:WARP_SIZE");
    expect_bad("-gpgpu_num_sched_per_core 0\n", 1, "-gpgpu_num_sched_per_core", "0 is out of range 1..32");
    expect_bad("-gpgpu_shader_core_pipeline 256:32\n-gpgpu_num_sched_per_core 9\n", 2, "-gpgpu_num_sched_per_core",
               "9 is out of range 1..8");
}

Test(gpu_config, bad_warp_schedulers)
{
    expect_bad("-gpgpu_scheduler two_level_active:6:0:1\n", 1, "-gpgpu_scheduler",
               "GPGPU-Sim's 'two_level_active' warp scheduler is not modelled (modelled: gto, lrr, ccws, tbas)");
    expect_bad("-gpgpu_scheduler warp_limiting:2:10\n", 1, "-gpgpu_scheduler", "'warp_limiting' warp scheduler");
    expect_bad("-gpgpu_scheduler old\n", 1, "-gpgpu_scheduler", "'old' warp scheduler is not modelled");
    expect_bad("-gpgpu_scheduler GTO\n", 1, "-gpgpu_scheduler",
               "unknown warp scheduler 'GTO' (modelled: gto, lrr, ccws, tbas)");
    expect_bad("-gpgpu_scheduler tbas\n-bwm_tbas_min_active 0\n", 2, "-bwm_tbas_min_active", "0 is out of range 1..64");
    expect_bad("-bwm_ccws_base_score -5\n", 1, "-bwm_ccws_base_score", "-5 is out of range 1..1000000");
    expect_bad("-bwm_ccws_kthrottle 2.5\n", 1, "-bwm_ccws_kthrottle", "'2.5' is not an integer");
}

Test(gpu_config, bad_caches_and_sharing)
{
    expect_bad("-gpgpu_cache:dl1 N:32:64:4,L:L:m:N:H,A:32:8,8\n", 1, "-gpgpu_cache:dl1",
               "line size 64 bytes: the model's memory requests are 128-byte lines");
    expect_bad("\n-gpgpu_cache:dl2 N:64:256:16,L:B:m:W:L,A:32:4,4:0,32\n", 2, "-gpgpu_cache:dl2", "line size 256 bytes");
    expect_bad("-gpgpu_cache:dl2 N:64:128\n", 1, "-gpgpu_cache:dl2", "cache string 'N:64:128'");
    expect_bad("-gpgpu_cache:dl1 N:32:128:4,L:B:m:W:H,A:32:8,8\n", 1, "-gpgpu_cache:dl1",
               "write policy B (write-back) in an L1D is not modelled");
    expect_bad("-bwm_l2_sharing private\n", 1, "-bwm_l2_sharing", "'private' is neither partitioned nor shared");
}

Test(gpu_config, bad_latencies_and_buffers)
{
    expect_bad("-gpgpu_l1_latency 0\n", 1, "-gpgpu_l1_latency", "0 is out of range 1..10000");
    expect_bad("-rop_latency -1\n", 1, "-rop_latency", "-1 is out of range 0..10000");
    expect_bad("-dram_latency 1e3\n", 1, "-dram_latency", "'1e3' is not an integer");
    expect_bad("-bwm_icnt_latency 10001\n", 1, "-bwm_icnt_latency", "10001 is out of range 0..10000");
    expect_bad("-icnt_flit_size 0\n", 1, "-icnt_flit_size", "0 is out of range 1..");
    expect_bad("-icnt_in_buffer_limit 4\n", 1, "-icnt_in_buffer_limit",
               "4 flits cannot hold the largest packet: a 128-byte line plus a 8-byte header is 5 flits of 32 bytes");
    expect_bad("-icnt_flit_size 16\n-icnt_out_buffer_limit 8\n", 2, "-icnt_out_buffer_limit",
               "8 flits cannot hold the largest packet");
    /* the buffers' default (64 flits) is too small for 2-byte flits: the flit size is at fault */
    expect_bad("-icnt_flit_size 2\n", 1, "-icnt_flit_size",
               "the largest packet (136 bytes) is 68 flits of 2 bytes, more than the 64 of -icnt_in_buffer_limit");
}

Test(gpu_config, memory_system_errors_come_through)
{
    expect_bad("-gpgpu_n_clusters 30\n-gpgpu_n_mem 0\n", 2, "-gpgpu_n_mem", "0 is out of range 1..4096");
    expect_bad("-gpgpu_n_mem 4096\n-gpgpu_frfcfs_dram_sched_queue_size 65536\n", 2,
               "-gpgpu_frfcfs_dram_sched_queue_size", "the memory controllers would take ");
}

/* The L2 slices and their queues, with the controllers, take at most
 * 2 GiB; refused before a slice is built, at the option given last. */
Test(gpu_config, memory_system_over_2_gib)
{
    expect_bad("-gpgpu_n_mem 1024\n-gpgpu_n_sub_partition_per_mchannel 4\n-gpgpu_dram_partition_queues "
               "65536:65536:8:8\n", 3, "-gpgpu_dram_partition_queues",
               "more than the limit of 2048 MiB: 4096 L2 slices (-gpgpu_n_mem 1024 x "
               "-gpgpu_n_sub_partition_per_mchannel 4) of ");
    expect_bad("-gpgpu_cache:dl2 S:1048576:128:64,L:B:m:W:L,A:256:4,4:0,32\n", 1, "-gpgpu_cache:dl2",
               "(-gpgpu_cache:dl2: 67108864 lines, 256 MSHR entries merging 16 requests;");
    /* MSHRs: 65536 entries each merging 4096 requests a sector */
    expect_bad("-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:65536:4096,4:0,32\n", 1, "-gpgpu_cache:dl2",
               "the memory system would take ");
    bwm_gpu_config c;
    bwm_err err;
    char path[BWM_TMP_PATH_MAX];
    cr_expect_eq(load_text("-gpgpu_n_mem 1024\n-gpgpu_n_sub_partition_per_mchannel 4\n", path, &c, NULL, &err),
                 BWM_OK, "%s", err.msg);
}

/* The crossbars count too (issue: a 1024-cluster GPU with 1 M-flit input
 * buffers failed out of memory while being built), and -bwm_memory_limit_mb
 * raises the limit. */
Test(gpu_config, crossbars_count_and_the_limit_can_be_raised)
{
    expect_bad("-gpgpu_n_clusters 1024\n-gpgpu_n_cores_per_cluster 8\n-icnt_in_buffer_limit 1048576\n", 3,
               "-icnt_in_buffer_limit",
               "the crossbars would take 16514 MiB (with the memory system's 0 MiB, more than the limit of 2048 "
               "MiB): 1024 clusters (-gpgpu_n_clusters) and 8 sub-partitions");
    expect_bad("-bwm_memory_limit_mb 1\n-gpgpu_n_mem 64\n", 2, "-gpgpu_n_mem", "more than the limit of 1 MiB");
    bwm_gpu_config c;
    bwm_err err;
    char path[BWM_TMP_PATH_MAX];
    cr_expect_eq(load_text("-gpgpu_n_clusters 1024\n-icnt_in_buffer_limit 1048576\n-bwm_memory_limit_mb 40000\n", path,
                           &c, NULL, &err),
                 BWM_OK, "%s", err.msg);
    cr_expect_eq(c.dram.memory_limit_bytes, 40000 * BWM_MIB);
}

/* ---- the options honoured at some values only (gpu_read_cores.c, gpu_read_caches.c, gpu_read_icnt.c) ---- */

/* An L1D that global accesses use (the default, "none", is skipped). */
#define WITH_L1 "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n"

Test(gpu_config, access_path_values_are_taken)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err = {{0}};
    cr_assert_eq(load_text(WITH_L1 "-gpgpu_coalesce_arch 70\n-gpgpu_l1_banks 4\n-gpgpu_l1_cache_write_ratio 25\n"
                           "-gpgpu_n_cluster_ejection_buffer_size 32\n-network_mode 2\n-icnt_subnets 2\n"
                           "-icnt_arbiter_algo 1\n-gpgpu_shmem_warp_parts 4\n", path, &c, &ign, &err), BWM_OK, "%s",
                 err.msg);
    cr_expect_eq(c.coalesce_arch, 70);
    cr_expect_eq(c.warp_parts, 4);
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_shmem_warp_parts"), "the coalescer reads it");
    cr_expect_eq(c.l1_banks, 4);
    cr_expect_eq(c.l1_bank_bytes, 32);
    cr_expect_eq(c.l1_write_ratio, 25);
    cr_expect_eq(c.l1d.write_ratio, 25, "the L1D carries the ratio to its tags");
    cr_expect_eq(c.l2.write_ratio, 0);
    cr_expect_eq(c.ejection_buffer, 32);
    cr_expect_eq(c.icnt_subnets, 2);
    cr_expect_eq(c.icnt_arbiter, 1);
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_l1_banks"));
    cr_expect(!bwm_optlist_has(&ign, "-icnt_arbiter_algo"));
    cr_expect(!bwm_optlist_has(&ign, "-network_mode"));
    /* GPGPU-Sim's own crossbar moves whole packets: every packet, the
       largest (a line and its header) too, is one flit, and the buffers
       count packets */
    cr_expect(c.icnt_local);
    cr_expect_eq(bwm_gpu_packet_flits(&c, BWM_ICNT_MAX_PACKET_BYTES), 1);
    cr_expect_eq(bwm_gpu_packet_flits(&c, BWM_ICNT_HEADER_BYTES), 1);
    bwm_optlist_free(&ign);
    /* GPGPU-Sim's defaults */
    cr_assert_eq(load_text("-gpgpu_n_mem 6\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.coalesce_arch, 13);
    cr_expect_eq(c.l1_banks, 1);
    cr_expect_eq(c.l1_write_ratio, 0);
    cr_expect_eq(c.ejection_buffer, 8);
}

/* Which SMs send one request per sector: GPGPU-Sim's coalescer makes
 * 32-byte segments from arch 40 on, and from 20 to 38 for accesses that
 * skip the L1D (39 is in neither range). */
Test(gpu_config, sector_requests_follow_the_coalescer)
{
    static const struct {
        int arch, skip, sector;
    } cases[] = {{13, 0, 0}, {13, 1, 0}, {19, 1, 0}, {20, 0, 0}, {20, 1, 1}, {35, 1, 1},
                 {38, 1, 1}, {39, 1, 0}, {39, 0, 0}, {40, 0, 1}, {70, 0, 1}, {70, 1, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bwm_gpu_config c;
        memset(&c, 0, sizeof c);
        c.coalesce_arch = cases[i].arch;
        c.skip_l1 = cases[i].skip;
        cr_expect_eq(bwm_gpu_sector_requests(&c), cases[i].sector, "arch %d, skip %d", cases[i].arch, cases[i].skip);
    }
}

Test(gpu_config, l1_banks_that_take_one_line_per_cycle)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_err err = {{0}};
    static const char *const ok[] = {
        WITH_L1 "-gpgpu_coalesce_arch 20\n-gpgpu_l1_banks 4\n",  /* 4 x 32 B: every line in bank 0 */
        WITH_L1 "-gpgpu_coalesce_arch 35\n-gpgpu_l1_banks 1\n",
        WITH_L1 "-gpgpu_l1_banks 1\n-gpgpu_l1_banks_byte_interleaving 256\n", /* one bank holds every line */
        WITH_L1 "-gpgpu_coalesce_arch 75\n-gpgpu_l1_banks 8\n-gpgpu_l1_banks_byte_interleaving 16\n",
        /* the L1D skipped: its banks see nothing */
        WITH_L1 "-gpgpu_coalesce_arch 61\n-gmem_skip_L1D 1\n-gpgpu_l1_banks 3\n",
        "-gpgpu_coalesce_arch 70\n-gpgpu_l1_banks 2\n-gpgpu_l1_banks_hashing_function 1\n",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        cr_expect_eq(load_text(ok[i], path, &c, NULL, &err), BWM_OK, "%s: %s", ok[i], err.msg);
}

Test(gpu_config, bad_access_path_values)
{
    expect_bad("-gpgpu_coalesce_arch 12\n", 1, "-gpgpu_coalesce_arch", "12: GPGPU-Sim coalesces");
    expect_bad("-gpgpu_shmem_warp_parts 0\n", 1, "-gpgpu_shmem_warp_parts", "0 is out of range 1..32");
    /* a sector L2 takes a line request as 4 sector requests at once */
    expect_bad("-gpgpu_cache:dl2 S:64:128:8,L:B:m:W:L,A:256:4,4:0,32\n-gpgpu_dram_partition_queues 3:8:8:8\n", 2,
               "-gpgpu_dram_partition_queues", "a crossbar->L2 queue of 3");
    /* virtual memory: a known policy, a page of a power of two from a line up, colours only on a map with them */
    expect_bad("-bwm_vm colour\n", 1, "-bwm_vm", "'colour' is not identity, first-touch, color, cocoa, large-only or temp");
    expect_bad("-bwm_page_size 3000\n", 1, "-bwm_page_size", "3000 is not a power of two of at least a line");
    expect_bad("-bwm_page_size 64\n", 1, "-bwm_page_size", "64 is not a power of two of at least a line (128 bytes)");
    expect_bad("-gpgpu_n_mem 6\n-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.00000RRR."
               "RRRRRRRR.RRBBCCCC.CCSSSSSS\n-bwm_vm color\n", 3, "-bwm_vm",
               "no page colours on this memory system: the channel is the address modulo 6");
    /* a miss needs 2 free miss-queue entries, 3 under write allocation W (GPGPU-Sim's miss_queue_full) */
    expect_bad("-gpgpu_cache:dl2 N:64:128:16,L:B:m:N:L,A:32:4,1:0,32\n", 1, "-gpgpu_cache:dl2",
               "an L2 miss queue of 1: a miss needs 2 free entries");
    expect_bad("-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:32:4,2:0,32\n", 1, "-gpgpu_cache:dl2",
               "an L2 miss queue of 2: a miss needs 3 free entries");
    expect_bad("-gpgpu_shmem_warp_parts 64\n", 1, "-gpgpu_shmem_warp_parts", "64 is out of range 1..32");
    expect_bad("# c\n-gpgpu_shmem_warp_parts 3\n", 2, "-gpgpu_shmem_warp_parts", "3 parts do not divide a warp of 32");
    /* sectors: 4 per line, so one bank takes a line in 4 cycles, 8 banks take two lines at once */
    expect_bad(WITH_L1 "-gpgpu_coalesce_arch 70\n-gpgpu_l1_banks 1\n", 3, "-gpgpu_l1_banks", "1 banks");
    expect_bad(WITH_L1 "-gpgpu_coalesce_arch 70\n-gpgpu_l1_banks 8\n", 3, "-gpgpu_l1_banks", "8 banks");
    /* 128-byte accesses in 8 banks of 32 bytes: lines 0 and 1 fall in banks 0 and 4 */
    expect_bad(WITH_L1 "-gpgpu_l1_banks 8\n", 2, "-gpgpu_l1_banks", "128-byte accesses");
    expect_bad(WITH_L1 "-gpgpu_l1_banks 3\n", 2, "-gpgpu_l1_banks", "3 banks");
    /* 2 banks of 128 bytes: consecutive lines alternate between them, two a cycle */
    expect_bad(WITH_L1 "-gpgpu_l1_banks 2\n-gpgpu_l1_banks_byte_interleaving 128\n", 2, "-gpgpu_l1_banks",
               "2 banks interleaved every 128 bytes");
    expect_bad(WITH_L1 "-gpgpu_l1_banks_hashing_function 1\n", 2, "-gpgpu_l1_banks_hashing_function",
               "hashing function 1 is not modelled");
    expect_bad("-gpgpu_l1_cache_write_ratio -1\n", 1, "-gpgpu_l1_cache_write_ratio", "-1 is out of range");
    expect_bad("-gpgpu_n_cluster_ejection_buffer_size 0\n", 1, "-gpgpu_n_cluster_ejection_buffer_size",
               "0 is out of range 1..");
    expect_bad("-network_mode 2\n-icnt_subnets 1\n", 2, "-icnt_subnets", "1 is not modelled (modelled: 2");
    expect_bad("-network_mode 2\n-icnt_arbiter_algo 0\n", 2, "-icnt_arbiter_algo", "0 is not modelled");
}

Test(gpu_config, intersim_reads_neither_subnets_nor_arbiter)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_err err = {{0}};
    cr_expect_eq(load_text("-icnt_subnets 1\n-icnt_arbiter_algo 0\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(load_text("-network_mode 1\n-icnt_subnets 1\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
}

Test(gpu_config, address_mask_is_replaced_by_a_mapping)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_gpu_config c;
    bwm_optlist ign;
    bwm_err err = {{0}};
    /* preset 1 would put the channel at bit 13; the mapping string says 10 */
    cr_expect_eq(load_text("-gpgpu_mem_address_mask 1\n-gpgpu_mem_addr_mapping " BWM_DEFAULT_ADDR_MAPPING "\n", path, &c,
                           &ign, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.dram.map.dramid_at, 10);
    cr_expect(!bwm_optlist_has(&ign, "-gpgpu_mem_address_mask"));
    bwm_optlist_free(&ign);
    cr_expect_eq(load_text("-gpgpu_mem_address_mask 0\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.dram.map.dramid_at, 10);
    /* without a mapping the preset is the mapping.  Preset 1 on 8 channels
       (GPGPU-Sim's default): channel bits 13..15 inserted at 13; bank bits
       11..12 and column bits 0..10 lie below and stay; the row, 13..26,
       moves up 3 to 16..29 */
    cr_assert_eq(load_text("-gpgpu_mem_address_mask 1\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.dram.map.dramid_at, 13);
    cr_expect_eq(c.dram.map.mask_chip, 0xE000u);
    cr_expect_eq(c.dram.map.mask_bank, 0x1800u);
    cr_expect_eq(c.dram.map.mask_row, 0x3FFF0000u);
    cr_expect_eq(c.dram.map.mask_col, 0x7FFu);
    cr_expect_eq(c.dram.map.mask_burst, 0xFu);
    /* preset 2 puts the channel at 11, so the bank bits move up to 14..15 */
    cr_assert_eq(load_text("-gpgpu_mem_address_mask 2\n", path, &c, NULL, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(c.dram.map.mask_chip, 0x3800u);
    cr_expect_eq(c.dram.map.mask_bank, 0xC000u);
    /* 100 shares bits between bank and burst; 7 is no preset */
    expect_bad("-gpgpu_mem_address_mask 100\n", 1, "-gpgpu_mem_address_mask", "preset address mapping 100 is not");
    expect_bad("-gpgpu_mem_address_mask 7\n", 1, "-gpgpu_mem_address_mask", "preset address mapping 7 is not");
    /* a preset of 4 banks on 16 banks is refused, naming the mask */
    expect_bad("-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\n"
               "-gpgpu_mem_address_mask 1\n", 2, "-gpgpu_mem_address_mask", "bank bits");
}
