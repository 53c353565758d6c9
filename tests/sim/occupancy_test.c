/* occupancy_test.c — a kernel's CTAs per SM and its L1D, derived by hand
 * from GPGPU-Sim's shader_core_config::max_cta (shader.cc): the least of
 * threads / (CTA threads padded to warps), -gpgpu_shmem_size / shared memory
 * per CTA, -gpgpu_shader_registers / (padded threads x registers rounded up
 * to 4) and -gpgpu_shader_cta; a small grid spread over the SMs; and under
 * -gpgpu_adaptive_cache_config the L1D beside the smallest shared-memory
 * carve-out holding the resident CTAs' shared memory.  SM values from
 * tests/fixtures/tested-cfgs (GPGPU-Sim's stock files). */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/core/occupancy.h"

#define CFGS BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/"

static bwm_gpu_config load(const char *name, const char *overrides)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(name, overrides, "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    return cfg;
}

/* SM7_QV100: -gpgpu_shader_core_pipeline 2048:32, -gpgpu_shader_cta 32,
 * -gpgpu_shmem_size 98304, -gpgpu_shader_registers 65536 (the last not in
 * bwm_gpu_config yet: passed). */
static bwm_occupancy_sm qv100(void)
{
    bwm_gpu_config cfg = load(CFGS "SM7_QV100.config", NULL);
    bwm_occupancy_sm sm;
    bwm_occupancy_sm_from(&cfg, 65536, 0, &sm);
    return sm;
}

/* Expects k (threads, registers, shared memory) to give want CTAs on sm,
 * limited by lim. */
static void expect_ctas(const bwm_occupancy_sm *sm, int threads, int regs, int shmem, int want, const char *lim)
{
    bwm_occupancy_kernel k = {threads, regs, shmem};
    bwm_err err;
    const char *got;
    int n = bwm_occupancy_ctas(sm, &k, &got, &err);
    cr_assert_geq(n, 1, "%s", err.msg);
    cr_expect_eq(n, want, "%d threads, %d registers, %d bytes: %d CTAs, not %d", threads, regs, shmem, n, want);
    cr_expect_str_eq(got, lim);
}

Test(occupancy, the_config_gives_the_sms_resources)
{
    bwm_occupancy_sm sm = qv100();
    cr_expect_eq(sm.max_threads, 2048);
    cr_expect_eq(sm.warp_size, 32);
    cr_expect_eq(sm.max_ctas, 32);
    cr_expect_eq(sm.shmem_bytes, 98304);
    cr_expect_eq(sm.regs, 65536);
    cr_expect_eq(sm.ignore_limits, 0);
}

/* vectorAdd: 256 threads, 12 registers, no shared memory.  QV100: threads
 * 2048 / 256 = 8, registers 65536 / (256 x 12) = 21, CTAs 32: 8, by
 * threads.  Its 196 CTAs on 80 SMs are fewer than 8 x 80: ceil(196 / 80)
 * = 3 each. */
Test(occupancy, vectoradd_on_qv100_is_limited_by_threads)
{
    bwm_occupancy_sm sm = qv100();
    expect_ctas(&sm, 256, 12, 0, 8, "threads");
    cr_expect_eq(bwm_occupancy_grid_cap(8, 196, 80), 3);
}

/* SM86_RTX3070: 1536:32 threads, 65536 registers, 32 CTAs: 1536 / 256 = 6
 * (registers 21); 196 CTAs on 46 SMs, fewer than 6 x 46 = 276:
 * ceil(196 / 46) = 5. */
Test(occupancy, vectoradd_on_rtx3070)
{
    bwm_gpu_config cfg = load(CFGS "SM86_RTX3070.config", NULL);
    bwm_occupancy_sm sm;
    bwm_occupancy_sm_from(&cfg, 65536, 0, &sm);
    cr_expect_eq(sm.max_threads, 1536);
    cr_expect_eq(sm.shmem_bytes, 102400);
    expect_ctas(&sm, 256, 12, 0, 6, "threads");
    cr_expect_eq(cfg.n_sms, 46);
    cr_expect_eq(bwm_occupancy_grid_cap(6, 196, 46), 5);
}

/* The grid cap: a grid of at least ctas x SMs CTAs keeps ctas; one CTA
 * short of it spreads (ceil(319 / 80) = 4); 80 CTAs on 80 SMs, 1 each. */
