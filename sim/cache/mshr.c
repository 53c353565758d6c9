/* mshr.c — miss-status holding registers (see mshr.h). */
#include "sim/cache/mshr.h"

#include <stdlib.h>
#include <string.h>

#include "util/reserve.h"

int bwm_mshr_init(bwm_mshr *m, int n_entries, int max_merge, int per_sector, bwm_err *err)
{
    *m = (bwm_mshr){0};
    if (n_entries < 1 || n_entries > (1 << 20) || max_merge < 1 || max_merge > (1 << 16))
        return bwm_fail(err, BWM_EINPUT, "MSHRs need 1 to %d entries and 1 to %d merged requests, got %d and %d",
                        1 << 20, 1 << 16, n_entries, max_merge);
    if (per_sector && max_merge > UINT8_MAX)
        return bwm_fail(err, BWM_EINPUT, "per-sector MSHRs merge at most %d requests, got %d", UINT8_MAX, max_merge);
    m->n_entries = n_entries;
    m->max_merge = max_merge;
    m->per_sector = per_sector != 0;
    m->capacity = per_sector ? max_merge * BWM_CACHE_SECTORS : max_merge;
    m->overflow = m->capacity > BWM_MSHR_INLINE ? m->capacity - BWM_MSHR_INLINE : 0;
    m->entries = aligned_alloc(sizeof *m->entries, (size_t)n_entries * sizeof *m->entries);
    if (m->entries)
        memset(m->entries, 0, (size_t)n_entries * sizeof *m->entries);
    if (m->overflow) {
        m->tokens = bwm_reserve((size_t)n_entries * (size_t)m->overflow, sizeof *m->tokens);
        m->waits = bwm_reserve((size_t)n_entries * (size_t)m->overflow, sizeof *m->waits);
    }
    if (!m->entries || (m->overflow && (!m->tokens || !m->waits))) {
        bwm_mshr_free(m);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d MSHRs", n_entries);
    }
    int rc = bwm_addr_index_init(&m->index, n_entries, &m->entries[0].line_addr, sizeof *m->entries, err);
    if (rc) {
        bwm_mshr_free(m);
        return rc;
    }
    for (int i = 0; i < n_entries; i++)
        m->entries[i].next_free = i + 1 < n_entries ? i + 1 : -1;
    m->free_head = 0;
    return BWM_OK;
}

void bwm_mshr_free(bwm_mshr *m)
{
    free(m->entries);
    bwm_reserve_free(m->tokens, (size_t)m->n_entries * (size_t)m->overflow, sizeof *m->tokens);
    bwm_reserve_free(m->waits, (size_t)m->n_entries * (size_t)m->overflow, sizeof *m->waits);
    bwm_addr_index_free(&m->index);
    *m = (bwm_mshr){0};
}

_Static_assert(sizeof(bwm_mshr_entry) == 64, "an MSHR entry is one host cache line");

/* Where entry e's k-th token and its sectors are kept. */
static uint64_t *token_at(const bwm_mshr *m, bwm_mshr_entry *e, int k)
{
    if (k < BWM_MSHR_INLINE)
        return &e->tokens[k];
    return &m->tokens[(size_t)(e - m->entries) * (size_t)m->overflow + (size_t)(k - BWM_MSHR_INLINE)];
}

static uint8_t *wait_at(const bwm_mshr *m, bwm_mshr_entry *e, int k)
{
    if (k < BWM_MSHR_INLINE)
        return &e->waits[k];
    return &m->waits[(size_t)(e - m->entries) * (size_t)m->overflow + (size_t)(k - BWM_MSHR_INLINE)];
}

bwm_mshr_entry *bwm_mshr_find(const bwm_mshr *m, uint64_t line_addr)
{
    int e = bwm_addr_index_find(&m->index, line_addr);
    return e >= 0 ? &m->entries[e] : NULL;
}

int bwm_mshr_full(const bwm_mshr *m, unsigned sectors)
{
    if (m->per_sector)
        return m->sectors_used + bwm_sector_count(sectors) > m->n_entries;
    return m->used == m->n_entries;
}

