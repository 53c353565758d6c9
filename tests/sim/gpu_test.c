/* gpu_test.c — the whole simulated GPU: conservation (with line and with
 * sector caches, with SMs sharing a cluster's ports), determinism (with
 * one and two SMs per cluster), the unloaded latency of one load against the
 * latencies configured on its path, streaming bandwidth, L2
 * way-partitioning, the paper mode's budget, a stress pair where
 * prioritising one application moves bandwidth to it, the DRAM bytes of
 * sector requests, where the L2's write allocation sends stores, and how a
 * sector L2 and sector requests split a line's traffic. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/stats/app_stats.h"
#include "sim/gpu/gpu.h"
#include "sim/mem/warp_type.h"
#include "sim/run/run.h"
#include "sim/run/workload_run.h"
#include "tests/support/gpu_harness.h"

static void init(bwm_gpu *g, const bwm_gpu_config *cfg, int n, const bwm_synth_app *apps, const char *sched,
                 int prior_app, uint64_t seed)
{
    bwm_gpu_params p = gh_params(n, apps, sched);
    p.window = 1024;
    p.sched_params.prior_app = prior_app;
    p.seed = seed;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(g, cfg, &p, &err), BWM_OK, "%s", err.msg);
}

static void run_cycles(const bwm_gpu_config *cfg, int n, const bwm_synth_app *apps, const char *sched,
                       int prior_app, uint64_t seed, int64_t cycles, bwm_run_result *out)
{
    bwm_gpu g;
    init(&g, cfg, n, apps, sched, prior_app, seed);
    bwm_run_params rp = {0, cycles, cycles, 0, 0, 0, 0, 0}; /* warm up as long as we measure */
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, out, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g.pool.created, g.pool.freed);
    bwm_gpu_free(&g);
}

/* memsys15's caches as sector caches: the same geometry and policies */
#define SECTOR_CACHES "-gpgpu_cache:dl1 S:32:128:4,L:L:m:N:H,A:32:8,8 -gpgpu_cache:dl2 S:64:128:16,L:B:m:W:L,A:256:4,4:0,32"

static void expect_every_request_answered_once(const char *overrides)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app apps[2] = {gh_app("RD", 32, 0.3, 0.3, 4, BWM_PATTERN_STREAM, 64, 2, 2),
                             gh_app("RND", 16, 0.1, 0.5, 8, BWM_PATTERN_RANDOM, 64, 4, 2)};
    apps[0].lanes = 16; /* 4 lanes per line: the first sector only, on a sector cache */
    bwm_gpu g;
    init(&g, &cfg, 2, apps, "frfcfs", 0, 7);
    bwm_run_params rp = {0, 20000, 1000, 0, 0, 0, 0, 0};
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    /* bwm_run drains and checks; check the books here as well */
    cr_assert_gt(g.pool.created, 10000);
    cr_assert_eq(g.pool.created, g.pool.freed);
    cr_assert(bwm_gpu_quiet(&g));
    /* every load line that missed in an L1D came back to its SM exactly once */
    uint64_t l1_read_misses = 0;
    for (int i = 0; i < g.n_busy_sms; i++) {
        const bwm_cache_stats *s = bwm_cache_app_stats(&g.sms[i].l1, g.sms[i].app);
        l1_read_misses += s->read_misses;
    }
    cr_assert_eq(g.replies, l1_read_misses, "%llu replies, %llu L1D read misses", (unsigned long long)g.replies,
                 (unsigned long long)l1_read_misses);
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}

Test(gpu, every_request_is_answered_once)
{
    expect_every_request_answered_once("-gpgpu_n_clusters 8");
}

Test(gpu, every_request_is_answered_once_with_sector_caches)
{
    expect_every_request_answered_once("-gpgpu_n_clusters 8 " SECTOR_CACHES);
}

/* Three SMs per cluster share its crossbar ports; the 9 SMs split 5 and 4,
 * so the middle cluster runs both applications. */
Test(gpu, every_request_is_answered_once_with_three_sms_per_cluster)
{
    expect_every_request_answered_once("-gpgpu_n_clusters 3 -gpgpu_n_cores_per_cluster 3");
}

/* Loads and stores (half each) on a stream; returns the GPU after a
 * drained run, for its books (free it with bwm_gpu_free). */
static void loads_and_stores(const char *overrides, bwm_gpu *g)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app a = gh_app("LS", 16, 0.2, 0.5, 1, BWM_PATTERN_STREAM, 64, 4, 4);
    init(g, &cfg, 1, &a, "frfcfs", 0, 11);
    bwm_run_params rp = {0, 6000, 0, 0, 0, 0, 0, 0};
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g->pool.created, g->pool.freed);
    bwm_run_result_free(&r);
    cr_assert_gt(g->stores, 500);
}

