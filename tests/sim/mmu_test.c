/* mmu_test.c — the shared translation hardware (sim/tlb/mmu.h) on its
 * own, with a link that records what it sends and answers each read when
 * told: a 4-level walk reads the four entries the page table places (hand
 * derived), the L2 TLB then hits after its latencies, a read's latency
 * counts its wait for the link, the page-walk cache
 * saves the levels it holds, warps waiting on one page share one walk, the
 * walker's limit queues walks, a static partition keeps each
 * application to its ways, and large pages: a coalesced page's walk reads
 * its leaf node's first entry, a large-only page's one level less, and the
 * large-page entries answer every page of the large page after; and the
 * bytes its queues take, for the memory limit. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/tlb/mmu.h"

#define MAX_EVENTS 64

typedef struct fake {
    int sends, dones;
    int refusals;              /* the link refuses this many sends first */
    unsigned dram_levels;      /* bit L: reads of level L come from DRAM (0: every other read does) */
    uint64_t data_accesses, data_hits;
    int bypass[MAX_EVENTS];
    uint64_t pa[MAX_EVENTS];
    int32_t walk[MAX_EVENTS];
    int level[MAX_EVENTS];
    int64_t sent_at[MAX_EVENTS];
    int done_warp[MAX_EVENTS];
    uint64_t done_page[MAX_EVENTS];
    int done_large[MAX_EVENTS];
    int64_t done_at[MAX_EVENTS];
} fake;

static int can_send(void *ctx, int sm)
{
    (void)sm;
    fake *f = ctx;
    if (f->refusals > 0) {
        f->refusals--;
        return 0;
    }
    return 1;
}

static void send(void *ctx, int sm, int warp, int app, uint64_t pa, int32_t walk, int level, int l2_bypass,
                 int64_t now)
{
    (void)sm, (void)warp, (void)app;
    fake *f = ctx;
    cr_assert_lt(f->sends, MAX_EVENTS);
    f->bypass[f->sends] = l2_bypass;
    f->pa[f->sends] = pa;
    f->walk[f->sends] = walk;
    f->level[f->sends] = level;
    f->sent_at[f->sends++] = now;
}

static void done(void *ctx, int sm, int warp, uint64_t vpage, int large, int64_t now)
{
    (void)sm;
    fake *f = ctx;
    f->done_large[f->dones] = large;
    f->done_warp[f->dones] = warp;
    f->done_page[f->dones] = vpage;
    f->done_at[f->dones++] = now;
}

static void l2_data(void *ctx, uint64_t *accesses, uint64_t *hits)
{
    fake *f = ctx;
    *accesses = f->data_accesses;
    *hits = f->data_hits;
}

static const int warps_per_sm[4] = {8, 8, 8, 8};

typedef struct bench {
    bwm_vm vm;
    bwm_mmu mmu;
    fake f;
    bwm_mmu_link link;
} bench;

static bwm_mmu_config config(bwm_mmu_design d)
{
    return (bwm_mmu_config){.design = d, .l1_entries = 64, .l1_ways = 64, .l1_latency = 1, .l1_large_entries = 16,
                            .l2_entries = 512, .l2_ways = 16, .l2_latency = 10, .l2_ports = 2,
                            .l2_large_entries = 256, .l2_large_ways = 256, .pwc_bytes = 8192, .pwc_ways = 16,
                            .pwc_latency = 10, .walks = 64, .levels = 4};
}

/* The MMU of cfg over memory placed by policy (with 2 MB large pages
 * unless identity). */
