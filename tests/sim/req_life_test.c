/* req_life_test.c — where a load's time goes (req_life.h): a lone load's
 * stages against the latencies configured on its path, each latency landing
 * in its own stage; the stages adding up to the measured round trip exactly
 * under load (line and sector caches, a stalled L2); the SMs' memory-stall
 * cycles of a warp that only waits on its loads, and of one that never does.
 * (sim_run_cli_test checks the stage columns of 'sim run'.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/gpu/gpu.h"
#include "sim/mem/req_life.h"
#include "sim/run/run.h"
#include "sim/stats/app_stats.h"
#include "tests/support/gpu_harness.h"

static void init(bwm_gpu *g, const char *overrides, int n, const bwm_synth_app *apps)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_gpu_params p = gh_params(n, apps, "frfcfs");
    p.seed = 3;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
}

/* The stages of one load alone on the GPU, in core cycles, every clock at
 * 1000 MHz so that all domains count the same cycles. */
static void lone_load(const char *extra, int64_t stage[BWM_STAGE_COUNT])
{
    char over[512];
    snprintf(over, sizeof over, "-gpgpu_n_clusters 1 -gpgpu_clock_domains 1000:1000:1000:1000 %s", extra);
    bwm_synth_app a = gh_app("ONE", 1, 1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1);
    bwm_gpu g;
    init(&g, over, 1, &a);
    bwm_err err;
    while (g.replies == 0)
        cr_assert_eq(bwm_gpu_step(&g, &err), BWM_OK, "%s", err.msg);
    int64_t sum = 0, period = g.clk.period_fs[BWM_CLK_CORE];
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        cr_assert_eq(g.req.app[0].stage_fs[s] % (uint64_t)period, 0, "stage %s: whole cycles", bwm_stage_names[s]);
        stage[s] = (int64_t)g.req.app[0].stage_fs[s] / period;
        sum += stage[s];
    }
    cr_assert_eq(sum, (int64_t)g.req.app[0].latency_sum, "the stages add up to the round trip");
    bwm_gpu_free(&g);
}

/* Which stages a change of configuration moves, and by how much. */
static void expect_moves(const char *extra, const int64_t base[BWM_STAGE_COUNT], int s1, int64_t by1, int s2,
                         int64_t by2)
{
    int64_t moved[BWM_STAGE_COUNT];
    lone_load(extra, moved);
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        int64_t want = base[s] + (s == s1 ? by1 : 0) + (s == s2 ? by2 : 0);
        cr_assert_eq(moved[s], want, "%s: stage %s %lld, expected %lld", extra, bwm_stage_names[s],
                     (long long)moved[s], (long long)want);
    }
}