/* As in GPGPU-Sim, every store is acknowledged to its SM, once: on
 * memsys15 (line L2, write allocation "W") after DRAM has written it; on
 * sector caches with sector requests, each sector request is a store of its
 * own.  An acknowledgement is an 8-byte reply, one 32-byte flit, where a
 * load's 136-byte reply takes five. */
Test(gpu, every_store_is_acknowledged_once)
{
    bwm_gpu g;
    loads_and_stores("-gpgpu_n_clusters 8", &g);
    cr_expect_eq(g.acks, g.stores, "%llu acknowledgements, %llu stores", (unsigned long long)g.acks,
                 (unsigned long long)g.stores);
    const bwm_xbar_stats *x = bwm_xbar_get_stats(g.reply_net);
    cr_expect_eq(x->packets, g.replies + g.acks);
    cr_expect_eq(x->flits, 5 * g.replies + g.acks);
    bwm_gpu_free(&g);
    loads_and_stores("-gpgpu_n_clusters 8 -gpgpu_coalesce_arch 70 -gpgpu_l1_banks 4 " SECTOR_CACHES, &g);
    cr_expect_eq(g.acks, g.stores);
    bwm_gpu_free(&g);
}

/* GUPS (one 4-byte word per line at random) alone: DRAM bytes read per L2 miss (line requests). */
static double gups_bytes_per_miss(const char *overrides, bwm_app_result *out)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app gups = gh_app("GUPS", 8, 0.06, 0, 32, BWM_PATTERN_RANDOM, 256, 4, 2);
    bwm_run_result r;
    run_cycles(&cfg, 1, &gups, "frfcfs", 0, 3, 20000, &r);
    *out = r.apps[0];
    bwm_run_result_free(&r);
    cr_assert_gt(out->l2_misses, 1000);
    return (double)out->dram_bytes_read / (double)out->l2_misses;
}

Test(gpu, a_dram_request_moves_32_bytes_per_sector)
{
    bwm_mreq r;
    memset(&r, 0, sizeof r);
    r.line_addr = 0x4000;
    r.dram_sectors = 0x4;
    cr_expect_eq(bwm_subpart_mc_req(&r, 9).bytes, 32u);
    r.dram_sectors = 0xB;
    cr_expect_eq(bwm_subpart_mc_req(&r, 9).bytes, 96u);
    r.dram_sectors = BWM_SECTORS_ALL;
    cr_expect_eq(bwm_subpart_mc_req(&r, 9).bytes, 128u, "a line L2 reads and writes whole lines");
    r.kind = BWM_MREQ_WRITEBACK;
    cr_expect(bwm_subpart_mc_req(&r, 9).is_write);
}

/* An application that only stores, each store to a line of its stream no
 * one touched before: under the L2's write allocation "W" (memsys15) every
 * store miss writes its line to DRAM at once and fetches it clean, so DRAM
 * writes as many bytes as it reads and no dirty line is ever written back;
 * under fetch-on-write ("F") the lines fill dirty and reach DRAM only when
 * they are replaced, later: from an empty L2, DRAM then writes less than it
 * reads (the 6144 lines memsys15's L2 holds are not written yet). */
static bwm_app_result stores_only(const char *overrides, int lanes, uint64_t *writebacks)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app a = gh_app("ST", 8, 0.2, 1.0, 1, BWM_PATTERN_STREAM, 64, 4, 2);
    a.row_run = 4096;
    a.lanes = lanes;
    bwm_gpu g;
    init(&g, &cfg, 1, &a, "frfcfs", 0, 5);
    bwm_run_params rp = {0, 20000, 0, 0, 0, 0, 0, 0}; /* from an empty L2 */
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g.pool.created, g.pool.freed);
    *writebacks = 0;
    for (int i = 0; i < g.n_subparts; i++)
        *writebacks += g.subparts[i].stats.writebacks;
    bwm_app_result out = r.apps[0];
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
    cr_assert_gt(out.l2_misses, 5000);
    return out;
}