static void setup_placed(bench *b, const bwm_mmu_config *cfg, int n_apps, bwm_vm_policy policy)
{
    memset(b, 0, sizeof *b);
    bwm_err err;
    cr_assert_eq(bwm_vm_init(&b->vm, policy, 12, NULL, n_apps, NULL, &err), BWM_OK, "%s", err.msg);
    if (policy != BWM_VM_IDENTITY)
        cr_assert_eq(bwm_vm_set_large_pages(&b->vm, 21, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_mmu_init(&b->mmu, cfg, n_apps, 4, warps_per_sm, &b->vm, 128, 256, &err), BWM_OK, "%s", err.msg);
    b->link = (bwm_mmu_link){can_send, send, done, l2_data, &b->f};
}

static void setup(bench *b, const bwm_mmu_config *cfg, int n_apps)
{
    setup_placed(b, cfg, n_apps, BWM_VM_IDENTITY);
}

static void teardown(bench *b)
{
    bwm_mmu_free(&b->mmu);
    bwm_vm_free(&b->vm);
}

/* Runs core cycles from..to-1, answering every read `latency` cycles after
 * it was sent (by DRAM every other read). */
static void run(bench *b, int64_t from, int64_t to, int latency)
{
    for (int64_t now = from; now < to; now++) {
        for (int i = 0; i < b->f.sends; i++)
            if (b->f.sent_at[i] + latency == now)
                bwm_mmu_reply(&b->mmu, b->f.walk[i],
                              b->f.dram_levels ? (int)(b->f.dram_levels >> b->f.level[i] & 1) : i % 2, now,
                              &b->link);
        if (now >= bwm_mmu_next_active(&b->mmu))
            bwm_mmu_cycle(&b->mmu, now, &b->link);
    }
}

/* The entry level L of a 4-level table reads for vpage: the nodes in the
 * order a first walk places them, from 1 << 40 (one application). */
static uint64_t entry(uint64_t vpage, int level)
{
    uint64_t index = vpage >> (9 * (4 - level)) & 511;
    return ((uint64_t)1 << 40) + (uint64_t)(level - 1) * 4096 + index * 8;
}

Test(mmu, a_shared_tlb_walk_reads_four_entries_then_the_l2_tlb_hits)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 1);
    uint64_t vpage = 0x12345678;
    bwm_mmu_request(&b.mmu, 0, 3, 0, vpage, 100);
    /* L1 TLB 1 cycle, L2 TLB lookup at 101 misses, known at 111: the walk
       starts and reads the root; each read answered 20 cycles later */
    run(&b, 100, 300, 20);
    cr_assert_eq(b.f.sends, 4);
    for (int l = 1; l <= 4; l++) {
        cr_assert_eq(b.f.level[l - 1], l);
        cr_assert_eq(b.f.pa[l - 1], entry(vpage, l), "level %d read %#llx", l, (unsigned long long)b.f.pa[l - 1]);
        cr_assert_eq(b.f.sent_at[l - 1], 111 + 20 * (l - 1));
    }
    cr_assert_eq(b.f.dones, 1);
    cr_assert_eq(b.f.done_warp[0], 3);
    cr_assert_eq(b.f.done_page[0], vpage);
    cr_assert_eq(b.f.done_at[0], 111 + 80);
    cr_assert_eq(b.mmu.stats[0].walks_done, 1);
    cr_assert_eq(b.mmu.stats[0].walk_cycles, 80);
    for (int l = 1; l <= 4; l++) /* each level: from joining the memory queue to its answer */
        cr_assert_eq(b.mmu.stats[0].walk_read_cycles[l], 20, "level %d", l);
    cr_assert(bwm_mmu_idle(&b.mmu));
    /* again: the L2 TLB has it, answered after the L1 and L2 TLB latencies, no read */
    bwm_mmu_request(&b.mmu, 1, 7, 0, vpage, 400);
    run(&b, 400, 500, 20);
    cr_assert_eq(b.f.sends, 4);
    cr_assert_eq(b.f.dones, 2);
    cr_assert_eq(b.f.done_at[1], 400 + 1 + 10);
    cr_assert_eq(b.mmu.stats[0].l2_lookups, 2);
    cr_assert_eq(b.mmu.stats[0].l2_hits, 1);
    teardown(&b);
}

