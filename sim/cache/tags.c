/* tags.c — set-associative tag array with way-partitioning (see tags.h). */
#include "sim/cache/tags.h"

#include <stdlib.h>

#include "sim/dram/index_hash.h"

static int log2_exact(int v)
{
    int k = 0;
    while ((1 << k) < v)
        k++;
    return k;
}

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
    if (rc)
        bwm_tags_free(t);
    return rc;
}

void bwm_tags_free(bwm_tags *t)
{
    free(t->first_way);
    free(t->n_ways);
    free(t->lines);
    free(t->keys);
    free(t->order);
    free(t->written);
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

void bwm_tags_index_by(bwm_tags *t, const bwm_addrmap *m)
{
    t->index_map = m;
}

int bwm_tags_set_of(const bwm_tags *t, uint64_t line_addr)
{
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

bwm_tag_line *bwm_tags_lookup(const bwm_tags *t, uint64_t line_addr)
{
    size_t first = (size_t)bwm_tags_set_of(t, line_addr) * (size_t)t->ways;
    const uint64_t *key = t->keys + first;
    for (int w = 0; w < t->ways; w++)
        if (key[w] == line_addr)
            return &t->lines[first + (size_t)w];
    return NULL;
}

/* Brings l's key and victim order up to date with its state, rank and stamp. */
static void update(bwm_tags *t, const bwm_tag_line *l)
{
    size_t i = (size_t)(l - t->lines);
    t->keys[i] = l->state == BWM_LINE_INVALID ? BWM_TAGS_NO_LINE : l->addr;
    t->order[i] = l->state == BWM_LINE_INVALID  ? 0
                  : l->state == BWM_LINE_VALID ? (uint64_t)l->rank << 56 | l->stamp
                                               : UINT64_MAX;
}

void bwm_tags_touch(bwm_tags *t, bwm_tag_line *l)
{
    if (t->repl == BWM_REPL_LRU) {
        l->stamp = ++t->clock;
        update(t, l);
    }
}

void bwm_tags_set_state(bwm_tags *t, bwm_tag_line *l, bwm_line_state state)
{
    l->state = (uint8_t)state;
    update(t, l);
}

void bwm_tags_set_rank(bwm_tags *t, bwm_tag_line *l, int rank)
{
    l->rank = (uint8_t)rank;
    update(t, l);
}

/* The smallest victim order wins, the first way among equals: an invalid way
 * (order 0) first, then the lowest rank and among those the oldest stamp
 * (stamps are unique and below 2^56); never a reserved line (UINT64_MAX). */
bwm_tag_line *bwm_tags_victim(bwm_tags *t, uint64_t line_addr, int app)
{
    size_t first = (size_t)bwm_tags_set_of(t, line_addr) * (size_t)t->ways + (size_t)t->first_way[app];
    const uint64_t *order = t->order + first;
    const uint8_t *written = t->written + first;
    int keep_written = t->write_ratio > 0 && t->n_written * 100 < (long)t->write_ratio * t->sets * t->ways;
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
    l->addr = line_addr;
    l->state = (uint8_t)state;
    l->valid = state == BWM_LINE_VALID ? BWM_SECTORS_ALL : 0;
    l->dirty = 0;
    size_t i = (size_t)(l - t->lines);
    t->n_written -= t->written[i];
    t->written[i] = 0;
    l->app = (uint16_t)app;
    l->rank = BWM_TAGS_RANK_NORMAL;
    l->stamp = ++t->clock;
    update(t, l);
}

void bwm_tags_mark_written(bwm_tags *t, bwm_tag_line *l)
{
    size_t i = (size_t)(l - t->lines);
    t->n_written += !t->written[i];
    t->written[i] = 1;
}

void bwm_tags_ways_of(const bwm_tags *t, int app, int *first, int *n)
{
    *first = t->first_way[app];
    *n = t->n_ways[app];
}
