/* cache.h — a data cache (GPGPU-Sim's L1D or L2 slice): tag array, MSHRs,
 * write policy and per-application statistics.
 *
 * A bwm_cache owns a bwm_tags and a bwm_mshr, both sized at init; access and
 * fill allocate nothing and cost O(ways).  It models timing-free state only:
 * the caller moves requests between levels, and the result of each call says
 * what must go down (a line fetch, a write, a dirty write-back) and which
 * requesters a fill wakes.  The flavour follows the configuration:
 *
 *   - L1D ("L:L:m:N" or "L:E:m:N"): reads allocate on miss and wait in the
 *     MSHRs; global stores are write-evict, write-no-allocate: a store
 *     invalidates a hit line and always goes down as a write.
 *   - L2 slice ("L:B:m:W"): write-back, write-allocate (GPGPU-Sim's
 *     wr_miss_wa_naive): a store hit makes the line dirty; a store miss
 *     sends the store itself down at once (result.write_down) and fetches
 *     the line like a read, which fills it clean, so the line is written
 *     back later only if another store hits it; replacing a dirty line
 *     produces a write-back the caller sends to DRAM.
 *   - fetch-on-write ("F"): a store miss fetches the line and the line is
 *     dirty once filled (GPGPU-Sim's wr_miss_wa_fetch_on_write for a store
 *     that writes part of its line or sector; a store that writes all of
 *     it takes the line without a fetch there, which is not modelled).
 *   - write-through ("T") keeps hit lines and sends every store down.
 *   - write ratio (cfg.write_ratio, GPGPU-Sim's L1D write ratio): lines a
 *     store wrote (under write-back or write-through) are not replaced
 *     while they are fewer than that percentage of the cache (tags.h).
 *   - lazy fetch-on-read (write allocation "L", GPGPU-Sim 4.x's L2 and
 *     Volta-and-later L1): a store miss takes a line without fetching it;
 *     the line is valid at once (the model's stores write whole lines) and,
 *     under write-back, dirty.  Write-through with "L" also sends the store
 *     down.
 *   - streaming allocation ("s", GPGPU-Sim's L1 from Kepler on): allocation
 *     on fill, with as many MSHRs as the cache has lines, each merging up to
 *     64 requesters; allocation on miss instead when the configuration says
 *     so (streaming_on_miss: an adaptive L1 given all of the unified memory).
 *   - bypass (bwm_cache_bypass, -gpgpu_gmem_skip_L1D): nothing is looked up
 *     or allocated; loads wait in the MSHRs (requests for one line merge)
 *     and every store goes down.
 *
 * Allocation "m" (on miss) reserves the victim when the miss is sent, as
 * GPGPU-Sim does (so a dirty victim is written back at the miss, and a set
 * whose usable ways are all reserved refuses the access); "f" (on fill)
 * chooses the victim when the data arrives.  Not modelled, and refused by
 * init (bwm_cache_check_modelled): read-only caches, fetch-on-write or
 * write-validate without write-back, lazy fetch-on-read with write-evict,
 * "F" or "L" write allocation with allocation on fill (GPGPU-Sim refuses
 * those too), FIFO (texture) MSHRs, and custom set indexing.
 *
 * Sector caches (kind "S", GPGPU-Sim's sector_cache): every access names the
 * 32-byte sectors of its line it needs (sector.h); a line keeps valid and
 * dirty bits per sector.  A read hits when every sector it needs is valid.
 * Otherwise the sectors neither valid nor pending are fetched, and only
 * those: a line miss allocates the line (as above) and fetches the
 * requested sectors, a sector miss on a present line fetches the missing
 * ones, and an access whose missing sectors are all pending merges into the
 * line's MSHR entry.  An access that needs sectors a pending entry has not
 * fetched joins the entry and sends a fetch of its own for those sectors
 * (MISS_NEW), so one entry may have several fetches out; each fill wakes
 * the requesters it completes.  The MSHRs count sectors, as GPGPU-Sim keys
 * a sector cache's MSHRs by sector: the string's entries are pending
 * sectors and its merge limit applies per sector (mshr.h).  GPGPU-Sim
 * splits a request into one access per sector; here a request for several
 * sectors of a line is one access (the L2 slices split requests before
 * they reach their cache, subpart.h; an SM's L1D does not).  While any of its sectors is
 * pending, a line allocated on miss stays RESERVED (never a victim, as
 * GPGPU-Sim's sector_cache_block::is_reserved_line).  Stores make their
 * sectors valid and, under write-back, dirty; write-evict invalidates the
 * store's sectors; a dirty victim writes back only its dirty sectors.  A
 * line cache behaves as a sector cache whose every access needs the whole
 * line, except that a store it sends down writes only its own sectors.
 * A store names the sectors it writes only in part (bwm_cache_access_store;
 * GPGPU-Sim's byte mask).  Under lazy fetch-on-read such a sector, taken by
 * the store's allocation, is not readable (GPGPU-Sim's m_readable): a read
 * of it misses and fetches it, the line keeping what the store wrote (its
 * dirty bits); a later store that writes the whole sector, or the fill,
 * makes it readable.  Several stores that together write a whole sector
 * leave it unreadable here, where GPGPU-Sim's byte mask, which it keeps
 * per line, would find it complete. */
