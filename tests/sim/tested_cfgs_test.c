/* tested_cfgs_test.c — GPGPU-Sim's stock tested configurations
 * (tests/fixtures/tested-cfgs/, copied unchanged from configs/tested-cfgs of
 * the gpgpu-sim_distribution dev branch) and Accel-Sim's A100 one
 * (tests/fixtures/accel-sim/) load in "sim config" and run
 * "sim run --apps BLK,GUPS"; what "sim run" would refuse, "sim config"
 * refuses first, naming the option; GUPS on the A100 runs at the rate its
 * DRAM can activate rows. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/sector.h"
#include "sim/config/gpu_read.h"
#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define CFGS BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/"

static const char *const tested[] = {
    "SM2_GTX480", "SM3_KEPLER_TITAN", "SM6_TITANX", "SM7_QV100",
    "SM7_TITANV", "SM75_RTX2060", "SM75_RTX2060_S", "SM86_RTX3070",
};

Test(tested_cfgs, every_one_loads_in_sim_config)
{
    for (size_t i = 0; i < sizeof tested / sizeof tested[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "sim config --config " CFGS "%s.config --format csv", tested[i]);
        cr_expect_eq(r.status, 0, "%s: %s", tested[i], r.err);
        /* every option is modelled, or inert for a stated reason */
        cr_expect_str_eq(r.err, "", "%s", tested[i]);
        bwm_run_free(&r);
        bwm_run_cli(&r, "sim config --config " CFGS "%s.config --format csv --verbose", tested[i]);
        cr_expect(strstr(r.err, "bwmpki sim config: ignored: "), "%s: --verbose lists the inert ones", tested[i]);
        cr_expect(!strstr(r.err, "may change results"), "%s: %s", tested[i], r.err);
        bwm_run_free(&r);
    }
}

/* The tested configs' values of the options honoured at some values only. */
Test(tested_cfgs, access_path_options_of_the_dev_branch_are_taken)
{
    static const char *const names[] = {
        "-gpgpu_coalesce_arch", "-gpgpu_n_cluster_ejection_buffer_size", "-gpgpu_mem_address_mask",
        "-gpgpu_l1_banks", "-gpgpu_l1_cache_write_ratio", "-icnt_subnets", "-icnt_arbiter_algo",
    };
    for (size_t i = 0; i < sizeof tested / sizeof tested[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "sim config --config " CFGS "%s.config --format json --verbose", tested[i]);
        bwm_expect_ok(&r);
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            cr_expect(!strstr(r.err, names[k]), "%s: %s is ignored", tested[i], names[k]);
        bwm_run_free(&r);
    }
    /* Volta as GPGPU-Sim configures it: 4 L1D banks, write ratio 25 %, sectors */
    bwm_run r;
    bwm_run_cli(&r, "sim config --config " CFGS "SM7_QV100.config --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"l1_banks\":4,\"l1_write_ratio\":25,\"coalesce_arch\":70,\"sm_requests\":\"sector\",\"warp_parts\":1,");
    bwm_expect_contains(r.out, "\"ejection_buffer\":32,");
    /* its unified 128 KB: 4 sets x 256 ways of 128 B without shared memory;
       with -gpgpu_shmem_size 96 KB (the option 96 holds it) 32 KB, 64 ways */
    bwm_expect_contains(r.out, "\"l1d_adaptive\":true,\"l1d_unified_kb\":128,\"l1d_ways_without_shmem\":256,"
                               "\"l1d_kb_without_shmem\":128,\"l1d_ways_with_shmem\":64,\"l1d_kb_with_shmem\":32,");
    bwm_run_free(&r);
    /* Fermi's L1D is what its string says */
    bwm_run_cli(&r, "sim config --config " CFGS "SM2_GTX480.config --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"l1d_adaptive\":false,\"l1_latency\"");
    bwm_expect_contains(r.out, "\"coalesce_arch\":20,\"sm_requests\":\"line\",");
    bwm_run_free(&r);
    /* Volta's SMs in pairs, each pair one node of the interconnect */
    bwm_run_cli(&r, "sim config --config " CFGS "SM7_TITANV.config --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"clusters\":40,\"cores_per_cluster\":2,\"core_sim_order\":\"round-robin\",");
    bwm_run_free(&r);
}

