/* tags.h — a set-associative tag array with LRU or FIFO replacement and
 * optional way-partitioning among applications.
 *
 * A bwm_tags owns its lines (sets × ways, allocated once at init).  Lines are
 * named by their line address (the byte address with the offset bits
 * cleared).  Lookups see every way of a set; allocation by application a
 * picks its victim only among the ways a may use: all of them when shared,
 * its own contiguous slice when partitioned, so that partitioned
 * applications never evict each other's lines.  A RESERVED line (allocated
 * at miss time, its fill still pending) is never chosen as a victim.
 * Every operation is O(ways) and allocates nothing.  Beside the lines, two
 * packed arrays make the scans short: each line's address (or none, when
 * invalid) for lookups, and its place in the victim order for victim
 * selection; so a line's state, rank and use change only through the
 * functions below (a third packed array says which lines a store wrote,
 * for the write ratio's victim scan).
 *
 * Wide sets (BWM_TAGS_WIDE_WAYS ways or more, as the 256-way L1D a Volta
 * unified cache gives) would make each scan read kilobytes: there an address
 * index finds a line in one probe, and the victim orders are kept as minima
 * per chunk of BWM_TAGS_CHUNK ways (one for the plain order, one for the
 * order with written lines skipped), so that a victim search reads the
 * set's chunk minima and one chunk.  Both give exactly the line the scan
 * would. */
#ifndef BWM_TAGS_H
#define BWM_TAGS_H

#include <stdint.h>

#include "sim/cache/addr_index.h"
#include "sim/cache/cache_config.h"
#include "sim/cache/sector.h"
#include "sim/dram/addrmap.h"
#include "util/status.h"

typedef enum bwm_line_state {
    BWM_LINE_INVALID = 0,
    BWM_LINE_RESERVED, /* allocated, data not yet filled */
    BWM_LINE_VALID
} bwm_line_state;

/* A line's state; the address it holds is its key in the tags' keys
 * (bwm_tags_addr_of), kept once. */
typedef struct bwm_tag_line {
    uint64_t stamp; /* last use (LRU) or allocation (FIFO); smallest is the victim */
    uint8_t state;  /* bwm_line_state */
    uint8_t valid;  /* sectors holding data (sector.h): all of them when VALID in a line cache */
    uint8_t dirty;  /* sectors written and not yet written back */
    uint8_t rank;   /* replacement rank: lower ranks are evicted first, by age among
                       equals (BWM_TAGS_RANK_NORMAL unless set by bwm_tags_set_rank) */
    uint16_t app;   /* application that allocated the line */
    uint16_t owner; /* the requester that allocated it, where the cache tracks owners
                       (bwm_cache_track_owners; 0 otherwise) */
} bwm_tag_line;

/* The rank every installed line starts with. */
#define BWM_TAGS_RANK_NORMAL 1
/* The key of an invalid line (no line address has its offset bits set). */
#define BWM_TAGS_NO_LINE UINT64_MAX
/* Sets of this many ways or more are indexed and keep chunk minima (above),
 * unless the array has more lines than an index holds. */
#define BWM_TAGS_WIDE_WAYS 32
/* Ways per chunk of a wide set. */
#define BWM_TAGS_CHUNK 16
/* Set-index bits the row form (bwm_tags.set_rows) computes; arrays with
 * more sets compute the set from its definition. */
#define BWM_TAGS_ROW_BITS 16

typedef enum bwm_tags_sharing {
    BWM_TAGS_SHARED,     /* every application may allocate into every way */
    BWM_TAGS_PARTITIONED /* each application allocates only into its own ways */
} bwm_tags_sharing;

/* The structures of a wide set (see above). */
typedef struct bwm_tags_wide {
    bwm_addr_index index;     /* line address -> line, for the VALID and RESERVED lines */
    int chunks;               /* chunks per set */
    uint64_t *chunk_min;      /* per chunk: the smallest victim order */
    uint64_t *chunk_min_kept; /* per chunk: the same with written lines (but invalid ones) as UINT64_MAX */
} bwm_tags_wide;

typedef struct bwm_tags {
    /* What lookups, victim searches and installs read comes first, so that
     * an access reads few host cache lines of the array's own fields. */
    int line_bytes, sets_log2, ways;
    int set_by_rows;     /* the set index is a sum of address bits (below): bit k is the parity of
                            line_addr & set_rows[k] */
    struct bwm_tags_wide *wide; /* wide sets only (else NULL) */
    uint64_t *keys;      /* per line: its address, BWM_TAGS_NO_LINE when invalid */
    uint64_t *order;     /* per line: victim order, smallest first (0 invalid, UINT64_MAX reserved,
                            else rank above the stamp) */
    bwm_tag_line *lines; /* sets × ways, set-major */
    uint8_t *written;    /* per line: a store wrote it (GPGPU-Sim's MODIFIED, write-through too) */
    int write_ratio;     /* percent; 0: written lines are evicted like any other */
    int sets;
    long n_written;      /* installed lines marked written */
    uint64_t clock;      /* stamp source */
    int *first_way; /* per application: first way it may allocate into */
    int *n_ways;    /* per application: how many */
    bwm_cache_repl repl;
    uint64_t set_rows[BWM_TAGS_ROW_BITS];
    int line_log2;
    bwm_cache_set_index set_index;
    int n_apps;
    const bwm_addrmap *index_map; /* set index from this map's partition address, or its XOR set rows
                                     when it has them (NULL: the address) */
} bwm_tags;