Test(occupancy, a_small_grid_spreads_over_the_sms)
{
    cr_expect_eq(bwm_occupancy_grid_cap(4, 320, 80), 4);
    cr_expect_eq(bwm_occupancy_grid_cap(4, 100000, 80), 4);
    cr_expect_eq(bwm_occupancy_grid_cap(4, 319, 80), 4);
    cr_expect_eq(bwm_occupancy_grid_cap(4, 240, 80), 3);
    cr_expect_eq(bwm_occupancy_grid_cap(4, 80, 80), 1);
    cr_expect_eq(bwm_occupancy_grid_cap(4, 1, 80), 1);
}

/* Each limit on QV100:
 *   regs       128 threads of 63 registers (rounded to 64): 65536 / (128 x
 *              64) = 8, below threads' 16;
 *   both       100 threads of 30 registers, padded to 128 threads and 32
 *              registers: 2048 / 128 = 16 and 65536 / 4096 = 16, a tie
 *              (unpadded it would be 20 and 21);
 *   shmem      256 threads, 16 registers, 20000 bytes: 98304 / 20000 = 4,
 *              below threads' 8 and registers' 16;
 *   cta_limit  32 threads of 8 registers: threads 64, registers 256,
 *              -gpgpu_shader_cta 32. */
Test(occupancy, each_limit_can_set_the_ctas)
{
    bwm_occupancy_sm sm = qv100();
    expect_ctas(&sm, 128, 63, 0, 8, "regs");
    expect_ctas(&sm, 100, 30, 0, 16, "threads regs");
    expect_ctas(&sm, 256, 16, 20000, 4, "shmem");
    expect_ctas(&sm, 32, 8, 0, 32, "cta_limit");
}

/* 1024 threads of 72 registers need 73728 > 65536; 100000 bytes of shared
 * memory exceed 98304: refused, naming the option, unless the limits are
 * ignored (1 CTA, as GPGPU-Sim); a CTA of more threads than the SM is
 * refused even then (GPGPU-Sim aborts at launch). */
Test(occupancy, a_block_that_does_not_fit)
{
    bwm_occupancy_sm sm = qv100();
    bwm_occupancy_kernel regs = {1024, 72, 0}, shmem = {256, 16, 100000}, huge = {4096, 8, 0};
    const char *lim;
    bwm_err err;
    cr_expect_eq(bwm_occupancy_ctas(&sm, &regs, &lim, &err), -BWM_EINPUT);
    cr_expect(strstr(err.msg, "73728") && strstr(err.msg, "-gpgpu_shader_registers"), "%s", err.msg);
    cr_expect_str_eq(lim, "regs");
    cr_expect_eq(bwm_occupancy_ctas(&sm, &shmem, &lim, &err), -BWM_EINPUT);
    cr_expect(strstr(err.msg, "100000") && strstr(err.msg, "-gpgpu_shmem_size"), "%s", err.msg);
    cr_expect_str_eq(lim, "shmem");
    cr_expect_eq(bwm_occupancy_ctas(&sm, &huge, &lim, &err), -BWM_EINPUT);
    cr_expect(strstr(err.msg, "4096") && strstr(err.msg, "-gpgpu_shader_core_pipeline"), "%s", err.msg);
    sm.ignore_limits = 1;
    cr_expect_eq(bwm_occupancy_ctas(&sm, &regs, &lim, &err), 1);
    cr_expect_eq(bwm_occupancy_ctas(&sm, &shmem, &lim, &err), 1);
    cr_expect_eq(bwm_occupancy_ctas(&sm, &huge, &lim, &err), -BWM_EINPUT);
}

/* Alone, without a config: an SM of 100 threads holds no CTA of 100
 * threads, which pads to 128; bad values are refused. */