Test(gpu, write_allocate_sends_each_store_miss_down_at_once_and_fills_clean)
{
    uint64_t wb;
    bwm_app_result w = stores_only("-gpgpu_n_clusters 8", 32, &wb);
    cr_expect_eq(wb, 0, "%llu dirty write-backs of lines only store misses touched", (unsigned long long)wb);
    double ratio = (double)w.dram_bytes_written / (double)w.dram_bytes_read;
    cr_expect(ratio > 0.99 && ratio < 1.01, "W: DRAM wrote %llu bytes and read %llu",
              (unsigned long long)w.dram_bytes_written, (unsigned long long)w.dram_bytes_read);
    bwm_app_result f = stores_only("-gpgpu_n_clusters 8 -gpgpu_cache:dl2 N:64:128:16,L:B:m:F:L,A:256:4,4:0,32", 32, &wb);
    cr_expect_gt(wb, 1000, "fetch-on-write left no dirty line to write back");
    cr_expect_lt((double)f.dram_bytes_written, 0.95 * (double)f.dram_bytes_read,
                 "F: the lines still in the L2 are not yet written, so DRAM writes less than it reads");
}

/* Stores of one 4-byte word per line: the coalescer reduces each to a
 * 32-byte segment, so under "W" the line L2 writes 32 bytes to DRAM per
 * store miss while it fetches the whole 128-byte line. */
Test(gpu, a_narrow_store_writes_its_32_byte_segment)
{
    uint64_t wb;
    bwm_app_result w = stores_only("-gpgpu_n_clusters 8", 1, &wb);
    double ratio = (double)w.dram_bytes_written / (double)w.dram_bytes_read;
    cr_expect(ratio > 0.24 && ratio < 0.26, "DRAM wrote %llu bytes and read %llu",
              (unsigned long long)w.dram_bytes_written, (unsigned long long)w.dram_bytes_read);
}

Test(gpu, gups_on_sector_caches_moves_a_quarter_of_the_bytes_per_miss)
{
    bwm_app_result line, sector;
    double per_line = gups_bytes_per_miss("", &line);
    double per_sector = gups_bytes_per_miss(SECTOR_CACHES, &sector);
    cr_expect(per_line > 124 && per_line < 132, "a line L2 reads whole lines: %g bytes per miss", per_line);
    cr_expect(per_sector >= 30 && per_sector <= 34, "%g bytes per miss on sector caches", per_sector);
    cr_expect(per_sector / per_line > 0.23 && per_sector / per_line < 0.27);
    /* mpki on a sector L2 counts sector misses: here one per line miss */
    cr_expect_eq(sector.l2_sector_misses, sector.l2_misses);
    cr_expect_eq(line.l2_sector_misses, 4 * line.l2_misses, "a line cache's miss is 4 sectors");
    cr_expect_float_eq(sector.mpki, 1000.0 * (double)sector.l2_sector_misses / (double)sector.insts, 1e-9);
    cr_expect_float_eq(line.mpki, 1000.0 * (double)line.l2_misses / (double)line.insts, 1e-9);
    cr_expect_lt(sector.l1_sector_accesses, line.l1_sector_accesses, "the sector L1D counts one sector per line");
}

/* What one load-only stream of whole lines sent where, over a whole run
 * (drained, so every request is answered). */
typedef struct path_counts {
    uint64_t l1_read_misses, l1_sector_misses; /* L1D accesses that sent requests, the sectors they fetched */
    uint64_t request_packets, reply_packets;   /* on the two crossbars */
    uint64_t l2_accesses, l2_sector_accesses;
    uint64_t dram_reads, l2_sector_misses;
    uint64_t answered;                         /* loads the SMs sent, answered (g.replies) */
    uint64_t load_lines, l1_accesses;          /* lines the loads asked for, L1D accesses they made */
} path_counts;

static path_counts stream_of_lines(const char *overrides)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app a = gh_app("LD", 16, 0.2, 0, 1, BWM_PATTERN_STREAM, 64, 4, 4);
    bwm_gpu g;
    init(&g, &cfg, 1, &a, "frfcfs", 0, 9);
    bwm_run_params rp = {0, 8000, 0, 0, 0, 0, 0, 0};
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g.pool.created, g.pool.freed);
    path_counts c = {0};
    for (int i = 0; i < g.n_busy_sms; i++) {
        const bwm_cache_stats *s = bwm_cache_app_stats(&g.sms[i].l1, 0);
        c.l1_read_misses += s->read_misses;
        c.l1_sector_misses += s->sector_misses;
        c.l1_accesses += s->accesses;
        c.load_lines += g.sms[i].stats.load_lines;
    }
    c.request_packets = bwm_xbar_get_stats(g.req_net)->packets;
    c.reply_packets = bwm_xbar_get_stats(g.reply_net)->packets;
    for (int i = 0; i < g.n_subparts; i++) {
        const bwm_cache_stats *s = bwm_cache_app_stats(&g.subparts[i].l2, 0);
        c.l2_accesses += s->accesses;
        c.l2_sector_accesses += s->sector_accesses;
        c.l2_sector_misses += s->sector_misses;
    }
    for (int ch = 0; ch < g.mem.n_channels; ch++)
        c.dram_reads += g.mem.mcs[ch].apps[0].c.reads;
    c.answered = g.replies;
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
    cr_assert_gt(c.l1_read_misses, 1000);
    return c;
}

