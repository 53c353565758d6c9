/* cache.c — L1D / L2 data cache over a tag array and MSHRs (see cache.h). */
#include "sim/cache/cache.h"

#include <stdlib.h>

int bwm_cache_check_modelled(const bwm_cache_config *cfg, bwm_err *err)
{
    if (cfg->write == BWM_WRITE_READ_ONLY)
        return bwm_fail(err, BWM_EINPUT, "cache write policy 'R' (read-only) is not modelled for data caches: use B, T, E or L");
    if (cfg->write_alloc == BWM_WALLOC_LAZY && cfg->write != BWM_WRITE_BACK && cfg->write != BWM_WRITE_THROUGH)
        return bwm_fail(err, BWM_EINPUT, "cache write allocation 'L' (lazy fetch-on-read) needs write policy B or T, got '%c'",
                        (char)cfg->write);
    if ((cfg->write_alloc == BWM_WALLOC_WRITE || cfg->write_alloc == BWM_WALLOC_FETCH) && cfg->write != BWM_WRITE_BACK)
        return bwm_fail(err, BWM_EINPUT, "cache write allocation '%c' needs write policy B (write-back), got '%c'",
                        (char)cfg->write_alloc, (char)cfg->write);
    if ((cfg->write_alloc == BWM_WALLOC_LAZY || cfg->write_alloc == BWM_WALLOC_FETCH) && cfg->alloc == BWM_ALLOC_ON_FILL)
        return bwm_fail(err, BWM_EINPUT, "cache write allocation '%c' needs allocation on miss (m or s), as in GPGPU-Sim",
                        (char)cfg->write_alloc);
    if (cfg->mshr_kind != BWM_MSHR_ASSOC && cfg->mshr_kind != BWM_MSHR_SECTOR_ASSOC)
        return bwm_fail(err, BWM_EINPUT, "cache MSHR type '%c' (texture FIFO) is not modelled: use A or S",
                        (char)cfg->mshr_kind);
    if (cfg->kind == BWM_CACHE_SECTOR && cfg->line_bytes != BWM_CACHE_SECTORS * BWM_CACHE_SECTOR_BYTES)
        return bwm_fail(err, BWM_EINPUT, "a sector cache needs %d-byte lines (%d sectors of %d bytes), got %d",
                        BWM_CACHE_SECTORS * BWM_CACHE_SECTOR_BYTES, BWM_CACHE_SECTORS, BWM_CACHE_SECTOR_BYTES,
                        cfg->line_bytes);
    /* a sector cache's MSHRs are per sector: a whole-line miss takes 4, and
       merging is counted in a byte per sector */
    if (cfg->kind == BWM_CACHE_SECTOR && cfg->alloc != BWM_ALLOC_STREAMING &&
        (cfg->mshr_entries < BWM_CACHE_SECTORS || cfg->mshr_max_merge > UINT8_MAX))
        return bwm_fail(err, BWM_EINPUT, "a sector cache needs %d to %d MSHRs merging at most %d requests each "
                        "(one MSHR per sector), got %d merging %d", BWM_CACHE_SECTORS, 1 << 20, UINT8_MAX,
                        cfg->mshr_entries, cfg->mshr_max_merge);
    return BWM_OK;
}

