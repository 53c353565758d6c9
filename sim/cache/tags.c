/* tags.c — set-associative tag array with way-partitioning (see tags.h). */
#include "sim/cache/tags.h"

#include <assert.h>
#include <stdlib.h>

#include "sim/dram/index_hash.h"

static int log2_exact(int v)
{
    int k = 0;
    while ((1 << k) < v)
        k++;
    return k;
}

static void choose_set_form(bwm_tags *t);

static int split_ways(bwm_tags *t, bwm_tags_sharing sharing, const int *ways_per_app, bwm_err *err)
{
    if (sharing == BWM_TAGS_SHARED) {
        if (ways_per_app)
            return bwm_fail(err, BWM_EINPUT, "a ways-per-application list needs a partitioned cache");
        for (int a = 0; a < t->n_apps; a++) {
            t->first_way[a] = 0;
            t->n_ways[a] = t->ways;
        }
        return BWM_OK;
    }
    if (sharing != BWM_TAGS_PARTITIONED)
        return bwm_fail(err, BWM_EINPUT, "unknown cache sharing mode %d", (int)sharing);
    if (!ways_per_app && t->ways < t->n_apps)
        return bwm_fail(err, BWM_EINPUT, "cannot partition %d ways among %d applications", t->ways, t->n_apps);
    int next = 0;
    for (int a = 0; a < t->n_apps; a++) {
        int n = ways_per_app ? ways_per_app[a] : t->ways / t->n_apps + (a < t->ways % t->n_apps);
        if (n < 1)
            return bwm_fail(err, BWM_EINPUT, "application %d is given %d ways; each needs at least 1", a, n);
        if (n > t->ways - next)
            return bwm_fail(err, BWM_EINPUT, "ways per application add up to more than the cache's %d ways", t->ways);
        t->first_way[a] = next;
        t->n_ways[a] = n;
        next += n;
    }
    if (next != t->ways)
        return bwm_fail(err, BWM_EINPUT, "ways per application add up to %d, the cache has %d", next, t->ways);
    return BWM_OK;
}

/* Whether an array has the wide-set structures (too many lines for an
 * index: it scans). */
static int indexed(int64_t sets, int64_t ways)
{
    return ways >= BWM_TAGS_WIDE_WAYS && sets * ways <= BWM_ADDR_INDEX_MAX_KEYS;
}

static int chunks_of(int64_t ways)
{
    return (int)((ways + BWM_TAGS_CHUNK - 1) / BWM_TAGS_CHUNK);
}