/* A line L1D (memsys15's) over a sector L2, as in GPGPU-Sim's GTX480: the
 * L1D's line request crosses as one packet and the L2 slice takes it as
 * four sector requests, each its own L2 access, DRAM read and reply; the
 * load is answered once, when its fourth sector is back. */
Test(gpu, a_sector_l2_takes_a_line_request_as_one_request_per_sector)
{
    path_counts c = stream_of_lines("-gpgpu_n_clusters 8 -gpgpu_cache:dl2 S:64:128:16,L:B:m:W:L,A:256:4,4:0,32");
    cr_expect_eq(c.request_packets, c.l1_read_misses);
    cr_expect_eq(c.l1_sector_misses, 4 * c.l1_read_misses, "a line L1D fetches whole lines");
    cr_expect_eq(c.reply_packets, 4 * c.l1_read_misses);
    cr_expect_eq(c.l2_accesses, 4 * c.l1_read_misses);
    cr_expect_eq(c.l2_sector_accesses, c.l2_accesses, "one sector per L2 access");
    cr_expect_eq(c.dram_reads, c.l2_sector_misses, "one DRAM read per sector missed");
    cr_expect_eq(c.answered, c.l1_read_misses);
    /* a line L2 takes the line request whole */
    path_counts line = stream_of_lines("-gpgpu_n_clusters 8");
    cr_expect_eq(line.reply_packets, line.l1_read_misses);
    cr_expect_eq(line.l2_accesses, line.l1_read_misses);
}

/* Sector caches: with 128-byte segments (coalesce arch 13) the sector L1D
 * sends one request per line for the sectors it lacks, which the L2 splits;
 * from arch 40 on each sector is a request of its own from the SM, one
 * packet each way. */
Test(gpu, sector_requests_cross_as_one_packet_per_sector)
{
    path_counts lines = stream_of_lines("-gpgpu_n_clusters 8 " SECTOR_CACHES);
    cr_expect_eq(lines.request_packets, lines.l1_read_misses);
    cr_expect_eq(lines.reply_packets, lines.l1_sector_misses);
    cr_expect_eq(lines.l2_accesses, lines.l1_sector_misses);
    cr_expect_eq(lines.answered, lines.l1_read_misses);
    path_counts sectors = stream_of_lines("-gpgpu_n_clusters 8 -gpgpu_coalesce_arch 70 -gpgpu_l1_banks 4 " SECTOR_CACHES);
    cr_expect_gt(sectors.l1_sector_misses, 3 * sectors.l1_read_misses, "whole lines: %llu sectors, %llu misses",
                 (unsigned long long)sectors.l1_sector_misses, (unsigned long long)sectors.l1_read_misses);
    cr_expect_eq(sectors.request_packets, sectors.l1_sector_misses);
    cr_expect_eq(sectors.reply_packets, sectors.l1_sector_misses);
    cr_expect_eq(sectors.l2_accesses, sectors.l1_sector_misses);
    cr_expect_eq(sectors.answered, sectors.l1_sector_misses, "each sector request is answered once");
}

/* L1D accesses per line a load-only stream of whole lines asks for, with
 * the warp coalescing in parts parts (-gpgpu_shmem_warp_parts). */
static double l1_accesses_per_line(int parts)
{
    char overrides[96];
    snprintf(overrides, sizeof overrides, "-gpgpu_n_clusters 8 -gpgpu_shmem_warp_parts %d", parts);
    path_counts c = stream_of_lines(overrides);
    return (double)c.l1_accesses / (double)c.load_lines;
}

/* GPGPU-Sim's default of two warp parts makes each half-warp's 64 bytes
 * of a whole-line load an access of its own (the second merges into the
 * first's miss); four parts make four. */
Test(gpu, warp_parts_make_one_access_per_part_of_a_line)
{
    cr_expect_float_eq(l1_accesses_per_line(1), 1.0, 1e-12);
    cr_expect_float_eq(l1_accesses_per_line(2), 2.0, 1e-12);
    cr_expect_float_eq(l1_accesses_per_line(4), 4.0, 1e-12);
}

