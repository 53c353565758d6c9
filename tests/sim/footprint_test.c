/* footprint_test.c — the memory system's allocations worked out from its
 * configuration (sim/mem/footprint.h): the counts each term rests on for
 * the paper's Table 2 system, how they follow the options, and that the
 * stock configurations stay far below the limit. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "sim/config/gpu_read.h"
#include "sim/mem/footprint.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

static void load(const char *path, const char *set, bwm_gpu_config *c)
{
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(path, set, "--set", c, NULL, &err), BWM_OK, "%s", err.msg);
}

Test(footprint, memsys15_controllers)
{
    bwm_gpu_config c;
    load(MEMSYS15, NULL, &c);
    bwm_mc_footprint f;
    bwm_mc_footprint_of(&c.dram, &f);
    cr_assert_eq(f.entries, 256);           /* -gpgpu_frfcfs_dram_sched_queue_size 256, no write queue */
    cr_assert_eq(f.returns, 12 + 8 / 2 + 2); /* CL 12 > WL 4, burst 8 at ratio 2 */
    cr_assert(f.bytes > 6 * 256 * 40.0 && f.bytes < 1 << 20, "%g bytes", f.bytes);
}

Test(footprint, controllers_follow_channels_queues_and_write_queue)
{
    bwm_gpu_config c;
    bwm_mc_footprint one, two, unbounded, wq;
    load(MEMSYS15, NULL, &c);
    bwm_mc_footprint_of(&c.dram, &one);
    load(MEMSYS15, "-gpgpu_n_mem 12", &c);
    bwm_mc_footprint_of(&c.dram, &two);
    cr_assert_float_eq(two.bytes, 2 * one.bytes, 1e-6);
    load(MEMSYS15, "-gpgpu_frfcfs_dram_sched_queue_size 0", &c);
    bwm_mc_footprint_of(&c.dram, &unbounded);
    cr_assert_eq(unbounded.entries, 64); /* an unbounded pool starts at 64 */
    load(MEMSYS15, "-dram_seperate_write_queue_enable 1 -dram_write_queue_size 48:40:20", &c);
    bwm_mc_footprint_of(&c.dram, &wq);
    cr_assert_eq(wq.entries, 256 + 48);
}

Test(footprint, l2_slices)
{
    bwm_gpu_config c;
    bwm_l2_footprint f;
    load(MEMSYS15, NULL, &c); /* N:64:128:16, 256 MSHRs merging 4 */
    bwm_l2_footprint_of(&c.dram, &c.l2, c.partition_queues, &f);
    cr_assert_eq(f.slices, 6);
    cr_assert_eq(f.lines, 64 * 16);
    cr_assert_eq(f.mshrs, 256);
    cr_assert_eq(f.merge, 4);
    cr_assert_float_eq(f.bytes, 6 * f.slice_bytes, 1e-6);
    cr_assert(f.slice_bytes > 64 * 16 * 40.0, "%g bytes a slice", f.slice_bytes);
    /* a streaming sector cache: an MSHR entry per sector, 64 warps merging per sector */
    load(MEMSYS15, "-gpgpu_n_sub_partition_per_mchannel 2 -gpgpu_cache:dl2 S:64:128:16,L:B:s:W:L,A:256:4,4:0,32", &c);
    bwm_l2_footprint_of(&c.dram, &c.l2, c.partition_queues, &f);
    cr_assert_eq(f.slices, 12);
    cr_assert_eq(f.mshrs, 64 * 16 * 4);
    cr_assert_eq(f.merge, 64 * 4);
}

/* Every shipped and tested configuration takes well under the limit. */
Test(footprint, stock_configs_are_far_below_the_limit)
{
    static const char *const cfgs[] = {
        "/data/configs/memsys15.config",  "/data/configs/cal12.config",
        "/tests/fixtures/gtx480.config",  "/tests/fixtures/tested-cfgs/SM2_GTX480.config",
        "/tests/fixtures/tested-cfgs/SM3_KEPLER_TITAN.config", "/tests/fixtures/tested-cfgs/SM6_TITANX.config",
        "/tests/fixtures/tested-cfgs/SM75_RTX2060.config", "/tests/fixtures/tested-cfgs/SM75_RTX2060_S.config",
        "/tests/fixtures/tested-cfgs/SM7_QV100.config", "/tests/fixtures/tested-cfgs/SM7_TITANV.config",
        "/tests/fixtures/tested-cfgs/SM86_RTX3070.config",
    };
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", BWM_SOURCE_DIR, cfgs[i]);
        bwm_gpu_config c;
        load(path, NULL, &c);
        bwm_mc_footprint mc;
        bwm_l2_footprint l2;
        bwm_mc_footprint_of(&c.dram, &mc);
        bwm_l2_footprint_of(&c.dram, &c.l2, c.partition_queues, &l2);
        cr_expect(mc.bytes + l2.bytes < BWM_MEMSYS_MAX_BYTES / 16, "%s: %g bytes", cfgs[i], mc.bytes + l2.bytes);
    }
}
