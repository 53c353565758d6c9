/* mc_test.c — the memory controller on the hand-derivation configuration
 * (tests/support/dram_cfg.h: RCD 12, CL 12, RP 12, RAS 28, RC 40, RRD 6,
 * CCD 2, CCDL 3, WL 4, CDLR 5, burst 2 cycles of 32 bytes): latencies
 * derived by hand, arbitration, scheduling order of FR-FCFS and FCFS,
 * back-pressure, conservation, determinism, skipping between events changing
 * nothing, refresh, and a policy plugged in
 * from outside the registry. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "sim/mc/mc.h"
#include "util/rng.h"
#include "tests/support/dram_cfg.h"

#define MAXREQ 4096

typedef struct run {
    int64_t done[MAXREQ];
    int64_t arrival[MAXREQ];
    int times_done[MAXREQ];
    int order[MAXREQ];
    int n_done;
} run;

typedef struct offer {
    int64_t at;
    int bank, row, is_write;
    uint32_t bytes;
} offer;

static bwm_dram_config cfg;
static run R;
static bwm_mc M;     /* the controller of the running test */
static int M_live;

static void on_done(void *ctx, const bwm_mc_req *r, int64_t done)
{
    run *x = ctx;
    cr_assert_lt(r->tag, (uint64_t)MAXREQ);
    x->done[r->tag] = done;
    x->arrival[r->tag] = r->arrival;
    x->times_done[r->tag]++;
    x->order[x->n_done++] = (int)r->tag;
}

static void make(bwm_mc *mc, const bwm_sched_ops *sched, int queue, int n_apps)
{
    memset(&R, 0, sizeof R);
    bwm_mc_params p = {sched, queue, n_apps, 0, on_done, &R, NULL, 0, NULL};
    bwm_err err;
    cr_assert_eq(bwm_mc_init(mc, 0, &cfg, &p, &err), BWM_OK, "%s", err.msg);
}

static bwm_mc_req request(int bank, int row, int is_write, uint32_t bytes, uint64_t tag)
{
    bwm_mc_req r;
    memset(&r, 0, sizeof r);
    r.da.bank = (uint32_t)bank;
    r.da.bank_group = (uint32_t)bank / 2;
    r.da.row = (uint32_t)row;
    r.is_write = (uint8_t)is_write;
    r.bytes = bytes ? bytes : TEST_BURST_BYTES;
    r.tag = tag;
    r.sm = r.warp = -1;
    return r;
}

/* Offers o[i] (tag i) at its cycle and runs the controller until idle,
 * jumping from event to event. */
static void drive(bwm_mc *mc, const offer *o, int n)
{
    int64_t now = 0;
    int i = 0;
    while (i < n || !bwm_mc_idle(mc)) {
        while (i < n && o[i].at <= now) {
            bwm_mc_req r = request(o[i].bank, o[i].row, o[i].is_write, o[i].bytes, (uint64_t)i);
            cr_assert_eq(bwm_mc_enqueue(mc, &r, now), BWM_MC_ACCEPTED);
            i++;
        }
        bwm_mc_tick(mc, now);
        if (i == n && bwm_mc_idle(mc))
            break;
        int64_t next = bwm_mc_next_event(mc);
        if (i < n && o[i].at < next)
            next = o[i].at;
        now = next > now ? next : now + 1;
        cr_assert_lt(now, 10000000, "the controller does not finish");
    }
}

static int64_t latency(int tag)
{
    cr_assert_eq(R.times_done[tag], 1);
    return R.done[tag] - R.arrival[tag];
}

static void setup(void)
{
    bwm_test_dram_config(&cfg);
    M_live = 0;
}

static void teardown(void)
{
    if (M_live)
        bwm_mc_free(&M);
}

TestSuite(mc, .init = setup, .fini = teardown);

/* A fresh controller M, freed by the suite's teardown. */
static bwm_mc *start(const bwm_sched_ops *sched, int queue, int n_apps)
{
    make(&M, sched, queue, n_apps);
    M_live = 1;
    return &M;
}

/* M's counts (its banks' added up). */
static bwm_mc_counts totals(void)
{
    bwm_mc_stats s;
    bwm_mc_get_stats(&M, &s);
    return s.c;
}

/* Runs the offers through a fresh FR-FCFS (or the given) controller M. */
static void serve(const bwm_sched_ops *sched, const offer *o, int n)
{
    drive(start(sched ? sched : &bwm_sched_frfcfs, 16, 1), o, n);
}

