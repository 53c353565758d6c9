/* footprint.c — the memory system's allocations from its configuration
 * (see footprint.h).  Each term names the init function whose allocation it
 * mirrors. */
#include "sim/mem/footprint.h"

#include "sim/cache/cache.h"
#include "sim/mc/mc.h"
#include "sim/mem/delay_queue.h"
#include "sim/mem/subpart.h"

void bwm_mc_footprint_of(const bwm_dram_config *cfg, bwm_mc_footprint *out)
{
    /* bwm_mc_init: the pool holds the queue (64 to start with when
       unbounded) and the write queue; the return ring every read or write whose
       data is on its way */
    int64_t wq = cfg->write_queue ? cfg->write_queue_size : 0;
    int64_t latency = cfg->t.CL > cfg->t.WL ? cfg->t.CL : cfg->t.WL;
    out->entries = (cfg->queue_size ? cfg->queue_size : 64) + wq;
    out->returns = latency + cfg->burst_length / cfg->data_command_ratio + 2;
    double per_bank = (double)sizeof(bwm_mc_bank) + sizeof(bwm_mc_bank_stats) + sizeof(bwm_dram_bank) +
                      BWM_MC_ROW_BUCKETS * sizeof(uint32_t);
    double channel = (double)sizeof(bwm_mc) + (double)out->entries * sizeof(bwm_mc_entry) +
                     (double)wq * sizeof(int32_t) + (double)out->returns * sizeof(bwm_completion) +
                     (double)cfg->n_banks * per_bank + (double)cfg->n_bank_groups * sizeof(bwm_dram_group);
    out->bytes = (double)cfg->n_channels * channel;
}

/* bwm_mshr_init: entries, n x the tokens beyond an entry's own and their
 * sector masks, and an index of n keys. */
static double mshr_bytes(int64_t n, int64_t merge)
{
    int64_t overflow = merge > BWM_MSHR_INLINE ? merge - BWM_MSHR_INLINE : 0;
    return (double)n * sizeof(bwm_mshr_entry) + (double)n * (double)overflow * (sizeof(uint64_t) + sizeof(uint8_t)) +
           bwm_addr_index_bytes(n);
}

void bwm_cache_footprint_of(const bwm_cache_config *c, bwm_cache_footprint *out)
{
    /* bwm_cache_init: a streaming cache has an MSHR entry per line (per
       sector in a sector cache); a sector cache's entries merge per sector;
       bwm_tags_init: bwm_tags_bytes */
    int sector = c->kind == BWM_CACHE_SECTOR;
    int streaming = c->alloc == BWM_ALLOC_STREAMING;
    out->lines = (int64_t)c->sets * c->ways;
    out->mshrs = streaming ? out->lines * (sector ? BWM_CACHE_SECTORS : 1) : c->mshr_entries;
    out->merge = (streaming ? BWM_CACHE_STREAMING_MAX_MERGE : c->mshr_max_merge) * (sector ? BWM_CACHE_SECTORS : 1);
    out->bytes = bwm_tags_bytes(c->sets, c->ways) + mshr_bytes(out->mshrs, out->merge);
}

void bwm_l2_footprint_of(const bwm_dram_config *d, const bwm_cache_config *l2, const int queues[4],
                         bwm_l2_footprint *out)
{
    bwm_cache_footprint cf;
    bwm_cache_footprint_of(l2, &cf);
    out->slices = (int64_t)d->n_channels * d->n_sub_partitions;
    out->lines = cf.lines;
    out->mshrs = cf.mshrs;
    out->merge = cf.merge;
    /* bwm_subpart_init: the four queues (the L2->DRAM one at least 2 long,
       the returns one per MSHR entry twice over), a reply's tokens and the
       slice's wake cycle */
    int64_t queued = queues[0] + (queues[1] < 2 ? 2 : queues[1]) + (2 * out->mshrs + 1) + (out->merge + 8);
    out->slice_bytes = (double)sizeof(bwm_subpart) + (double)sizeof(int64_t) + cf.bytes +
                       (double)queued * sizeof(bwm_delay_entry) + (double)out->merge * sizeof(uint64_t);
    out->bytes = (double)out->slices * out->slice_bytes;
}