Test(mmu, a_walk_reads_latency_counts_its_wait_for_the_link)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 1);
    b.f.refusals = 5;
    bwm_mmu_request(&b.mmu, 0, 0, 0, 0x777, 100);
    /* the root's read is ready at 111, refused at 111..115, sent at 116 */
    run(&b, 100, 300, 20);
    cr_assert_eq(b.f.sends, 4);
    cr_assert_eq(b.f.sent_at[0], 116);
    cr_assert_eq(b.mmu.stats[0].walk_read_cycles[1], 5 + 20);
    for (int l = 2; l <= 4; l++)
        cr_assert_eq(b.mmu.stats[0].walk_read_cycles[l], 20, "level %d", l);
    cr_assert_eq(b.mmu.stats[0].walk_cycles, 5 + 80);
    teardown(&b);
}

Test(mmu, the_page_walk_cache_saves_the_levels_it_holds)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_PWCACHE);
    setup(&b, &cfg, 1);
    uint64_t vpage = 0x40000;
    bwm_mmu_request(&b.mmu, 0, 0, 0, vpage, 0);
    run(&b, 0, 400, 20);
    cr_assert_eq(b.f.sends, 4); /* a cold cache: every level read */
    /* the next page's leaf entry shares the line (16 entries of 8 bytes): no read */
    bwm_mmu_request(&b.mmu, 0, 1, 0, vpage + 1, 500);
    run(&b, 500, 700, 20);
    cr_assert_eq(b.f.sends, 4);
    cr_assert_eq(b.f.dones, 2);
    cr_assert_eq(b.f.done_at[1], 500 + 1 + 4 * 10); /* four probes of 10 cycles */
    /* 16 pages on, the leaf line differs: one read, of the leaf */
    bwm_mmu_request(&b.mmu, 0, 2, 0, vpage + 16, 800);
    run(&b, 800, 1000, 20);
    cr_assert_eq(b.f.sends, 5);
    cr_assert_eq(b.f.level[4], 4);
    cr_assert_eq(b.f.pa[4], entry(vpage + 16, 4));
    cr_assert_eq(b.mmu.stats[0].pwc_lookups, 12);
    cr_assert_eq(b.mmu.stats[0].pwc_hits, 7);
    teardown(&b);
}

Test(mmu, warps_waiting_on_one_page_share_one_walk)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 1);
    bwm_mmu_request(&b.mmu, 0, 1, 0, 77, 10);
    bwm_mmu_request(&b.mmu, 2, 5, 0, 77, 30); /* while the first walks */
    run(&b, 10, 300, 20);
    cr_assert_eq(b.f.sends, 4);
    cr_assert_eq(b.f.dones, 2);
    cr_assert_eq(b.f.done_at[0], b.f.done_at[1]);
    cr_assert_eq(b.mmu.stats[0].waiters_done, 2);
    cr_assert_eq(b.mmu.stats[0].sm_misses_done, 2); /* SMs 0 and 2 */
    cr_assert_eq(b.mmu.stats[0].l2_lookups, 1);
    teardown(&b);
}

Test(mmu, the_walker_runs_at_most_its_walks_at_once)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_PWCACHE);
    cfg.walks = 1;
    cfg.pwc_latency = 1;
    setup(&b, &cfg, 1);
    /* root entries in different lines, different nodes below: nothing shared */
    bwm_mmu_request(&b.mmu, 0, 0, 0, 0, 0);
    bwm_mmu_request(&b.mmu, 0, 1, 0, (uint64_t)32 << 27, 0);
    run(&b, 0, 600, 20);
    cr_assert_eq(b.f.sends, 8);
    cr_assert_eq(b.f.dones, 2);
    cr_assert_geq(b.f.sent_at[4], b.f.done_at[0], "the second walk starts when the first ends");
    teardown(&b);
}

