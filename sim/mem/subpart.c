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
    if (cfg->l2_index_partition)
        bwm_cache_index_by(&sp->l2, map);
    /* -gpgpu_dram_partition_queues: crossbar->L2 and L2->DRAM as given (the
       L2->DRAM queue needs room for a miss and a write-back, and a store
       under write allocation "W" for its own write too); the DRAM->L2
       and L2->crossbar queues hold what the MSHRs can release (a fill retires
       one MSHR entry and replies to all its requesters at once) */
    int merge = bwm_cache_max_merge(&sp->l2);
    const int *q = cfg->partition_queues;
    bwm_req_list_init(&sp->returns);
    if ((st = bwm_delay_queue_init(&sp->rop, q[0], err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->to_dram, q[1] < 3 ? 3 : q[1], err)) != BWM_OK ||
        (st = bwm_delay_queue_init(&sp->replies, merge + 8, err)) != BWM_OK) {
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
    bwm_delay_queue_free(&sp->rop);
    bwm_delay_queue_free(&sp->to_dram);
    bwm_delay_queue_free(&sp->replies);
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
    bwm_delay_push(&sp->to_dram, id, now + sp->dram_latency);
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
    bwm_delay_push(&sp->to_dram, wid, now + sp->dram_latency);
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
    if (bwm_req_at(env->pool, id)->kind == BWM_MREQ_LOAD && l->at[BWM_STAGE_L2_BLOCKED] < 0)
        bwm_life_enter(l, BWM_STAGE_L2_BLOCKED, env->now_fs);
}

static bwm_warp_type type_of(const bwm_subpart_env *env, const bwm_mreq *r)
{
    return bwm_warp_type_of(env->medic->types, r->sm, r->warp);
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

static int fill_one(bwm_subpart *sp, int64_t now, bwm_subpart_env *env, bwm_err *err)
{
    int32_t id = bwm_req_list_peek(&sp->returns);
    if (id < 0 || bwm_delay_room(&sp->replies) < bwm_cache_max_merge(&sp->l2) ||
        bwm_delay_room(&sp->to_dram) < 1 || bwm_req_room(env->pool) < 1)
        return BWM_OK;
    bwm_mreq cause = *bwm_req_at(env->pool, id);
    if (cause.kind == BWM_MREQ_BYPASS || cause.kind == BWM_MREQ_STORE_WRITE) {
        bwm_req_list_pop(env->pool, &sp->returns);
        if (cause.kind == BWM_MREQ_BYPASS)
            sp->bypass_in_flight--;
        bwm_delay_push(&sp->replies, id, now); /* the data, or the store's acknowledgement */
        enter(env, id, BWM_STAGE_REPLY_QUEUE);
        return BWM_OK;
    }
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
        if (bwm_req_at(env->pool, t)->kind == BWM_MREQ_LOAD || sp->l2.cfg.write_alloc != BWM_WALLOC_WRITE) {
            bwm_delay_push(&sp->replies, t, now);
            enter(env, t, BWM_STAGE_REPLY_QUEUE);
        } else
            bwm_req_release(env->pool, t);
    }
    if (wb.valid)
        write_back(sp, &wb, &cause, now, env);
    if (env->medic && env->medic->insertion)
        bwm_cache_rank_line(&sp->l2, cause.line_addr, bwm_warp_type_rank(type_of(env, &cause)));
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

static void offer_dram(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_delay_peek(&sp->to_dram, now);
    if (id < 0)
        return;
    bwm_mc_req m = bwm_subpart_mc_req(bwm_req_at(env->pool, id), id);
    if (bwm_memsys_offer(env->mem, &m, env->dram_now) == BWM_MC_ACCEPTED) {
        bwm_delay_pop(&sp->to_dram);
        enter(env, id, BWM_STAGE_MC_QUEUE);
    }
}

/* Whether MeDiC sends load id past the L2 (a 2-bit demultiplexer in front
 * of the L2 bank arbiter in the thesis). */
static int bypasses(const bwm_subpart_env *env, int32_t id)
{
    const bwm_mreq *r = bwm_req_at(env->pool, id);
    return env->medic && env->medic->bypass && r->kind == BWM_MREQ_LOAD && bwm_warp_type_bypasses(type_of(env, r));
}

static void access_l2(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    int32_t id = bwm_delay_peek(&sp->rop, now);
    if (id >= 0 && bypasses(env, id)) {
        /* on to DRAM without taking the cycle's L2 access, leaving room for
           that access's miss and write-back */
        if (bwm_delay_room(&sp->to_dram) < 3 || sp->bypass_in_flight >= sp->l2.mshr.n_entries) {
            refused(sp, env, id);
            return;
        }
        bwm_delay_pop(&sp->rop);
        bwm_mreq *r = bwm_req_at(env->pool, id);
        r->kind = BWM_MREQ_BYPASS;
        r->dram_sectors = (uint8_t)bwm_cache_sectors_of(&sp->l2, r->sectors);
        bwm_delay_push(&sp->to_dram, id, now + sp->dram_latency);
        enter(env, id, BWM_STAGE_DRAM_QUEUE);
        sp->bypass_in_flight++;
        sp->bypassed[r->app]++;
        sp->bypassed_sectors[r->app] += (uint64_t)bwm_sector_count(r->dram_sectors);
        id = bwm_delay_peek(&sp->rop, now);
    }
    if (id < 0)
        return;
    bwm_mreq *r = bwm_req_at(env->pool, id);
    int is_write = r->kind == BWM_MREQ_STORE;
    /* room for a miss and a write-back, and for a store under write
       allocation "W" its own write too (GPGPU-Sim's miss_queue_full(2)) */
    int through = is_write && sp->l2.cfg.write_alloc == BWM_WALLOC_WRITE;
    if (bwm_delay_room(&sp->to_dram) < 2 + through || bwm_delay_room(&sp->replies) < 1 ||
        bwm_req_room(env->pool) < 1 + through) {
        refused(sp, env, id);
        return;
    }
    bwm_cache_result res;
    bwm_err err;
    bwm_cache_access_sectors(&sp->l2, r->line_addr, r->sectors, r->app, is_write, (uint64_t)id, &res, &err);
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
        bwm_delay_push(&sp->to_dram, id, now + sp->dram_latency);
        enter(env, id, BWM_STAGE_DRAM_QUEUE);
        break;
    case BWM_CACHE_WRITE_DOWN:
        r->kind = BWM_MREQ_STORE_WRITE; /* write-through: the store itself goes to DRAM */
        r->dram_sectors = (uint8_t)res.sectors;
        bwm_delay_push(&sp->to_dram, id, now + sp->dram_latency);
        break;
    case BWM_CACHE_MISS_MERGED:
        enter(env, id, BWM_STAGE_L2_MSHR);
        break;
    }
    if (env->medic && !is_write)
        bwm_warp_types_record(env->medic->types, r->sm, r->warp, res.outcome == BWM_CACHE_HIT, now);
    bwm_delay_pop(&sp->rop);
    expect_next(sp, bwm_delay_head(&sp->rop), env->pool);
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
    int is_load = r->kind == BWM_MREQ_LOAD;
    for (unsigned left = r->sectors; left; left &= left - 1) {
        int32_t cid = bwm_req_alloc(env->pool);
        bwm_mreq *c = bwm_req_at(env->pool, cid);
        *c = *r;
        *bwm_req_life_of(env->pool, cid) = *bwm_req_life_of(env->pool, id); /* its life so far */
        c->sectors = (uint8_t)(left & -left);
        c->parent = is_load ? id : -1;
        bwm_delay_push(&sp->rop, cid, ready);
    }
    if (is_load)
        r->children = (uint8_t)n;
    else
        bwm_req_release(env->pool, id);
}

