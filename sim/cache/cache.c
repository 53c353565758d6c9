/* cache.c — L1D / L2 data cache over a tag array and MSHRs (see cache.h). */
#include "sim/cache/cache.h"

#include <stdlib.h>

static int check_modelled(const bwm_cache_config *cfg, bwm_err *err)
{
    if (cfg->write == BWM_WRITE_READ_ONLY)
        return bwm_fail(err, BWM_EINPUT, "cache write policy 'R' (read-only) is not modelled: use B, T, E or L");
    if (cfg->alloc == BWM_ALLOC_STREAMING)
        return bwm_fail(err, BWM_EINPUT, "cache allocation 's' (streaming) is not modelled: use m or f");
    if (cfg->write_alloc == BWM_WALLOC_LAZY)
        return bwm_fail(err, BWM_EINPUT, "cache write allocation 'L' (lazy fetch-on-write) is not modelled: use N, W or F");
    if (cfg->write_alloc != BWM_WALLOC_NONE && cfg->write != BWM_WRITE_BACK)
        return bwm_fail(err, BWM_EINPUT, "cache write allocation '%c' needs write policy B (write-back), got '%c'",
                        (char)cfg->write_alloc, (char)cfg->write);
    if (cfg->mshr_kind != BWM_MSHR_ASSOC && cfg->mshr_kind != BWM_MSHR_SECTOR_ASSOC)
        return bwm_fail(err, BWM_EINPUT, "cache MSHR type '%c' (texture FIFO) is not modelled: use A or S",
                        (char)cfg->mshr_kind);
    return BWM_OK;
}

int bwm_cache_init(bwm_cache *c, const bwm_cache_config *cfg, int n_apps, bwm_cache_sharing sharing,
                   const int *ways_per_app, bwm_err *err)
{
    *c = (bwm_cache){0};
    int rc = check_modelled(cfg, err);
    if (rc)
        return rc;
    rc = bwm_tags_init(&c->tags, cfg->sets, cfg->ways, cfg->line_bytes, cfg->repl, cfg->set_index, n_apps,
                       (bwm_tags_sharing)sharing, ways_per_app, err);
    if (rc)
        return rc;
    rc = bwm_mshr_init(&c->mshr, cfg->mshr_entries, cfg->mshr_max_merge, err);
    if (rc) {
        bwm_cache_free(c);
        return rc;
    }
    c->stats = calloc((size_t)n_apps, sizeof *c->stats);
    if (!c->stats) {
        bwm_cache_free(c);
        return bwm_fail(err, BWM_EFAIL, "out of memory for cache statistics");
    }
    c->cfg = *cfg;
    c->n_apps = n_apps;
    return BWM_OK;
}

void bwm_cache_free(bwm_cache *c)
{
    bwm_tags_free(&c->tags);
    bwm_mshr_free(&c->mshr);
    free(c->stats);
    *c = (bwm_cache){0};
}

/* Replaces victim v: a dirty valid line is reported in *wb and counted
 * against its owner. */
static void evict(bwm_cache *c, const bwm_tag_line *v, bwm_cache_writeback *wb)
{
    if (v->state == BWM_LINE_VALID && v->dirty) {
        wb->valid = 1;
        wb->line_addr = v->addr;
        wb->app = v->app;
        c->stats[v->app].writebacks++;
    }
}

/* A miss that needs the line: merge into a pending entry, or open a new one
 * (reserving a victim when allocating on miss). */
static bwm_cache_outcome fetch(bwm_cache *c, uint64_t line, int app, int is_write, uint64_t token,
                               bwm_cache_result *r)
{
    bwm_mshr_entry *e = bwm_mshr_find(&c->mshr, line);
    if (e) {
        if (!bwm_mshr_can_merge(&c->mshr, e))
            return BWM_CACHE_RESERVATION_FAIL;
        bwm_mshr_merge(&c->mshr, e, is_write, token);
        return BWM_CACHE_MISS_MERGED;
    }
    if (bwm_mshr_full(&c->mshr))
        return BWM_CACHE_RESERVATION_FAIL;
    if (c->cfg.alloc == BWM_ALLOC_ON_MISS) {
        bwm_tag_line *v = bwm_tags_victim(&c->tags, line, app);
        if (!v)
            return BWM_CACHE_RESERVATION_FAIL;
        evict(c, v, &r->wb);
        bwm_tags_install(&c->tags, v, line, app, BWM_LINE_RESERVED);
    }
    bwm_mshr_add(&c->mshr, line, app, is_write, token);
    return BWM_CACHE_MISS_NEW;
}