Test(mmu, a_static_partition_keeps_each_application_to_its_ways)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_STATIC_TLB);
    cfg.l2_entries = 4;
    cfg.l2_ways = 4;
    setup(&b, &cfg, 2);
    /* application 1 translates two pages, application 0 then eight */
    uint64_t base1 = (uint64_t)1 << 28;
    bwm_mmu_request(&b.mmu, 1, 0, 1, base1, 0);
    bwm_mmu_request(&b.mmu, 1, 1, 1, base1 + 1, 0);
    for (int i = 0; i < 8; i++)
        bwm_mmu_request(&b.mmu, 0, i, 0, (uint64_t)i, 1);
    run(&b, 0, 2000, 5);
    cr_assert_eq(b.f.dones, 10);
    cr_assert(bwm_tag_array_probe(&b.mmu.l2_tlb, base1) && bwm_tag_array_probe(&b.mmu.l2_tlb, base1 + 1));
    teardown(&b);
}

static bwm_mmu_mask mask_of(int tokens, int l2_bypass, double initial)
{
    return (bwm_mmu_mask){tokens, l2_bypass, 1000, initial, 0.25, 0.02, 4};
}

Test(mmu, tokens_send_tokenless_walks_to_the_bypass_cache)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 1);
    bwm_mmu_mask k = mask_of(1, 0, 0.5);
    bwm_err err;
    cr_assert_eq(bwm_mmu_set_mask(&b.mmu, &k, &err), BWM_OK, "%s", err.msg);
    /* first epoch: every warp fills the L2 TLB */
    bwm_mmu_request(&b.mmu, 0, 7, 0, 100, 0);
    run(&b, 0, 500, 5);
    cr_assert(bwm_tag_array_probe(&b.mmu.l2_tlb, 100));
    /* the epoch ends at 1000 with a miss rate of 1: half the warps of an SM of 8, ids 0-3, hold tokens */
    bwm_mmu_request(&b.mmu, 0, 2, 0, 200, 1000); /* a token */
    bwm_mmu_request(&b.mmu, 1, 6, 0, 300, 1000); /* none */
    run(&b, 1000, 1500, 5);
    cr_assert_eq(b.mmu.epochs, 1);
    cr_assert_float_eq(b.mmu.token_share[0], 0.5, 1e-12);
    cr_assert(bwm_tag_array_probe(&b.mmu.l2_tlb, 200));
    cr_assert_not(bwm_tag_array_probe(&b.mmu.l2_tlb, 300));
    cr_assert(bwm_tag_array_probe(&b.mmu.bypass_cache, 300));
    /* the bypass cache answers a lookup like the L2 TLB */
    int sends = b.f.sends;
    bwm_mmu_request(&b.mmu, 2, 0, 0, 300, 1600);
    run(&b, 1600, 1700, 5);
    cr_assert_eq(b.f.sends, sends);
    cr_assert_eq(b.mmu.stats[0].bypass_cache_hits, 1);
    /* the second epoch's miss rate (2 of 3) is below the first's (1) by more than 0.02: the share rises a
       step, seen when the MMU next has work (epochs end lazily) */
    bwm_mmu_request(&b.mmu, 0, 0, 0, 400, 2000);
    run(&b, 1700, 2100, 5);
    cr_assert_eq(b.mmu.epochs, 2);
    cr_assert_float_eq(b.mmu.token_share[0], 0.75, 1e-12);
    teardown(&b);
}

Test(mmu, levels_that_hit_less_than_data_skip_the_l2)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 1);
    bwm_mmu_mask k = mask_of(0, 1, 0.8);
    bwm_err err;
    cr_assert_eq(bwm_mmu_set_mask(&b.mmu, &k, &err), BWM_OK, "%s", err.msg);
    b.f.dram_levels = 1u << 4 | 1u << 3;              /* the two lowest levels miss in the L2 */
    b.f.data_accesses = 100, b.f.data_hits = 0;
    bwm_mmu_request(&b.mmu, 0, 0, 0, 0, 0);
    run(&b, 0, 1000, 5);
    b.f.data_accesses = 200, b.f.data_hits = 50;      /* the epoch's data hit rate: 0.5 */
    bwm_mmu_request(&b.mmu, 0, 0, 0, 1 << 20, 1000);
    run(&b, 1000, 1500, 5);
    cr_assert_eq(b.f.sends, 8);
    for (int i = 4; i < 8; i++) /* levels 1 and 2 hit (1.0 > 0.5): through the L2; 3 and 4 (0 < 0.5): past it */
        cr_assert_eq(b.f.bypass[i], b.f.level[i] >= 3, "level %d", b.f.level[i]);
    /* an epoch with only bypassed reads of a level samples it again */
    b.f.data_accesses = 300, b.f.data_hits = 100;
    bwm_mmu_request(&b.mmu, 0, 0, 0, 2 << 20, 2000);
    run(&b, 2000, 2500, 5);
    for (int i = 8; i < 12; i++)
        cr_assert_not(b.f.bypass[i], "level %d sampled again", b.f.level[i]);
    cr_assert_eq(b.mmu.stats[0].bypass_reads, 2);
    teardown(&b);
}