int bwm_mshr_can_merge(const bwm_mshr *m, const bwm_mshr_entry *e, unsigned wait)
{
    if (!m->per_sector)
        return e->n_tokens < m->max_merge;
    for (int s = 0; s < BWM_CACHE_SECTORS; s++)
        if ((wait >> s & 1) && e->waiters[s] >= m->max_merge)
            return 0;
    return 1;
}

/* Per-sector MSHRs: counts the tokens waiting on each sector of wait (add
 * 1) or no longer (add -1). */
static void count_waiters(bwm_mshr_entry *e, unsigned wait, int add)
{
    for (int s = 0; s < BWM_CACHE_SECTORS; s++)
        if (wait >> s & 1)
            e->waiters[s] = (uint8_t)(e->waiters[s] + add);
}

bwm_mshr_entry *bwm_mshr_add(bwm_mshr *m, uint64_t line_addr, int app, int is_write, uint64_t token,
                             unsigned sectors)
{
    int i = m->free_head;
    bwm_mshr_entry *e = &m->entries[i];
    m->free_head = e->next_free;
    if (m->free_head >= 0) /* the next add's entry, now rather than then */
        __builtin_prefetch(&m->entries[m->free_head]);
    m->used++;
    e->line_addr = line_addr; /* the index reads it (addr_index.h) */
    bwm_addr_index_put(&m->index, line_addr, i);
    e->app = app;
    e->has_write = 0;
    e->atomic = 0;
    e->n_tokens = 0;
    e->pending = 0;
    memset(e->waiters, 0, sizeof e->waiters);
    bwm_mshr_merge(m, e, is_write, token, sectors, sectors);
    return e;
}

void bwm_mshr_merge(bwm_mshr *m, bwm_mshr_entry *e, int is_write, uint64_t token, unsigned wait,
                    unsigned fetch)
{
    int k = e->n_tokens++;
    *token_at(m, e, k) = token;
    *wait_at(m, e, k) = (uint8_t)wait;
    if (m->per_sector) {
        count_waiters(e, wait, 1);
        m->sectors_used += bwm_sector_count(fetch & ~e->pending);
    }
    e->pending = (uint8_t)(e->pending | fetch);
    e->has_write = (uint8_t)(e->has_write | (is_write != 0));
}

int bwm_mshr_fill(bwm_mshr *m, uint64_t line_addr, unsigned sectors, uint64_t *tokens_out, int *n_tokens,
                  int *app, int *has_write, unsigned *atomic, int *closed)
{
    unsigned s = bwm_addr_index_probe(&m->index, line_addr);
    int i = m->index.slots[s].value;
    if (i < 0)
        return -1;
    bwm_mshr_entry *e = &m->entries[i];
    *app = e->app;
    *has_write = e->has_write;
    *atomic = e->atomic & sectors;
    e->atomic = (uint8_t)(e->atomic & ~sectors);
    if (m->per_sector)
        m->sectors_used -= bwm_sector_count(e->pending & sectors);
    e->pending = (uint8_t)(e->pending & ~sectors);
    *closed = e->pending == 0;
    if (!*closed) {
        int woken = 0, kept = 0;
        for (int k = 0; k < e->n_tokens; k++) {
            unsigned wait = *wait_at(m, e, k);
            if (m->per_sector)
                count_waiters(e, wait & sectors, -1);
            unsigned left = wait & ~sectors;
            if (left == 0) {
                tokens_out[woken++] = *token_at(m, e, k);
            } else {
                *token_at(m, e, kept) = *token_at(m, e, k);
                *wait_at(m, e, kept++) = (uint8_t)left;
            }
        }
        *n_tokens = woken;
        e->n_tokens = kept;
        return 0;
    }
    for (int k = 0; k < e->n_tokens; k++) /* everyone: the entry closes */
        tokens_out[k] = *token_at(m, e, k);
    *n_tokens = e->n_tokens;
    bwm_addr_index_remove_at(&m->index, s);
    e->next_free = m->free_head;
    m->free_head = i;
    m->used--;
    return 0;
}