Test(mc, read_to_a_closed_bank)
{
    offer o[] = {{0, 0, 1, 0, 0}};
    serve(NULL, o, 1);
    cr_assert_eq(latency(0), 12 + 12 + TEST_BURST, "RCD + CL + burst");
    cr_assert_eq(totals().row_misses, 1);
}

Test(mc, row_hit)
{
    offer o[] = {{0, 0, 1, 0, 0}, {100, 0, 1, 0, 0}};
    serve(NULL, o, 2);
    cr_assert_eq(latency(1), 12 + TEST_BURST, "CL + burst");
    cr_assert_eq(totals().row_hits, 1);
}

Test(mc, row_conflict)
{
    offer o[] = {{0, 0, 1, 0, 0}, {100, 0, 2, 0, 0}};
    serve(NULL, o, 2);
    cr_assert_eq(latency(1), 12 + 12 + 12 + TEST_BURST, "RP + RCD + CL + burst");
    cr_assert_eq(totals().row_conflicts, 1);
}

Test(mc, row_conflict_waits_for_ras)
{
    /* the first request's ACT is at 0, so the precharge waits until tRAS = 28 */
    offer o[] = {{0, 0, 1, 0, 0}, {13, 0, 2, 0, 0}};
    serve(NULL, o, 2);
    cr_assert_eq(R.done[1], 28 + 12 + 12 + 12 + TEST_BURST, "tRAS + RP + RCD + CL + burst");
    cr_assert_eq(latency(1), 28 + 12 + 12 + 12 + TEST_BURST - 13);
}

Test(mc, back_to_back_hits_across_bank_groups_use_ccd)
{
    offer o[] = {{0, 0, 1, 0, 0}, {0, 2, 1, 0, 0}, {200, 0, 1, 0, 0}, {200, 2, 1, 0, 0}};
    serve(NULL, o, 4);
    cr_assert_eq(latency(2), 12 + TEST_BURST);
    cr_assert_eq(R.done[3] - R.done[2], 2, "tCCD");
}

Test(mc, back_to_back_hits_within_a_bank_group_use_ccdl)
{
    offer o[] = {{0, 0, 1, 0, 0}, {0, 1, 1, 0, 0}, {200, 0, 1, 0, 0}, {200, 1, 1, 0, 0}};
    serve(NULL, o, 4);
    cr_assert_eq(latency(2), 12 + TEST_BURST);
    cr_assert_eq(R.done[3] - R.done[2], 3, "tCCDL");
}

Test(mc, activates_are_spaced_by_rrd)
{
    offer o[] = {{0, 0, 1, 0, 0}, {0, 2, 1, 0, 0}};
    serve(NULL, o, 2);
    cr_assert_eq(R.done[0], 12 + 12 + TEST_BURST);
    cr_assert_eq(R.done[1] - R.done[0], 6, "tRRD");
}

Test(mc, column_commands_win_the_command_bus)
{
    /* at cycle 12 bank 0's read and bank 4's activate are both ready: the
     * read goes first and the activate slips to 13 */
    offer o[] = {{0, 0, 1, 0, 0}, {0, 2, 1, 0, 0}, {0, 4, 1, 0, 0}};
    serve(NULL, o, 3);
    cr_assert_eq(R.done[0], 26);
    cr_assert_eq(R.done[1], 32);
    cr_assert_eq(R.done[2], 13 + 12 + 12 + TEST_BURST);
}

Test(mc, write_then_read)
{
    offer o[] = {{0, 0, 1, 0, 0}, {0, 2, 1, 0, 0}, {200, 0, 1, 1, 0}, {200, 2, 1, 0, 0}};
    serve(NULL, o, 4);
    cr_assert_eq(R.done[2], 200 + 4 + TEST_BURST, "the write's data: WL + burst");
    cr_assert_eq(latency(3), 4 + TEST_BURST + 5 + 12 + TEST_BURST, "WL + burst + CDLR, then CL + burst");
}

Test(mc, read_then_write)
{
    offer o[] = {{0, 0, 1, 0, 0}, {0, 2, 1, 0, 0}, {200, 0, 1, 0, 0}, {200, 2, 1, 1, 0}};
    serve(NULL, o, 4);
    cr_assert_eq(R.done[3], 200 + 12 + 4 + TEST_BURST, "tRTW (12), then WL + burst");
}