Test(gpu, paper_mode_commits_exactly_the_budget)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 4");
    bwm_synth_app apps[2] = {gh_app("FAST", 16, 0.05, 0, 1, BWM_PATTERN_STREAM, 8, 1, 2),
                             gh_app("SLOW", 16, 0.3, 0, 4, BWM_PATTERN_RANDOM, 64, 8, 1)};
    bwm_gpu g;
    init(&g, &cfg, 2, apps, "frfcfs", 0, 1);
    bwm_run_params rp = {1, 0, 0, 200000, 10000000, 0, 0, 0};
    bwm_run_result r;
    bwm_err err;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    for (int a = 0; a < 2; a++) {
        cr_assert_eq(r.apps[a].insts, 200000);
        cr_assert_gt(r.apps[a].cycles, 0);
        cr_assert_float_eq(r.apps[a].ipc, 200000.0 / (double)r.apps[a].cycles, 1e-9);
    }
    /* the fast one finished first and kept running until the slow one finished */
    cr_assert_lt(r.apps[0].cycles, r.apps[1].cycles);
    cr_assert_eq(r.cycles, r.apps[1].cycles);
    cr_assert_gt(g.app_insts[0], 200000);
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}

static void expect_same_seed_same_result(const bwm_gpu_config *cfg, int64_t cycles)
{
    bwm_synth_app apps[2] = {gh_app("A", 24, 0.2, 0.2, 2, BWM_PATTERN_RANDOM, 32, 2, 2),
                             gh_app("B", 24, 0.2, 0.1, 4, BWM_PATTERN_STREAM, 32, 2, 2)};
    bwm_run_result r1, r2, r3;
    run_cycles(cfg, 2, apps, "its", 0, 11, cycles, &r1);
    run_cycles(cfg, 2, apps, "its", 0, 11, cycles, &r2);
    run_cycles(cfg, 2, apps, "its", 0, 12, cycles, &r3);
    cr_assert_eq(memcmp(r1.apps, r2.apps, sizeof r1.apps), 0);
    cr_assert_eq(r1.requests, r2.requests);
    cr_assert_neq(memcmp(r1.apps, r3.apps, sizeof r1.apps), 0);
    bwm_run_result_free(&r1);
    bwm_run_result_free(&r2);
    bwm_run_result_free(&r3);
}

Test(gpu, same_seed_same_result_other_seed_differs)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 6");
    expect_same_seed_same_result(&cfg, 10000);
}

/* SM7_TITANV: 40 clusters of 2 SMs */
Test(gpu, same_seed_same_result_with_two_sms_per_cluster)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM7_TITANV.config", NULL,
                                          "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(cfg.cores_per_cluster, 2);
    expect_same_seed_same_result(&cfg, 3000);
}

/* Core cycles from a lone load's issue to its data back at the SM, with every
 * clock at 1000 MHz so that all domains count the same cycles. */
static int64_t lone_load_latency(const char *extra)
{
    char over[512];
    snprintf(over, sizeof over, "-gpgpu_n_clusters 1 -gpgpu_clock_domains 1000:1000:1000:1000 %s", extra);
    bwm_gpu_config cfg = gh_config(over);
    bwm_synth_app a = gh_app("ONE", 1, 1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1);
    bwm_gpu g;
    init(&g, &cfg, 1, &a, "frfcfs", 0, 1);
    bwm_err err;
    while (g.replies == 0)
        cr_assert_eq(bwm_gpu_step(&g, &err), BWM_OK, "%s", err.msg);
    int64_t lat = (int64_t)g.req.app[0].latency_sum;
    cr_assert_eq(g.req.app[0].latency_n, 1);
    bwm_gpu_free(&g);
    return lat;
}