static bwm_cache_outcome write_access(bwm_cache *c, bwm_tag_line *l, uint64_t line, int app, uint64_t token,
                                      bwm_cache_result *r)
{
    int valid = l && l->state == BWM_LINE_VALID;
    switch (c->cfg.write) {
    case BWM_WRITE_BACK:
        if (valid) {
            l->dirty = 1;
            bwm_tags_touch(&c->tags, l);
            return BWM_CACHE_HIT;
        }
        if (c->cfg.write_alloc == BWM_WALLOC_NONE)
            return BWM_CACHE_WRITE_DOWN;
        return fetch(c, line, app, 1, token, r);
    case BWM_WRITE_THROUGH:
        if (valid)
            bwm_tags_touch(&c->tags, l);
        return BWM_CACHE_WRITE_DOWN;
    default: /* write-evict, and local-WB/global-WT for global stores */
        if (valid)
            l->state = BWM_LINE_INVALID;
        return BWM_CACHE_WRITE_DOWN;
    }
}

int bwm_cache_access(bwm_cache *c, uint64_t addr, int app, int is_write, uint64_t token, bwm_cache_result *r,
                     bwm_err *err)
{
    if (app < 0 || app >= c->n_apps)
        return bwm_fail(err, BWM_EINPUT, "cache access by application %d; the cache has %d", app, c->n_apps);
    uint64_t line = bwm_tags_line_addr(&c->tags, addr);
    *r = (bwm_cache_result){.line_addr = line};
    bwm_tag_line *l = bwm_tags_lookup(&c->tags, line);
    r->hit = l && l->state == BWM_LINE_VALID;
    if (is_write) {
        r->outcome = write_access(c, l, line, app, token, r);
    } else if (r->hit) {
        bwm_tags_touch(&c->tags, l);
        r->outcome = BWM_CACHE_HIT;
    } else {
        r->outcome = fetch(c, line, app, 0, token, r);
    }
    bwm_cache_stats *s = &c->stats[app];
    if (r->outcome == BWM_CACHE_RESERVATION_FAIL) {
        s->res_fails++;
        return BWM_OK;
    }
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
    return BWM_OK;
}

int bwm_cache_fill(bwm_cache *c, uint64_t line_addr, uint64_t *tokens_out, int *n_tokens,
                   bwm_cache_writeback *wb, bwm_err *err)
{
    uint64_t line = bwm_tags_line_addr(&c->tags, line_addr);
    int app, has_write;
    *wb = (bwm_cache_writeback){0};
    if (bwm_mshr_retire(&c->mshr, line, tokens_out, n_tokens, &app, &has_write))
        return bwm_fail(err, BWM_EINPUT, "fill of line 0x%llx, which has no pending miss", (unsigned long long)line);
    bwm_tag_line *l = bwm_tags_lookup(&c->tags, line);
    if (!l) {
        /* allocate on fill; a victim always exists, as nothing is reserved */
        l = bwm_tags_victim(&c->tags, line, app);
        evict(c, l, wb);
        bwm_tags_install(&c->tags, l, line, app, BWM_LINE_VALID);
    }
    l->state = BWM_LINE_VALID;
    l->dirty |= has_write && c->cfg.write == BWM_WRITE_BACK;
    bwm_tags_touch(&c->tags, l);
    return BWM_OK;
}

uint64_t bwm_cache_line_addr(const bwm_cache *c, uint64_t addr)
{
    return bwm_tags_line_addr(&c->tags, addr);
}

int bwm_cache_probe(const bwm_cache *c, uint64_t addr)
{
    const bwm_tag_line *l = bwm_tags_lookup(&c->tags, bwm_tags_line_addr(&c->tags, addr));
    return l && l->state == BWM_LINE_VALID;
}

int bwm_cache_max_merge(const bwm_cache *c)
{
    return c->mshr.max_merge;
}

int bwm_cache_pending(const bwm_cache *c)
{
    return c->mshr.used;
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
    }
}

void bwm_cache_reset_stats(bwm_cache *c)
{
    for (int a = 0; a < c->n_apps; a++)
        c->stats[a] = (bwm_cache_stats){0};
}