Test(mc, a_request_larger_than_a_burst_takes_several)
{
    offer o[] = {{0, 0, 1, 0, 128}};
    serve(NULL, o, 1);
    cr_assert_eq(latency(0), 12 + 3 * 3 + 12 + TEST_BURST, "RCD + 3 x CCDL + CL + burst");
    cr_assert_eq(totals().bursts, 4);
    cr_assert_eq(totals().bytes, 128);
}

/* Bank 0: an old request opens row 1; then an older miss (row 2) and a
 * younger hit (row 1) wait behind it. */
static const offer hit_vs_miss[] = {{0, 0, 1, 0, 0}, {0, 0, 2, 0, 0}, {0, 0, 1, 0, 0}};

Test(mc, frfcfs_serves_a_younger_row_hit_first)
{
    serve(NULL, hit_vs_miss, 3);
    cr_assert_eq(R.order[0], 0);
    cr_assert_eq(R.order[1], 2, "the younger hit is served before the older miss");
    cr_assert_eq(R.order[2], 1);
    cr_assert_eq(totals().row_hits, 1);
    cr_assert_eq(totals().row_conflicts, 1);
}

/* The controller counts a bank's waiting requests by row bucket to skip
 * counting hits when a row opens: rows 1, 1 + BWM_MC_ROW_BUCKETS and
 * 1 + 2 * BWM_MC_ROW_BUCKETS share a bucket, and only row 1's younger
 * request is a hit when request 0 opens row 1 (also after request 1, of
 * another row of the bucket, has left the queue). */
Test(mc, frfcfs_counts_hits_among_rows_sharing_a_bucket)
{
    const int other = 1 + BWM_MC_ROW_BUCKETS, third = 1 + 2 * BWM_MC_ROW_BUCKETS;
    const offer o[] = {{0, 0, 1, 0, 0}, {0, 0, other, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, third, 0, 0},
                       {0, 0, third, 0, 0}};
    serve(NULL, o, 5);
    cr_assert_eq(R.order[0], 0);
    cr_assert_eq(R.order[1], 2, "the younger hit to row 1 goes first, not the other row of its bucket");
    cr_assert_eq(R.order[2], 1);
    cr_assert_eq(R.order[3], 3);
    cr_assert_eq(R.order[4], 4);
    cr_assert_eq(totals().row_hits, 2);
    cr_assert_eq(totals().row_misses, 1);
    cr_assert_eq(totals().row_conflicts, 2);
}

Test(mc, fcfs_serves_in_arrival_order)
{
    serve(&bwm_sched_fcfs, hit_vs_miss, 3);
    cr_assert_eq(R.order[0], 0);
    cr_assert_eq(R.order[1], 1, "the older miss goes first");
    cr_assert_eq(R.order[2], 2);
    cr_assert_eq(totals().row_hits, 0);
    cr_assert_eq(totals().row_conflicts, 2);
}

Test(mc, a_full_queue_refuses_and_then_accepts)
{
    bwm_mc *mc = start(&bwm_sched_frfcfs, 4, 1);
    for (int i = 0; i < 4; i++) {
        bwm_mc_req r = request(i, 1, 0, 0, (uint64_t)i);
        cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_ACCEPTED);
    }
    bwm_mc_req r = request(5, 1, 0, 0, 4);
    cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_FULL);
    cr_assert_eq(bwm_mc_occupancy(mc), 4);
    int64_t now = 0;
    while (bwm_mc_enqueue(mc, &r, now) == BWM_MC_FULL) {
        bwm_mc_tick(mc, now);
        now = bwm_mc_next_event(mc);
        cr_assert_lt(now, 1000);
    }
    cr_assert_gt(now, 0);
}

Test(mc, an_unbounded_queue_grows)
{
    bwm_mc *mc = start(&bwm_sched_frfcfs, 0, 1);
    for (int i = 0; i < 300; i++) {
        bwm_mc_req r = request(i % 8, i % 5, 0, 0, (uint64_t)i);
        cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_ACCEPTED);
    }
    drive(mc, NULL, 0);
    cr_assert_eq(R.n_done, 300);
}

