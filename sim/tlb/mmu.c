/* mmu.c — L2 TLB, walker and page-walk cache shared by the SMs (see mmu.h). */
#include "sim/tlb/mmu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int has_l2_tlb(const bwm_mmu *m)
{
    return m->cfg.design == BWM_MMU_SHARED_TLB || m->cfg.design == BWM_MMU_STATIC_TLB;
}

/* The key of vpage's large page in the TLBs' large-page entries; in the
 * bypass cache, which holds both, apart from every base page's. */
static uint64_t large_key(uint64_t vpage)
{
    return vpage >> BWM_LARGE_PAGE_BITS;
}

#define BYPASS_LARGE_BIT ((uint64_t)1 << 62)

static uint32_t hash_of(uint64_t vpage)
{
    return (uint32_t)((vpage * 0x9E3779B97F4A7C15ULL) >> 32);
}

/* The slots of the open-addressing index for `waiters` translations: the
 * least power of two of at least twice as many (and 2). */
static uint64_t index_slots(int64_t waiters)
{
    uint64_t slots = 2;
    while (slots < 2u * (uint64_t)waiters)
        slots *= 2;
    return slots;
}

/* The queues between the MMU's stages (bwm_mmu_init, bwm_mmu_free). */
#define N_QUEUES 6

double bwm_mmu_queue_bytes(int64_t waiters, int n_sms)
{
    double per_waiter = sizeof(bwm_mmu_waiter) + sizeof(bwm_mmu_xlat) + N_QUEUES * sizeof(bwm_delay_entry);
    return (double)waiters * per_waiter + (double)index_slots(waiters) * sizeof(int32_t) +
           (double)n_sms * sizeof(uint64_t);
}