int bwm_tags_init(bwm_tags *t, int sets, int ways, int line_bytes, bwm_cache_repl repl,
                  bwm_cache_set_index set_index, int n_apps, bwm_tags_sharing sharing, const int *ways_per_app,
                  bwm_err *err)
{
    *t = (bwm_tags){0};
    if (sets < 1 || (sets & (sets - 1)) || line_bytes < 4 || (line_bytes & (line_bytes - 1)) || ways < 1)
        return bwm_fail(err, BWM_EINPUT, "cache geometry %d sets x %d ways x %d B: sets and line must be powers of two",
                        sets, ways, line_bytes);
    if (repl != BWM_REPL_LRU && repl != BWM_REPL_FIFO)
        return bwm_fail(err, BWM_EINPUT, "replacement policy '%c' is not modelled (L or F)", (char)repl);
    if (set_index == BWM_SET_INDEX_FERMI_HASH && sets != 32 && sets != 64)
        return bwm_fail(err, BWM_EINPUT, "the Fermi hash set index (H) needs 32 or 64 sets, got %d", sets);
    if (set_index == BWM_SET_INDEX_IPOLY && !bwm_ipoly_supports(sets))
        return bwm_fail(err, BWM_EINPUT, "the IPOLY set index (P) needs 16, 32 or 64 sets, got %d", sets);
    if (set_index != BWM_SET_INDEX_FERMI_HASH && set_index != BWM_SET_INDEX_LINEAR &&
        set_index != BWM_SET_INDEX_IPOLY && set_index != BWM_SET_INDEX_BITWISE_XOR)
        return bwm_fail(err, BWM_EINPUT, "set index function '%c' has no definition in GPGPU-Sim (use H, L, P or X)",
                        (char)set_index);
    if (n_apps < 1 || n_apps > UINT16_MAX)
        return bwm_fail(err, BWM_EINPUT, "a cache needs 1 to %d applications, got %d", UINT16_MAX, n_apps);
    t->sets = sets;
    t->ways = ways;
    t->line_bytes = line_bytes;
    t->line_log2 = log2_exact(line_bytes);
    t->sets_log2 = log2_exact(sets);
    t->repl = repl;
    t->set_index = set_index;
    choose_set_form(t);
    t->n_apps = n_apps;
    t->first_way = calloc((size_t)n_apps, sizeof *t->first_way);
    t->n_ways = calloc((size_t)n_apps, sizeof *t->n_ways);
    size_t n = (size_t)sets * (size_t)ways;
    t->lines = calloc(n, sizeof *t->lines);
    t->keys = malloc(n * sizeof *t->keys);
    t->order = calloc(n, sizeof *t->order); /* every line invalid: order 0 */
    t->written = calloc(n, sizeof *t->written);
    if (!t->first_way || !t->n_ways || !t->lines || !t->keys || !t->order || !t->written) {
        bwm_tags_free(t);
        return bwm_fail(err, BWM_EFAIL, "out of memory for a %d x %d tag array", sets, ways);
    }
    for (size_t i = 0; i < n; i++)
        t->keys[i] = BWM_TAGS_NO_LINE;
    int rc = split_ways(t, sharing, ways_per_app, err);
    if (rc == BWM_OK && indexed(sets, ways))
        rc = bwm_tags_index_sets(t, err);
    if (rc)
        bwm_tags_free(t);
    return rc;
}

/* Whether t has the wide-set structures (the rarer case: a hint to the compiler). */
static inline int wide(const bwm_tags *t)
{
    return __builtin_expect(t->wide != NULL, 0);
}

int bwm_tags_index_sets(bwm_tags *t, bwm_err *err)
{
    if (t->wide)
        return BWM_OK;
    bwm_tags_wide *x = calloc(1, sizeof *x);
    if (!x)
        return bwm_fail(err, BWM_EFAIL, "out of memory for a %d x %d tag array", t->sets, t->ways);
    t->wide = x;
    int rc = bwm_addr_index_init(&x->index, t->sets * t->ways, t->keys, sizeof *t->keys, err);
    if (rc)
        return rc;
    x->chunks = chunks_of(t->ways);
    size_t n = (size_t)t->sets * (size_t)x->chunks;
    /* every line invalid (order 0): every chunk's minima are 0 */
    x->chunk_min = calloc(n, sizeof *x->chunk_min);
    x->chunk_min_kept = calloc(n, sizeof *x->chunk_min_kept);
    if (!x->chunk_min || !x->chunk_min_kept)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the chunk minima of a %d x %d tag array", t->sets, t->ways);
    return BWM_OK;
}

double bwm_tags_bytes(int64_t sets, int64_t ways)
{
    double lines = (double)sets * (double)ways;
    double bytes = lines * (sizeof(bwm_tag_line) + 2 * sizeof(uint64_t) + sizeof(uint8_t));
    if (indexed(sets, ways))
        bytes += bwm_addr_index_bytes(sets * ways) + 2.0 * (double)sets * chunks_of(ways) * sizeof(uint64_t);
    return bytes;
}

void bwm_tags_free(bwm_tags *t)
{
    free(t->first_way);
    free(t->n_ways);
    free(t->lines);
    free(t->keys);
    free(t->order);
    free(t->written);
    if (t->wide) {
        bwm_addr_index_free(&t->wide->index);
        free(t->wide->chunk_min);
        free(t->wide->chunk_min_kept);
        free(t->wide);
    }
    *t = (bwm_tags){0};
}

uint64_t bwm_tags_line_addr(const bwm_tags *t, uint64_t addr)
{
    return addr & ~(uint64_t)(t->line_bytes - 1);
}