Test(occupancy, padding_can_make_a_block_not_fit)
{
    bwm_occupancy_sm sm = {100, 32, 8, 65536, 0, 0};
    bwm_occupancy_kernel k = {100, 0, 0}, none = {0, 0, 0};
    const char *lim;
    bwm_err err;
    cr_expect_eq(bwm_occupancy_ctas(&sm, &k, &lim, &err), -BWM_EINPUT);
    cr_expect(strstr(err.msg, "128") && strstr(err.msg, "threads"), "%s", err.msg);
    cr_expect_str_eq(lim, "threads");
    k.block_threads = 96;
    cr_expect_eq(bwm_occupancy_ctas(&sm, &k, &lim, &err), 1);
    cr_expect_eq(bwm_occupancy_ctas(&sm, &none, &lim, &err), -BWM_EINPUT);
    sm.warp_size = 0;
    cr_expect_eq(bwm_occupancy_ctas(&sm, &k, &lim, &err), -BWM_EINPUT);
}

/* The L1D of SM7_QV100 (with overrides) for a kernel of 256 threads, 16
 * registers and shmem bytes per CTA, ctas CTAs resident. */
static bwm_cache_config qv100_l1d(const char *overrides, int shmem, int ctas)
{
    bwm_gpu_config cfg = load(CFGS "SM7_QV100.config", overrides);
    bwm_occupancy_kernel k = {256, 16, shmem};
    bwm_cache_config l1;
    bwm_err err;
    cr_assert_eq(bwm_occupancy_l1d(&cfg, &k, ctas, &l1, &err), BWM_OK, "%s", err.msg);
    return l1;
}

/* QV100's adaptive L1D: -gpgpu_unified_l1d_size 128 KB, options
 * 0,8,16,32,64,96 KB, dl1 4 sets of 128-byte lines (512 bytes a way).
 * vectorAdd uses no shared memory: carve-out 0, 128 KB = 256 ways,
 * allocating on miss.  4 resident CTAs of 20000 bytes (80000) take the
 * 96 KB option: 32 KB = 64 ways; 1 resident CTA (a grid of 80 on 80 SMs)
 * takes 32 KB: 96 KB = 192 ways; 4 of 30000 bytes (120000) fit in no
 * option. */
Test(occupancy, the_adaptive_l1d_follows_the_resident_shared_memory)
{
    bwm_cache_config vadd = qv100_l1d(NULL, 0, 3), four = qv100_l1d(NULL, 20000, 4),
                     one = qv100_l1d(NULL, 20000, bwm_occupancy_grid_cap(4, 80, 80));
    cr_expect_eq(vadd.sets, 4);
    cr_expect_eq(vadd.ways, 256);
    cr_expect(vadd.streaming_on_miss);
    cr_expect_eq(four.ways, 64);
    cr_expect(!four.streaming_on_miss);
    cr_expect_eq(one.ways, 192);
    bwm_gpu_config cfg = load(CFGS "SM7_QV100.config", NULL);
    bwm_occupancy_kernel big = {256, 16, 30000};
    bwm_cache_config l1;
    bwm_err err;
    cr_expect_eq(bwm_occupancy_l1d(&cfg, &big, 4, &l1, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "120000"), "%s", err.msg);
}

/* Without 0 among the options a kernel without shared memory still gets
 * the smallest carve-out (8 KB: 120 KB = 240 ways) and, as GPGPU-Sim
 * (total shared memory 0), allocates on miss; the synthetic applications'
 * rule (bwm_gpu_l1d_for) keys that on the carve-out being 0, and keeps
 * doing so. */
Test(occupancy, on_miss_follows_the_kernels_shared_memory)
{
    const char *no_zero = "-gpgpu_shmem_option 8,16,32,64,96";
    bwm_cache_config l1 = qv100_l1d(no_zero, 0, 3), synth;
    cr_expect_eq(l1.ways, 240);
    cr_expect(l1.streaming_on_miss);
    bwm_gpu_config cfg = load(CFGS "SM7_QV100.config", no_zero);
    bwm_err err;
    cr_assert_eq(bwm_gpu_l1d_for(&cfg, 0, &synth, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(synth.ways, 240);
    cr_expect(!synth.streaming_on_miss);
}

/* Without -gpgpu_adaptive_cache_config the configured L1D (dl1's 64 ways)
 * whatever the kernel. */
Test(occupancy, a_fixed_l1d_stays)
{
    cr_expect_eq(qv100_l1d("-gpgpu_adaptive_cache_config 0", 20000, 4).ways, 64);
    cr_expect_eq(qv100_l1d("-gpgpu_adaptive_cache_config 0", 0, 1).ways, 64);
}