int bwm_mmu_init(bwm_mmu *m, const bwm_mmu_config *cfg, int n_apps, int n_sms, const int *warps_per_sm, bwm_vm *vm,
                 int line_bytes, int32_t waiters, bwm_err *err)
{
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->n_apps = n_apps;
    m->vm = vm;
    m->line_shift = __builtin_ctz((unsigned)line_bytes);
    if (n_apps < 1 || n_apps > BWM_MMU_MAX_APPS || n_sms < 1 || waiters < 1)
        return bwm_fail(err, BWM_EINPUT, "an MMU for %d applications on %d SMs and %d waiting warps", n_apps, n_sms,
                        (int)waiters);
    m->n_sms = n_sms;
    m->warps_per_sm = warps_per_sm;
    int st = BWM_OK;
    bwm_err sub;
    if (has_l2_tlb(m) && bwm_tag_array_init(&m->l2_tlb, cfg->l2_entries, cfg->l2_ways,
                                            cfg->design == BWM_MMU_STATIC_TLB ? n_apps : 1, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "option -bwm_l2_tlb: %s", sub.msg);
    m->large = vm->large_shift != 0;
    if (has_l2_tlb(m) && m->large &&
        bwm_tag_array_init(&m->l2_tlb_large, cfg->l2_large_entries, cfg->l2_large_ways,
                           cfg->design == BWM_MMU_STATIC_TLB ? n_apps : 1, &sub) != BWM_OK) {
        bwm_mmu_free(m);
        return bwm_fail(err, BWM_EINPUT, "option -bwm_l2_tlb (large-page entries): %s", sub.msg);
    }
    if (cfg->design == BWM_MMU_PWCACHE &&
        bwm_tag_array_init(&m->pwc, cfg->pwc_bytes >> m->line_shift, cfg->pwc_ways, 1, &sub) != BWM_OK) {
        bwm_mmu_free(m);
        return bwm_fail(err, BWM_EINPUT, "option -bwm_pwc: %s", sub.msg);
    }
    m->cap = waiters;
    uint32_t slots = (uint32_t)index_slots(waiters);
    m->slot_mask = slots - 1;
    m->waiters = calloc((size_t)waiters, sizeof *m->waiters);
    m->xlats = calloc((size_t)waiters, sizeof *m->xlats);
    m->slot = malloc((size_t)slots * sizeof *m->slot);
    m->sm_seen = calloc((size_t)n_sms, sizeof *m->sm_seen);
    if (!m->waiters || !m->xlats || !m->slot || !m->sm_seen) {
        bwm_mmu_free(m);
        return bwm_fail(err, BWM_EFAIL, "out of memory for the MMU");
    }
    for (uint32_t i = 0; i < slots; i++)
        m->slot[i] = -1;
    for (int32_t i = 0; i < waiters; i++) {
        m->waiters[i].next = i + 1 < waiters ? i + 1 : -1;
        m->xlats[i].next_free = i + 1 < waiters ? i + 1 : -1;
    }
    bwm_delay_queue *queues[] = {&m->inbox, &m->l2_queue, &m->answers, &m->walk_queue, &m->pwc_queue, &m->mem_queue};
    _Static_assert(sizeof queues / sizeof queues[0] == N_QUEUES, "bwm_mmu_queue_bytes counts every queue");
    for (size_t i = 0; i < sizeof queues / sizeof queues[0] && st == BWM_OK; i++)
        st = bwm_delay_queue_init(queues[i], waiters, err);
    if (st != BWM_OK)
        bwm_mmu_free(m);
    m->next_active = INT64_MAX;
    return st;
}

void bwm_mmu_free(bwm_mmu *m)
{
    bwm_tag_array_free(&m->l2_tlb);
    bwm_tag_array_free(&m->l2_tlb_large);
    bwm_tag_array_free(&m->pwc);
    bwm_tag_array_free(&m->bypass_cache);
    free(m->waiters);
    free(m->xlats);
    free(m->slot);
    free(m->sm_seen);
    bwm_delay_queue *queues[] = {&m->inbox, &m->l2_queue, &m->answers, &m->walk_queue, &m->pwc_queue, &m->mem_queue};
    for (size_t i = 0; i < sizeof queues / sizeof queues[0]; i++)
        bwm_delay_queue_free(queues[i]);
    m->waiters = NULL;
    m->xlats = NULL;
    m->slot = NULL;
    m->sm_seen = NULL;
}

/* The translation of vpage in progress, or -1. */
static int32_t find(const bwm_mmu *m, uint64_t vpage)
{
    for (uint32_t i = hash_of(vpage) & m->slot_mask;; i = (i + 1) & m->slot_mask) {
        int32_t x = m->slot[i];
        if (x < 0 || m->xlats[x].vpage == vpage)
            return x;
    }
}

static void put(bwm_mmu *m, int32_t x)
{
    uint32_t i = hash_of(m->xlats[x].vpage) & m->slot_mask;
    while (m->slot[i] >= 0)
        i = (i + 1) & m->slot_mask;
    m->slot[i] = x;
}

/* Removes translation x from the table (backward-shift deletion). */
static void drop(bwm_mmu *m, int32_t x)
{
    uint32_t i = hash_of(m->xlats[x].vpage) & m->slot_mask;
    while (m->slot[i] != x)
        i = (i + 1) & m->slot_mask;
    for (uint32_t j = (i + 1) & m->slot_mask; m->slot[j] >= 0; j = (j + 1) & m->slot_mask) {
        uint32_t home = hash_of(m->xlats[m->slot[j]].vpage) & m->slot_mask;
        /* slot j's entry may move to i when its home is not in (i, j] */
        if (((j - home) & m->slot_mask) >= ((j - i) & m->slot_mask)) {
            m->slot[i] = m->slot[j];
            i = j;
        }
    }
    m->slot[i] = -1;
}

void bwm_mmu_request(bwm_mmu *m, int sm, int warp, int app, uint64_t vpage, int64_t now)
{
    int32_t w = m->free_waiter;
    if (w < 0) { /* cannot happen when the caller sized it (mmu.h) */
        if (!m->failed)
            bwm_fail(&m->fault, BWM_EFAIL, "the MMU holds no more waiting warps (%d)", (int)m->cap);
        m->failed = 1;
        return;
    }
    m->free_waiter = m->waiters[w].next;
    m->waiters[w] = (bwm_mmu_waiter){sm, warp, app, -1, vpage};
    m->stats[app].requests++;
    int64_t ready = now + m->cfg.l1_latency;
    bwm_delay_push(&m->inbox, w, ready);
    if (ready < m->next_active)
        m->next_active = ready;
}

/* Adds the running walks' cycles up to now. */
static void account(bwm_mmu *m, int64_t now)
{
    if (now > m->active_since)
        for (int a = 0; a < m->n_apps; a++)
            m->stats[a].active_cycles += (uint64_t)m->active_of[a] * (uint64_t)(now - m->active_since);
    m->active_since = now;
}

uint64_t bwm_mmu_active_cycles(const bwm_mmu *m, int app, int64_t now)
{
    uint64_t n = m->stats[app].active_cycles;
    if (now > m->active_since)
        n += (uint64_t)m->active_of[app] * (uint64_t)(now - m->active_since);
    return n;
}

/* Translation x is known: every waiter gets it, and x ends. */
static void answer(bwm_mmu *m, int32_t x, int64_t now, const bwm_mmu_link *link)
{
    bwm_mmu_xlat *t = &m->xlats[x];
    drop(m, x);
    for (int32_t w = t->first; w >= 0;) {
        bwm_mmu_waiter *wt = &m->waiters[w];
        link->done(link->ctx, wt->sm, wt->warp, wt->vpage, t->kind != BWM_PAGE_BASE, now);
        int32_t next = wt->next;
        wt->next = m->free_waiter;
        m->free_waiter = w;
        w = next;
    }
    t->next_free = m->free_xlat;
    m->free_xlat = x;
    m->in_progress--;
}

/* Walk x's current level goes to memory: it joins the queue of reads
 * waiting for the link. */
static void queue_read(bwm_mmu *m, int32_t x, int64_t now)
{
    m->xlats[x].read_queued = now;
    bwm_delay_push(&m->mem_queue, x, now);
}

/* Walk x reads its current level: from the page-walk cache first under
 * pwcache, else from memory. */
static void read_level(bwm_mmu *m, int32_t x, int64_t now)
{
    if (m->cfg.design == BWM_MMU_PWCACHE)
        bwm_delay_push(&m->pwc_queue, x, now + m->cfg.pwc_latency);
    else
        queue_read(m, x, now);
}

/* Keeps the first fault of the run. */
static void fault(bwm_mmu *m, const bwm_err *err)
{
    if (!m->failed)
        m->fault = *err;
    m->failed = 1;
}

/* The page-table entry walk x reads now (placing its node): in a coalesced
 * large page the leaf read is the leaf node's first entry (thesis Fig. 7.7). */
static uint64_t entry_addr(bwm_mmu *m, int32_t x)
{
    bwm_mmu_xlat *t = &m->xlats[x];
    uint64_t pa = 0, vpage = t->vpage;
    if (t->kind == BWM_PAGE_COALESCED && t->level == m->cfg.levels)
        vpage &= ~(((uint64_t)1 << BWM_LARGE_PAGE_BITS) - 1);
    bwm_err err;
    if (bwm_vm_pte_addr(m->vm, t->app, vpage, t->level, m->cfg.levels, &pa, &err) != BWM_OK)
        fault(m, &err);
    return pa;
}

/* Whether translation t's first requester holds a TLB-fill token: every
 * warp without MASK's tokens and in the first epoch; then the lowest-id
 * warps of its SM, the application's share of them. */
static int has_token(const bwm_mmu *m, const bwm_mmu_xlat *t)
{
    if (!m->mask.tokens || m->epochs == 0)
        return 1;
    return t->warp < (int)lround(m->token_share[t->app] * m->warps_per_sm[t->sm]);
}

/* Walk x has read its current level at now. */
static void level_done(bwm_mmu *m, int32_t x, int64_t now, const bwm_mmu_link *link)
{
    bwm_mmu_xlat *t = &m->xlats[x];
    if (t->level < t->last_level) {
        t->level++;
        read_level(m, x, now);
        return;
    }
    bwm_mmu_stats *s = &m->stats[t->app];
    account(m, now);
    m->active--;
    m->active_of[t->app]--;
    s->walks_done++;
    s->large_walks += (uint64_t)(t->kind != BWM_PAGE_BASE);
    s->walk_cycles += (uint64_t)(now - t->started);
    uint64_t serial = ++m->walk_serial;
    for (int32_t w = t->first; w >= 0; w = m->waiters[w].next) {
        s->waiters_done++;
        uint64_t *seen = &m->sm_seen[m->waiters[w].sm];
        s->sm_misses_done += *seen != serial;
        *seen = serial;
    }
    if (has_l2_tlb(m)) {
        int large = t->kind != BWM_PAGE_BASE, part = m->cfg.design == BWM_MMU_STATIC_TLB ? t->app : 0;
        if (!has_token(m, t))
            bwm_tag_array_insert(&m->bypass_cache, large ? large_key(t->vpage) | BYPASS_LARGE_BIT : t->vpage, 0);
        else if (large)
            bwm_tag_array_insert(&m->l2_tlb_large, large_key(t->vpage), part);
        else
            bwm_tag_array_insert(&m->l2_tlb, t->vpage, part);
    }
    answer(m, x, now, link);
}

/* A waiter reaches the MMU: it joins its page's translation, or starts one. */
static void arrive(bwm_mmu *m, int32_t w, int64_t now)
{
    bwm_mmu_waiter *wt = &m->waiters[w];
    int32_t x = find(m, wt->vpage);
    if (x >= 0) {
        bwm_mmu_xlat *t = &m->xlats[x];
        m->waiters[t->last].next = w;
        t->last = w;
        if (++t->n_waiting > m->stalled_max[t->app])
            m->stalled_max[t->app] = t->n_waiting;
        return;
    }
    x = m->free_xlat;
    m->free_xlat = m->xlats[x].next_free;
    m->xlats[x] = (bwm_mmu_xlat){.vpage = wt->vpage, .app = wt->app, .sm = wt->sm, .warp = wt->warp, .first = w,
                                 .last = w, .n_waiting = 1, .kind = BWM_PAGE_BASE, .next_free = -1};
    m->in_progress++;
    if (m->stalled_max[wt->app] < 1)
        m->stalled_max[wt->app] = 1;
    put(m, x);
    bwm_delay_push(has_l2_tlb(m) ? &m->l2_queue : &m->walk_queue, x, now);
}

int bwm_mmu_set_mask(bwm_mmu *m, const bwm_mmu_mask *mask, bwm_err *err)
{
    if (mask->epoch < 1)
        return bwm_fail(err, BWM_EINPUT, "MASK's epoch of %lld cycles", (long long)mask->epoch);
    if (mask->tokens && !has_l2_tlb(m))
        return bwm_fail(err, BWM_EINPUT, "MASK's TLB-fill tokens need an L2 TLB (-bwm_mmu shared_tlb or static_tlb, "
                        "not %s); turn them off with --sched-param mask.tokens=off", bwm_mmu_design_name(m->cfg.design));
    bwm_err sub;
    if (mask->tokens && bwm_tag_array_init(&m->bypass_cache, mask->bypass_entries, mask->bypass_entries, 1, &sub) !=
                            BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "MASK's bypass cache: %s", sub.msg);
    m->mask = *mask;
    m->epoch_end = mask->epoch;
    return BWM_OK;
}

/* MASK's epoch ends at now (or ended before it, with nothing to see
 * since): token shares follow each application's L2 TLB miss rate, the
 * levels' L2 bypass follows their hit rates against the data's, and the
 * stall counters start again. */
static void end_epoch(bwm_mmu *m, int64_t now, const bwm_mmu_link *link)
{
    const bwm_mmu_mask *k = &m->mask;
    for (int a = 0; a < m->n_apps; a++) {
        m->stalled_max[a] = 0;
        if (m->ep_lookups[a] == 0)
            continue;
        double rate = (double)m->ep_misses[a] / (double)m->ep_lookups[a];
        if (m->epochs == 0 || !m->have_last_miss[a])
            m->token_share[a] = k->initial_tokens;
        else if (rate > m->last_miss[a] + k->miss_delta)
            m->token_share[a] = fmax(0, m->token_share[a] - k->token_step);
        else if (rate < m->last_miss[a] - k->miss_delta)
            m->token_share[a] = fmin(1, m->token_share[a] + k->token_step);
        m->last_miss[a] = rate;
        m->have_last_miss[a] = 1;
        m->ep_lookups[a] = m->ep_misses[a] = 0;
    }
    if (k->l2_bypass && link->l2_data) {
        uint64_t accesses, hits;
        link->l2_data(link->ctx, &accesses, &hits);
        uint64_t da = accesses - m->data_accesses, dh = hits - m->data_hits;
        m->data_accesses = accesses;
        m->data_hits = hits;
        for (int l = 1; l <= m->cfg.levels; l++) {
            uint64_t n = m->ep_level_reads[l];
            /* a level that skipped the L2 all epoch has no sample: it is sampled again */
            m->level_bypassed[l] = n > 0 && da > 0 &&
                                   (double)m->ep_level_hits[l] / (double)n < (double)dh / (double)da;
            m->ep_level_reads[l] = m->ep_level_hits[l] = 0;
        }
    }
    m->epochs++;
    m->epoch_end += ((now - m->epoch_end) / k->epoch + 1) * k->epoch;
}

/* The L2 TLB's lookup for translation t: its large-page entries first; a
 * hit there makes t a large page's. */
static int l2_lookup(bwm_mmu *m, bwm_mmu_xlat *t)
{
    if (m->large && bwm_tag_array_lookup(&m->l2_tlb_large, large_key(t->vpage))) {
        t->kind = BWM_PAGE_COALESCED; /* a large page (what matters here: not a base one) */
        return 1;
    }
    return bwm_tag_array_lookup(&m->l2_tlb, t->vpage);
}

/* MASK's bypass cache, looked up as the L2 TLB is. */
static int bypass_lookup(bwm_mmu *m, bwm_mmu_xlat *t)
{
    if (m->large && bwm_tag_array_lookup(&m->bypass_cache, large_key(t->vpage) | BYPASS_LARGE_BIT)) {
        t->kind = BWM_PAGE_COALESCED;
        return 1;
    }
    return bwm_tag_array_lookup(&m->bypass_cache, t->vpage);
}

/* Whether translation t, about to be walked, would now hit a large-page
 * entry of the L2 TLB (or of MASK's bypass cache) that another walk filled
 * while t waited for the walker: its walk is not needed.  (Translations
 * join per base page, so only a large page's walk can answer another's.) */
static int large_entry_filled(bwm_mmu *m, bwm_mmu_xlat *t)
{
    if (!m->large || !has_l2_tlb(m))
        return 0;
    uint64_t key = large_key(t->vpage);
    if (!bwm_tag_array_probe(&m->l2_tlb_large, key) &&
        !(m->mask.tokens && bwm_tag_array_probe(&m->bypass_cache, key | BYPASS_LARGE_BIT)))
        return 0;
    t->kind = BWM_PAGE_COALESCED;
    return 1;
}

/* Walk x starts: what it will find decides how deep it reads (a
 * large-only page ends above the leaf). */
static void start_walk(bwm_mmu *m, int32_t x, int64_t now)
{
    bwm_mmu_xlat *t = &m->xlats[x];
    account(m, now);
    m->active++;
    m->active_of[t->app]++;
    m->stats[t->app].walks++;
    t->started = now;
    t->level = 1;
    bwm_page_kind kind = BWM_PAGE_BASE;
    bwm_err err;
    if (bwm_vm_page_kind(m->vm, t->app, t->vpage, &kind, &err) != BWM_OK)
        fault(m, &err);
    t->kind = (int32_t)kind;
    t->last_level = m->cfg.levels - (kind == BWM_PAGE_LARGE);
    read_level(m, x, now);
}

void bwm_mmu_cycle(bwm_mmu *m, int64_t now, const bwm_mmu_link *link)
{
    int32_t x;
    if (m->mask.epoch > 0 && now >= m->epoch_end)
        end_epoch(m, now, link);
    while ((x = bwm_delay_peek(&m->answers, now)) >= 0) {
        bwm_delay_pop(&m->answers);
        answer(m, x, now, link);
    }
    while ((x = bwm_delay_peek(&m->inbox, now)) >= 0) {
        bwm_delay_pop(&m->inbox);
        arrive(m, x, now);
    }
    for (int p = 0; p < m->cfg.l2_ports && (x = bwm_delay_peek(&m->l2_queue, now)) >= 0; p++) {
        bwm_delay_pop(&m->l2_queue);
        int app = m->xlats[x].app;
        bwm_mmu_stats *s = &m->stats[app];
        s->l2_lookups++;
        int hit = l2_lookup(m, &m->xlats[x]);
        if (!hit && m->mask.tokens && bypass_lookup(m, &m->xlats[x])) {
            hit = 1;
            s->bypass_cache_hits++;
        }
        s->l2_hits += (uint64_t)hit;
        m->ep_lookups[app]++;
        m->ep_misses[app] += (uint64_t)!hit;
        bwm_delay_push(hit ? &m->answers : &m->walk_queue, x, now + m->cfg.l2_latency);
    }
    while ((x = bwm_delay_peek(&m->pwc_queue, now)) >= 0) {
        bwm_delay_pop(&m->pwc_queue);
        bwm_mmu_stats *s = &m->stats[m->xlats[x].app];
        s->pwc_lookups++;
        if (bwm_tag_array_lookup(&m->pwc, entry_addr(m, x) >> m->line_shift)) {
            s->pwc_hits++;
            level_done(m, x, now, link);
        } else {
            queue_read(m, x, now);
        }
    }
    while (m->active < m->cfg.walks && (x = bwm_delay_peek(&m->walk_queue, now)) >= 0) {
        bwm_delay_pop(&m->walk_queue);
        if (large_entry_filled(m, &m->xlats[x])) {
            m->stats[m->xlats[x].app].late_hits++;
            answer(m, x, now, link);
        } else {
            start_walk(m, x, now);
        }
    }
    while ((x = bwm_delay_peek(&m->mem_queue, now)) >= 0 && link->can_send(link->ctx, m->xlats[x].sm)) {
        bwm_delay_pop(&m->mem_queue);
        bwm_mmu_xlat *t = &m->xlats[x];
        t->bypassed = m->mask.l2_bypass && m->level_bypassed[t->level];
        m->stats[t->app].bypass_reads += (uint64_t)t->bypassed;
        link->send(link->ctx, t->sm, t->warp, t->app, entry_addr(m, x), x, t->level, t->bypassed, now);
    }
    /* what is left: the queues' heads, or the next cycle for work that only
       waited on a port, a walker or the link */
    int64_t next = INT64_MAX;
    const bwm_delay_queue *timed[] = {&m->answers, &m->inbox, &m->pwc_queue};
    for (size_t i = 0; i < sizeof timed / sizeof timed[0]; i++)
        if (bwm_delay_next(timed[i]) < next)
            next = bwm_delay_next(timed[i]);
    const bwm_delay_queue *gated[] = {&m->l2_queue, &m->mem_queue};
    for (size_t i = 0; i < sizeof gated / sizeof gated[0]; i++) {
        int64_t t = bwm_delay_next(gated[i]);
        if (t < next)
            next = t > now ? t : now + 1;
    }
    if (m->active < m->cfg.walks) {
        int64_t t = bwm_delay_next(&m->walk_queue);
        if (t < next)
            next = t > now ? t : now + 1;
    }
    m->next_active = next;
}

void bwm_mmu_reply(bwm_mmu *m, int32_t walk, int dram, int64_t now, const bwm_mmu_link *link)
{
    bwm_mmu_xlat *t = &m->xlats[walk];
    bwm_mmu_stats *s = &m->stats[t->app];
    s->walk_reads[t->level]++;
    s->walk_l2_hits[t->level] += (uint64_t)!dram;
    s->walk_read_cycles[t->level] += (uint64_t)(now - t->read_queued);
    if (!t->bypassed) { /* a sample of the level's L2 hit rate */
        m->ep_level_reads[t->level]++;
        m->ep_level_hits[t->level] += (uint64_t)!dram;
    }
    if (m->cfg.design == BWM_MMU_PWCACHE)
        bwm_tag_array_insert(&m->pwc, entry_addr(m, walk) >> m->line_shift, 0);
    level_done(m, walk, now, link);
    if (now < m->next_active) /* a next level to read or probe */
        m->next_active = now;
}

int64_t bwm_mmu_next_active(const bwm_mmu *m)
{
    return m->next_active;
}

int bwm_mmu_idle(const bwm_mmu *m)
{
    return m->in_progress == 0 && m->inbox.n == 0;
}