Test(mc, invalid_requests_are_refused)
{
    bwm_mc *mc = start(&bwm_sched_frfcfs, 4, 2);
    bwm_mc_req r = request(8, 1, 0, 0, 0);
    cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_INVALID, "bank 8 of 8");
    r = request(0, 1, 0, 0, 0);
    r.app = 2;
    cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_INVALID, "application 2 of 2");
    r.app = 0;
    r.bytes = 0;
    cr_assert_eq(bwm_mc_enqueue(mc, &r, 0), BWM_MC_INVALID, "zero bytes");
    cr_assert_eq(bwm_mc_occupancy(mc), 0);
}

/* Random requests from two applications offered as fast as accepted;
 * check (may be NULL) looks at the controller after every tick. */
static void random_run_checked(bwm_mc *mc, uint64_t seed, int n, void (*check)(const bwm_mc *mc, int64_t now))
{
    bwm_rng rng;
    bwm_rng_seed(&rng, seed);
    int64_t now = 0;
    int i = 0;
    bwm_mc_req r = {0};
    int have = 0;
    while (i < n || have || !bwm_mc_idle(mc)) {
        for (;;) {
            if (!have && i < n) {
                r = request((int)bwm_rng_below(&rng, 8), (int)bwm_rng_below(&rng, 4),
                            bwm_rng_uniform(&rng) < 0.3, (uint32_t)(1 + bwm_rng_below(&rng, 128)),
                            (uint64_t)i);
                r.app = (int32_t)bwm_rng_below(&rng, 2);
                have = 1;
                i++;
            }
            if (!have || bwm_mc_enqueue(mc, &r, now) != BWM_MC_ACCEPTED)
                break;
            have = 0;
        }
        bwm_mc_tick(mc, now);
        if (check)
            check(mc, now);
        if (i == n && !have && bwm_mc_idle(mc))
            break;
        int64_t next = bwm_mc_next_event(mc);
        now = next > now ? next : now + 1;
        cr_assert_lt(now, 100000000);
    }
}

static void random_run(bwm_mc *mc, uint64_t seed, int n)
{
    random_run_checked(mc, seed, n, NULL);
}

/* The command choice's first candidate, kept by the controller after each
 * command, against a scan of the banks in service: the earliest ready
 * cycle, and the bank ready then that is first in the choice (column
 * commands first, then the oldest request). */
static void check_first_candidate(const bwm_mc *mc, int64_t now)
{
    if (mc->busy_mask & (mc->cmd_stale | mc->floor_stale))
        return; /* recomputed before the next choice */
    int64_t first = BWM_DRAM_NEVER;
    int best = -1;
    for (int b = 0; b < mc->n_banks; b++) {
        if (!(mc->busy_mask >> b & 1))
            continue;
        if (mc->ready_at[b] < first || (mc->ready_at[b] == first && mc->key[b] < mc->key[best])) {
            first = mc->ready_at[b];
            best = b;
        }
    }
    cr_assert_eq(mc->first_ready, first, "cycle %lld", (long long)now);
    if (best >= 0)
        cr_assert_eq(mc->first_bank, best, "cycle %lld", (long long)now);
}

Test(mc, the_first_candidate_is_the_earliest_ready_bank)
{
    bwm_mc *mc = start(&bwm_sched_frfcfs, 16, 2);
    random_run_checked(mc, 13, 3000, check_first_candidate);
    cr_assert_eq(R.n_done, 3000);
}

Test(mc, every_request_is_served_exactly_once)
{
    bwm_mc *mc = start(&bwm_sched_frfcfs, 16, 2);
    int n = 3000;
    random_run(mc, 7, n);
    cr_assert_eq(R.n_done, n);
    for (int i = 0; i < n; i++)
        cr_assert_eq(R.times_done[i], 1, "request %d served %d times", i, R.times_done[i]);
    bwm_mc_stats s; /* the banks' counts added up */
    bwm_mc_get_stats(mc, &s);
    const bwm_mc_counts *c = &s.c;
    cr_assert_eq(c->requests, (uint64_t)n);
    cr_assert_eq(c->reads + c->writes, (uint64_t)n);
    cr_assert_eq(c->row_hits + c->row_misses + c->row_conflicts, (uint64_t)n);
    cr_assert_eq(c->bytes, c->bursts * TEST_BURST_BYTES);
    cr_assert_eq(s.read_latency.count, c->reads);
    bwm_mc_counts apps = {0}; /* counted apart, per application */
    for (int a = 0; a < 2; a++) {
        apps.requests += mc->apps[a].c.requests;
        apps.bytes += mc->apps[a].c.bytes;
        cr_assert_eq(mc->apps[a].queued, 0);
    }
    cr_assert_eq(apps.requests, c->requests);
    cr_assert_eq(apps.bytes, c->bytes);
    cr_assert_eq(s.n_cmds[BWM_CMD_RD] + s.n_cmds[BWM_CMD_WR], c->bursts);
    cr_assert_eq(s.n_cmds[BWM_CMD_ACT], c->row_misses + c->row_conflicts);
    cr_assert_eq(s.data_cycles, c->bursts * TEST_BURST);
}