/* GPGPU-Sim's FERMI_HASH_SET_FUNCTION (after Nugteren et al., ISCA 2014):
 * line-index bits 0-4 XOR address bits 13, 14, 15, 17, 19; with 64 sets,
 * address bit 12 is the sixth index bit. */
static int fermi_hash(const bwm_tags *t, uint64_t addr)
{
    uint64_t lower = (addr >> t->line_log2) & 0x1F;
    uint64_t upper = ((addr & 0xE000) >> 13) | ((addr & 0x20000) >> 14) | ((addr & 0x80000) >> 15);
    uint64_t set = lower ^ upper;
    if (t->sets == 64)
        set |= (addr & 0x1000) >> 7;
    return (int)set;
}

/* Whether the set index sums address bits modulo 2 (bwm_tags_set_by_definition)
 * and is more than a bit field of the line address (which the definition
 * reads as cheaply): then the row form computes it. */
static int sums_bits(const bwm_tags *t)
{
    if (t->index_map && t->index_map->n_set_bits > 0)
        return 1;
    if (t->index_map)
        return bwm_addrmap_partition_is_linear(t->index_map);
    return t->set_index != BWM_SET_INDEX_LINEAR;
}

/* Chooses how bwm_tags_set_of computes sets: the rows of a set index
 * that sums address bits hold, for each set bit, the address bits it sums
 * (the set of each single address bit, by the definition). */
static void choose_set_form(bwm_tags *t)
{
    t->set_by_rows = sums_bits(t) && t->sets_log2 <= BWM_TAGS_ROW_BITS;
    for (int k = 0; k < BWM_TAGS_ROW_BITS; k++)
        t->set_rows[k] = 0;
    if (!t->set_by_rows)
        return;
    for (int b = 0; b < 64; b++) {
        uint32_t set = (uint32_t)bwm_tags_set_by_definition(t, (uint64_t)1 << b);
        for (int k = 0; k < t->sets_log2; k++)
            t->set_rows[k] |= (uint64_t)(set >> k & 1u) << b;
    }
}

void bwm_tags_index_by(bwm_tags *t, const bwm_addrmap *m)
{
    t->index_map = m;
    choose_set_form(t);
}

int bwm_tags_set_by_definition(const bwm_tags *t, uint64_t line_addr)
{
    if (t->index_map && t->index_map->n_set_bits > 0) { /* -bwm_l2_set_xor: parities of the physical address */
        uint32_t set = 0;
        for (int k = 0; k < t->index_map->n_set_bits; k++)
            set |= (uint32_t)__builtin_parityll(line_addr & t->index_map->set_xor[k]) << k;
        return (int)(set & (uint32_t)(t->sets - 1));
    }
    uint64_t a = t->index_map ? bwm_addrmap_partition_addr(t->index_map, line_addr) : line_addr;
    uint32_t index = (uint32_t)((a >> t->line_log2) & (uint64_t)(t->sets - 1));
    uint64_t higher = a >> (t->line_log2 + t->sets_log2);
    switch (t->set_index) {
    case BWM_SET_INDEX_FERMI_HASH:
        return fermi_hash(t, a);
    case BWM_SET_INDEX_IPOLY:
        return (int)bwm_ipoly_hash(higher, index, t->sets);
    case BWM_SET_INDEX_BITWISE_XOR:
        return (int)bwm_bitwise_hash(higher, index, t->sets);
    default:
        return (int)index;
    }
}

int bwm_tags_set_of(const bwm_tags *t, uint64_t line_addr)
{
    if (!t->set_by_rows)
        return bwm_tags_set_by_definition(t, line_addr);
    uint32_t set = 0;
    for (int k = 0; k < t->sets_log2; k++)
        set |= (uint32_t)__builtin_parityll(line_addr & t->set_rows[k]) << k;
    return (int)set;
}

bwm_tag_line *bwm_tags_lookup_wide(const bwm_tags *t, uint64_t line_addr)
{
    int32_t i = bwm_addr_index_find(&t->wide->index, line_addr);
    return i >= 0 ? &t->lines[i] : NULL;
}