Test(gpu, unloaded_load_latency_is_the_sum_of_the_path)
{
    /* memsys15: ROP 120 and DRAM latency 100 (L2 cycles), crossbar latency 8
       each way, a 1-flit request and a 5-flit reply (136 bytes in 32-byte
       flits), tRCD 12 + tCL 12 + 4 cycles of data (burst 8 at ratio 2) for a
       closed bank */
    int64_t base = lone_load_latency("");
    int64_t path = 120 + 100 + (8 + 1) + (8 + 5) + 12 + 12 + 4;
    /* plus twelve cycles: the line's second 64-byte column command waits
       for the first one's 4 data cycles; the partition's steps in GPGPU-Sim
       3.x's order (subpart.h) add one from the ROP queue to the access, two
       from the miss queue through the L2->DRAM queue to the DRAM-latency
       queue, one from the fill to the reply queue and one from it to the
       crossbar; the fill takes the cycle after the data; and the reply pop
       into the cluster's response FIFO and the FIFO to the warp one each
       (req_life_test shows each stage); the checks below show that no
       latency on the path is counted twice or lost */
    cr_assert_eq(base, path + 12, "latency %lld, path %lld", (long long)base, (long long)path);
    /* each latency on the path adds exactly its own cycles */
    cr_assert_eq(lone_load_latency("-gpgpu_l2_rop_latency 130") - base, 10);
    cr_assert_eq(lone_load_latency("-dram_latency 107") - base, 7);
    cr_assert_eq(lone_load_latency("-bwm_icnt_latency 13") - base, 10); /* both directions */
    cr_assert_eq(lone_load_latency("-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=15:RAS=28:RP=12:RC=40:"
                                   "CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"") - base, 3);
    cr_assert_eq(lone_load_latency("-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:"
                                   "CL=20:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"") - base, 8);
    cr_assert_eq(lone_load_latency("-icnt_flit_size 16") - base, 9 - 5 + 0); /* reply 9 flits, request 1 */
}

Test(gpu, a_streaming_application_alone_reaches_85_percent_of_peak)
{
    bwm_gpu_config cfg = gh_config(NULL);
    bwm_synth_app a = gh_app("STR", 48, 1, 0, 4, BWM_PATTERN_STREAM, 256, 1, 8);
    bwm_run_result r;
    run_cycles(&cfg, 1, &a, "frfcfs", 0, 1, 20000, &r);
    cr_assert_geq(r.apps[0].bw_frac, 0.85, "bw_frac %g", r.apps[0].bw_frac);
    cr_assert_leq(r.apps[0].bw_frac, 1.001, "bw_frac %g", r.apps[0].bw_frac);
    bwm_run_result_free(&r);
}

Test(gpu, l2_way_partitioning_protects_a_small_working_set)
{
    bwm_synth_app apps[2] = {gh_app("SMALL", 2, 0.05, 0, 1, BWM_PATTERN_STREAM, 0.125, 4, 4),
                             gh_app("STR", 48, 1, 0, 4, BWM_PATTERN_STREAM, 256, 1, 8)};
    bwm_gpu_config part = gh_config("-bwm_l2_sharing partitioned");
    bwm_gpu_config shared = gh_config("-bwm_l2_sharing shared");
    bwm_run_result rp, rs;
    run_cycles(&part, 2, apps, "frfcfs", 0, 1, 20000, &rp);
    run_cycles(&shared, 2, apps, "frfcfs", 0, 1, 20000, &rs);
    /* the streamer evicts the small set's lines only when the L2 is shared */
    cr_assert_gt(rs.apps[0].l2_misses, 5 * rp.apps[0].l2_misses, "partitioned %llu, shared %llu",
                 (unsigned long long)rp.apps[0].l2_misses, (unsigned long long)rs.apps[0].l2_misses);
    cr_assert_lt((double)rp.apps[0].l2_misses, 0.01 * (double)rp.apps[0].l2_accesses);
    bwm_run_result_free(&rp);
    bwm_run_result_free(&rs);
}

Test(gpu, prioritising_one_application_moves_bandwidth_to_it)
{
    bwm_gpu_config cfg = gh_config(NULL);
    bwm_synth_app apps[2] = {gh_app("RND", 48, 0.2, 0, 8, BWM_PATTERN_RANDOM, 256, 2, 4),
                             gh_app("STR", 48, 0.5, 0, 4, BWM_PATTERN_STREAM, 256, 2, 4)};
    bwm_run_result fr, p1, p2;
    run_cycles(&cfg, 2, apps, "frfcfs", 0, 1, 20000, &fr);
    run_cycles(&cfg, 2, apps, "prior", 0, 1, 20000, &p1);
    run_cycles(&cfg, 2, apps, "prior", 1, 1, 20000, &p2);
    cr_log_info("bw frfcfs %g %g, prior-1 %g %g, prior-2 %g %g", fr.apps[0].bw, fr.apps[1].bw,
                p1.apps[0].bw, p1.apps[1].bw, p2.apps[0].bw, p2.apps[1].bw);
    cr_assert_gt(p1.apps[0].bw, fr.apps[0].bw);
    cr_assert_lt(p1.apps[1].bw, fr.apps[1].bw);
    cr_assert_gt(p2.apps[1].bw, fr.apps[1].bw);
    cr_assert_lt(p2.apps[0].bw, fr.apps[0].bw);
    bwm_run_result_free(&fr);
    bwm_run_result_free(&p1);
    bwm_run_result_free(&p2);
}

Test(gpu, bad_splits_and_too_many_applications)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 2");
    bwm_synth_app apps[3] = {gh_app("A", 4, 0.1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1),
                             gh_app("B", 4, 0.1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1),
                             gh_app("C", 4, 0.1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1)};
    bwm_gpu_params p = gh_params(3, apps, "frfcfs");
    bwm_gpu g;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "3 applications but only 2 SMs"), "%s", err.msg);
    p.n_apps = 2;
    p.split[0] = 2;
    p.split[1] = 1;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "split uses 3 SMs"), "%s", err.msg);
    p.split[1] = 0;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    /* shares that would overflow the sum are refused one by one */
    p.split[0] = p.split[1] = INT_MAX;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "application 1 gets 2147483647 SMs (1..2)"), "%s", err.msg);
    p.split[0] = p.split[1] = 1;
    p.sched = "nosuch";
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "nosuch"), "%s", err.msg);
}

