/* cluster_test.c — SM clusters (GPGPU-Sim's simt_core_cluster): the order
 * in which a cluster's SMs take their cycle, two SMs sending in one cycle
 * through their cluster's one crossbar input (both fit: one flit a cycle
 * crosses; one fits: the SM whose turn comes first sends), replies reaching
 * a cluster's SMs through its one output at one a cycle, and one SM per
 * cluster behaving the same in either order.  Every clock runs at 1000 MHz
 * where cycles are counted, so that one GPU step is one cycle of each
 * domain. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/gpu/cluster.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"
#include "tests/support/gpu_harness.h"

#define SAME_CLOCKS "-gpgpu_clock_domains 1000:1000:1000:1000 "
#define ONE_CLUSTER_OF_2 "-gpgpu_n_clusters 1 -gpgpu_n_cores_per_cluster 2 " SAME_CLOCKS

static void start(bwm_gpu *g, const char *overrides, const bwm_synth_app *a, uint64_t seed)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_gpu_params p = gh_params(1, a, "frfcfs");
    p.seed = seed;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
}

static void step(bwm_gpu *g, int cycles)
{
    bwm_err err;
    cr_assert_eq(bwm_gpu_run_core_cycles(g, cycles, &err), BWM_OK, "%s", err.msg);
}

Test(cluster, sms_take_turns_round_robin_or_in_fixed_order)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 4 -gpgpu_n_cores_per_cluster 3");
    cr_assert_eq(cfg.core_order_rr, 1);
    cr_assert_eq(bwm_gpu_cluster_of(cfg.cores_per_cluster, 5), 1);
    cr_assert_eq(bwm_gpu_cluster_of(cfg.cores_per_cluster, 6), 2);
    /* cluster 2 holds SMs 6, 7, 8; at cycle t SM 6 + t mod 3 goes first */
    int rr[3][3] = {{6, 7, 8}, {7, 8, 6}, {8, 6, 7}};
    for (int64_t t = 0; t < 7; t++)
        for (int k = 0; k < 3; k++)
            cr_assert_eq(bwm_cluster_sm(&cfg, 2, k, t), rr[t % 3][k], "cycle %lld turn %d", (long long)t, k);
    cfg = gh_config("-gpgpu_n_clusters 4 -gpgpu_n_cores_per_cluster 3 -gpgpu_simt_core_sim_order 0");
    for (int64_t t = 0; t < 7; t++)
        for (int k = 0; k < 3; k++)
            cr_assert_eq(bwm_cluster_sm(&cfg, 2, k, t), 6 + k);
}

/* One warp on each of the two SMs of one cluster loads one line at random:
 * both issue at cycle 0 and send at cycle 1, into the cluster's one input
 * buffer, which holds both.  The input moves one flit a cycle: the first
 * request crosses at interconnect cycle 2 and the second at 3 (an SM each
 * with its own input, both would cross at 2); each is delivered 8 cycles
 * (-bwm_icnt_latency) after it crossed. */
Test(cluster, two_sms_sending_in_one_cycle_cross_their_cluster_input_one_after_the_other)
{
    bwm_synth_app a = gh_app("ONE", 1, 1, 0, 1, BWM_PATTERN_RANDOM, 256, 1, 1);
    bwm_gpu g;
    start(&g, ONE_CLUSTER_OF_2, &a, 1);
    step(&g, 2);
    cr_assert_eq(g.pool.used, 2, "both SMs sent at cycle 1");
    const bwm_mreq *first = bwm_req_at(&g.pool, 0), *second = bwm_req_at(&g.pool, 1);
    cr_assert_eq(first->issued, 1);
    cr_assert_eq(second->issued, 1);
    cr_assert_eq(first->sm, 1, "round-robin: at cycle 1, SM 1 of the cluster goes first");
    cr_assert_eq(second->sm, 0);
    cr_assert_neq(first->subpart, second->subpart,
                  "precondition: different sub-partitions, so that no output serialises them");
    const bwm_xbar_stats *st = bwm_xbar_get_stats(g.req_net);
    step(&g, 8); /* through cycle 9 */
    cr_assert_eq(st->packets, 0);
    step(&g, 1);
    cr_assert_eq(st->packets, 1, "cycle 10: the first, crossed at 2");
    step(&g, 1);
    cr_assert_eq(st->packets, 2, "cycle 11: the second, crossed at 3");
    bwm_gpu_free(&g);
}

/* The same with stores (a line and its header: 5 flits of 32 bytes) and an
 * input buffer of 5 flits: at cycle 1 only one store fits.  The SM whose
 * turn comes first sends it; the other stalls.  Round-robin: at cycle 1,
 * SM 1 of the cluster goes first; fixed order: SM 0. */
