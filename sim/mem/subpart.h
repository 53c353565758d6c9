/* subpart.h — one memory sub-partition: the L2 slice in front of a DRAM
 * channel and the queues around it, as GPGPU-Sim 3.x's memory partition
 * (l2cache.cc: memory_partition_unit::cache_cycle, dram_cycle, push).
 *
 * A request from the crossbar enters the ROP queue, a fixed -rop_latency
 * pipeline that holds any number (GPGPU-Sim's is unbounded; this one holds
 * what the crossbar can bring in its latency), when the crossbar->L2 queue
 * behind it (-gpgpu_dram_partition_queues' first) has room: one free entry,
 * or four for a sector L2, which takes a request as one per sector (the
 * dev code's breakdown_request_to_sector_requests and SECTOR_CHUNCK_SIZE).
 * Runs in the L2 clock domain.  Each L2 cycle it:
 *   0. takes one request from the request crossbar into the ROP queue (see
 *      above);
 *   1. moves one reply of a filled line (the filled lines' requesters wait
 *      in order, GPGPU-Sim's MSHR next_access) into the L2->crossbar queue
 *      (the fourth), if it has room;
 *   2. takes the oldest thing DRAM answered: a line it fills the L2 with
 *      (its requesters join those waiting for step 1; a store waiting under
 *      fetch-on-write is acknowledged so, under allocation "W" its write, gone
 *      to DRAM, is), or a load MeDiC bypassed or a store's write, which goes
 *      to the L2->crossbar queue as the reply or acknowledgement, if it has
 *      room;
 *   3. moves the head of the L2's miss queue (the cache string's miss_queue
 *      entries) to the L2->DRAM queue (the second), if it has room;
 *   4. gives the head of the crossbar->L2 queue one L2 access, if the
 *      L2->DRAM and L2->crossbar queues both have room (after sending on,
 *      past the L2, a load MeDiC bypasses, if that is the head): a read hit
 *      becomes a reply, a store hit its write acknowledgement (an atomic,
 *      BWM_MREQ_ATOMIC, is a read whose sectors it leaves dirty:
 *      bwm_cache_access_atomic); a miss
 *      (merged or not) needs two free miss-queue entries (three for a store
 *      under write allocation "W", GPGPU-Sim's miss_queue_full(1) and (2))
 *      and an MSHR, and goes to the miss queue, with a dirty victim as a
 *      write-back (a store miss fetches the line: write-back,
 *      write-allocate; under "W" the store also goes to DRAM as a write of
 *      its own, ahead of the fetch, and the line fills clean).  A head the
 *      L2 refuses stays at the head and holds every request behind it
 *      (GPGPU-Sim's "L2 cache lock-up": head-of-line blocking).  As in
 *      GPGPU-Sim (l2cache.cc, dram.cc) every store is acknowledged: at once
 *      on a hit or a lazy allocation, at the fill under fetch-on-write,
 *      and once DRAM has written it when its data go there;
 *   5. moves the ROP queue's head, once its latency has elapsed, to the
 *      crossbar->L2 queue, if it has room;
 * and, on the DRAM side of the partition, moves the L2->DRAM queue's head
 * into the DRAM-latency queue (a fixed -dram_latency pipeline, unbounded in
 * GPGPU-Sim) when the channel's controller queue has room, and that
 * queue's head, once its latency has elapsed, into the controller when it
 * has room (dram_cycle).  Then it offers the oldest reply to the reply
 * crossbar, bound for the cluster of the SM that asked (bwm_gpu_cluster_of).
 * A step that lacks room downstream (queue, request pool, crossbar buffer,
 * controller queue) waits and retries next cycle.  Loads, stores and
 * write-backs are request numbers of the GPU's bwm_req_pool.  A request
 * reads or writes the sectors it names (req_pool.h); a sector L2 fetches
 * only the sectors it lacks and writes back only dirty ones, so a DRAM
 * request moves 32 bytes per sector (a line L2 always moves 128).  docs/gpgpusim.md's
 * "The memory partition against GPGPU-Sim 3.x" lists where this follows
 * GPGPU-Sim and where it differs. */
#ifndef BWM_SUBPART_H
#define BWM_SUBPART_H

#include <stdint.h>

#include "sim/cache/cache.h"
#include "sim/config/gpu_config.h"
#include "sim/icnt/xbar.h"
#include "sim/mc/memsys.h"
#include "sim/mem/delay_queue.h"
#include "sim/mem/l2_policy.h"
#include "sim/mem/req_pool.h"
#include "util/status.h"

#define BWM_HEADER_BYTES 8