int bwm_cache_init(bwm_cache *c, const bwm_cache_config *cfg, int n_apps, bwm_cache_sharing sharing,
                   const int *ways_per_app, bwm_err *err)
{
    *c = (bwm_cache){0};
    int rc = bwm_cache_check_modelled(cfg, err);
    if (rc)
        return rc;
    rc = bwm_tags_init(&c->tags, cfg->sets, cfg->ways, cfg->line_bytes, cfg->repl, cfg->set_index, n_apps,
                       (bwm_tags_sharing)sharing, ways_per_app, err);
    if (rc)
        return rc;
    /* GPGPU-Sim's streaming L1: allocation on fill, and as many MSHRs as lines */
    int streaming = cfg->alloc == BWM_ALLOC_STREAMING;
    /* GPGPU-Sim keys a sector cache's MSHRs by sector (mshr_addr), and gives a
       streaming sector cache 4 MSHRs a line */
    int sector = cfg->kind == BWM_CACHE_SECTOR;
    int lines = cfg->sets * cfg->ways * (sector ? BWM_CACHE_SECTORS : 1);
    rc = bwm_mshr_init(&c->mshr, streaming ? lines : cfg->mshr_entries,
                       streaming ? BWM_CACHE_STREAMING_MAX_MERGE : cfg->mshr_max_merge, sector, err);
    if (rc) {
        bwm_cache_free(c);
        return rc;
    }
    c->stats = calloc((size_t)n_apps, sizeof *c->stats);
    if (cfg->write_alloc == BWM_WALLOC_LAZY)
        c->unreadable = calloc((size_t)cfg->sets * (size_t)cfg->ways, 1);
    if (!c->stats || (cfg->write_alloc == BWM_WALLOC_LAZY && !c->unreadable)) {
        bwm_cache_free(c);
        return bwm_fail(err, BWM_EFAIL, "out of memory for cache statistics");
    }
    c->cfg = *cfg;
    c->tags.write_ratio = cfg->write_ratio;
    c->n_apps = n_apps;
    c->alloc_on_miss = cfg->alloc == BWM_ALLOC_ON_MISS || (streaming && cfg->streaming_on_miss);
    return BWM_OK;
}

void bwm_cache_free(bwm_cache *c)
{
    bwm_tags_free(&c->tags);
    bwm_mshr_free(&c->mshr);
    free(c->stats);
    free(c->unreadable);
    *c = (bwm_cache){0};
}

/* Replaces victim v: a dirty valid line is reported in *wb and counted
 * against its owner. */
static void evict(bwm_cache *c, const bwm_tag_line *v, bwm_cache_writeback *wb)
{
    if (c->tokens_per_owner && v->state == BWM_LINE_VALID)
        c->evicted = (bwm_cache_evicted){1, bwm_tags_addr_of(&c->tags, v), v->owner};
    if (v->state == BWM_LINE_VALID && v->dirty) {
        wb->valid = 1;
        wb->line_addr = bwm_tags_addr_of(&c->tags, v);
        wb->sectors = v->dirty;
        wb->app = v->app;
        c->stats[v->app].writebacks++;
    }
}

/* The sectors of l a store left unreadable (0 for no line). */
static unsigned unreadable_of(const bwm_cache *c, const bwm_tag_line *l)
{
    return c->any_unreadable && l ? c->unreadable[l - c->tags.lines] : 0;
}

/* Sets the sectors of l a store left unreadable (lazy fetch-on-read only:
 * nothing elsewhere). */
static void set_unreadable(bwm_cache *c, const bwm_tag_line *l, unsigned sectors)
{
    if (!c->unreadable)
        return;
    c->any_unreadable |= sectors != 0;
    c->unreadable[l - c->tags.lines] = (uint8_t)sectors;
}

/* Installs line in l for application app, owned by the requester of token. */
static void install(bwm_cache *c, bwm_tag_line *l, uint64_t line, int app, uint64_t token, bwm_line_state state)
{
    bwm_tags_install(&c->tags, l, line, app, state);
    if (c->unreadable)
        c->unreadable[l - c->tags.lines] = 0;
    if (c->tokens_per_owner)
        l->owner = (uint16_t)(token / c->tokens_per_owner);
}

void bwm_cache_track_owners(bwm_cache *c, uint64_t tokens_per_owner)
{
    c->tokens_per_owner = tokens_per_owner;
    c->evicted.valid = 0;
}

int bwm_cache_take_evicted(bwm_cache *c, uint64_t *line_addr, int *owner)
{
    if (!c->evicted.valid)
        return 0;
    *line_addr = c->evicted.line_addr;
    *owner = c->evicted.owner;
    c->evicted.valid = 0;
    return 1;
}

static int is_sector(const bwm_cache *c)
{
    return c->cfg.kind == BWM_CACHE_SECTOR;
}

unsigned bwm_cache_sectors_of(const bwm_cache *c, unsigned sectors)
{
    sectors &= BWM_SECTORS_ALL;
    return is_sector(c) && sectors ? sectors : BWM_SECTORS_ALL;
}

/* A miss that needs the sectors `need` of the line (l: the line if
 * present): merge into a pending entry, sending a fetch for what the entry
 * has not fetched, or open a new one (reserving the line, or a victim, when
 * allocating on miss).  r->sectors is what goes down. */