Test(mc, bank_latency_histograms_add_up_to_the_channels_when_asked_for)
{
    cr_assert_null(start(&bwm_sched_frfcfs, 16, 1)->stats.bank_latency, "not kept unless asked for");
    bwm_mc_free(&M);
    M_live = 0;
    memset(&R, 0, sizeof R);
    bwm_mc_params p = {&bwm_sched_frfcfs, 16, 2, 0, on_done, &R, NULL, 1, NULL};
    bwm_err err;
    cr_assert_eq(bwm_mc_init(&M, 0, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    M_live = 1;
    random_run(&M, 11, 2000);
    bwm_mc_stats s;
    bwm_mc_get_stats(&M, &s);
    bwm_lat_hist sum;
    memset(&sum, 0, sizeof sum);
    for (int b = 0; b < M.n_banks; b++) {
        cr_assert_eq(M.stats.bank_latency[b].count, M.stats.bank[b].c.reads, "bank %d", b);
        bwm_lat_hist_merge(&sum, &M.stats.bank_latency[b]);
    }
    cr_assert_gt(s.read_latency.count, 0);
    cr_assert(memcmp(&sum, &s.read_latency, sizeof sum) == 0);
}

/* Offers o[i] at its cycle like drive(), but ticks the controller in every
 * cycle instead of jumping to bwm_mc_next_event. */
static void drive_each_cycle(bwm_mc *mc, const offer *o, int n)
{
    int i = 0;
    for (int64_t now = 0; i < n || !bwm_mc_idle(mc); now++) {
        for (; i < n && o[i].at <= now; i++) {
            bwm_mc_req r = request(o[i].bank, o[i].row, o[i].is_write, o[i].bytes, (uint64_t)i);
            cr_assert_eq(bwm_mc_enqueue(mc, &r, now), BWM_MC_ACCEPTED);
        }
        bwm_mc_tick(mc, now);
        cr_assert_lt(now, 10000000, "the controller does not finish");
    }
}

/* Skipping to the next event is only a speed-up: a controller ticked in
 * every cycle serves every request at the same cycle, also with a write
 * queue (whose mode must not depend on when the controller looks), a dual
 * command bus and refresh. */
Test(mc, ticking_every_cycle_or_from_event_to_event_serves_alike)
{
    enum { N = 1500 };
    static offer o[N];
    static int64_t skipping[N];
    bwm_rng rng;
    bwm_rng_seed(&rng, 5);
    int64_t at = 0;
    for (int i = 0; i < N; i++) {
        /* bursts of reads and writes with pauses between them */
        at += i % 50 == 0 ? 300 : (int64_t)bwm_rng_below(&rng, 6);
        o[i] = (offer){at, (int)bwm_rng_below(&rng, 8), (int)bwm_rng_below(&rng, 3), bwm_rng_uniform(&rng) < 0.5,
                       (uint32_t)(1 + bwm_rng_below(&rng, 96))};
    }
    for (int variant = 0; variant < 4; variant++) {
        bwm_test_dram_config(&cfg);
        if (variant >= 1) {
            cfg.write_queue = 1;
            cfg.write_queue_size = 256;
            cfg.write_high = 12;
            cfg.write_low = 4;
        }
        if (variant >= 2)
            cfg.dual_bus = 1;
        if (variant >= 3) {
            cfg.t.REFI = 500;
            cfg.t.RFC = 30;
        }
        bwm_mc a;
        make(&a, &bwm_sched_frfcfs, 4096, 1);
        drive(&a, o, N);
        cr_assert_eq(R.n_done, N, "variant %d", variant);
        memcpy(skipping, R.done, sizeof skipping);
        bwm_mc_free(&a);
        make(&a, &bwm_sched_frfcfs, 4096, 1);
        drive_each_cycle(&a, o, N);
        cr_assert_eq(R.n_done, N, "variant %d", variant);
        for (int i = 0; i < N; i++)
            cr_assert_eq(R.done[i], skipping[i], "variant %d, request %d: done at %lld ticking every cycle, %lld "
                         "skipping", variant, i, (long long)R.done[i], (long long)skipping[i]);
        bwm_mc_free(&a);
    }
}

/* The controller wakes only when it has something to do: every tick at
 * bwm_mc_next_event issues a command or completes a request, unless a
 * request arrived in that cycle (the arbiter's wake-up cycle is exact, so
 * it never ticks to find another bank's command took the cycle it waited
 * for, and completions alone do not run the arbiter). */
Test(mc, every_tick_at_the_next_event_does_something)
{
    enum { N = 3000 };
    static offer o[N];
    bwm_rng rng;
    bwm_rng_seed(&rng, 11);
    int64_t at = 0;
    for (int i = 0; i < N; i++) {
        at += (int64_t)bwm_rng_below(&rng, 4);
        o[i] = (offer){at, (int)bwm_rng_below(&rng, 8), (int)bwm_rng_below(&rng, 4), bwm_rng_uniform(&rng) < 0.3,
                       (uint32_t)(1 + bwm_rng_below(&rng, 96))};
    }
    for (int variant = 0; variant < 3; variant++) {
        bwm_test_dram_config(&cfg);
        cfg.dual_bus = variant == 1;
        if (variant == 2) {
            cfg.write_queue = 1;
            cfg.write_queue_size = 256;
            cfg.write_high = 12;
            cfg.write_low = 4;
        }
        bwm_mc mc;
        make(&mc, &bwm_sched_frfcfs, 4096, 1);
        int64_t now = 0, idle_ticks = 0, ticks = 0;
        int i = 0;
        while (i < N || !bwm_mc_idle(&mc)) {
            int arrived = 0;
            for (; i < N && o[i].at <= now; i++, arrived = 1) {
                bwm_mc_req r = request(o[i].bank, o[i].row, o[i].is_write, o[i].bytes, (uint64_t)i);
                cr_assert_eq(bwm_mc_enqueue(&mc, &r, now), BWM_MC_ACCEPTED);
            }
            if (now >= bwm_mc_next_event(&mc)) {
                bwm_mc_stats before, after;
                bwm_mc_get_stats(&mc, &before);
                int done = R.n_done;
                bwm_mc_tick(&mc, now);
                bwm_mc_get_stats(&mc, &after);
                int acted = R.n_done != done;
                for (int k = 0; k < BWM_CMD_COUNT; k++)
                    acted |= after.n_cmds[k] != before.n_cmds[k];
                ticks++;
                idle_ticks += !acted && !arrived;
            }
            if (i == N && bwm_mc_idle(&mc))
                break;
            int64_t next = bwm_mc_next_event(&mc);
            if (i < N && o[i].at < next)
                next = o[i].at;
            now = next > now ? next : now + 1;
            cr_assert_lt(now, 10000000, "the controller does not finish");
        }
        cr_assert_eq(R.n_done, N, "variant %d", variant);
        cr_assert_eq(idle_ticks, 0, "variant %d: %lld of %lld ticks found nothing to do", variant,
                     (long long)idle_ticks, (long long)ticks);
        bwm_mc_free(&mc);
    }
}

Test(mc, runs_are_deterministic)
{
    bwm_mc a, b;
    make(&a, &bwm_sched_frfcfs, 16, 2);
    random_run(&a, 99, 2000);
    int order[MAXREQ];
    memcpy(order, R.order, sizeof order);
    make(&b, &bwm_sched_frfcfs, 16, 2);
    random_run(&b, 99, 2000);
    bwm_mc_stats sa, sb;
    bwm_mc_get_stats(&a, &sa);
    bwm_mc_get_stats(&b, &sb);
    cr_assert(memcmp(&sa, &sb, sizeof sa) == 0);
    cr_assert(memcmp(order, R.order, sizeof order) == 0);
    bwm_mc_free(&a);
    bwm_mc_free(&b);
}

Test(mc, refresh_runs_and_every_request_is_still_served)
{
    cfg.t.REFI = 300;
    cfg.t.RFC = 30;
    bwm_mc *mc = start(&bwm_sched_frfcfs, 16, 2);
    random_run(mc, 3, 1000);
    cr_assert_eq(R.n_done, 1000);
    bwm_mc_stats s;
    bwm_mc_get_stats(mc, &s);
    int64_t expect = s.last_done / 300;
    cr_assert_geq((int64_t)s.n_cmds[BWM_CMD_REF], expect - 1);
    cr_assert_leq((int64_t)s.n_cmds[BWM_CMD_REF], expect + 1);
}

/* A policy defined here, outside the registry: newest request first, and a
 * count of its windows.  Shows that a policy is a plain struct. */
typedef struct lifo_state {
    int windows;
    int enqueued;
    int tag; /* copied from the context the controller was given */
} lifo_state;

static int lifo_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    lifo_state *st = calloc(1, sizeof *st);
    if (!st)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    st->tag = *(const int *)mc->sched_ctx;
    *state = st;
    return BWM_OK;
}

static void lifo_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    (void)mc;
    (void)slot;
    ((lifo_state *)state)->enqueued++;
}