static void take_request(bwm_subpart *sp, int64_t now, bwm_subpart_env *env)
{
    uint64_t id;
    if (bwm_delay_room(&sp->rop) < 1 || !bwm_xbar_peek(env->req_net, sp->id, &id))
        return;
    int n = pieces(sp, bwm_req_at(env->pool, (int32_t)id));
    if (n > 1 && (bwm_delay_room(&sp->rop) < n || bwm_req_room(env->pool) < n + SPLIT_RESERVE))
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

/* The earliest ready cycle of the queues' heads. */
static int64_t next_wake(const bwm_subpart *sp)
{
    const bwm_delay_queue *queues[] = {&sp->replies, &sp->to_dram, &sp->rop};
    int64_t t = bwm_req_list_peek(&sp->returns) >= 0 ? 0 : INT64_MAX;
    for (int i = 0; i < 3; i++)
        if (bwm_delay_next(queues[i]) < t)
            t = bwm_delay_next(queues[i]);
    return t;
}

int bwm_subpart_cycle(bwm_subpart *sp, int64_t now, bwm_subpart_env *env, bwm_err *err)
{
    if (fill_one(sp, now, env, err) != BWM_OK)
        return BWM_EFAIL;
    send_reply(sp, now, env);
    offer_dram(sp, now, env);
    access_l2(sp, now, env);
    take_request(sp, now, env);
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

int bwm_subpart_idle(const bwm_subpart *sp)
{
    return sp->rop.n == 0 && sp->to_dram.n == 0 && bwm_req_list_peek(&sp->returns) < 0 && sp->replies.n == 0;
}
