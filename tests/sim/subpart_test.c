/* subpart_test.c — one memory sub-partition against GPGPU-Sim 3.x's
 * (l2cache.cc): a request the L2 refuses holds every request behind it
 * (head-of-line blocking), a miss needs two free miss-queue entries and a
 * hit none, and the sizes of -gpgpu_dram_partition_queues' queues, the
 * L2's miss queue and the controller's queue are the most each holds.  The slice runs alone on memsys15 (every clock alike), fed by
 * its request crossbar, its replies popped at the reply crossbar's output
 * (or left there, to fill it). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/sector.h"
#include "sim/icnt/xbar.h"
#include "sim/mc/memsys.h"
#include "sim/mem/subpart.h"
#include "tests/support/gpu_harness.h"

typedef struct rig {
    bwm_gpu_config cfg;
    bwm_req_pool pool;
    bwm_xbar *req, *rep;
    bwm_memsys mem;
    bwm_subpart sp;
    int64_t wake, now;
    int64_t answered[64]; /* cycle each request numbered by its slot was answered, -1: not yet */
    int pop_replies;
} rig;

static void dram_done(void *ctx, const bwm_mc_req *req, int64_t done)
{
    (void)done;
    rig *r = ctx;
    int32_t id = (int32_t)req->tag;
    if (bwm_req_at(&r->pool, id)->kind == BWM_MREQ_WRITEBACK)
        bwm_req_release(&r->pool, id);
    else
        bwm_subpart_returned(&r->sp, &r->pool, id);
}