#ifndef BWM_CACHE_H
#define BWM_CACHE_H

#include <stdint.h>

#include "sim/cache/cache_config.h"
#include "sim/cache/mshr.h"
#include "sim/cache/sector.h"
#include "sim/cache/tags.h"
#include "sim/dram/addrmap.h"
#include "util/status.h"

/* Most warps an SM holds: the merge limit of a streaming cache's MSHRs
 * (GPGPU-Sim's MAX_WARP_PER_SM). */
#define BWM_CACHE_STREAMING_MAX_MERGE 64

typedef enum bwm_cache_outcome {
    BWM_CACHE_HIT,              /* served here; nothing to wait for (also a store that a lazy
                                   fetch-on-read miss allocated here: hit stays 0) */
    BWM_CACHE_MISS_NEW,         /* fetch result.sectors of result.line_addr from below; the token
                                   waits for its fill */
    BWM_CACHE_MISS_MERGED,      /* joined a pending miss; the token waits for its fill */
    BWM_CACHE_WRITE_DOWN,       /* send this write to the next level; nothing waits here */
    BWM_CACHE_RESERVATION_FAIL  /* refused (MSHRs, merge list or ways busy): retry later */
} bwm_cache_outcome;

/* A dirty line that must be written to the next level. */
typedef struct bwm_cache_writeback {
    int valid;          /* 0: nothing to write back */
    uint64_t line_addr;
    unsigned sectors;   /* the dirty sectors to write (all of them in a line cache) */
    int app;            /* the application that owned the line */
} bwm_cache_writeback;

typedef struct bwm_cache_result {
    bwm_cache_outcome outcome;
    int hit;            /* every sector needed was valid (also for WRITE_DOWN) */
    uint64_t line_addr;
    unsigned sectors;   /* MISS_NEW: the sectors to fetch (all of them in a line cache);
                           WRITE_DOWN: the store's own sectors, which it writes below (GPGPU-Sim
                           sends the store itself, of the size its coalescer gave it) */
    bwm_cache_writeback wb; /* a dirty victim evicted by this access (allocate on miss) */
    int write_down;     /* a store miss under write allocation "W" (MISS_NEW or MISS_MERGED):
                           the store's own sectors also go to the next level now, before the
                           fetch; the token waits for the fill all the same */
} bwm_cache_result;

typedef struct bwm_cache_stats {
    uint64_t accesses;   /* accepted accesses = hits + misses + merged */
    uint64_t reads, writes;
    uint64_t hits;
    uint64_t misses;     /* needed the next level: new read misses and write misses */
    uint64_t read_misses; /* of those, reads: each is one fill from the next level */
    uint64_t merged;     /* joined a pending miss to the same line */
    uint64_t res_fails;  /* refused accesses (not counted in accesses) */
    uint64_t writebacks; /* dirty lines of this application written back */
    /* the same accepted accesses counted in sectors (a line cache's access is
       4 sectors): sectors needed, found valid, and missing (fetched, or for a
       store neither valid nor pending); the rest were pending (merged) */
    uint64_t sector_accesses, sector_hits, sector_misses;
    uint64_t sector_reads, sector_read_misses; /* of those, the reads' (the rest are writes') */
} bwm_cache_stats;

typedef enum bwm_cache_sharing {
    BWM_CACHE_SHARED = BWM_TAGS_SHARED,
    BWM_CACHE_PARTITIONED = BWM_TAGS_PARTITIONED
} bwm_cache_sharing;

/* A valid line replaced to make room (bwm_cache_track_owners). */
typedef struct bwm_cache_evicted {
    int valid;          /* 0: no line was replaced since the last bwm_cache_take_evicted */
    uint64_t line_addr;
    int owner;          /* the requester that allocated it */
} bwm_cache_evicted;

