/* mshr.h — miss-status holding registers: the misses a cache has sent down
 * and not yet had filled.
 *
 * A bwm_mshr holds at most n_entries pending line addresses; each entry keeps
 * up to max_merge requester tokens (opaque 64-bit values from the caller),
 * the application of the first requester, whether any requester was a write,
 * the sectors an atomic requester waits for, and the sectors (sector.h)
 * whose data are still to come.  Each token waits
 * for a set of those sectors: a fill of some sectors wakes, in arrival
 * order, the tokens it completes, and the entry closes when no sector is
 * pending any more.  A line cache fetches whole lines (BWM_SECTORS_ALL), so
 * its one fill wakes every token and closes the entry.
 *
 * Per-sector MSHRs (a sector cache's, as GPGPU-Sim keys them by sector
 * address) count their capacity in sectors: n_entries pending sectors at
 * most, over however many lines, and up to max_merge requesters waiting on
 * each sector; an entry then holds up to 4 × max_merge tokens.  Otherwise
 * the table holds n_entries lines of up to max_merge requesters.  Entries are found
 * through an address index (addr_index.h), so lookups are O(1) on average.  An
 * entry is one host cache line holding its first BWM_MSHR_INLINE tokens; more
 * merged requesters go to a table beside it, so the common fill (one or two
 * requesters) reads the index slot and the entry only.  All memory is
 * allocated at init; add, merge and fill allocate nothing.  That table is
 * sized for the worst case (every entry merging max_merge requesters on
 * every sector: 3 MB an SM for a streaming L1D) and reserved with
 * util/reserve.h, so that only the part a run uses becomes resident. */
#ifndef BWM_MSHR_H
#define BWM_MSHR_H

#include <stdint.h>

#include "sim/cache/addr_index.h"
#include "sim/cache/sector.h"
#include "util/status.h"

#define BWM_MSHR_INLINE 4 /* tokens an entry holds itself */

typedef struct bwm_mshr_entry {
    uint64_t line_addr;
    uint64_t tokens[BWM_MSHR_INLINE]; /* the first requesters' tokens, in arrival order */
    int32_t app;       /* application of the first requester */
    int32_t n_tokens;
    int32_t next_free; /* free-list link when unused; -1 ends the list */
    uint8_t pending;   /* sectors fetched and not yet filled */
    uint8_t has_write; /* a merged requester was a write */
    uint8_t atomic;    /* sectors an atomic requester waits for (bwm_mshr_mark_atomic) */
    uint8_t waits[BWM_MSHR_INLINE];     /* the sectors each of those tokens still waits for */
    uint8_t waiters[BWM_CACHE_SECTORS]; /* per-sector MSHRs: tokens waiting on each sector */
} bwm_mshr_entry;

typedef struct bwm_mshr {
    /* what a find, a fill and a new entry read first */
    bwm_addr_index index; /* pending line -> entry */
    bwm_mshr_entry *entries;
    int n_entries, used, free_head;
    int per_sector;   /* capacity in sectors (see above) */
    int sectors_used; /* per-sector MSHRs: pending sectors */
    int capacity;     /* tokens an entry holds */
    int overflow;     /* of those, beyond BWM_MSHR_INLINE: kept in tokens and waits */
    int max_merge;
    uint64_t *tokens; /* n_entries × capacity: tokens from BWM_MSHR_INLINE on */
    uint8_t *waits;   /* n_entries × capacity: the sectors each of those still waits for */
} bwm_mshr;

/* per_sector: capacity in sectors (see above). */
int bwm_mshr_init(bwm_mshr *m, int n_entries, int max_merge, int per_sector, bwm_err *err);
void bwm_mshr_free(bwm_mshr *m);

/* The entry pending for line_addr, or NULL. */
bwm_mshr_entry *bwm_mshr_find(const bwm_mshr *m, uint64_t line_addr);

/* Hint: the host brings the index slot a find or fill of line_addr reads
 * first into its caches (changes nothing). */
static inline void bwm_mshr_prefetch(const bwm_mshr *m, uint64_t line_addr)
{
    bwm_addr_index_prefetch(&m->index, line_addr);
}

/* 1 when a new fetch of `sectors` finds no room (no free entry, or for
 * per-sector MSHRs too few free sectors). */
int bwm_mshr_full(const bwm_mshr *m, unsigned sectors);

/* 1 when e has room for one more requester waiting on `wait` (per-sector
 * MSHRs: on each of its sectors). */
int bwm_mshr_can_merge(const bwm_mshr *m, const bwm_mshr_entry *e, unsigned wait);

/* Opens an entry for line_addr (not pending, table not full: the caller
 * checks) whose first requester fetches and waits for `sectors` (non-zero). */
bwm_mshr_entry *bwm_mshr_add(bwm_mshr *m, uint64_t line_addr, int app, int is_write, uint64_t token,
                             unsigned sectors);

/* Adds a requester to e (which must have room) that waits for `wait`; the
 * sectors of `fetch` (a new fetch the caller sends) become pending too. */
void bwm_mshr_merge(bwm_mshr *m, bwm_mshr_entry *e, int is_write, uint64_t token, unsigned wait,
                    unsigned fetch);

/* A requester of e performs an atomic on `sectors` (an L2's atomics and
 * reductions): their fill is to leave them dirty (GPGPU-Sim's MSHR entry
 * m_has_atomic). */
static inline void bwm_mshr_mark_atomic(bwm_mshr_entry *e, unsigned sectors)
{
    e->atomic = (uint8_t)(e->atomic | sectors);
}

/* The data of `sectors` of line_addr arrived: copies the tokens that wait
 * for nothing more, in arrival order, to tokens_out (room for capacity),
 * their number to *n_tokens, the entry's first requester's application to
 * *app, its write flag to *has_write and the filled sectors an atomic
 * waited for (bwm_mshr_mark_atomic) to *atomic; *closed is 1 when no
 * sector is pending any more and the entry is freed.  Returns 0, or -1
 * when line_addr is not pending. */
int bwm_mshr_fill(bwm_mshr *m, uint64_t line_addr, unsigned sectors, uint64_t *tokens_out, int *n_tokens,
                  int *app, int *has_write, unsigned *atomic, int *closed);

#endif