static int32_t lifo_pick(void *state, const bwm_mc *mc, int bank)
{
    (void)state;
    return mc->banks[bank].tail;
}

static void lifo_window(void *state, const bwm_mc *mc, int64_t now)
{
    (void)mc;
    (void)now;
    ((lifo_state *)state)->windows++;
}

static const bwm_sched_ops lifo = {"lifo", "newest first", lifo_init, lifo_enqueue, lifo_pick,
                                   lifo_window, free, NULL, 0, 0, NULL, NULL, 0};

Test(mc, a_policy_is_a_struct_of_functions)
{
    bwm_mc mc;
    memset(&R, 0, sizeof R);
    int tag = 1234;
    bwm_mc_params p = {&lifo, 16, 1, 100, on_done, &R, &tag, 0, NULL};
    bwm_err err;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_OK);
    offer o[] = {{0, 0, 1, 0, 0}, {0, 0, 2, 0, 0}, {0, 0, 3, 0, 0}, {0, 0, 4, 0, 0}};
    drive(&mc, o, 4);
    for (int k = 0; k < 4; k++)
        cr_assert_eq(R.order[k], 3 - k, "newest first");
    lifo_state *st = mc.sched_state;
    cr_assert_eq(st->enqueued, 4);
    cr_assert_eq(st->tag, 1234, "the policy reads its context");
    cr_assert_eq(st->windows, (int)(R.done[0] / 100), "one window per 100 cycles up to the last event");
    bwm_mc_free(&mc);
}