typedef struct bwm_cache {
    /* What every access and fill reads comes first (the flags, then the
     * tags and MSHRs, whose own hot fields lead), so that an access reads
     * few host cache lines of the cache's own fields. */
    int n_apps;
    int alloc_on_miss;      /* victims are reserved when the miss is sent */
    int hints;              /* the host hints below do something (bwm_cache_set_hints) */
    int bypass;             /* nothing is cached (bwm_cache_bypass) */
    int full_set_valid;     /* full_set (below) holds */
    int full_set_seen;      /* the access in progress found its set full */
    bwm_cache_stats *stats; /* per application */
    bwm_tags tags;
    bwm_mshr mshr;
    bwm_cache_config cfg;
    uint64_t tokens_per_owner;  /* owners are tracked: a token's owner is token / this (0: off) */
    bwm_cache_evicted evicted;  /* the last line replaced, while tracked */
    uint8_t *unreadable;        /* lazy fetch-on-read: per line, the sectors a store left
                                   unreadable (see above); NULL otherwise */
    int any_unreadable;         /* a store has left a sector unreadable (else none is looked up) */
    /* The last access, if refused because every way of its set it may use
     * was reserved, with its arguments and result: the same access is
     * refused the same way until a fill reaches that set or the cache
     * otherwise changes (cache.c), so a retry costs no search. */
    struct {
        uint64_t addr;
        unsigned sectors;
        int app, is_write, set;
        bwm_cache_result r;
    } full_set;
} bwm_cache;

/* Whether the model implements cfg's policies: BWM_OK, or BWM_EINPUT with
 * what it does not implement (the same check bwm_cache_init makes). */
int bwm_cache_check_modelled(const bwm_cache_config *cfg, bwm_err *err);

/* Builds a cache for n_apps applications.  PARTITIONED gives each
 * application its own ways for allocation (equal split when ways_per_app is
 * NULL, else the listed counts, summing to the ways); SHARED lets every
 * application allocate anywhere (ways_per_app must be NULL).  Fails with
 * BWM_EINPUT, naming the option, for configurations the model does not
 * implement (see above). */
int bwm_cache_init(bwm_cache *c, const bwm_cache_config *cfg, int n_apps, bwm_cache_sharing sharing,
                   const int *ways_per_app, bwm_err *err);
void bwm_cache_free(bwm_cache *c);

/* Invalidates every valid line, as GPGPU-Sim's cache invalidate does
 * (nothing is written back; lines with a fetch pending stay). */
void bwm_cache_invalidate(bwm_cache *c);
/* Flushes application app's dirty lines as GPGPU-Sim's cache flush
 * (tag_array::flush) does: every valid line of app with a dirty sector is
 * invalidated whole, and nothing is written back or counted; clean lines
 * and lines with a fetch pending stay.  Returns the lines dropped. */
uint64_t bwm_cache_flush_app(bwm_cache *c, int app);

/* One access of application app to the sectors `sectors` of the line of
 * byte address addr (a line cache takes every access as one to the whole
 * line; 0 means the whole line too); token identifies the requester for the
 * fill.  Fills *r.  Fails only for an application number out of range. */
int bwm_cache_access_sectors(bwm_cache *c, uint64_t addr, unsigned sectors, int app, int is_write,
                             uint64_t token, bwm_cache_result *r, bwm_err *err);
/* A store of the sectors `sectors` of which it writes `partial` only in
 * part (a subset; 0: every byte of each), as bwm_cache_access_sectors
 * otherwise. */
int bwm_cache_access_store(bwm_cache *c, uint64_t addr, unsigned sectors, unsigned partial, int app,
                           uint64_t token, bwm_cache_result *r, bwm_err *err);
/* An atomic or reduction performed in this cache (an L2 slice's): a read
 * of the sectors, counted and answered as one (hit, miss or merged), that
 * leaves them dirty once their data are here — at once on a hit, at their
 * fill on a miss — as GPGPU-Sim's data_cache::rd_hit_base and
 * baseline_cache::fill (the MSHR entry's m_has_atomic) mark the line
 * MODIFIED, whatever the write policy; a dirty line is written back when
 * it is replaced. */
int bwm_cache_access_atomic(bwm_cache *c, uint64_t addr, unsigned sectors, int app, uint64_t token,
                            bwm_cache_result *r, bwm_err *err);
/* The same for the whole line. */
int bwm_cache_access(bwm_cache *c, uint64_t addr, int app, int is_write, uint64_t token, bwm_cache_result *r,
                     bwm_err *err);