static bwm_cache_outcome fetch(bwm_cache *c, bwm_tag_line *l, uint64_t line, int app, int is_write,
                               uint64_t token, unsigned need, bwm_cache_result *r)
{
    bwm_mshr_entry *e = bwm_mshr_find(&c->mshr, line);
    if (e) {
        unsigned missing = need & ~e->pending;
        if (!bwm_mshr_can_merge(&c->mshr, e, need) || (missing && bwm_mshr_full(&c->mshr, missing)))
            return BWM_CACHE_RESERVATION_FAIL;
        bwm_mshr_merge(&c->mshr, e, is_write, token, need, missing);
        r->sectors = missing;
        return missing ? BWM_CACHE_MISS_NEW : BWM_CACHE_MISS_MERGED;
    }
    if (bwm_mshr_full(&c->mshr, need))
        return BWM_CACHE_RESERVATION_FAIL;
    if (c->alloc_on_miss && !c->bypass) {
        if (l) {
            bwm_tags_set_state(&c->tags, l, BWM_LINE_RESERVED); /* a sector miss: the line stays */
        } else {
            bwm_tag_line *v = bwm_tags_victim(&c->tags, line, app);
            if (!v) {
                c->full_set_seen = 1;
                return BWM_CACHE_RESERVATION_FAIL;
            }
            evict(c, v, &r->wb);
            install(c, v, line, app, token, BWM_LINE_RESERVED);
        }
    }
    bwm_mshr_add(&c->mshr, line, app, is_write, token, need);
    r->sectors = need;
    return BWM_CACHE_MISS_NEW;
}

/* A store wrote the sectors `want` of l, of which `partial` only in part:
 * the others become readable (GPGPU-Sim's update_m_readable: every byte of
 * the sector written); a sector written in part stays as it was. */
static void stored(bwm_cache *c, const bwm_tag_line *l, unsigned want, unsigned partial)
{
    unsigned u = unreadable_of(c, l);
    if (u & want & ~partial)
        set_unreadable(c, l, u & ~(want & ~partial));
}

/* Lazy fetch-on-read (GPGPU-Sim's LAZY_FETCH_ON_READ): a store miss takes
 * a line without reading it from below; the stored data make the store's
 * sectors valid and, under write-back, dirty.  A sector it takes so and
 * writes only in part (`partial`) is not readable (GPGPU-Sim's m_readable
 * false): a read of it misses and fetches it (cache_access).  A line
 * already pending keeps its fill (and, in a line cache, stays invalid
 * until then).  0 when no way is free. */
static int lazy_allocate(bwm_cache *c, bwm_tag_line *l, uint64_t line, int app, uint64_t token, unsigned want,
                         unsigned partial, bwm_cache_result *r)
{
    unsigned taken = want & ~(l ? l->valid : 0u); /* the sectors it allocates */
    if (!l) {
        l = bwm_tags_victim(&c->tags, line, app);
        if (!l) {
            c->full_set_seen = 1;
            return 0;
        }
        evict(c, l, &r->wb);
        install(c, l, line, app, token, BWM_LINE_VALID);
        l->valid = (uint8_t)want;
    } else if (is_sector(c)) {
        l->valid |= (uint8_t)want;
    }
    if (c->cfg.write == BWM_WRITE_BACK)
        l->dirty |= (uint8_t)want;
    /* written whole: readable; taken now and written in part: not */
    unsigned u = (unreadable_of(c, l) & ~(want & ~partial)) | (partial & taken);
    if (u != unreadable_of(c, l))
        set_unreadable(c, l, u);
    bwm_tags_mark_written(&c->tags, l);
    bwm_tags_touch(&c->tags, l);
    return 1;
}