Test(tested_cfgs, every_one_runs_blk_and_gups)
{
    for (size_t i = 0; i < sizeof tested / sizeof tested[0]; i++) {
        bwm_run r;
        bwm_run_cli(&r, "sim run --config " CFGS "%s.config --apps BLK,GUPS --cycles 1500 --warmup 100 --format json",
                    tested[i]);
        cr_expect_eq(r.status, 0, "%s: %s", tested[i], r.err);
        if (r.status == 0) {
            cr_expect(strstr(r.out, "\"name\":\"Random Access\""), "%s: %s", tested[i], r.out);
            cr_expect(bwm_json_number(strstr(r.out, "\"name\":\"Random Access\""), "bw") > 0, "%s: GUPS moved nothing",
                      tested[i]);
        }
        bwm_run_free(&r);
    }
}

#define A100 BWM_SOURCE_DIR "/tests/fixtures/accel-sim/NVIDIA_A100_80GB_PCIe.config"

Test(tested_cfgs, accel_sims_a100_loads_silently_and_runs)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --config " A100 " --format json");
    bwm_expect_ok(&r);
    cr_expect_str_eq(r.err, "", "every option modelled or inert");
    cr_expect_eq(bwm_json_number(r.out, "sms"), 108);
    cr_expect_eq(bwm_json_number(r.out, "channels"), 40);
    /* 40 channels x 16 bytes x 2 transfers a cycle x 1512 MHz */
    cr_expect_float_eq(bwm_json_number(r.out, "peak"), 40 * 16 * 2 * 1512e6 / 1e9, 1e-9);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --config " A100 " --apps BLK,GUPS --cycles 1500 --warmup 100 --format json");
    bwm_expect_ok(&r);
    cr_expect(bwm_json_number(strstr(r.out, "\"name\":\"Random Access\""), "bw") > 0, "GUPS moved nothing");
    bwm_run_free(&r);
}

/* GUPS's random sectors nearly all miss their DRAM row, so each costs an
 * activate, and a channel activates at most once every tRRD = 7 DRAM cycles:
 * 40 channels x 1512e6 / 7 activates a second x 32 bytes = 276.5 GB/s of
 * misses; with the share h of row hits, bw = 276.5 / (1 - h).  GUPS fills
 * that bound (it is latency-tolerant: 64 warps on each of 108 SMs). */
Test(tested_cfgs, gups_on_the_a100_runs_at_its_activate_rate)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --config " A100 " --apps GUPS --cycles 20000 --warmup 5000 --format json");
    bwm_expect_ok(&r);
    double bw = bwm_json_number(r.out, "bw"), hits = bwm_json_number(r.out, "row_hit_rate");
    double bound = 40 * 1512e6 / 7 * 32 / 1e9 / (1 - hits);
    cr_expect(hits > 0 && hits < 0.05, "row hit rate %g", hits);
    cr_expect(bw <= bound * 1.001 && bw >= bound * 0.98, "bw %g GB/s against the activate bound %g", bw, bound);
    bwm_run_free(&r);
}

/* Every tested config has a sector L2, and a 32-byte sector costs one DRAM
 * burst: the burst (busW x BL x chips per controller, GPGPU-Sim's
 * dram_atom_size) is 32 bytes, 64 on the GTX480. */
Test(tested_cfgs, a_sector_costs_one_burst)
{
    for (size_t i = 0; i < sizeof tested / sizeof tested[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, CFGS "%s.config", tested[i]);
        bwm_gpu_config cfg;
        bwm_err err;
        cr_assert_eq(bwm_gpu_config_load_with(path, NULL, "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
        cr_expect_eq(cfg.l2.kind, BWM_CACHE_SECTOR, "%s", tested[i]);
        int burst = cfg.dram.chips_per_channel * cfg.dram.bus_width_bytes * cfg.dram.burst_length;
        cr_expect_eq(burst, strcmp(tested[i], "SM2_GTX480") ? 32 : 64, "%s: %d-byte bursts", tested[i], burst);
        cr_expect_eq((BWM_CACHE_SECTOR_BYTES + burst - 1) / burst, 1, "%s", tested[i]);
    }
}

Test(tested_cfgs, an_application_gets_the_warps_the_sm_holds_and_says_so)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --set '-gpgpu_n_clusters 4 -gpgpu_shader_core_pipeline 64:32' --apps BLK --cycles 500 "
                "--warmup 50 --format csv");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.err, "the SM holds 2, so it runs 2");
    bwm_run_free(&r);
}

