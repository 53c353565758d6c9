/* req_stats.h — the request observer: the points a request passes and the
 * per-request statistics that subscribe to them.
 *
 * A request made by an SM (a load, a store, an MMU walk read) is issued
 * into the request crossbar, enters its L2 slice and the slice's queues,
 * may be queued at and served by a memory controller, fills its slice and
 * is delivered to its SM.  Each of these points is an event with one
 * subscriber, called directly where the request passes (no list, no
 * allocation, one call per event):
 *   issued     bwm_req_issued: gpu.c's send_request, translation.c's walk_send
 *   in slice   the slice's stage moves (subpart.c `enter`: the load's life
 *              record, req_life.h, which the delivered event reads)
 *   served     bwm_req_served: the slices' sink (subpart.h), which the
 *              controllers' completion reaches first (bwm_subpart_dram_done)
 *   delivered  bwm_req_delivered: cluster.c's deliver, for a load's answer
 * The subscriber is this file: it owns each application's running totals
 * (bwm_req_counts: load latency and its stages, DRAM bytes, walk and data
 * DRAM latency, local accesses), which app_stats.c snapshots whole, and
 * reduces an interval's totals to the statistics (bwm_req_result, which
 * bwm_app_result holds under the statistics' own names).  The whole
 * observer is this header, its events inline (they run once per request),
 * so that a new per-request statistic is this file — its total (a field of
 * bwm_req_counts), its counting at its event, its value (a field of
 * BWM_REQ_RESULT_FIELDS) and its reduction in bwm_req_result_from — and its
 * entry in sim/stats/stat_table.c. */
#ifndef BWM_REQ_STATS_H
#define BWM_REQ_STATS_H

#include <stdint.h>
#include <string.h>

#include "sim/mc/mc.h"
#include "sim/mem/req_pool.h"
#include "sim/vm/colors.h"
#include "sim/vm/sm_banks.h"

#define BWM_REQ_STATS_APPS 4 /* BWM_GPU_MAX_APPS */

/* One application's running totals. */
typedef struct bwm_req_counts {
    /* the loads answered (L1D misses): SM to SM in core cycles, and their
       lives by stage (req_life.h) from the load/store unit's first try, in
       femtoseconds; the stages after inject add up to latency_sum core
       cycles exactly */
    uint64_t latency_sum, latency_n;
    uint64_t stage_fs[BWM_STAGE_COUNT];
    uint64_t dram_bytes_read, dram_bytes_written; /* data bytes DRAM requests asked for */
    /* walk reads DRAM served: DRAM cycles from entering the controller to
       done, summed; the same for loads' data reads */
    uint64_t walk_dram_cycles, walk_dram_reads, walk_dram_bytes;
    uint64_t data_dram_cycles, data_dram_reads;
    /* local accesses (sim/vm/sm_banks.h): DRAM requests of the SMs' own
       loads and stores, and those to a bank colour their SM owns */
    uint64_t sm_dram, local_dram;
} bwm_req_counts;

typedef struct bwm_req_stats {
    bwm_req_counts app[BWM_REQ_STATS_APPS];
    bwm_req_pool *pool;               /* the requests (their lives) */
    int64_t core_fs, dram_fs;         /* the clocks' periods (the events' cycles to global time) */
    /* local accesses are counted when an application has thread blocks; a
       map without bank colours (bank_by_index) colours a bank by its index */
    int count_local;
    bwm_colors bank_colors;
    int bank_by_index, n_banks;
    int first_sm[BWM_REQ_STATS_APPS], n_sms_of[BWM_REQ_STATS_APPS];
} bwm_req_stats;

/* The per-request statistics of an interval (bwm_req_result_from), as
 * fields: bwm_app_result (sim/stats/app_stats.h) holds them by these names.
 *   avg_mem_latency   core cycles per answered load from leaving its SM to
 *                     its fill;
 *   lat[]             core cycles per answered load in each stage of its
 *                     life (req_life.h), from the load/store unit's first try;
 *   mem_round_trip    their sum;
 *   dram_bytes_read, dram_bytes_written  data bytes DRAM requests read and
 *                     wrote (32 per sector; bw counts whole bursts);
 *   local_access      the share of its SMs' DRAM requests to a bank its SM
 *                     owns (sim/vm/sm_banks.h);
 *   dram_delay        core cycles a load's DRAM read spends from entering
 *                     the controller to its data. */
#define BWM_REQ_RESULT_FIELDS                                                                                   \
    double avg_mem_latency;                                                                                    \
    double lat[BWM_STAGE_COUNT], mem_round_trip;                                                               \
    uint64_t dram_bytes_read, dram_bytes_written;                                                              \
    double local_access, dram_delay;

typedef struct bwm_req_result {
    BWM_REQ_RESULT_FIELDS
} bwm_req_result;

static inline double bwm_req_ratio(double num, double den)
{
    return den > 0 ? num / den : 0;
}