Test(mmu, tokens_need_an_l2_tlb)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_PWCACHE);
    setup(&b, &cfg, 1);
    bwm_mmu_mask k = mask_of(1, 0, 0.8);
    bwm_err err;
    cr_assert_eq(bwm_mmu_set_mask(&b.mmu, &k, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "MASK's TLB-fill tokens need an L2 TLB"), "%s", err.msg);
    teardown(&b);
}

Test(mmu, stalled_warps_are_counted_per_translation)
{
    bench b;
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    setup(&b, &cfg, 2);
    for (int w = 0; w < 3; w++)
        bwm_mmu_request(&b.mmu, 0, w, 1, (uint64_t)1 << 28, 0);
    bwm_mmu_request(&b.mmu, 1, 0, 0, 5, 0);
    run(&b, 0, 50, 40);
    cr_assert_eq(b.mmu.stalled_max[1], 3);
    cr_assert_eq(b.mmu.stalled_max[0], 1);
    cr_assert_eq(b.mmu.active_of[1], 1);
    teardown(&b);
}

/* 2 MB pages of 512 4 KB ones: the large frame and the node frames a first
 * walk of application 0 places under cocoa (its allocation the first large
 * page) or large-only: the page's large frame 0, then the nodes, root first,
 * in the application's next large frame (frames 512, 513, ...). */
static uint64_t node_entry(int level, uint64_t index)
{
    return (512 + (uint64_t)(level - 1)) * 4096 + index * 8;
}

/* A shared_tlb MMU with `walks` walks over memory placed by policy,
 * application 0 allocating alloc bytes from 0, and warp 2 of SM 0
 * missing vpage at cycle 100. */
static void miss_one(bench *b, bwm_vm_policy policy, uint64_t alloc, int walks, uint64_t vpage)
{
    bwm_mmu_config cfg = config(BWM_MMU_SHARED_TLB);
    cfg.walks = walks;
    setup_placed(b, &cfg, 1, policy);
    bwm_vm_allocate(&b->vm, 0, 0, alloc);
    bwm_mmu_request(&b->mmu, 0, 2, 0, vpage, 100);
}

Test(mmu, a_coalesced_page_reads_its_leaf_nodes_first_entry_then_hits_the_large_entries)
{
    bench b;
    miss_one(&b, BWM_VM_COCOA, 512 * 4096, 64, 37);
    run(&b, 100, 300, 20);
    cr_assert_eq(b.f.sends, 4, "four reads, as for a base page");
    cr_assert_eq(b.f.pa[0], node_entry(1, 0));
    cr_assert_eq(b.f.pa[1], node_entry(2, 0));
    cr_assert_eq(b.f.pa[2], node_entry(3, 0));
    cr_assert_eq(b.f.pa[3], node_entry(4, 0), "the leaf node's first entry, not entry 37");
    cr_assert_eq(b.f.dones, 1);
    cr_assert(b.f.done_large[0]);
    cr_assert_eq(b.mmu.stats[0].large_walks, 1);
    /* another page of the large page: the L2 TLB's large-page entries answer, no read */
    bwm_mmu_request(&b.mmu, 1, 5, 0, 400, 400);
    run(&b, 400, 500, 20);
    cr_assert_eq(b.f.sends, 4);
    cr_assert_eq(b.f.dones, 2);
    cr_assert_eq(b.f.done_at[1], 400 + 1 + 10);
    cr_assert(b.f.done_large[1]);
    teardown(&b);
}

