/* config_limits_test.c — the checks that a configuration can be built, called
 * directly on a loaded configuration: caches bwm_cache_init refuses, crossbar
 * buffers too small for the largest packet, and the memory limit of the
 * controllers alone and of the whole GPU with its crossbars, each fault at
 * the option given or, when none is, at the default.  gpu_config_test.c and
 * config_test.c reach the same checks through the loaders. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/cache_config.h"
#include "sim/config/config_limits.h"
#include "sim/config/gpu_read.h"
#include "sim/config/optset.h"
#include "sim/mem/footprint.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

static bwm_gpu_config memsys15(void)
{
    bwm_gpu_config c;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, NULL, NULL, &c, NULL, &err), BWM_OK, "%s", err.msg);
    return c;
}

/* An option set holding text (may be empty), as from file "t.config". */
static void opts(bwm_optset *s, const char *text)
{
    bwm_err err;
    bwm_optset_init(s);
    cr_assert_eq(bwm_optset_parse(s, "t.config", text, strlen(text), &err), BWM_OK, "%s", err.msg);
}

static int starts_with(const char *msg, const char *prefix)
{
    return strncmp(msg, prefix, strlen(prefix)) == 0;
}

Test(config_limits, a_cache_the_model_cannot_build_is_refused_at_its_option)
{
    bwm_cache_config c;
    bwm_err err;
    cr_assert_eq(bwm_cache_config_parse(&c, BWM_DEFAULT_DL2, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(bwm_limit_cache_buildable(&c, &err), BWM_OK, "%s", err.msg);
    c.write = BWM_WRITE_READ_ONLY;
    cr_expect_eq(bwm_limit_cache_buildable(&c, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "write policy 'R' (read-only) is not modelled"), "%s", err.msg);
    bwm_optset s;
    opts(&s, "-gpgpu_cache:dl2 64:128:8,L:R:m:N,A:16:4,4\n");
    cr_expect_eq(bwm_limit_cache_built(&s, "-gpgpu_cache:dl2", &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:1: option -gpgpu_cache:dl2: cache write policy 'R'"), "%s", err.msg);
    cr_expect_eq(bwm_limit_cache_built(&s, "-gpgpu_cache:dl1", &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "option -gpgpu_cache:dl1 (default): cache write policy"), "%s", err.msg);
    bwm_optset_free(&s);
}

/* 136 bytes (a line and its header) are 5 flits of 32 bytes. */
Test(config_limits, crossbar_buffers_hold_the_largest_packet)
{
    bwm_gpu_config c = memsys15();
    c.flit_bytes = 32;
    bwm_optset s;
    bwm_err err;
    opts(&s, "-icnt_in_buffer_limit 4\n");
    cr_expect_eq(bwm_limit_packet_fits(&s, "-icnt_in_buffer_limit", 5, &c, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(bwm_limit_packet_fits(&s, "-icnt_in_buffer_limit", 4, &c, &err), BWM_EINPUT);
    cr_expect_str_eq(err.msg, "t.config:1: option -icnt_in_buffer_limit: 4 flits cannot hold the largest packet: a "
                              "128-byte line plus a 8-byte header is 5 flits of 32 bytes");
    /* the buffer's default is too small for the flit size, absent too */
    cr_expect_eq(bwm_limit_packet_fits(&s, "-icnt_out_buffer_limit", 4, &c, &err), BWM_EINPUT);
    cr_expect_str_eq(err.msg, "option -icnt_flit_size (default): the largest packet (136 bytes) is 5 flits of 32 "
                              "bytes, more than the 4 of -icnt_out_buffer_limit (default); give a larger "
                              "-icnt_out_buffer_limit");
    bwm_optset_free(&s);
}

Test(config_limits, controllers_over_the_limit_name_their_queue)
{
    bwm_dram_config d = memsys15().dram;
    bwm_err err;
    cr_expect_eq(bwm_memsys_footprint_check(&d, "--queue", &err), BWM_OK, "%s", err.msg);
    d.memory_limit_bytes = 0.001 * BWM_MIB;
    cr_expect_eq(bwm_memsys_footprint_check(&d, "--queue", &err), BWM_EINPUT);
    char want[64];
    snprintf(want, sizeof want, "(--queue %d)", d.queue_size);
    cr_expect(strstr(err.msg, "the memory controllers would take "), "%s", err.msg);
    cr_expect(strstr(err.msg, want), "%s", err.msg);
    /* read from options, the fault is at the one given last, else as is */
    bwm_optset s;
    opts(&s, "-gpgpu_n_mem 6\n-gpgpu_frfcfs_dram_sched_queue_size 16\n");
    cr_expect_eq(bwm_limit_memsys(&s, &d, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:2: option -gpgpu_frfcfs_dram_sched_queue_size: the memory controllers"),
              "%s", err.msg);
    bwm_optset_free(&s);
    opts(&s, "");
    cr_expect_eq(bwm_limit_memsys(&s, &d, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "the memory controllers would take "), "%s", err.msg);
    bwm_optset_free(&s);
}

/* The memory system counts its L2 slices and L1Ds with the controllers,
 * and the crossbars count on top of it. */
Test(config_limits, the_gpu_and_its_crossbars_keep_the_limit)
{
    bwm_gpu_config c = memsys15();
    bwm_optset s;
    bwm_err err;
    opts(&s, "-gpgpu_n_clusters 15\n");
    cr_expect_eq(bwm_limit_gpu_memory(&s, &c, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(bwm_limit_crossbars(&s, &c, &err), BWM_OK, "%s", err.msg);
    bwm_mc_footprint mc;
    bwm_mc_footprint_of(&c.dram, &mc);
    /* room for the controllers alone: the slices do not fit */
    c.dram.memory_limit_bytes = mc.bytes + 1;
    cr_expect_eq(bwm_memsys_footprint_check(&c.dram, "q", &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(bwm_limit_gpu_memory(&s, &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:1: option -gpgpu_n_clusters: the memory system would take "), "%s",
              err.msg);
    /* room for the memory system, not for the crossbars */
    c.dram.memory_limit_bytes = 4 * BWM_MIB;
    cr_expect_eq(bwm_limit_gpu_memory(&s, &c, &err), BWM_OK, "%s", err.msg);
    c.icnt_in_buffer = 1 << 20;
    cr_expect_eq(bwm_limit_crossbars(&s, &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:1: option -gpgpu_n_clusters: the crossbars would take "), "%s", err.msg);
    bwm_optset_free(&s);
}

/* The TLBs count too, with the memory system and crossbars: none under
 * -bwm_mmu ideal, each SM's L1 TLB (16 bytes an entry) otherwise, the fault
 * at the TLB option given last. */
Test(config_limits, the_tlbs_keep_the_limit)
{
    bwm_gpu_config c = memsys15();
    bwm_optset s;
    bwm_err err;
    opts(&s, "-bwm_l1_tlb 1048576:1048576:1\n");
    c.mmu.l1_entries = 1 << 20;
    c.n_sms = 400;
    c.max_warps_per_sm = 1; /* the MMU's queues a few MiB (the next test counts them) */
    cr_expect_eq(c.mmu.design, BWM_MMU_IDEAL);
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_OK, "ideal translation has no TLBs: %s", err.msg);
    c.mmu.design = BWM_MMU_SHARED_TLB;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:1: option -bwm_l1_tlb: the TLBs and the MMU's queues would take 640"), "%s", err.msg);
    cr_expect(strstr(err.msg, "400 SMs' L1 TLBs of 16.0 MiB each (-bwm_l1_tlb 1048576 entries)"), "%s", err.msg);
    /* 130 SMs: 2080 MiB of TLBs, over 2048; 120: 1920 MiB, under (with the
       rest's few MiB and the queues' 1.5: 7,680 waiters of 192 bytes and
       16,384 index slots of 4) */
    c.n_sms = 130;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_EINPUT);
    c.n_sms = 120;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_OK, "%s", err.msg);
    c.dram.memory_limit_bytes = 1024 * BWM_MIB; /* -bwm_memory_limit_mb moves the bound */
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_EINPUT);
    bwm_optset_free(&s);
}

/* The MMU's queues count with the TLBs: room for every warp of every SM
 * waiting on every access of an instruction (BWM_MAX_ACCESSES, 64), 192
 * bytes each with an index slot or two (mmu_test.c derives it).  100 SMs
 * of 64 warps: 409,600 waiters, 75 MiB, and 4 MiB of index: 79 MiB, over a
 * limit of 64 MiB that the memory system and small TLBs keep. */
Test(config_limits, the_mmu_queues_keep_the_limit)
{
    bwm_gpu_config c = memsys15();
    bwm_optset s;
    bwm_err err;
    opts(&s, "-gpgpu_shader_core_pipeline 2048:32\n");
    c.mmu.design = BWM_MMU_SHARED_TLB;
    c.n_sms = 100;
    c.max_warps_per_sm = 64;
    c.dram.memory_limit_bytes = 64 * BWM_MIB;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_EINPUT);
    cr_expect(starts_with(err.msg, "t.config:1: option -gpgpu_shader_core_pipeline: the TLBs and the MMU's queues "
                                   "would take "), "%s", err.msg);
    cr_expect(strstr(err.msg, "79 MiB of queues for up to 409600 warp pages waiting (64 warps per SM"), "%s",
              err.msg);
    /* 8 warps an SM: 51,200 waiters, 9.8 MiB and 0.5 of index, under */
    c.max_warps_per_sm = 8;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_OK, "%s", err.msg);
    /* none under ideal translation */
    c.max_warps_per_sm = 64;
    c.mmu.design = BWM_MMU_IDEAL;
    cr_expect_eq(bwm_limit_tlbs(&s, &c, &err), BWM_OK, "%s", err.msg);
    bwm_optset_free(&s);
}