/* The statistics of the interval between two snapshots of an
 * application's totals, the core clock's period core_fs and the core and
 * DRAM clocks' MHz.  A quantity with nothing to divide by is 0 (app_stats.h's
 * no_den marks it, for the outputs to print empty). */
static inline void bwm_req_result_from(const bwm_req_counts *from, const bwm_req_counts *to, double core_fs,
                                       double core_mhz, double dram_mhz, bwm_req_result *r)
{
    memset(r, 0, sizeof *r);
    double loads = (double)(to->latency_n - from->latency_n);
    r->avg_mem_latency = bwm_req_ratio((double)(to->latency_sum - from->latency_sum), loads);
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        r->lat[s] = bwm_req_ratio((double)(to->stage_fs[s] - from->stage_fs[s]) / core_fs, loads);
        r->mem_round_trip += r->lat[s];
    }
    r->dram_bytes_read = to->dram_bytes_read - from->dram_bytes_read;
    r->dram_bytes_written = to->dram_bytes_written - from->dram_bytes_written;
#define D(f) (double)(to->f - from->f)
    r->local_access = bwm_req_ratio(D(local_dram), D(sm_dram));
    r->dram_delay = bwm_req_ratio(D(data_dram_cycles), D(data_dram_reads)) * core_mhz / dram_mhz;
#undef D
}

/* Global time of cycle c of a clock of period period_fs: the end of its
 * edge (gpu_state.h's bwm_gpu_time_fs for a clock domain of the GPU). */
static inline int64_t bwm_req_time_fs(int64_t period_fs, int64_t c)
{
    return (c + 1) * period_fs;
}

/* Request id (kind, req_pool.h) left its SM at core cycle now, its line
 * first tried at core cycle tried: a load is timed from its try, a walk
 * read from now; a store is not timed. */
static inline void bwm_req_issued(bwm_req_stats *s, int32_t id, int kind, int64_t tried, int64_t now)
{
    if (kind == BWM_MREQ_STORE)
        return;
    bwm_req_life *life = bwm_req_life_of(s->pool, id);
    if (kind == BWM_MREQ_WALK) {
        bwm_life_start(life, BWM_STAGE_INJECT, bwm_req_time_fs(s->core_fs, now));
        return;
    }
    bwm_life_start(life, BWM_STAGE_INJECT, bwm_req_time_fs(s->core_fs, tried));
    bwm_life_enter(life, BWM_STAGE_REQ_XBAR, bwm_req_time_fs(s->core_fs, now));
}

/* A DRAM request of an SM's load or store: local when its SM owns its bank's colour. */
static inline void bwm_req_count_local(bwm_req_stats *s, const bwm_mc_req *req)
{
    int app = req->app;
    unsigned n_colors = s->bank_by_index ? (unsigned)s->n_banks : 1u << s->bank_colors.color_bits;
    unsigned color = s->bank_by_index ? req->da.bank : bwm_color_of_addr(&s->bank_colors, req->addr);
    s->app[app].sm_dram++;
    s->app[app].local_dram +=
        (uint64_t)bwm_sm_owns_color(n_colors, s->n_sms_of[app], req->sm - s->first_sm[app], color);
}

/* DRAM served req, pool entry id, at DRAM cycle done (its slice takes it
 * next): the slices' sink (subpart.h), ctx the bwm_req_stats. */
static inline void bwm_req_served(void *ctx, const bwm_mc_req *req, int32_t id, int64_t done)
{
    bwm_req_stats *s = ctx;
    const bwm_mreq *r = bwm_req_at(s->pool, id);
    bwm_req_life *life = bwm_req_life_of(s->pool, id);
    bwm_life_enter(life, BWM_STAGE_DRAM, bwm_req_time_fs(s->dram_fs, req->served));
    bwm_life_enter(life, BWM_STAGE_FILL, bwm_req_time_fs(s->dram_fs, done));
    bwm_req_counts *c = &s->app[r->app];
    if (req->is_write)
        c->dram_bytes_written += req->bytes;
    else
        c->dram_bytes_read += req->bytes;
    if (r->kind == BWM_MREQ_WALK) {
        c->walk_dram_cycles += (uint64_t)(done - req->arrival);
        c->walk_dram_reads++;
        c->walk_dram_bytes += req->bytes;
    } else if (!req->is_write) {
        c->data_dram_cycles += (uint64_t)(done - req->arrival);
        c->data_dram_reads++;
    }
    if (s->count_local && r->kind != BWM_MREQ_WALK && r->kind != BWM_MREQ_WRITEBACK && req->sm >= 0)
        bwm_req_count_local(s, req);
}

/* A load of application app, issued at core cycle issued, whose life is
 * `life`, was answered at core cycle now. */
static inline void bwm_req_delivered(bwm_req_stats *s, int app, const bwm_req_life *life, int64_t issued,
                                     int64_t now)
{
    bwm_req_counts *c = &s->app[app];
    bwm_life_add(life, bwm_req_time_fs(s->core_fs, now), c->stage_fs);
    c->latency_sum += (uint64_t)(now - issued);
    c->latency_n++;
}

#endif