Test(mc, the_registry_finds_policies_and_reports_unknown_names)
{
    const bwm_sched_ops *s = NULL;
    bwm_err err;
    cr_assert_eq(bwm_sched_lookup("fcfs", &s, &err), BWM_OK);
    cr_assert_eq(s, &bwm_sched_fcfs);
    cr_assert_eq(bwm_sched_lookup("frfcfs", &s, &err), BWM_OK);
    cr_assert_eq(s, &bwm_sched_frfcfs);
    cr_assert_eq(bwm_sched_lookup("fifo", &s, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "'fifo'") && strstr(err.msg, "fcfs, frfcfs"), "%s", err.msg);
    size_t n = bwm_sched_count();
    cr_assert_gt(n, 2);
    for (size_t i = 0; i < n; i++) { /* each one found by its name, which no other takes */
        const bwm_sched_ops *p = bwm_sched_at(i);
        cr_assert(p && p->pick, "policy %zu", i);
        cr_assert_eq(bwm_sched_lookup(p->name, &s, &err), BWM_OK, "%s", p->name);
        cr_assert_eq(s, p, "%s is the first of its name", p->name);
        cr_assert(!p->trace_mode || !p->hooks, "%s runs on a trace, with nothing beyond the controller", p->name);
        cr_assert(!p->hooks || p->hooks->attach, "%s's hooks attach", p->name);
    }
    cr_assert_eq(bwm_sched_at(n), NULL);
}

Test(mc, init_rejects_bad_parameters)
{
    bwm_mc mc;
    bwm_err err;
    bwm_mc_params p = {NULL, 16, 1, 0, NULL, NULL, NULL, 0, NULL};
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_EINPUT);
    p.sched = &bwm_sched_fcfs;
    p.n_apps = 0;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_EINPUT);
    p.n_apps = 1;
    cfg.t.RP = 0;
    cr_assert_eq(bwm_mc_init(&mc, 0, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "RP") != NULL, "%s", err.msg);
}