/* Builds the array.  sharing PARTITIONED splits the ways among n_apps
 * applications: equally when ways_per_app is NULL (the first ways % n_apps
 * applications get one more), else as listed (each ≥ 1, summing to the
 * ways).  ways_per_app must be NULL when SHARED.  Set indexing is
 * GPGPU-Sim's (gpu-cache.cc): linear (L), the Fermi hash (H, 32 or 64 sets),
 * IPOLY (P, 16, 32 or 64 sets) and bitwise XOR (X) of the line index with the
 * bits above it; custom (C) has no function in GPGPU-Sim and is refused. */
int bwm_tags_init(bwm_tags *t, int sets, int ways, int line_bytes, bwm_cache_repl repl,
                  bwm_cache_set_index set_index, int n_apps, bwm_tags_sharing sharing, const int *ways_per_app,
                  bwm_err *err);
void bwm_tags_free(bwm_tags *t);

/* Gives a set of fewer than BWM_TAGS_WIDE_WAYS ways the wide-set structures
 * too (for tests that compare both ways of finding lines); call it before
 * any line is installed. */
int bwm_tags_index_sets(bwm_tags *t, bwm_err *err);

/* Bytes bwm_tags_init allocates for sets x ways lines. */
double bwm_tags_bytes(int64_t sets, int64_t ways);

/* Makes the set index come from m's partition address of each line (as
 * GPGPU-Sim's L2 slices index theirs), or, when m has XOR set rows
 * (n_set_bits > 0), from their parities over the line's physical address;
 * m must outlive t and not change. */
void bwm_tags_index_by(bwm_tags *t, const bwm_addrmap *m);

/* The line address of a byte address, and the set it maps to. */
uint64_t bwm_tags_line_addr(const bwm_tags *t, uint64_t addr);
int bwm_tags_set_of(const bwm_tags *t, uint64_t line_addr);

/* The set line_addr maps to, computed from the definition of the set
 * index (partition address, then the index function): what
 * bwm_tags_set_of gives.  Every index function GPGPU-Sim defines, and the
 * partition address of a map with a power-of-two channel count, sums
 * address bits modulo 2 (each output bit is an XOR of input bits); for
 * such a set index bwm_tags_set_of computes each set bit as the parity of
 * one mask of the line address, the masks found once from the definition,
 * rather than repeat the definition's steps at every lookup. */
int bwm_tags_set_by_definition(const bwm_tags *t, uint64_t line_addr);

/* The line holding line_addr (VALID or RESERVED), or NULL: through the
 * index in wide sets, else by scanning the set's keys (inline: the hot path
 * of every cache access). */
bwm_tag_line *bwm_tags_lookup_wide(const bwm_tags *t, uint64_t line_addr);
static inline bwm_tag_line *bwm_tags_lookup(const bwm_tags *t, uint64_t line_addr)
{
    if (__builtin_expect(t->wide != NULL, 0))
        return bwm_tags_lookup_wide(t, line_addr);
    size_t first = (size_t)bwm_tags_set_of(t, line_addr) * (size_t)t->ways;
    const uint64_t *key = t->keys + first;
    for (int w = 0; w < t->ways; w++)
        if (key[w] == line_addr)
            return &t->lines[first + (size_t)w];
    return NULL;
}

/* Hint: the host brings what a lookup of line_addr reads first into its
 * caches (a wide set's index slot, or the set's keys); changes nothing. */
void bwm_tags_prefetch(const bwm_tags *t, uint64_t line_addr);

/* The line address l holds (BWM_TAGS_NO_LINE when it is invalid). */
static inline uint64_t bwm_tags_addr_of(const bwm_tags *t, const bwm_tag_line *l)
{
    return t->keys[l - t->lines];
}

/* Records a use of l (moves it to most-recently-used under LRU). */
void bwm_tags_touch(bwm_tags *t, bwm_tag_line *l);

/* Sets l's state (an invalid line is forgotten; only bwm_tags_install
 * makes an invalid line hold one again) or its replacement rank. */
void bwm_tags_set_state(bwm_tags *t, bwm_tag_line *l, bwm_line_state state);
void bwm_tags_set_rank(bwm_tags *t, bwm_tag_line *l, int rank);

/* The line application app would replace to hold line_addr: an invalid way
 * of its own first, else among its non-reserved lines the one of lowest
 * rank, least recently used (LRU) or oldest (FIFO) among equal ranks.  NULL
 * when every way it may use is reserved.  With a write ratio (GPGPU-Sim's
 * -gpgpu_l1_cache_write_ratio, tag_array::probe), a written line may be
 * chosen only while written lines are at least write_ratio percent of all
 * lines; below that they are skipped like reserved ones. */
bwm_tag_line *bwm_tags_victim(bwm_tags *t, uint64_t line_addr, int app);

/* Marks l written (counted once until the line is replaced). */
void bwm_tags_mark_written(bwm_tags *t, bwm_tag_line *l);

/* Puts line_addr into l (a victim) for app in the given state, clean and
 * not written, of rank BWM_TAGS_RANK_NORMAL, with every sector valid when
 * VALID and none when RESERVED. */
void bwm_tags_install(bwm_tags *t, bwm_tag_line *l, uint64_t line_addr, int app, bwm_line_state state);

/* The ways application app may allocate into: [*first, *first + *n). */
void bwm_tags_ways_of(const bwm_tags *t, int app, int *first, int *n);

#endif