static void rig_init(rig *r, const char *overrides)
{
    memset(r, 0, sizeof *r);
    char over[512];
    snprintf(over, sizeof over, "-gpgpu_clock_domains 1000:1000:1000:1000 %s", overrides);
    r->cfg = gh_config(over);
    bwm_err err;
    bwm_xbar_params req = {1, 1, r->cfg.flit_bytes, 64, 64, 0};
    bwm_xbar_params rep = {1, 1, r->cfg.flit_bytes, 64, 64, 0};
    cr_assert_eq(bwm_xbar_new(&r->req, &req, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_xbar_new(&r->rep, &rep, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_req_pool_init(&r->pool, 4096, &err), BWM_OK, "%s", err.msg);
    bwm_memsys_params mp = bwm_memsys_defaults();
    mp.done = dram_done;
    mp.done_ctx = r;
    cr_assert_eq(bwm_memsys_init(&r->mem, &r->cfg.dram, &mp, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_subpart_init(&r->sp, 0, &r->cfg, 1, &r->cfg.dram.map, &r->wake, &err), BWM_OK, "%s", err.msg);
    for (int i = 0; i < 64; i++)
        r->answered[i] = -1;
    r->pop_replies = 1;
}

static void rig_free(rig *r)
{
    bwm_subpart_free(&r->sp);
    bwm_memsys_free(&r->mem);
    bwm_req_pool_free(&r->pool);
    bwm_xbar_free(r->req);
    bwm_xbar_free(r->rep);
}

/* Line k of channel 0 (256-byte chunks among 6 channels), in DRAM row k. */
static uint64_t line(int k)
{
    return (uint64_t)k * 6 * 256 * 64;
}

/* A request of `kind` for the whole line at addr, in the pool; its number. */
static int32_t request(rig *r, uint64_t addr, bwm_mreq_kind kind)
{
    int32_t id = bwm_req_alloc(&r->pool);
    cr_assert(id >= 0 && id < 64);
    bwm_mreq *q = bwm_req_at(&r->pool, id);
    memset(q, 0, sizeof *q);
    q->line_addr = addr;
    bwm_addrmap_decode(&r->mem.cfg.map, addr, &q->da);
    cr_assert_eq(q->da.channel, 0);
    q->parent = -1;
    q->kind = (uint8_t)kind;
    q->sectors = q->dram_sectors = BWM_SECTORS_ALL;
    return id;
}

/* A load of the whole line at addr into the request crossbar; its pool number. */
static int32_t load(rig *r, uint64_t addr)
{
    int32_t id = request(r, addr, BWM_MREQ_LOAD);
    bwm_life_start(bwm_req_life_of(&r->pool, id), BWM_STAGE_REQ_XBAR, 0);
    cr_assert_eq(bwm_xbar_send(r->req, 0, 0, BWM_HEADER_BYTES, (uint64_t)id, r->now), 0, "crossbar full");
    return id;
}

static void step(rig *r)
{
    bwm_err err;
    bwm_xbar_tick(r->req, r->now);
    bwm_xbar_tick(r->rep, r->now);
    uint64_t id;
    if (r->pop_replies && bwm_xbar_pop(r->rep, 0, &id)) {
        r->answered[id] = r->now;
        bwm_req_release(&r->pool, (int32_t)id);
    }
    bwm_subpart_env env = {&r->pool, r->req, r->rep, r->now, &r->mem, r->now, NULL, r->now};
    cr_assert_eq(bwm_subpart_cycle(&r->sp, r->now, &env, &err), BWM_OK, "%s", err.msg);
    bwm_memsys_tick(&r->mem, r->now);
    r->now++;
}

static void run(rig *r, int cycles)
{
    for (int i = 0; i < cycles; i++)
        step(r);
}

/* Brings the line of the hits (line 9) into the L2: loaded and answered. */
static void warm(rig *r)
{
    int32_t id = load(r, line(9));
    run(r, 400);
    cr_assert(r->answered[id] >= 0, "line 9 is in the L2");
}

Test(subpart, a_refused_miss_holds_the_hit_behind_it)
{
    rig r;
    /* two MSHR entries */
    rig_init(&r, "-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:2:4,4:0,32");
    warm(&r);
    int64_t sent = r.now;
    int32_t a = load(&r, line(1));
    int32_t b = load(&r, line(2));
    int32_t c = load(&r, line(3));
    int32_t hit = load(&r, line(9));
    run(&r, 1000);
    cr_assert(r.answered[a] >= 0 && r.answered[b] >= 0 && r.answered[c] >= 0 && r.answered[hit] >= 0);
    /* line 3's miss waits for an MSHR, which the first fill of line 1 or 2
       frees; the hit on line 9 behind it waits as long (GPGPU-Sim: "L2
       cache lock-up: will try again next cycle", nothing behind the head
       is served) and is answered after that line */
    int64_t first = r.answered[a] < r.answered[b] ? r.answered[a] : r.answered[b];
    cr_assert_gt(r.answered[hit], first, "the hit (answered at %lld) waited for the first fill (%lld)",
                 (long long)(r.answered[hit] - sent), (long long)(first - sent));
    cr_assert_gt(first - sent, r.cfg.l2_rop_latency + r.cfg.dram_latency);
    cr_assert_gt(r.sp.stats.l2_stall, 0);
    rig_free(&r);

    /* with MSHRs to spare the same hit is answered within its ROP latency and the crossbars */
    rig_init(&r, "");
    warm(&r);
    sent = r.now;
    a = load(&r, line(1));
    load(&r, line(2));
    load(&r, line(3));
    hit = load(&r, line(9));
    run(&r, 1000);
    cr_assert_lt(r.answered[hit], r.answered[a]);
    cr_assert_lt(r.answered[hit] - sent, r.cfg.l2_rop_latency + 20);
    cr_assert_eq(r.sp.stats.l2_stall, 0);
    rig_free(&r);
}

Test(subpart, each_queue_holds_what_its_option_gives)
{
    rig r;
    /* the controller holds 1 request, the L2->DRAM queue 1, the miss queue 3
       (a load's miss needs 2 free), the crossbar->L2 queue 3; no DRAM
       latency, and a bank that takes 300 cycles from activate to read */
    rig_init(&r, "-gpgpu_frfcfs_dram_sched_queue_size 1 -gpgpu_dram_partition_queues 3:1:8:8 -dram_latency 0 "
                 "-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:256:4,3:0,32 "
                 "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=300:RAS=300:RP=12:RC=320:CL=12:WL=4:CDLR=5:WR=12:"
                 "nbkgrp=4:CCDL=3:RTPL=2\"");
    cr_assert_eq(r.sp.to_l2.cap, 3);
    cr_assert_eq(r.sp.to_dram.cap, 1);
    cr_assert_eq(r.sp.misses.cap, 3);
    cr_assert_eq(r.sp.replies.cap, 8);
    int32_t ids[10];
    for (int k = 0; k < 10; k++)
        ids[k] = load(&r, line(1 + k));
    run(&r, r.cfg.l2_rop_latency + 30);
    /* the first miss is in the controller (in DRAM service); the second
       waits in the L2->DRAM queue (the controller is full, so nothing enters
       the DRAM-latency queue); the third, at the head of the crossbar->L2
       queue, is refused because the L2->DRAM queue is full (GPGPU-Sim tries
       no access then, hit or miss: "if (!m_L2_dram_queue->full() && ...)"),
       so the miss queue, drained into the L2->DRAM queue the cycle before
       every access, stays empty; the third holds the two behind it, and
       the ROP queue has the other five */
    cr_assert_eq(r.sp.dram_lat.n, 0);
    cr_assert_eq(r.sp.to_dram.n, 1);
    cr_assert_eq(r.sp.misses.n, 0);
    cr_assert_eq(r.sp.to_l2.n, 3);
    cr_assert_eq(bwm_delay_head(&r.sp.to_l2), ids[2]);
    cr_assert_eq(r.sp.rop.n, 5);
    cr_assert_gt(r.sp.stats.l2_stall, 0);
    run(&r, 6000); /* ten rows of one bank, one after another, 320 cycles each */
    for (int k = 0; k < 10; k++)
        cr_assert(r.answered[ids[k]] >= 0, "load %d answered", k);
    cr_assert(bwm_subpart_idle(&r.sp));
    rig_free(&r);
}

Test(subpart, a_full_reply_queue_holds_hits)
{
    rig r;
    rig_init(&r, "-gpgpu_dram_partition_queues 8:8:8:2");
    warm(&r);
    r.pop_replies = 0; /* the reply crossbar's output fills and stays full */
    for (int k = 0; k < 40; k++)
        load(&r, line(9));
    run(&r, 400);
    /* the reply crossbar holds 24 replies of 5 flits (12 in its 64-flit
       input buffer, 12 in its output buffer, reserved at grant); the reply
       queue its 2; the next hit waits at the head */
    cr_assert_eq(r.sp.replies.n, 2);
    cr_assert_gt(r.sp.stats.l2_stall, 0);
    cr_assert_gt(r.sp.to_l2.n, 0);
    r.pop_replies = 1;
    run(&r, 600);
    cr_assert(bwm_subpart_idle(&r.sp));
    rig_free(&r);
}

/* A write-back of the line at addr, as a miss that evicted a dirty line leaves it. */
static int32_t writeback(rig *r, uint64_t addr)
{
    return request(r, addr, BWM_MREQ_WRITEBACK);
}

Test(subpart, a_short_miss_queue_refuses_a_miss_and_serves_a_hit)
{
    rig r;
    /* a miss queue of 2, no write allocation: a read miss needs both free */
    rig_init(&r, "-gpgpu_cache:dl2 N:64:128:16,L:B:m:N:L,A:256:4,2:0,32");
    warm(&r);
    /* a hit and a miss arrive; when they reach the L2, a miss and its
       dirty victim's write-back have just filled the miss queue: the next
       cycle moves one on to the L2->DRAM queue, which has room, and leaves
       one entry free */
    int32_t hit = load(&r, line(9));
    int32_t miss = load(&r, line(1));
    while (bwm_delay_peek(&r.sp.to_l2, r.now) != hit)
        step(&r);
    bwm_delay_push(&r.sp.misses, writeback(&r, line(20)), r.now);
    bwm_delay_push(&r.sp.misses, writeback(&r, line(21)), r.now);
    step(&r);
    /* the hit needs no miss-queue entry (GPGPU-Sim checks miss_queue_full
       only on the miss path): served */
    cr_assert_eq(bwm_delay_head(&r.sp.to_l2), miss, "the hit left the queue");
    cr_assert_eq(r.sp.misses.n, 1);
    /* the same for the miss behind it: one entry free after the cycle's
       move, and a read miss needs two (miss_queue_full(1)): refused, and
       held at the head */
    bwm_delay_push(&r.sp.misses, writeback(&r, line(22)), r.now);
    uint64_t stalls = r.sp.stats.l2_stall;
    step(&r);
    cr_assert_eq(r.sp.misses.n, 1);
    cr_assert_eq(r.sp.stats.l2_stall, stalls + 1, "the miss was refused");
    cr_assert_eq(bwm_delay_head(&r.sp.to_l2), miss);
    /* the next cycle's move frees the second entry: taken */
    step(&r);
    cr_assert_eq(r.sp.to_l2.n, 0);
    cr_assert_eq(r.sp.misses.n, 1, "the miss in the queue its predecessor left");
    run(&r, 600);
    cr_assert(r.answered[hit] >= 0 && r.answered[miss] >= 0);
    rig_free(&r);
}

/* MASK's L2 bypass compares each walk level's L2 hit rate with the data's
 * (sim/tlb/mmu.h): the slice counts the loads it takes and those it serves
 * without DRAM, and never a walk read, whatever the walk read finds. */
Test(subpart, the_l2_counts_its_data_reads_and_never_a_walk_read)
{
    rig r;
    rig_init(&r, "");
    warm(&r); /* line 9: a load that missed */
    cr_assert_eq(r.sp.stats.data_reads, 1);
    cr_assert_eq(r.sp.stats.data_reads_served, 0);
    int32_t hit = load(&r, line(9));        /* served: in the L2 */
    int32_t first = load(&r, line(3));      /* a miss ... */
    int32_t merged = load(&r, line(3));     /* ... and a read that joins it: served without DRAM */
    int32_t walk = request(&r, line(9), BWM_MREQ_WALK); /* a walk read that hits: not data */
    bwm_life_start(bwm_req_life_of(&r.pool, walk), BWM_STAGE_REQ_XBAR, 0);
    cr_assert_eq(bwm_xbar_send(r.req, 0, 0, BWM_HEADER_BYTES, (uint64_t)walk, r.now), 0);
    int32_t walk_miss = request(&r, line(4), BWM_MREQ_WALK);
    bwm_life_start(bwm_req_life_of(&r.pool, walk_miss), BWM_STAGE_REQ_XBAR, 0);
    cr_assert_eq(bwm_xbar_send(r.req, 0, 0, BWM_HEADER_BYTES, (uint64_t)walk_miss, r.now), 0);
    run(&r, 1000);
    int32_t ids[] = {hit, first, merged, walk, walk_miss};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        cr_assert_geq(r.answered[ids[i]], 0, "request %zu answered", i);
    cr_assert_eq(r.sp.stats.data_reads, 4);
    cr_assert_eq(r.sp.stats.data_reads_served, 2);
    rig_free(&r);
}