/* One warp on one SM loading one new line at a time (loads only, used at
 * once) sweeps the footprint in runs of row_run lines.  memsys15 puts each
 * 256-byte chunk (2 lines) on the next of 6 channels, 16 chunks to a channel
 * row, so a run of R lines (R a multiple of 12, at most 192, run-aligned)
 * gives each channel R/6 lines of one row: one activation, R/6 − 1 hits.
 * Expected row-hit rate 1 − 6/R; a run of 2 lines is one chunk: 1/2. */
static double row_hit_rate_of_run(int run)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 1");
    bwm_synth_app a = gh_app("RUN", 1, 1, 0, 1, BWM_PATTERN_STREAM, 256, 1, 1);
    a.dep_distance = 1;
    a.row_run = run;
    bwm_run_result r;
    run_cycles(&cfg, 1, &a, "frfcfs", 0, 1, 60000, &r);
    double h = r.apps[0].row_hit_rate;
    bwm_run_result_free(&r);
    return h;
}

Test(gpu, the_row_run_sets_the_row_hit_rate)
{
    cr_assert_float_eq(row_hit_rate_of_run(2), 0.5, 0.01);
    cr_assert_float_eq(row_hit_rate_of_run(12), 0.5, 0.01);
    cr_assert_float_eq(row_hit_rate_of_run(48), 1 - 6.0 / 48, 0.01);
    cr_assert_float_eq(row_hit_rate_of_run(192), 1 - 6.0 / 192, 0.01);
    cr_assert_lt(row_hit_rate_of_run(1), 0.02, "single lines scattered over 256 MB seldom share a row");
}

/* Little's law in the whole GPU: one warp keeping L lines in flight moves
 * L lines per round trip, bw = L × 128 / latency (the measured average). */
Test(gpu, l_lines_in_flight_give_l_lines_per_latency)
{
    int ls[] = {1, 4, 8};
    for (int i = 0; i < 3; i++) {
        bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 1");
        bwm_synth_app a = gh_app("LIT", 1, 1, 0, 1, BWM_PATTERN_RANDOM, 256, 1, ls[i]);
        bwm_run_result r;
        run_cycles(&cfg, 1, &a, "frfcfs", 0, 1, 60000, &r);
        double bytes_per_cycle = r.apps[0].bw * 1e9 / (cfg.dram.core_mhz * 1e6);
        double little = ls[i] * 128.0 / r.apps[0].avg_mem_latency;
        cr_assert_float_eq(bytes_per_cycle, little, 0.02 * little, "L %d: %g B/cycle, L x 128 / %g = %g", ls[i],
                           bytes_per_cycle, r.apps[0].avg_mem_latency, little);
        bwm_run_result_free(&r);
    }
}

/* Clock periods and the window become integers: values that cannot are refused. */
Test(gpu, clocks_and_window_that_do_not_convert_are_refused)
{
    bwm_gpu_config cfg = gh_config("");
    bwm_synth_app a = gh_app("A", 4, 0.1, 0, 1, BWM_PATTERN_STREAM, 1, 1, 1);
    bwm_gpu_params p = gh_params(1, &a, "its");
    bwm_gpu g;
    bwm_err err;
    cfg.dram.l2_mhz = 1e-300;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "clock of 1e-300 MHz"), "%s", err.msg);
    cfg = gh_config("");
    p.window = INT64_MAX;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "window"), "%s", err.msg);
}

/* Loads of application app that the L2s let past (MeDiC's bypass). */
static uint64_t bypassed(const bwm_gpu *g, int app)
{
    uint64_t n = 0;
    for (int i = 0; i < g->n_subparts; i++)
        n += g->subparts[i].bypassed[app];
    return n;
}

/* HOT re-reads 64 KiB that stays in the L2; RND reads 64 MiB at random and
 * misses.  Under medic (knobs given) for 40000 cycles. */