Test(mmu, a_large_only_page_is_walked_one_level_less)
{
    bench b;
    /* page 700: the second large virtual page, index 1 in the level-3 node (outside the allocation) */
    miss_one(&b, BWM_VM_LARGE_ONLY, 0, 64, 700);
    run(&b, 100, 300, 20);
    cr_assert_eq(b.f.sends, 3);
    cr_assert_eq(b.f.pa[2], node_entry(3, 1));
    cr_assert_eq(b.f.done_at[0], 111 + 60);
    cr_assert(b.f.done_large[0]);
    teardown(&b);
}

Test(mmu, a_base_page_beside_large_ones_is_walked_to_its_own_entry)
{
    bench b;
    miss_one(&b, BWM_VM_COCOA, 3 * 4096, 64, 2); /* no whole large page: base pages in a frame of its own */
    run(&b, 100, 300, 20);
    cr_assert_eq(b.f.sends, 4);
    /* the page takes frame 0 of its large frame; nodes frames 1.. of it */
    cr_assert_eq(b.f.pa[3], 4 * 4096 + 2 * 8);
    cr_assert_not(b.f.done_large[0]);
    cr_assert_eq(b.mmu.stats[0].large_walks, 0);
    teardown(&b);
}

Test(mmu, a_page_waiting_for_the_walker_is_answered_by_its_large_pages_new_entry)
{
    bench b;
    miss_one(&b, BWM_VM_COCOA, 512 * 4096, 1, 37);
    bwm_mmu_request(&b.mmu, 0, 3, 0, 38, 100); /* same large page, another base page: a walk of its own */
    run(&b, 100, 400, 20);
    cr_assert_eq(b.f.sends, 4, "one walk: the second page's translation finds the large entry the first filled");
    cr_assert_eq(b.f.dones, 2);
    cr_assert_eq(b.f.done_at[0], 111 + 80);
    cr_assert_eq(b.f.done_at[1], 111 + 80, "answered as the walker frees up");
    cr_assert(b.f.done_large[1]);
    cr_assert_eq(b.mmu.stats[0].late_hits, 1);
    cr_assert_eq(b.mmu.stats[0].walks, 1);
    cr_assert(bwm_mmu_idle(&b.mmu));
    teardown(&b);
}

/* What the memory limit counts of an MMU besides its TLBs: per waiting
 * warp page a waiter (4 int32 and a uint64: 24 bytes), a translation (a
 * uint64, 10 int32 and 2 int64, then a last int32: 68 bytes padded to 72)
 * and an entry of each of the 6 queues (an int64 and an int32: 16), 192
 * bytes; an index of int32 slots, the least power of two of at least twice
 * the waiters; a uint64 per SM.  100 SMs of 64 warps, each waiting on up to
 * 64 pages: 409,600 waiters, whose 819,200 index slots round up to
 * 1,048,576. */
Test(mmu, its_queues_take_192_bytes_a_waiter_and_the_index)
{
    cr_expect_eq(sizeof(bwm_mmu_waiter), 24);
    cr_expect_eq(sizeof(bwm_mmu_xlat), 72);
    cr_expect_eq(bwm_mmu_queue_bytes(409600, 100), 409600.0 * 192 + 1048576.0 * 4 + 100 * 8);
    /* one waiter: the index's least size, 2 slots */
    cr_expect_eq(bwm_mmu_queue_bytes(1, 1), 192 + 2 * 4 + 8);
    /* 3 waiters: 6 rounds up to 8 slots */
    cr_expect_eq(bwm_mmu_queue_bytes(3, 2), 3 * 192 + 8 * 4 + 2 * 8);
}