static bwm_cache_outcome write_access(bwm_cache *c, bwm_tag_line *l, uint64_t line, int app, uint64_t token,
                                      unsigned want, unsigned own, unsigned partial, bwm_cache_result *r)
{
    unsigned valid = l ? l->valid : 0;
    r->sectors = own;
    if (c->bypass)
        return BWM_CACHE_WRITE_DOWN;
    switch (c->cfg.write) {
    case BWM_WRITE_BACK:
        if (r->hit) {
            l->dirty |= (uint8_t)want;
            stored(c, l, want, partial);
            bwm_tags_mark_written(&c->tags, l);
            bwm_tags_touch(&c->tags, l);
            return BWM_CACHE_HIT;
        }
        if (c->cfg.write_alloc == BWM_WALLOC_NONE)
            return BWM_CACHE_WRITE_DOWN;
        if (c->cfg.write_alloc == BWM_WALLOC_LAZY)
            return lazy_allocate(c, l, line, app, token, want, partial, r) ? BWM_CACHE_HIT
                                                                           : BWM_CACHE_RESERVATION_FAIL;
        if (c->cfg.write_alloc == BWM_WALLOC_WRITE) { /* the store goes down; the fill is a clean read */
            bwm_cache_outcome o = fetch(c, l, line, app, 0, token, want & ~valid, r);
            r->write_down = o != BWM_CACHE_RESERVATION_FAIL;
            return o;
        }
        return fetch(c, l, line, app, 1, token, want & ~valid, r);
    case BWM_WRITE_THROUGH: /* GPGPU-Sim marks the line modified all the same */
        if (r->hit) {
            stored(c, l, want, partial);
            bwm_tags_mark_written(&c->tags, l);
            bwm_tags_touch(&c->tags, l);
        } else if (c->cfg.write_alloc == BWM_WALLOC_LAZY && !lazy_allocate(c, l, line, app, token, want, partial, r))
            return BWM_CACHE_RESERVATION_FAIL;
        return BWM_CACHE_WRITE_DOWN;
    default: /* write-evict, and local-WB/global-WT for global stores */
        if (l) {
            l->valid &= (uint8_t)~want;
            if (l->state == BWM_LINE_VALID && !l->valid)
                bwm_tags_set_state(&c->tags, l, BWM_LINE_INVALID);
        }
        return BWM_CACHE_WRITE_DOWN;
    }
}

/* Counts an accepted access that needed `want` and found `valid` (and, a
 * store, `reserved` of them with a fetch pending: GPGPU-Sim's HIT_RESERVED,
 * neither a hit nor a miss). */
static void count(bwm_cache *c, int app, int is_write, unsigned want, unsigned valid, unsigned reserved,
                  const bwm_cache_result *r)
{
    bwm_cache_stats *s = &c->stats[app];
    s->accesses++;
    if (is_write)
        s->writes++;
    else
        s->reads++;
    if (r->hit)
        s->hits++;
    else if (r->outcome == BWM_CACHE_MISS_MERGED)
        s->merged++;
    else
        s->misses++;
    if (!is_write && r->outcome == BWM_CACHE_MISS_NEW)
        s->read_misses++;
    s->sector_accesses += (uint64_t)bwm_sector_count(want);
    s->sector_hits += (uint64_t)bwm_sector_count(want & valid);
    if (r->outcome == BWM_CACHE_MISS_NEW)
        s->sector_misses += (uint64_t)bwm_sector_count(r->sectors);
    else if (is_write && r->outcome != BWM_CACHE_MISS_MERGED)
        s->sector_misses += (uint64_t)bwm_sector_count(want & ~valid & ~reserved);
    if (!is_write) {
        s->sector_reads += (uint64_t)bwm_sector_count(want);
        if (r->outcome == BWM_CACHE_MISS_NEW)
            s->sector_read_misses += (uint64_t)bwm_sector_count(r->sectors);
    }
}

/* ---- refusals for a full set ------------------------------------------
 * An access refused because no way of its set was free to allocate found:
 * its line absent, no pending miss for it, room in the MSHRs, and every way
 * it may use reserved (or kept for written lines).  Until a fill reaches
 * that set, only accesses change those (a fill elsewhere only frees MSHRs
 * and other sets' ways; with a write ratio, any fill may change which
 * lines are kept), so the same access is refused again with the same
 * result, and is answered from the record. */

static int repeats_full_set(const bwm_cache *c, uint64_t addr, unsigned sectors, int app, int is_write)
{
    return c->full_set_valid && c->full_set.addr == addr && c->full_set.sectors == sectors &&
           c->full_set.app == app && c->full_set.is_write == is_write;
}