Test(req_life, a_lone_loads_stages_are_the_latencies_on_its_path)
{
    int64_t st[BWM_STAGE_COUNT];
    lone_load("", st);
    /* memsys15, all clocks alike (gpu_test's unloaded latency, 282 cycles,
       by stage), in GPGPU-Sim 3.x's order of a partition's steps
       (subpart.h): the link takes the line at its first try; the request
       crossbar's latency 8 and 1 flit; the ROP latency 120, and the access
       the cycle after the ROP queue hands it on (that step comes after the
       L2 access's); the miss queue to the L2->DRAM queue the next cycle, to
       the DRAM-latency queue the one after, and its 100; the controller's
       scheduler gives the idle bank the load in the cycle it arrives; DRAM
       service for a closed bank: the activate in that cycle, tRCD 12, the
       line's second 64-byte column command once the first one's 4 data
       cycles leave the bus free (tCCDL 3 is shorter), tCL 12 and its 4 data
       cycles; the fill the cycle after the data, and the filled line's
       reply into the reply queue the next (that step comes before the
       fill's); into the crossbar the cycle after; its latency 8, 5 flits
       (136 bytes in 32-byte flits), and the cluster's response FIFO to the
       warp 2 */
    const int64_t want[BWM_STAGE_COUNT] = {
        [BWM_STAGE_INJECT] = 0,           [BWM_STAGE_REQ_XBAR] = 8 + 1, [BWM_STAGE_L2_QUEUE] = 120 + 1,
        [BWM_STAGE_DRAM_QUEUE] = 2 + 100, [BWM_STAGE_MC_QUEUE] = 0,     [BWM_STAGE_DRAM] = 12 + 4 + 12 + 4,
        [BWM_STAGE_FILL] = 1 + 1,         [BWM_STAGE_REPLY_QUEUE] = 1,  [BWM_STAGE_REPLY_XBAR] = 8 + 5 + 2,
    };
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        cr_assert_eq(st[s], want[s], "stage %s: %lld cycles, expected %lld", bwm_stage_names[s], (long long)st[s],
                     (long long)want[s]);
    /* each latency on the path lands in its own stage, whole */
    expect_moves("-gpgpu_l2_rop_latency 130", st, BWM_STAGE_L2_QUEUE, 10, -1, 0);
    expect_moves("-dram_latency 107", st, BWM_STAGE_DRAM_QUEUE, 7, -1, 0);
    expect_moves("-bwm_icnt_latency 13", st, BWM_STAGE_REQ_XBAR, 5, BWM_STAGE_REPLY_XBAR, 5);
    expect_moves("-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:"
                 "CL=20:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"", st, BWM_STAGE_DRAM, 8, -1, 0);
    expect_moves("-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:"
                 "CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=6:RTPL=2\"", st, BWM_STAGE_DRAM, 2, -1, 0); /* tCCDL past the burst */
    expect_moves("-icnt_flit_size 16", st, BWM_STAGE_REPLY_XBAR, 4, -1, 0); /* reply 9 flits */
}

/* Runs apps for `cycles` core cycles after as many of warm-up; checks that
 * every answered load's stages after inject add up to its round trip, in
 * femtoseconds, exactly, and returns the measured interval's result of
 * application 0. */
static bwm_app_result loaded(const char *overrides, int n, const bwm_synth_app *apps, int64_t cycles)
{
    bwm_gpu g;
    init(&g, overrides, n, apps);
    bwm_run_params rp = {0, cycles, cycles, 0, 0, 0, 0, 0};
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    for (int a = 0; a < n; a++) {
        uint64_t after_inject = 0;
        for (int s = BWM_STAGE_INJECT + 1; s < BWM_STAGE_COUNT; s++)
            after_inject += g.req.app[a].stage_fs[s];
        cr_assert_gt(g.req.app[a].latency_n, 500, "%s: application %d answered %llu loads", overrides ? overrides : "memsys15", a, (unsigned long long)g.req.app[a].latency_n);
        cr_assert_eq(after_inject, g.req.app[a].latency_sum * (uint64_t)g.clk.period_fs[BWM_CLK_CORE], "application %d", a);
        const bwm_app_result *x = &r.apps[a];
        cr_assert_float_eq(x->mem_round_trip - x->lat[BWM_STAGE_INJECT], x->avg_mem_latency,
                           1e-9 * x->avg_mem_latency);
    }
    bwm_app_result first = r.apps[0];
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
    return first;
}

/* memsys15's caches as sector caches: the same geometry and policies */
#define SECTOR_CACHES "-gpgpu_cache:dl1 S:32:128:4,L:L:m:N:H,A:32:8,8 -gpgpu_cache:dl2 S:64:128:16,L:B:m:W:L,A:256:4,4:0,32"

Test(req_life, the_stages_add_up_to_the_round_trip_under_load)
{
    bwm_synth_app apps[2] = {gh_app("RD", 32, 0.3, 0.3, 4, BWM_PATTERN_STREAM, 64, 2, 2),
                             gh_app("RND", 16, 0.1, 0.5, 8, BWM_PATTERN_RANDOM, 64, 4, 2)};
    apps[0].lanes = 16; /* on a sector cache, the first sectors only */
    bwm_app_result line = loaded(NULL, 2, apps, 20000);
    /* the pair keeps the DRAM busy: loads wait in the controller's queue */
    cr_assert_gt(line.lat[BWM_STAGE_MC_QUEUE], 50, "%g", line.lat[BWM_STAGE_MC_QUEUE]);
    /* a sector L2 splits a load into sector requests: its last one carries its life */
    loaded(SECTOR_CACHES, 2, apps, 20000);
    /* two L2 MSHR entries: loads wait at the head of the L2's queue, and
       requests for a line in flight merge into its entry */
    bwm_app_result tight = loaded("-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:2:16,4:0,32", 2, apps, 20000);
    cr_assert_gt(tight.lat[BWM_STAGE_L2_BLOCKED], 1, "%g", tight.lat[BWM_STAGE_L2_BLOCKED]);
}

/* A lone warp of loads, each needed at once, waits on memory in every cycle
 * it does not issue; a warp of compute never does. */
Test(req_life, memory_stalls_are_the_cycles_every_warp_waits_on_memory)
{
    bwm_synth_app a = gh_app("ONE", 1, 1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1);
    bwm_gpu g;
    init(&g, "-gpgpu_n_clusters 1", 1, &a);
    bwm_err err;
    cr_assert_eq(bwm_gpu_run_core_cycles(&g, 20000, &err), BWM_OK, "%s", err.msg);
    const bwm_sm *sm = &g.sms[0];
    int64_t now = g.clk.cycle[BWM_CLK_CORE];
    cr_assert_gt(sm->stats.warp_insts, 20);
    cr_assert_eq(bwm_sm_mem_stall(sm, now), (uint64_t)now - sm->stats.warp_insts, "%llu of %lld cycles",
                 (unsigned long long)bwm_sm_mem_stall(sm, now), (long long)now);
    bwm_gpu_free(&g);

    bwm_synth_app c = gh_app("CMP", 8, 0, 0, 1, BWM_PATTERN_STREAM, 1, 4, 1);
    init(&g, "-gpgpu_n_clusters 1", 1, &c);
    cr_assert_eq(bwm_gpu_run_core_cycles(&g, 5000, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_sm_mem_stall(&g.sms[0], g.clk.cycle[BWM_CLK_CORE]), 0);
    bwm_gpu_free(&g);
}
