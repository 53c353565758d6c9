/* subpart.c — the L2 slice and its queues (see subpart.h). */
#include "sim/mem/subpart.h"

#include <stdlib.h>
#include <string.h>

#include "sim/workload/warp_stream.h"

int bwm_subpart_init(bwm_subpart *sp, int id, const bwm_gpu_config *cfg, int n_apps, const bwm_addrmap *map,
                     int64_t *wake, bwm_err *err)
{
    memset(sp, 0, sizeof *sp);
    sp->id = id;
    sp->wake = wake;
    *wake = INT64_MAX;
    sp->rop_latency = cfg->l2_rop_latency;
    sp->cores_per_cluster = cfg->cores_per_cluster;
    sp->dram_latency = cfg->dram_latency;
    int st = bwm_cache_init(&sp->l2, &cfg->l2, n_apps,
                            cfg->l2_shared ? BWM_CACHE_SHARED : BWM_CACHE_PARTITIONED, NULL, err);
    if (st != BWM_OK)
        return st;
    if (cfg->l2_index_partition || map->n_set_bits > 0) /* an XOR set index reads the physical address */
        bwm_cache_index_by(&sp->l2, map);
    /* -gpgpu_dram_partition_queues: crossbar->L2, L2->DRAM, DRAM->L2 (here
       a list that never fills: see subpart.h) and L2->crossbar.  The ROP
       and DRAM-latency pipelines, unbounded in GPGPU-Sim, hold what can
       enter them in their latency: one request per L2 cycle, or one per
       sector of a request a sector L2 splits, into the ROP; one per L2
       cycle into the DRAM-latency queue, and none while the controller is
       full, so never more than its latency's worth. */
    int merge = bwm_cache_max_merge(&sp->l2);
    int pieces = cfg->l2.kind == BWM_CACHE_SECTOR ? BWM_CACHE_SECTORS : 1;
    const int *q = cfg->partition_queues;
    bwm_req_list_init(&sp->returns);
    bwm_req_list_init(&sp->filled);
    if ((st = bwm_delay_queue_init(&sp->rop, pieces * (cfg->l2_rop_latency + 2), err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->to_l2, q[0], err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->misses, cfg->l2.miss_queue, err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->to_dram, q[1], err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->dram_lat, cfg->dram_latency + 2, err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->replies, q[3], err)) != BWM_OK) {
        bwm_subpart_free(sp);
        return st;
    }
    sp->tokens = calloc((size_t)merge, sizeof *sp->tokens);
    sp->bypassed = calloc((size_t)n_apps, sizeof *sp->bypassed);
    sp->bypassed_sectors = calloc((size_t)n_apps, sizeof *sp->bypassed_sectors);
    if (!sp->tokens || !sp->bypassed || !sp->bypassed_sectors) {
        bwm_subpart_free(sp);
        return bwm_fail(err, BWM_EFAIL, "out of memory for sub-partition %d", id);
    }
    return BWM_OK;
}

void bwm_subpart_free(bwm_subpart *sp)
{
    bwm_cache_free(&sp->l2);
    bwm_delay_queue *queues[] = {&sp->rop, &sp->to_l2, &sp->misses, &sp->to_dram, &sp->dram_lat, &sp->replies};
    for (size_t k = 0; k < sizeof queues / sizeof queues[0]; k++)
        bwm_delay_queue_free(queues[k]);
    free(sp->tokens);
    free(sp->bypassed);
    free(sp->bypassed_sectors);
    sp->tokens = NULL;
    sp->bypassed = NULL;
    sp->bypassed_sectors = NULL;
}

bwm_mc_req bwm_subpart_mc_req(const bwm_mreq *r, int32_t id)
{
    bwm_mc_req m;
    memset(&m, 0, sizeof m);
    m.addr = r->line_addr;
    m.da = r->da;
    m.tag = (uint64_t)id;
    m.app = r->app;
    m.sm = r->sm;
    m.warp = r->warp;
    m.bytes = (uint32_t)bwm_sector_bytes(r->dram_sectors);
    m.is_write = r->kind == BWM_MREQ_WRITEBACK || r->kind == BWM_MREQ_STORE_WRITE;
    return m;
}