static void record_full_set(bwm_cache *c, uint64_t addr, unsigned sectors, int app, int is_write,
                            const bwm_cache_result *r)
{
    c->full_set_valid = 1;
    c->full_set.addr = addr;
    c->full_set.sectors = sectors;
    c->full_set.app = app;
    c->full_set.is_write = is_write;
    c->full_set.set = bwm_tags_set_of(&c->tags, r->line_addr);
    c->full_set.r = *r;
}

/* A fill of line_addr: the record no longer holds if it may free a way the
 * refused access could take. */
static void forget_full_set(bwm_cache *c, uint64_t line_addr)
{
    if (c->full_set_valid &&
        (c->tags.write_ratio > 0 || bwm_tags_set_of(&c->tags, line_addr) == c->full_set.set))
        c->full_set_valid = 0;
}

/* An atomic's sectors `sectors` of line l are dirty (GPGPU-Sim marks the
 * line MODIFIED whatever the write policy). */
static void atomic_dirty(bwm_cache *c, bwm_tag_line *l, unsigned sectors)
{
    l->dirty |= (uint8_t)sectors;
    bwm_tags_mark_written(&c->tags, l);
}

/* One access (bwm_cache_access_sectors), an atomic's read if atomic; a
 * store's `partial` sectors are those it writes only in part. */
static int cache_access(bwm_cache *c, uint64_t addr, unsigned sectors, unsigned partial, int app, int is_write,
                        int atomic, uint64_t token, bwm_cache_result *r, bwm_err *err)
{
    if (app < 0 || app >= c->n_apps)
        return bwm_fail(err, BWM_EINPUT, "cache access by application %d; the cache has %d", app, c->n_apps);
    if (repeats_full_set(c, addr, sectors, app, is_write)) {
        *r = c->full_set.r;
        c->stats[app].res_fails++;
        return BWM_OK;
    }
    c->full_set_valid = 0; /* this access may change what the record saw */
    c->full_set_seen = 0;
    uint64_t line = bwm_tags_line_addr(&c->tags, addr);
    unsigned want = bwm_cache_sectors_of(c, sectors);
    *r = (bwm_cache_result){.line_addr = line};
    bwm_tag_line *l = c->bypass ? NULL : bwm_tags_lookup(&c->tags, line);
    /* a store finds what is there; a read only what it may read */
    unsigned valid = l ? l->valid & (is_write ? BWM_SECTORS_ALL : ~unreadable_of(c, l)) : 0;
    r->hit = (valid & want) == want;
    unsigned reserved = 0; /* a store's sectors whose fetch is pending */
    if (is_write) {
        if (!r->hit && l && l->state == BWM_LINE_RESERVED) {
            const bwm_mshr_entry *e = bwm_mshr_find(&c->mshr, line);
            reserved = e ? e->pending & want & ~valid : 0;
        }
        unsigned own = sectors & BWM_SECTORS_ALL ? sectors & BWM_SECTORS_ALL : BWM_SECTORS_ALL;
        r->outcome = write_access(c, l, line, app, token, want, own, partial & want, r);
    } else if (r->hit) {
        bwm_tags_touch(&c->tags, l);
        r->outcome = BWM_CACHE_HIT;
        if (atomic)
            atomic_dirty(c, l, want);
    } else {
        r->outcome = fetch(c, l, line, app, 0, token, want & ~valid, r);
        if (atomic && r->outcome != BWM_CACHE_RESERVATION_FAIL) {
            /* the sectors here now, and those its fill brings */
            if (want & valid)
                atomic_dirty(c, l, want & valid);
            bwm_mshr_mark_atomic(bwm_mshr_find(&c->mshr, line), want & ~valid);
        }
    }
    if (r->outcome == BWM_CACHE_RESERVATION_FAIL) {
        if (c->full_set_seen)
            record_full_set(c, addr, sectors, app, is_write, r);
        c->stats[app].res_fails++;
        return BWM_OK;
    }
    count(c, app, is_write, want, valid, reserved, r);
    return BWM_OK;
}

int bwm_cache_access_sectors(bwm_cache *c, uint64_t addr, unsigned sectors, int app, int is_write,
                             uint64_t token, bwm_cache_result *r, bwm_err *err)
{
    return cache_access(c, addr, sectors, 0, app, is_write, 0, token, r, err);
}