/* Host hints.  An access or fill reads an MSHR index slot, tags (through
 * an index slot in wide sets, tags.h) and an MSHR entry far apart in the
 * host's memory; when the GPU's caches outgrow the host's (Volta's 80 SMs
 * with 256-way L1Ds and 64 L2 slices: over 10 MB), the host waits for each
 * in turn.  The hints below ask for them ahead of the access; they change
 * nothing the simulation sees, and do nothing until bwm_cache_set_hints
 * turns them on (the GPU does for large memory systems: for small ones they
 * would only cost instructions).
 *
 * bwm_cache_prefetch, early (the access or fill comes a cycle or more
 * later): the line's index slots, in the tag array and the MSHRs.  Then
 * bwm_cache_prefetch_entries, once those are in: the tag entry and the MSHR
 * entry they name. */
void bwm_cache_set_hints(bwm_cache *c, int on);
int bwm_cache_hinted(const bwm_cache *c);
void bwm_cache_prefetch(const bwm_cache *c, uint64_t addr);
void bwm_cache_prefetch_entries(const bwm_cache *c, uint64_t addr);

/* The data of `sectors` (a MISS_NEW's result.sectors) of a pending line
 * arrived: they become valid (dirty if a write waited on the line under
 * write-back), the tokens that wait for nothing more are copied in arrival
 * order to tokens_out (room for bwm_cache_max_merge) and counted in
 * *n_tokens, and a dirty victim replaced at fill time is reported in *wb.
 * Fails with BWM_EINPUT when line_addr has no pending miss. */
int bwm_cache_fill_sectors(bwm_cache *c, uint64_t line_addr, unsigned sectors, uint64_t *tokens_out,
                           int *n_tokens, bwm_cache_writeback *wb, bwm_err *err);
/* The same for every pending sector (a line cache's whole line). */
int bwm_cache_fill(bwm_cache *c, uint64_t line_addr, uint64_t *tokens_out, int *n_tokens,
                   bwm_cache_writeback *wb, bwm_err *err);

/* Owners (CCWS's victim tags need to know whose line was replaced):
 * from now on each line allocated remembers its owner, the token of the
 * request that allocated it (at a miss, or the first requester its fill
 * releases) divided by tokens_per_owner (> 0), and every replacement of a
 * valid line is kept for bwm_cache_take_evicted.  Replacements only: a
 * store that invalidates its line (write-evict) is not one. */
void bwm_cache_track_owners(bwm_cache *c, uint64_t tokens_per_owner);
/* The line the last access or fill replaced, if any (then forgotten):
 * 1 and its address and owner, or 0. */
int bwm_cache_take_evicted(bwm_cache *c, uint64_t *line_addr, int *owner);

/* What a request for `sectors` moves at this cache's granularity: the
 * sectors themselves in a sector cache, the whole line in a line cache. */
unsigned bwm_cache_sectors_of(const bwm_cache *c, unsigned sectors);

/* Sets the replacement rank (tags.h) of the line holding addr, if any: how
 * a warp-type-aware insertion policy marks lines to evict first or last. */
void bwm_cache_rank_line(bwm_cache *c, uint64_t addr, int rank);
/* Turns bypass on or off (see above). */
void bwm_cache_bypass(bwm_cache *c, int on);

/* Indexes the sets by m's partition address or XOR set rows (bwm_tags_index_by). */
void bwm_cache_index_by(bwm_cache *c, const bwm_addrmap *m);

/* The line address of addr (offset bits cleared). */
uint64_t bwm_cache_line_addr(const bwm_cache *c, uint64_t addr);

/* 1 if addr's line is present and valid (every sector of `sectors`
 * valid, for bwm_cache_probe_sectors); changes no state. */
int bwm_cache_probe(const bwm_cache *c, uint64_t addr);
int bwm_cache_probe_sectors(const bwm_cache *c, uint64_t addr, unsigned sectors);

/* Requesters one pending line can hold (the size tokens_out needs): the
 * merge limit, 4 times that for a sector cache (a limit per sector). */
int bwm_cache_max_merge(const bwm_cache *c);

/* Lines pending in the MSHRs. */
int bwm_cache_pending(const bwm_cache *c);

/* Statistics of application app (NULL when out of range); the sum over all
 * applications into *total; reset (after warm-up) keeps the contents. */
const bwm_cache_stats *bwm_cache_app_stats(const bwm_cache *c, int app);
void bwm_cache_total_stats(const bwm_cache *c, bwm_cache_stats *total);
void bwm_cache_reset_stats(bwm_cache *c);

#endif