/* A dirty victim of application wb->app, evicted on behalf of request cause. */
static void write_back(bwm_subpart *sp, const bwm_cache_writeback *wb, const bwm_mreq *cause,
                       int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_req_alloc(env->pool);
    bwm_mreq *r = bwm_req_at(env->pool, id);
    r->line_addr = wb->line_addr;
    bwm_addrmap_decode(&env->mem->cfg.map, wb->line_addr, &r->da);
    r->issued = cause->issued;
    r->app = wb->app;
    r->sm = cause->sm;   /* charged to the warp whose miss evicted it */
    r->warp = cause->warp;
    r->subpart = sp->id;
    r->kind = BWM_MREQ_WRITEBACK;
    r->sectors = r->dram_sectors = (uint8_t)wb->sectors;
    bwm_delay_push(&sp->misses, id, now);
    sp->stats.writebacks++;
}

/* Store id's own sectors on their way to DRAM as a write of their own,
 * while the store waits in the L2's MSHRs for its line's clean fill (write
 * allocation "W"). */
static void write_through(bwm_subpart *sp, int32_t id, int64_t now, bwm_subpart_env *env)
{
    int32_t wid = bwm_req_alloc(env->pool);
    bwm_mreq *w = bwm_req_at(env->pool, wid);
    *w = *bwm_req_at(env->pool, id);
    w->kind = BWM_MREQ_STORE_WRITE; /* its acknowledgement is the store's */
    w->dram_sectors = w->sectors;
    bwm_delay_push(&sp->misses, wid, now);
}

/* Request id enters `stage` now (req_life.h). */
static void enter(const bwm_subpart_env *env, int32_t id, bwm_stage stage)
{
    bwm_life_enter(bwm_req_life_of(env->pool, id), stage, env->now_fs);
}

/* Request id, at the head of the input queue, is refused by the L2: the
 * slice stalls, and a load is blocked from the first refusal on. */
static void refused(bwm_subpart *sp, const bwm_subpart_env *env, int32_t id)
{
    sp->stats.l2_stall++;
    bwm_req_life *l = bwm_req_life_of(env->pool, id);
    if (bwm_mreq_is_read(bwm_req_at(env->pool, id)->kind) && l->at[BWM_STAGE_L2_BLOCKED] < 0)
        bwm_life_enter(l, BWM_STAGE_L2_BLOCKED, env->now_fs);
}

/* Request id (-1: none) is the next the L2 serves from its queue: the
 * second host hint (cache.h) for it. */
static void expect_next(const bwm_subpart *sp, int32_t id, bwm_req_pool *pool)
{
    if (id >= 0 && bwm_cache_hinted(&sp->l2)) {
        const bwm_mreq *r = bwm_req_at(pool, id);
        bwm_cache_prefetch_entries(&sp->l2, r->line_addr);
    }
}

/* Whether a walk read skips the L2 (MASK's L2 bypass): DRAM's data go
 * straight back to the walker. */
static int walk_skips_l2(bwm_req_pool *pool, int32_t id)
{
    return bwm_req_at(pool, id)->kind == BWM_MREQ_WALK && bwm_req_walk_of(pool, id)->l2_bypass;
}

/* Step 1: one requester of a filled line to the reply queue. */
static void reply_filled(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_req_list_peek(&sp->filled);
    if (id < 0 || bwm_delay_room(&sp->replies) < 1)
        return;
    bwm_req_list_pop(env->pool, &sp->filled);
    bwm_delay_push(&sp->replies, id, now);
    enter(env, id, BWM_STAGE_REPLY_QUEUE);
}