int bwm_cache_access_store(bwm_cache *c, uint64_t addr, unsigned sectors, unsigned partial, int app,
                           uint64_t token, bwm_cache_result *r, bwm_err *err)
{
    return cache_access(c, addr, sectors, partial, app, 1, 0, token, r, err);
}

int bwm_cache_access_atomic(bwm_cache *c, uint64_t addr, unsigned sectors, int app, uint64_t token,
                            bwm_cache_result *r, bwm_err *err)
{
    return cache_access(c, addr, sectors, 0, app, 0, 1, token, r, err);
}

int bwm_cache_access(bwm_cache *c, uint64_t addr, int app, int is_write, uint64_t token, bwm_cache_result *r,
                     bwm_err *err)
{
    return bwm_cache_access_sectors(c, addr, BWM_SECTORS_ALL, app, is_write, token, r, err);
}

void bwm_cache_set_hints(bwm_cache *c, int on)
{
    c->hints = on != 0;
}

int bwm_cache_hinted(const bwm_cache *c)
{
    return c->hints;
}

void bwm_cache_prefetch(const bwm_cache *c, uint64_t addr)
{
    if (!bwm_cache_hinted(c))
        return;
    uint64_t line = bwm_tags_line_addr(&c->tags, addr);
    if (!c->bypass)
        bwm_tags_prefetch(&c->tags, line);
    bwm_mshr_prefetch(&c->mshr, line);
}

void bwm_cache_prefetch_entries(const bwm_cache *c, uint64_t addr)
{
    if (!bwm_cache_hinted(c))
        return;
    uint64_t line = bwm_tags_line_addr(&c->tags, addr);
    const bwm_tag_line *l = c->bypass ? NULL : bwm_tags_lookup(&c->tags, line);
    if (l)
        __builtin_prefetch(l);
    const bwm_mshr_entry *e = bwm_mshr_find(&c->mshr, line);
    if (e)
        __builtin_prefetch(e);
}

int bwm_cache_fill_sectors(bwm_cache *c, uint64_t line_addr, unsigned sectors, uint64_t *tokens_out,
                           int *n_tokens, bwm_cache_writeback *wb, bwm_err *err)
{
    uint64_t line = bwm_tags_line_addr(&c->tags, line_addr);
    int app, has_write, closed;
    unsigned atomic;
    *wb = (bwm_cache_writeback){0};
    sectors &= BWM_SECTORS_ALL;
    forget_full_set(c, line);
    if (bwm_mshr_fill(&c->mshr, line, sectors, tokens_out, n_tokens, &app, &has_write, &atomic, &closed))
        return bwm_fail(err, BWM_EINPUT, "fill of line 0x%llx, which has no pending miss", (unsigned long long)line);
    if (c->bypass)
        return BWM_OK;
    bwm_tag_line *l = bwm_tags_lookup(&c->tags, line);
    if (!l) {
        /* allocate on fill: nothing is reserved, so only a write ratio that
           keeps every line of the set leaves no victim, and then the data
           is not kept (GPGPU-Sim's tag_array::fill gives up too) */
        l = bwm_tags_victim(&c->tags, line, app);
        if (!l)
            return BWM_OK;
        evict(c, l, wb);
        install(c, l, line, app, *n_tokens > 0 ? tokens_out[0] : 0, BWM_LINE_VALID);
        l->valid = 0;
    }
    l->valid |= (uint8_t)sectors;
    if (unreadable_of(c, l) & sectors) /* the data below complete what a store wrote in part */
        set_unreadable(c, l, unreadable_of(c, l) & ~sectors);
    bwm_tags_set_state(&c->tags, l, closed || !c->alloc_on_miss ? BWM_LINE_VALID : BWM_LINE_RESERVED);
    if (has_write && c->cfg.write == BWM_WRITE_BACK)
        l->dirty |= (uint8_t)sectors;
    l->dirty |= (uint8_t)atomic; /* an atomic's sectors, read and updated here */
    if (l->dirty)
        bwm_tags_mark_written(&c->tags, l);
    bwm_tags_touch(&c->tags, l);
    return BWM_OK;
}