void bwm_tags_prefetch(const bwm_tags *t, uint64_t line_addr)
{
    if (wide(t)) {
        bwm_addr_index_prefetch(&t->wide->index, line_addr);
        return;
    }
    const char *keys = (const char *)(t->keys + (size_t)bwm_tags_set_of(t, line_addr) * (size_t)t->ways);
    for (size_t b = 0; b < (size_t)t->ways * sizeof *t->keys; b += 64)
        __builtin_prefetch(keys + b);
}

/* A line's victim order when written lines are kept (skipped unless invalid). */
static uint64_t kept_order(uint64_t order, uint8_t written)
{
    return order != 0 && written ? UINT64_MAX : order;
}

/* The smallest order (kept: kept_order) among the ways of line i's chunk. */
static uint64_t chunk_scan(const bwm_tags *t, size_t i, int kept)
{
    size_t set_first = i - i % (size_t)t->ways;
    size_t w0 = i % (size_t)t->ways / BWM_TAGS_CHUNK * BWM_TAGS_CHUNK;
    size_t w1 = w0 + BWM_TAGS_CHUNK < (size_t)t->ways ? w0 + BWM_TAGS_CHUNK : (size_t)t->ways;
    uint64_t m = UINT64_MAX;
    for (size_t k = set_first + w0; k < set_first + w1; k++) {
        uint64_t o = kept ? kept_order(t->order[k], t->written[k]) : t->order[k];
        if (o < m)
            m = o;
    }
    return m;
}

/* Line i's order in one kind of chunk minima went from was to now. */
static void fix_chunk(bwm_tags *t, uint64_t *min, size_t i, uint64_t was, uint64_t now, int kept)
{
    size_t c = i / (size_t)t->ways * (size_t)t->wide->chunks + i % (size_t)t->ways / BWM_TAGS_CHUNK;
    if (now < min[c])
        min[c] = now;
    else if (was == min[c] && now != was)
        min[c] = chunk_scan(t, i, kept);
}

/* Wide sets: line i takes key and order; the index and the chunk minima
 * follow (its written flag unchanged). */
__attribute__((noinline)) static void update_wide(bwm_tags *t, size_t i, uint64_t key, uint64_t order)
{
    uint64_t was_key = t->keys[i], was_order = t->order[i];
    t->order[i] = order;
    if (was_key != key) { /* the index reads line i's key in keys (addr_index.h) */
        if (was_key != BWM_TAGS_NO_LINE)
            bwm_addr_index_remove(&t->wide->index, was_key);
        t->keys[i] = key;
        if (key != BWM_TAGS_NO_LINE)
            bwm_addr_index_put(&t->wide->index, key, (int32_t)i);
    }
    uint8_t w = t->written[i];
    fix_chunk(t, t->wide->chunk_min, i, was_order, order, 0);
    fix_chunk(t, t->wide->chunk_min_kept, i, kept_order(was_order, w), kept_order(order, w), 1);
}

/* Brings l's key and victim order up to date with its state, rank and
 * stamp; addr: the line it holds, unless it is invalid. */
static inline void update(bwm_tags *t, const bwm_tag_line *l, uint64_t addr)
{
    size_t i = (size_t)(l - t->lines);
    uint64_t key = l->state == BWM_LINE_INVALID ? BWM_TAGS_NO_LINE : addr;
    uint64_t order = l->state == BWM_LINE_INVALID  ? 0
                     : l->state == BWM_LINE_VALID ? (uint64_t)l->rank << 56 | l->stamp
                                                  : UINT64_MAX;
    if (wide(t)) {
        update_wide(t, i, key, order);
    } else {
        t->keys[i] = key;
        t->order[i] = order;
    }
}

/* update for a line that keeps the line it holds. */
static inline void refresh(bwm_tags *t, const bwm_tag_line *l)
{
    update(t, l, bwm_tags_addr_of(t, l));
}