static void expect_first_turn_sends(const char *order, int sender)
{
    char over[256];
    snprintf(over, sizeof over, ONE_CLUSTER_OF_2 "-icnt_in_buffer_limit 5 %s", order);
    bwm_synth_app a = gh_app("ST", 1, 1, 1, 1, BWM_PATTERN_RANDOM, 256, 1, 1);
    bwm_gpu g;
    start(&g, over, &a, 1);
    step(&g, 2);
    cr_assert_eq(g.pool.used, 1, "%s: one store fits the cluster's input", order);
    cr_assert_eq(bwm_req_at(&g.pool, 0)->sm, sender, "%s", order);
    cr_assert_eq(g.sms[sender].stats.ldst_stall, 0, "%s", order);
    cr_assert_eq(g.sms[1 - sender].stats.ldst_stall, 1, "%s: the other SM found no room", order);
    bwm_gpu_free(&g);
}

Test(cluster, a_full_cluster_input_takes_the_sm_whose_turn_comes_first)
{
    expect_first_turn_sends("", 1);
    expect_first_turn_sends("-gpgpu_simt_core_sim_order 0", 0);
}

/* Most replies the SMs got in one core cycle while 48 warps per SM load at
 * random from 512 KiB (the L2 holds it, so the sub-partitions answer fast)
 * for `cycles` cycles, and then until every load is answered.  Every packet
 * is one flit (-network_mode 2) and the SMs have no L1D (each keeps up to
 * 256 lines in flight), so that the replies can come faster than one a
 * cycle.  *per_sm receives the replies each of the first two SMs got (as
 * many as its L1D read misses, once all are back). */
static int most_replies_in_a_cycle(const char *overrides, int cycles, uint64_t per_sm[2])
{
    bwm_synth_app a = gh_app("HIT", 48, 1, 0, 1, BWM_PATTERN_RANDOM, 0.5, 1, 8);
    bwm_gpu g;
    char over[256];
    snprintf(over, sizeof over, "%s -network_mode 2 -gpgpu_cache:dl1 none", overrides);
    start(&g, over, &a, 5);
    int most = 0;
    for (int c = 0; c < cycles || !bwm_gpu_quiet(&g); c++) {
        if (c == cycles)
            bwm_gpu_halt(&g, 1);
        uint64_t before = g.replies;
        step(&g, 1);
        if ((int)(g.replies - before) > most)
            most = (int)(g.replies - before);
    }
    for (int i = 0; i < 2; i++)
        per_sm[i] = bwm_cache_app_stats(&g.sms[i].l1, 0)->read_misses;
    cr_assert_eq(g.replies, per_sm[0] + per_sm[1]);
    bwm_gpu_free(&g);
    return most;
}

/* Replies for both SMs of a cluster come through its one output port: at
 * most one a core cycle (the cluster's response FIFO takes one from the
 * network each cycle and hands one to its SM).  The same load on two
 * clusters of one SM gets two replies in some cycles. */
Test(cluster, replies_reach_the_sms_of_a_cluster_one_a_cycle)
{
    uint64_t got[2];
    cr_assert_eq(most_replies_in_a_cycle(ONE_CLUSTER_OF_2, 3000, got), 1);
    cr_assert_gt(got[0], 1000, "SM 0 got %llu replies", (unsigned long long)got[0]);
    cr_assert_gt(got[1], 1000, "SM 1 got %llu replies", (unsigned long long)got[1]);
    cr_assert_gt(got[0] + got[1], 2700, "the port is busy most of the cycles");
    cr_assert_eq(most_replies_in_a_cycle("-gpgpu_n_clusters 2 -gpgpu_n_cores_per_cluster 1 " SAME_CLOCKS, 3000, got),
                 2);
}

/* With one SM per cluster the order of a cluster's SMs has nothing to
 * choose: either order gives the same run, to the last counter. */
Test(cluster, one_sm_per_cluster_runs_the_same_in_either_order)
{
    bwm_synth_app a = gh_app("RND", 16, 0.3, 0.3, 4, BWM_PATTERN_RANDOM, 64, 2, 2);
    bwm_run_result r[2];
    const char *over[2] = {"-gpgpu_n_clusters 4", "-gpgpu_n_clusters 4 -gpgpu_simt_core_sim_order 0"};
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        start(&g, over[k], &a, 3);
        bwm_run_params rp = {0, 5000, 1000, 0, 0, 0, 0, 0};
        bwm_err err;
        cr_assert_eq(bwm_run(&g, &rp, &r[k], &err), BWM_OK, "%s", err.msg);
        bwm_gpu_free(&g);
    }
    cr_assert_gt(r[0].apps[0].insts, 0);
    cr_assert_eq(memcmp(r[0].apps, r[1].apps, sizeof r[0].apps), 0);
    cr_assert_eq(r[0].requests, r[1].requests);
    bwm_run_result_free(&r[0]);
    bwm_run_result_free(&r[1]);
}