int bwm_cache_fill(bwm_cache *c, uint64_t line_addr, uint64_t *tokens_out, int *n_tokens,
                   bwm_cache_writeback *wb, bwm_err *err)
{
    return bwm_cache_fill_sectors(c, line_addr, BWM_SECTORS_ALL, tokens_out, n_tokens, wb, err);
}

void bwm_cache_rank_line(bwm_cache *c, uint64_t addr, int rank)
{
    bwm_tag_line *l = bwm_tags_lookup(&c->tags, bwm_tags_line_addr(&c->tags, addr));
    if (l)
        bwm_tags_set_rank(&c->tags, l, rank);
    c->full_set_valid = 0;
}

void bwm_cache_bypass(bwm_cache *c, int on)
{
    c->bypass = on != 0;
    c->full_set_valid = 0;
}

void bwm_cache_index_by(bwm_cache *c, const bwm_addrmap *m)
{
    bwm_tags_index_by(&c->tags, m);
    c->full_set_valid = 0;
}

uint64_t bwm_cache_line_addr(const bwm_cache *c, uint64_t addr)
{
    return bwm_tags_line_addr(&c->tags, addr);
}

int bwm_cache_probe_sectors(const bwm_cache *c, uint64_t addr, unsigned sectors)
{
    const bwm_tag_line *l = bwm_tags_lookup(&c->tags, bwm_tags_line_addr(&c->tags, addr));
    unsigned want = bwm_cache_sectors_of(c, sectors);
    return l && (l->valid & ~unreadable_of(c, l) & want) == want;
}

int bwm_cache_probe(const bwm_cache *c, uint64_t addr)
{
    return bwm_cache_probe_sectors(c, addr, BWM_SECTORS_ALL);
}

int bwm_cache_max_merge(const bwm_cache *c)
{
    return c->mshr.capacity;
}

int bwm_cache_pending(const bwm_cache *c)
{
    return c->mshr.used;
}

void bwm_cache_invalidate(bwm_cache *c)
{
    size_t n = (size_t)c->tags.sets * (size_t)c->tags.ways;
    for (size_t i = 0; i < n; i++) {
        bwm_tag_line *l = &c->tags.lines[i];
        if (l->state != BWM_LINE_VALID)
            continue;
        l->valid = 0;
        l->dirty = 0;
        bwm_tags_set_state(&c->tags, l, BWM_LINE_INVALID);
    }
    c->full_set_valid = 0;
}

uint64_t bwm_cache_flush_app(bwm_cache *c, int app)
{
    uint64_t dropped = 0;
    size_t n = (size_t)c->tags.sets * (size_t)c->tags.ways;
    for (size_t i = 0; i < n; i++) {
        bwm_tag_line *l = &c->tags.lines[i];
        if (l->state != BWM_LINE_VALID || l->app != app || !l->dirty ||
            bwm_mshr_find(&c->mshr, bwm_tags_addr_of(&c->tags, l)))
            continue;
        l->valid = 0;
        l->dirty = 0;
        bwm_tags_set_state(&c->tags, l, BWM_LINE_INVALID);
        dropped++;
    }
    c->full_set_valid = 0;
    return dropped;
}

const bwm_cache_stats *bwm_cache_app_stats(const bwm_cache *c, int app)
{
    return app >= 0 && app < c->n_apps ? &c->stats[app] : NULL;
}

void bwm_cache_total_stats(const bwm_cache *c, bwm_cache_stats *t)
{
    *t = (bwm_cache_stats){0};
    for (int a = 0; a < c->n_apps; a++) {
        const bwm_cache_stats *s = &c->stats[a];
        t->accesses += s->accesses;
        t->reads += s->reads;
        t->writes += s->writes;
        t->hits += s->hits;
        t->misses += s->misses;
        t->merged += s->merged;
        t->res_fails += s->res_fails;
        t->writebacks += s->writebacks;
        t->sector_accesses += s->sector_accesses;
        t->sector_hits += s->sector_hits;
        t->sector_misses += s->sector_misses;
        t->sector_reads += s->sector_reads;
        t->sector_read_misses += s->sector_read_misses;
    }
}

void bwm_cache_reset_stats(bwm_cache *c)
{
    for (int a = 0; a < c->n_apps; a++)
        c->stats[a] = (bwm_cache_stats){0};
}