/* Sets line i's written flag (counted in n_written). */
static void set_written(bwm_tags *t, size_t i, uint8_t written)
{
    uint8_t was = t->written[i];
    if (was == written)
        return;
    t->n_written += written ? 1 : -1;
    t->written[i] = written;
    if (wide(t))
        fix_chunk(t, t->wide->chunk_min_kept, i, kept_order(t->order[i], was), kept_order(t->order[i], written), 1);
}

void bwm_tags_touch(bwm_tags *t, bwm_tag_line *l)
{
    if (t->repl == BWM_REPL_LRU) {
        l->stamp = ++t->clock;
        refresh(t, l);
    }
}

void bwm_tags_set_state(bwm_tags *t, bwm_tag_line *l, bwm_line_state state)
{
    assert(state == BWM_LINE_INVALID || bwm_tags_addr_of(t, l) != BWM_TAGS_NO_LINE); /* see tags.h */
    l->state = (uint8_t)state;
    refresh(t, l);
}

void bwm_tags_set_rank(bwm_tags *t, bwm_tag_line *l, int rank)
{
    l->rank = (uint8_t)rank;
    refresh(t, l);
}

/* The victim of a wide set whose every way the application may use: the
 * first chunk of the smallest minimum, then the first way in it holding
 * that order, which is the line the scan below finds. */
static bwm_tag_line *victim_by_chunks(const bwm_tags *t, int set, int keep_written)
{
    const bwm_tags_wide *x = t->wide;
    const uint64_t *min = (keep_written ? x->chunk_min_kept : x->chunk_min) + (size_t)set * (size_t)x->chunks;
    uint64_t best = UINT64_MAX;
    int at = -1;
    for (int c = 0; c < x->chunks && best != 0; c++)
        if (min[c] < best) {
            best = min[c];
            at = c;
        }
    if (at < 0)
        return NULL;
    size_t first = (size_t)set * (size_t)t->ways;
    size_t k = first + (size_t)at * BWM_TAGS_CHUNK;
    while ((keep_written ? kept_order(t->order[k], t->written[k]) : t->order[k]) != best)
        k++;
    return &t->lines[k];
}

/* The smallest victim order wins, the first way among equals: an invalid way
 * (order 0) first, then the lowest rank and among those the oldest stamp
 * (stamps are unique and below 2^56); never a reserved line (UINT64_MAX). */
bwm_tag_line *bwm_tags_victim(bwm_tags *t, uint64_t line_addr, int app)
{
    int set = bwm_tags_set_of(t, line_addr);
    int keep_written = t->write_ratio > 0 && t->n_written * 100 < (long)t->write_ratio * t->sets * t->ways;
    if (wide(t) && t->n_ways[app] == t->ways)
        return victim_by_chunks(t, set, keep_written);
    size_t first = (size_t)set * (size_t)t->ways + (size_t)t->first_way[app];
    const uint64_t *order = t->order + first;
    const uint8_t *written = t->written + first;
    uint64_t best = UINT64_MAX;
    int at = -1;
    for (int w = 0; w < t->n_ways[app]; w++) {
        if (order[w] >= best || (keep_written && order[w] != 0 && written[w]))
            continue;
        best = order[w];
        at = w;
        if (best == 0)
            break;
    }
    return at < 0 ? NULL : &t->lines[first + (size_t)at];
}

void bwm_tags_install(bwm_tags *t, bwm_tag_line *l, uint64_t line_addr, int app, bwm_line_state state)
{
    l->state = (uint8_t)state;
    l->valid = state == BWM_LINE_VALID ? BWM_SECTORS_ALL : 0;
    l->dirty = 0;
    l->app = (uint16_t)app;
    l->owner = 0;
    l->rank = BWM_TAGS_RANK_NORMAL;
    l->stamp = ++t->clock;
    update(t, l, line_addr);
    set_written(t, (size_t)(l - t->lines), 0);
}

void bwm_tags_mark_written(bwm_tags *t, bwm_tag_line *l)
{
    set_written(t, (size_t)(l - t->lines), 1);
}

void bwm_tags_ways_of(const bwm_tags *t, int app, int *first, int *n)
{
    *first = t->first_way[app];
    *n = t->n_ways[app];
}