/* An option the model refuses: the same message from sim config and sim run. */
static void expect_both_refuse(const char *text, const char *option, const char *what)
{
    char path[64];
    bwm_write_tmp(path, text);
    bwm_run c, r;
    bwm_run_cli(&c, "sim config --config %s", path);
    bwm_run_cli(&r, "sim run --config %s --apps BLK --cycles 100 --warmup 0", path);
    bwm_expect_bad(&c, what);
    bwm_expect_bad(&r, what);
    bwm_expect_contains(c.err, option);
    cr_expect_str_eq(c.err + strcspn(c.err, "/"), r.err + strcspn(r.err, "/"), "sim config and sim run disagree");
    bwm_run_free(&c);
    bwm_run_free(&r);
    remove(path);
}

Test(tested_cfgs, sim_config_refuses_what_sim_run_refuses)
{
    expect_both_refuse("-gpgpu_cache:dl2 S:32:128:24,L:B:m:L:C,A:192:4,32:0,32\n", "-gpgpu_cache:dl2",
                       "no definition in GPGPU-Sim");
    expect_both_refuse("-gpgpu_cache:dl1 N:4:128:4,L:E:m:L:L,A:8:2,8\n", "-gpgpu_cache:dl1", "needs write policy B or T");
    expect_both_refuse("-gpgpu_n_mem 24\n-gpgpu_n_sub_partition_per_mchannel 4\n"
                       "-gpgpu_memory_partition_indexing 2\n", "-gpgpu_memory_partition_indexing",
                       "GPGPU-Sim defines IPOLY for 16, 32 or 64");
    expect_both_refuse("-gpgpu_dram_timing_opt nbk=128:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\n",
                       "-gpgpu_dram_timing_opt", "at most 64 banks");
}

/* The values of the access-path options the model does not reproduce. */
Test(tested_cfgs, unmodelled_access_path_values_are_refused_by_both)
{
    expect_both_refuse("-gpgpu_coalesce_arch 12\n", "-gpgpu_coalesce_arch", "12: GPGPU-Sim coalesces");
    expect_both_refuse("-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-gpgpu_coalesce_arch 70\n-gpgpu_l1_banks 2\n",
                       "-gpgpu_l1_banks", "2 banks interleaved every 32 bytes");
    expect_both_refuse("-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-gpgpu_l1_banks_hashing_function 2\n",
                       "-gpgpu_l1_banks_hashing_function", "hashing function 2 is not modelled");
    expect_both_refuse("-gpgpu_n_cluster_ejection_buffer_size 0\n", "-gpgpu_n_cluster_ejection_buffer_size",
                       "0 is out of range");
    expect_both_refuse("-network_mode 2\n-icnt_subnets 1\n", "-icnt_subnets", "1 is not modelled");
    expect_both_refuse("-network_mode 2\n-icnt_arbiter_algo 0\n", "-icnt_arbiter_algo", "0 is not modelled");
    expect_both_refuse("-gpgpu_mem_address_mask 100\n", "-gpgpu_mem_address_mask",
                       "preset address mapping 100 is not modelled");
}

Test(tested_cfgs, bank_groups_off_runs)
{
    char path[64];
    /* GPGPU-Sim's way to turn bank groups off: nbkgrp=1, CCDL=RTPL=0 */
    bwm_write_tmp(path, "-gpgpu_dram_timing_opt \"nbk=4:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:"
                        "WR=12:nbkgrp=1:CCDL=0:RTPL=0\"\n-gpgpu_n_clusters 2\n");
    bwm_run r;
    bwm_run_cli(&r, "sim run --config %s --apps GUPS --cycles 500 --warmup 0 --format csv", path);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    remove(path);
}