static void run_medic(bwm_gpu *g, const char *knobs)
{
    static bwm_synth_app apps[2];
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 4");
    apps[0] = gh_app("HOT", 16, 0.3, 0, 4, BWM_PATTERN_STREAM, 0.0625, 2, 2);
    apps[1] = gh_app("RND", 16, 0.3, 0, 8, BWM_PATTERN_RANDOM, 64, 2, 2);
    bwm_sched_settings s = {0};
    bwm_err err;
    cr_assert_eq(bwm_sched_settings_add(&s, knobs, &err), BWM_OK, "%s", err.msg);
    bwm_gpu_params p = gh_params(2, apps, "medic");
    p.sched_params.settings = &s;
    p.seed = 3;
    cr_assert_eq(bwm_gpu_init(g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, 40000, 0, 0, 0, 0, 0, 0};
    bwm_run_result r;
    cr_assert_eq(bwm_run(g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g->pool.created, g->pool.freed);
    cr_assert(bwm_gpu_quiet(g));
    bwm_run_result_free(&r);
}

/* DRAM returns reads without back-pressure, so a slice bounds what it has
 * in flight: its MSHRs bound the fetches, and as many bypassed loads may
 * wait on DRAM.  With 4 MSHR entries per slice and unbounded controller
 * queues, RND's bypassed loads would otherwise pile up in the controllers
 * beyond what the slice's queue of returned lines holds. */
Test(gpu, medic_bounds_the_bypassed_loads_in_flight)
{
    static bwm_synth_app apps[2];
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 4\n-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:4:4,4:0,32\n"
                              "-gpgpu_frfcfs_dram_sched_queue_size 0");
    apps[0] = gh_app("HOT", 16, 0.3, 0, 4, BWM_PATTERN_STREAM, 0.0625, 2, 2);
    apps[1] = gh_app("RND", 16, 0.3, 0, 8, BWM_PATTERN_RANDOM, 64, 2, 2);
    bwm_sched_settings s = {0};
    bwm_err err;
    cr_assert_eq(bwm_sched_settings_add(&s, "sampling-interval=2000", &err), BWM_OK, "%s", err.msg);
    bwm_gpu_params p = gh_params(2, apps, "medic");
    p.sched_params.settings = &s;
    p.seed = 3;
    bwm_gpu g;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    int most = 0;
    for (int c = 0; c < 20000; c++) {
        cr_assert_eq(bwm_gpu_run_core_cycles(&g, 1, &err), BWM_OK, "%s", err.msg);
        for (int i = 0; i < g.n_subparts; i++)
            most = g.subparts[i].bypass_in_flight > most ? g.subparts[i].bypass_in_flight : most;
    }
    bwm_app_counters rnd;
    bwm_app_counters_take(&g, 1, &rnd);
    cr_assert_gt(bypassed(&g, 1), rnd.l2_accesses / 5, "RND's loads bypass (%llu of %llu)",
                 (unsigned long long)bypassed(&g, 1), (unsigned long long)rnd.l2_accesses);
    cr_expect_eq(most, 4, "the bound is reached and never passed");
    bwm_gpu_free(&g);
}

Test(gpu, medic_bypasses_the_missing_application_only)
{
    bwm_gpu g;
    run_medic(&g, "sampling-interval=10000");
    const bwm_warp_types *t = g.sched_params.warp_types;
    cr_assert_gt(t->classified[BWM_WARP_ALL_HIT] + t->classified[BWM_WARP_MOSTLY_HIT], 0);
    cr_assert_gt(t->classified[BWM_WARP_ALL_MISS] + t->classified[BWM_WARP_MOSTLY_MISS], 0);
    /* a bypassed load counts as an L2 access that missed; HOT's warps that
       profile while the L2 is cold are all-miss for their first interval
       (about 19 % of its loads), RND's miss throughout (about 89 %) */
    bwm_app_counters hot, rnd;
    bwm_app_counters_take(&g, 0, &hot);
    bwm_app_counters_take(&g, 1, &rnd);
    cr_assert_geq(rnd.l2_misses, bypassed(&g, 1));
    cr_assert_lt((double)bypassed(&g, 0), 0.3 * (double)hot.l2_accesses, "HOT's loads hit: few bypass");
    cr_assert_gt((double)bypassed(&g, 1), 0.8 * (double)rnd.l2_accesses, "RND's loads miss: most bypass");
    bwm_gpu_free(&g);
    run_medic(&g, "bypass=off");
    cr_assert_eq(bypassed(&g, 1), 0);
    cr_assert_gt(g.sched_params.warp_types->classified[BWM_WARP_ALL_MISS], 0);
    bwm_gpu_free(&g);
}