/* What a sub-partition works with, owned by the GPU. */
typedef struct bwm_subpart_env {
    bwm_req_pool *pool;
    bwm_xbar *req_net, *reply_net;
    int64_t icnt_now;    /* the interconnect's current cycle */
    bwm_memsys *mem;
    int64_t dram_now;    /* the DRAM's current cycle */
    const bwm_l2_policy *policy; /* the memory scheduler's L2 hooks (l2_policy.h; NULL: none) */
    int64_t now_fs;      /* the global time of this L2 cycle, in femtoseconds: when the
                            requests it moves enter their next stage (req_life.h) */
} bwm_subpart_env;

typedef struct bwm_subpart_stats {
    uint64_t l2_stall;   /* cycles an L2 access waited for room downstream */
    uint64_t writebacks; /* dirty lines sent to DRAM */
    uint64_t data_reads; /* loads the L2 took (every application's; not walk reads, stores or
                            loads sent past it) */
    uint64_t data_reads_served; /* of them, those it served without a read of its own from
                                   DRAM: hits, and those that joined a pending miss */
} bwm_subpart_stats;

typedef struct bwm_subpart {
    int id;
    int64_t *wake;            /* where it keeps the earliest ready cycle of its queues' heads
                                 (INT64_MAX: all empty); see bwm_subpart_init */
    int rop_latency, dram_latency;
    int cores_per_cluster;    /* a reply goes to its SM's cluster (bwm_gpu_cluster_of) */
    bwm_cache l2;
    bwm_delay_queue rop;      /* the ROP latency pipeline, from the crossbar */
    bwm_delay_queue to_l2;    /* the crossbar->L2 queue, to the L2's accesses */
    bwm_delay_queue misses;   /* the L2's miss queue */
    bwm_delay_queue to_dram;  /* the L2->DRAM queue */
    bwm_delay_queue dram_lat; /* the DRAM-latency pipeline, to the controller */
    bwm_req_list returns;     /* what DRAM answered, in order: lines to fill, loads MeDiC
                                 bypassed, stores DRAM wrote (DRAM answers without
                                 back-pressure, so it is a list that never fills) */
    bwm_req_list filled;      /* the requesters of filled lines, waiting for the reply queue */
    bwm_delay_queue replies;  /* the L2->crossbar queue */
    uint64_t *tokens;
    bwm_subpart_stats stats;
    uint64_t *bypassed;       /* per application: loads sent to DRAM past the L2 */
    uint64_t *bypassed_sectors; /* the sectors they read */
    int32_t bypass_in_flight; /* bypassed loads waiting on DRAM (at most the L2's MSHR entries) */
} bwm_subpart;

/* map (which must outlive sp) gives the L2 its set-index address when the
 * configuration indexes by partition address.  The slice keeps in *wake
 * (which must outlive sp) the earliest cycle a head of its queues is ready:
 * a cycle before it, with no request waiting for the slice at the request
 * crossbar, has nothing to do, and callers skip it.  The owner keeps every
 * slice's wake cycle in one array, so that finding the slices with work
 * reads a few host cache lines rather than one per slice. */
int bwm_subpart_init(bwm_subpart *sp, int id, const bwm_gpu_config *cfg, int n_apps, const bwm_addrmap *map,
                     int64_t *wake, bwm_err *err);
void bwm_subpart_free(bwm_subpart *sp);

/* One L2 cycle (see above; a cycle without work may be skipped, see
 * bwm_subpart_init).  Fails only on an internal inconsistency. */
int bwm_subpart_cycle(bwm_subpart *sp, int64_t now, bwm_subpart_env *env, bwm_err *err);

/* DRAM answered request id (a load's fetch or a store's write; called
 * from the controller's completion): the slice takes it in order. */
void bwm_subpart_returned(bwm_subpart *sp, bwm_req_pool *pool, int32_t id);

/* Where the memory controllers' completions go (bwm_subpart_dram_done, as
 * their done with this as ctx): the slices, the pool, and who hears of each
 * request DRAM served before its slice takes it (served may be NULL). */
typedef struct bwm_subpart_sink {
    bwm_subpart *subparts;
    bwm_req_pool *pool;
    void (*served)(void *ctx, const bwm_mc_req *req, int32_t id, int64_t done);
    void *ctx;
} bwm_subpart_sink;

/* The controller served req (pool entry req->tag) at DRAM cycle done: it
 * is heard of (sink->served), then a write-back leaves the pool, and
 * anything else goes back to its slice (bwm_subpart_returned), a walk read
 * marked as served by DRAM. */
void bwm_subpart_dram_done(void *sink, const bwm_mc_req *req, int64_t done);

/* Nothing queued anywhere in the sub-partition (MSHRs may still wait on DRAM). */
int bwm_subpart_idle(const bwm_subpart *sp);

/* The memory-controller request for pool entry r. */
bwm_mc_req bwm_subpart_mc_req(const bwm_mreq *r, int32_t id);

#endif