/* Step 2: the oldest thing DRAM answered. */
static int fill_one(bwm_subpart *sp, int64_t now, bwm_subpart_env *env, bwm_err *err)
{
    int32_t id = bwm_req_list_peek(&sp->returns);
    if (id < 0)
        return BWM_OK;
    bwm_mreq cause = *bwm_req_at(env->pool, id);
    int skipped = cause.kind == BWM_MREQ_BYPASS || walk_skips_l2(env->pool, id);
    if (skipped || cause.kind == BWM_MREQ_STORE_WRITE) {
        if (bwm_delay_room(&sp->replies) < 1)
            return BWM_OK;
        bwm_req_list_pop(env->pool, &sp->returns);
        if (skipped)
            sp->bypass_in_flight--;
        bwm_delay_push(&sp->replies, id, now); /* the data, or the store's acknowledgement */
        enter(env, id, BWM_STAGE_REPLY_QUEUE);
        return BWM_OK;
    }
    /* a fill evicts (a dirty victim's write-back) only when the L2 allocates
       on fill; allocating on miss, it reserved its line then, and the fill
       waits on nothing (GPGPU-Sim's fill takes no miss-queue entry) */
    if (!sp->l2.alloc_on_miss && (bwm_delay_room(&sp->misses) < 1 || bwm_req_room(env->pool) < 1))
        return BWM_OK;
    int n = 0;
    bwm_cache_writeback wb;
    bwm_err sub;
    if (bwm_cache_fill_sectors(&sp->l2, cause.line_addr, cause.dram_sectors, sp->tokens, &n, &wb, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EFAIL, "sub-partition %d: %s", sp->id, sub.msg);
    bwm_req_list_pop(env->pool, &sp->returns);
    expect_next(sp, bwm_req_list_peek(&sp->returns), env->pool);
    for (int i = 0; i < n; i++) {
        int32_t t = (int32_t)sp->tokens[i];
        /* a store waiting for the fill is acknowledged now under
           fetch-on-write; under "W" its write, gone to DRAM, is */
        if (bwm_mreq_is_read(bwm_req_at(env->pool, t)->kind) || sp->l2.cfg.write_alloc != BWM_WALLOC_WRITE)
            bwm_req_list_push(env->pool, &sp->filled, t);
        else
            bwm_req_release(env->pool, t);
    }
    if (wb.valid && (bwm_delay_room(&sp->misses) < 1 || bwm_req_room(env->pool) < 1))
        return bwm_fail(err, BWM_EFAIL, "sub-partition %d: a fill evicted a dirty line with no room to write it back",
                        sp->id);
    if (wb.valid)
        write_back(sp, &wb, &cause, now, env);
    int rank = env->policy && env->policy->rank ? env->policy->rank(env->policy->ctx, cause.sm, cause.warp) : -1;
    if (rank >= 0)
        bwm_cache_rank_line(&sp->l2, cause.line_addr, rank);
    return BWM_OK;
}

/* The oldest reply to the reply crossbar, bound for its SM's cluster. */
static void send_reply(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_delay_peek(&sp->replies, now);
    if (id < 0)
        return;
    const bwm_mreq *r = bwm_req_at(env->pool, id);
    int bytes = bwm_mreq_is_store(r->kind) ? BWM_HEADER_BYTES : bwm_sector_bytes(r->sectors) + BWM_HEADER_BYTES;
    if (bwm_xbar_send(env->reply_net, sp->id, bwm_gpu_cluster_of(sp->cores_per_cluster, r->sm), bytes,
                      (uint64_t)id, env->icnt_now) == 0) {
        bwm_delay_pop(&sp->replies);
        enter(env, id, BWM_STAGE_REPLY_XBAR);
    }
}

/* Step 3: the miss queue's head to the L2->DRAM queue. */
static void drain_miss(bwm_subpart *sp, int64_t now)
{
    int32_t id = bwm_delay_peek(&sp->misses, now);
    if (id >= 0 && bwm_delay_room(&sp->to_dram) > 0) {
        bwm_delay_pop(&sp->misses);
        bwm_delay_push(&sp->to_dram, id, now);
    }
}

/* The DRAM side (GPGPU-Sim's dram_cycle): the L2->DRAM queue's head into
 * the DRAM-latency queue while the controller has room, and that queue's
 * head, its latency elapsed, into the controller. */
static void offer_dram(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_delay_peek(&sp->to_dram, now);
    if (id >= 0 && bwm_delay_room(&sp->dram_lat) > 0) {
        const bwm_mreq *r = bwm_req_at(env->pool, id);
        int is_write = r->kind == BWM_MREQ_WRITEBACK || r->kind == BWM_MREQ_STORE_WRITE;
        if (!bwm_memsys_full(env->mem, r->da.channel, is_write)) {
            bwm_delay_pop(&sp->to_dram);
            bwm_delay_push(&sp->dram_lat, id, now + sp->dram_latency);
        }
    }
    id = bwm_delay_peek(&sp->dram_lat, now);
    if (id < 0)
        return;
    bwm_mc_req m = bwm_subpart_mc_req(bwm_req_at(env->pool, id), id);
    if (bwm_req_at(env->pool, id)->kind == BWM_MREQ_WALK)
        m.walk_level = bwm_req_walk_of(env->pool, id)->level;
    if (bwm_memsys_offer(env->mem, &m, env->dram_now) == BWM_MC_ACCEPTED) {
        bwm_delay_pop(&sp->dram_lat);
        enter(env, id, BWM_STAGE_MC_QUEUE);
    }
}

/* Whether the scheduler's L2 hook sends load id past the L2 (MeDiC: a
 * 2-bit demultiplexer in front of the L2 bank arbiter), or walk read id
 * skips it (MASK, decided by the MMU). */
static int bypasses(const bwm_subpart_env *env, int32_t id)
{
    const bwm_mreq *r = bwm_req_at(env->pool, id);
    return (env->policy && env->policy->bypass && r->kind == BWM_MREQ_LOAD &&
            env->policy->bypass(env->policy->ctx, r->sm, r->warp)) ||
           walk_skips_l2(env->pool, id);
}

/* Whether request r, if the L2 missed it, would find room in the miss
 * queue: two free entries (a miss and a write-back), three for a store
 * under write allocation "W" (its own write too): GPGPU-Sim's
 * miss_queue_full(1) and (2).  A hit needs none; so the L2 is probed only
 * when the room is short. */
static int miss_room(const bwm_subpart *sp, const bwm_mreq *r, int through)
{
    if (bwm_delay_room(&sp->misses) >= 2 + through)
        return 1;
    int hit = bwm_cache_probe_sectors(&sp->l2, r->line_addr, r->sectors);
    return hit && (r->kind != BWM_MREQ_STORE || sp->l2.cfg.write == BWM_WRITE_BACK);
}

/* Step 4: one L2 access for the head of the crossbar->L2 queue. */
static void access_l2(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_delay_peek(&sp->to_l2, now);
    if (id < 0)
        return;
    if (bwm_delay_room(&sp->to_dram) < 1 || bwm_delay_room(&sp->replies) < 1) { /* l2cache.cc: both not full */
        refused(sp, env, id);
        return;
    }
    if (bypasses(env, id)) {
        /* on to DRAM without taking the cycle's L2 access */
        if (sp->bypass_in_flight >= sp->l2.mshr.n_entries) {
            refused(sp, env, id);
            return;
        }
        bwm_delay_pop(&sp->to_l2);
        bwm_mreq *r = bwm_req_at(env->pool, id);
        r->dram_sectors = (uint8_t)bwm_cache_sectors_of(&sp->l2, r->sectors);
        bwm_delay_push(&sp->to_dram, id, now);
        enter(env, id, BWM_STAGE_DRAM_QUEUE);
        sp->bypass_in_flight++;
        if (r->kind == BWM_MREQ_LOAD) { /* a walk read stays one, for its reply */
            r->kind = BWM_MREQ_BYPASS;
            sp->bypassed[r->app]++;
            sp->bypassed_sectors[r->app] += (uint64_t)bwm_sector_count(r->dram_sectors);
        }
        id = bwm_delay_peek(&sp->to_l2, now);
        if (id < 0 || bwm_delay_room(&sp->to_dram) < 1)
            return;
    }
    bwm_mreq *r = bwm_req_at(env->pool, id);
    int is_write = r->kind == BWM_MREQ_STORE;
    int through = is_write && sp->l2.cfg.write_alloc == BWM_WALLOC_WRITE;
    if (!miss_room(sp, r, through) || bwm_req_room(env->pool) < 1 + through) {
        refused(sp, env, id);
        return;
    }
    bwm_cache_result res;
    bwm_err err;
    if (r->kind == BWM_MREQ_ATOMIC) /* a read that leaves its sectors dirty */
        bwm_cache_access_atomic(&sp->l2, r->line_addr, r->sectors, r->app, (uint64_t)id, &res, &err);
    else if (is_write)
        bwm_cache_access_store(&sp->l2, r->line_addr, r->sectors, r->partial, r->app, (uint64_t)id, &res, &err);
    else
        bwm_cache_access_sectors(&sp->l2, r->line_addr, r->sectors, r->app, 0, (uint64_t)id, &res, &err);
    if (res.write_down)
        write_through(sp, id, now, env);
    switch (res.outcome) {
    case BWM_CACHE_RESERVATION_FAIL:
        refused(sp, env, id);
        return;
    case BWM_CACHE_HIT: /* the data, or the store's acknowledgement */
        bwm_delay_push(&sp->replies, id, now);
        enter(env, id, BWM_STAGE_REPLY_QUEUE);
        break;
    case BWM_CACHE_MISS_NEW:
        r->dram_sectors = (uint8_t)res.sectors;
        bwm_delay_push(&sp->misses, id, now);
        enter(env, id, BWM_STAGE_DRAM_QUEUE);
        break;
    case BWM_CACHE_WRITE_DOWN:
        r->kind = BWM_MREQ_STORE_WRITE; /* write-through: the store itself goes to DRAM */
        r->dram_sectors = (uint8_t)res.sectors;
        bwm_delay_push(&sp->misses, id, now);
        break;
    case BWM_CACHE_MISS_MERGED:
        enter(env, id, BWM_STAGE_L2_MSHR);
        break;
    }
    if (r->kind == BWM_MREQ_LOAD) {
        sp->stats.data_reads++;
        sp->stats.data_reads_served += res.outcome == BWM_CACHE_HIT || res.outcome == BWM_CACHE_MISS_MERGED;
    }
    if (env->policy && env->policy->read && !is_write)
        env->policy->read(env->policy->ctx, r->sm, r->warp, res.outcome == BWM_CACHE_HIT, now);
    bwm_delay_pop(&sp->to_l2);
    expect_next(sp, bwm_delay_head(&sp->to_l2), env->pool);
    if (res.wb.valid)
        write_back(sp, &res.wb, r, now, env);
}

/* The sector requests a request to this slice becomes: a sector L2 takes
 * a request for several sectors as one request per sector (GPGPU-Sim's
 * breakdown_request_to_sector_requests), each its own L2 access, DRAM
 * request and reply; otherwise 1. */
static int pieces(const bwm_subpart *sp, const bwm_mreq *r)
{
    return sp->l2.cfg.kind == BWM_CACHE_SECTOR ? bwm_sector_count(r->sectors) : 1;
}

/* Pool entries a split leaves free for the slices' own fills and writes. */
#define SPLIT_RESERVE 8

/* Request id, taken from the crossbar, as n > 1 sector requests into the
 * ROP queue.  A load stays in the pool as their parent until all of them
 * are back at its SM (cluster.c); a store goes, each of its sector
 * requests being acknowledged on its own. */
static void split(bwm_subpart *sp, int32_t id, int n, int64_t ready, bwm_subpart_env *env)
{
    bwm_mreq *r = bwm_req_at(env->pool, id);
    int is_load = bwm_mreq_is_read(r->kind);
    for (unsigned left = r->sectors; left; left &= left - 1) {
        int32_t cid = bwm_req_alloc(env->pool);
        bwm_mreq *c = bwm_req_at(env->pool, cid);
        *c = *r;
        *bwm_req_life_of(env->pool, cid) = *bwm_req_life_of(env->pool, id); /* its life so far */
        *bwm_req_walk_of(env->pool, cid) = *bwm_req_walk_of(env->pool, id);
        c->sectors = (uint8_t)(left & -left);
        c->partial &= c->sectors;
        c->parent = is_load ? id : -1;
        bwm_delay_push(&sp->rop, cid, ready);
    }
    if (is_load)
        r->children = (uint8_t)n;
    else
        bwm_req_release(env->pool, id);
}

/* Step 0: one request from the crossbar into the ROP queue, when the
 * crossbar->L2 queue has room for it (GPGPU-Sim's memory_sub_partition::
 * full(): one entry; four for a sector L2, SECTOR_CHUNCK_SIZE). */
static void take_request(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    uint64_t id;
    int need = sp->l2.cfg.kind == BWM_CACHE_SECTOR ? BWM_CACHE_SECTORS : 1;
    if (bwm_delay_room(&sp->to_l2) < need || !bwm_xbar_peek(env->req_net, sp->id, &id))
        return;
    int n = pieces(sp, bwm_req_at(env->pool, (int32_t)id));
    if (bwm_delay_room(&sp->rop) < n || (n > 1 && bwm_req_room(env->pool) < n + SPLIT_RESERVE))
        return;
    bwm_xbar_pop(env->req_net, sp->id, &id);
    enter(env, (int32_t)id, BWM_STAGE_L2_QUEUE);
    if (bwm_cache_hinted(&sp->l2)) /* for its access, a ROP latency from now */
        bwm_cache_prefetch(&sp->l2, bwm_req_at(env->pool, (int32_t)id)->line_addr);
    if (n > 1)
        split(sp, (int32_t)id, n, now + sp->rop_latency, env);
    else
        bwm_delay_push(&sp->rop, (int32_t)id, now + sp->rop_latency);
}

/* Step 5: the ROP queue's head, its latency elapsed, to the crossbar->L2 queue. */
static void leave_rop(bwm_subpart *sp, int64_t now)
{
    int32_t id = bwm_delay_peek(&sp->rop, now);
    if (id >= 0 && bwm_delay_room(&sp->to_l2) > 0) {
        bwm_delay_pop(&sp->rop);
        bwm_delay_push(&sp->to_l2, id, now);
    }
}

/* The earliest ready cycle of the queues' heads. */
static int64_t next_wake(const bwm_subpart *sp)
{
    const bwm_delay_queue *queues[] = {&sp->replies, &sp->to_dram, &sp->dram_lat, &sp->misses, &sp->to_l2, &sp->rop};
    int64_t t = bwm_req_list_peek(&sp->returns) >= 0 || bwm_req_list_peek(&sp->filled) >= 0 ? 0 : INT64_MAX;
    for (size_t i = 0; i < sizeof queues / sizeof queues[0]; i++)
        if (bwm_delay_next(queues[i]) < t)
            t = bwm_delay_next(queues[i]);
    return t;
}

int bwm_subpart_cycle(bwm_subpart *sp, int64_t now, bwm_subpart_env *env, bwm_err *err)
{
    send_reply(sp, now, env); /* the interconnect's side first, as gpgpu_sim::cycle */
    offer_dram(sp, now, env); /* then the DRAM's */
    take_request(sp, now, env);
    reply_filled(sp, now, env);
    if (fill_one(sp, now, env, err) != BWM_OK)
        return BWM_EFAIL;
    drain_miss(sp, now);
    access_l2(sp, now, env);
    leave_rop(sp, now);
    *sp->wake = next_wake(sp);
    return BWM_OK;
}

void bwm_subpart_returned(bwm_subpart *sp, bwm_req_pool *pool, int32_t id)
{
    bwm_req_list_push(pool, &sp->returns, id);
    if (bwm_cache_hinted(&sp->l2)) /* for its fill (cache.h) */
        bwm_cache_prefetch(&sp->l2, bwm_req_at(pool, id)->line_addr);
    *sp->wake = 0;
}

void bwm_subpart_dram_done(void *sink, const bwm_mc_req *req, int64_t done)
{
    const bwm_subpart_sink *k = sink;
    int32_t id = (int32_t)req->tag;
    const bwm_mreq *r = bwm_req_at(k->pool, id);
    if (k->served)
        k->served(k->ctx, req, id, done);
    if (r->kind == BWM_MREQ_WALK)
        bwm_req_walk_of(k->pool, id)->dram = 1;
    if (r->kind == BWM_MREQ_WRITEBACK)
        bwm_req_release(k->pool, id);
    else
        bwm_subpart_returned(&k->subparts[r->subpart], k->pool, id);
}

int bwm_subpart_idle(const bwm_subpart *sp)
{
    const bwm_delay_queue *queues[] = {&sp->rop, &sp->to_l2, &sp->misses, &sp->to_dram, &sp->dram_lat, &sp->replies};
    for (size_t i = 0; i < sizeof queues / sizeof queues[0]; i++)
        if (queues[i]->n)
            return 0;
    return bwm_req_list_peek(&sp->returns) < 0 && bwm_req_list_peek(&sp->filled) < 0;
}
