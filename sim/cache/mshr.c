/* mshr.c — miss-status holding registers (see mshr.h).  The index is linear
 * probing with backward-shift deletion, sized to at least twice the entries
 * so that probe runs stay short. */
#include "sim/cache/mshr.h"

#include <stdlib.h>
#include <string.h>

static unsigned slot_of(const bwm_mshr *m, uint64_t line_addr)
{
    uint64_t h = line_addr * UINT64_C(0x9E3779B97F4A7C15);
    return (unsigned)(h >> 32) & m->index_mask;
}

int bwm_mshr_init(bwm_mshr *m, int n_entries, int max_merge, int per_sector, bwm_err *err)
{
    *m = (bwm_mshr){0};
    if (n_entries < 1 || n_entries > (1 << 20) || max_merge < 1 || max_merge > (1 << 16))
        return bwm_fail(err, BWM_EINPUT, "MSHRs need 1 to %d entries and 1 to %d merged requests, got %d and %d",
                        1 << 20, 1 << 16, n_entries, max_merge);
    unsigned slots = 1;
    while (slots < 2u * (unsigned)n_entries)
        slots <<= 1;
    if (per_sector && max_merge > UINT8_MAX)
        return bwm_fail(err, BWM_EINPUT, "per-sector MSHRs merge at most %d requests, got %d", UINT8_MAX, max_merge);
    m->n_entries = n_entries;
    m->max_merge = max_merge;
    m->per_sector = per_sector != 0;
    m->capacity = per_sector ? max_merge * BWM_CACHE_SECTORS : max_merge;
    m->index_mask = slots - 1;
    m->entries = calloc((size_t)n_entries, sizeof *m->entries);
    m->tokens = calloc((size_t)n_entries * (size_t)m->capacity, sizeof *m->tokens);
    m->waits = calloc((size_t)n_entries * (size_t)m->capacity, sizeof *m->waits);
    m->index = malloc(slots * sizeof *m->index);
    if (!m->entries || !m->tokens || !m->waits || !m->index) {
        bwm_mshr_free(m);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d MSHRs", n_entries);
    }
    for (unsigned i = 0; i < slots; i++)
        m->index[i] = (bwm_mshr_slot){0, -1};
    for (int i = 0; i < n_entries; i++)
        m->entries[i].next_free = i + 1 < n_entries ? i + 1 : -1;
    m->free_head = 0;
    return BWM_OK;
}

void bwm_mshr_free(bwm_mshr *m)
{
    free(m->entries);
    free(m->tokens);
    free(m->waits);
    free(m->index);
    *m = (bwm_mshr){0};
}

/* The index slot holding line_addr, or the empty slot where it would go. */
static unsigned probe(const bwm_mshr *m, uint64_t line_addr)
{
    unsigned s = slot_of(m, line_addr);
    while (m->index[s].entry >= 0 && m->index[s].line_addr != line_addr)
        s = (s + 1) & m->index_mask;
    return s;
}

bwm_mshr_entry *bwm_mshr_find(const bwm_mshr *m, uint64_t line_addr)
{
    int e = m->index[probe(m, line_addr)].entry;
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
    m->used++;
    m->index[probe(m, line_addr)] = (bwm_mshr_slot){line_addr, i};
    e->line_addr = line_addr;
    e->app = app;
    e->has_write = 0;
    e->n_tokens = 0;
    e->pending = 0;
    memset(e->waiters, 0, sizeof e->waiters);
    bwm_mshr_merge(m, e, is_write, token, sectors, sectors);
    return e;
}

void bwm_mshr_merge(bwm_mshr *m, bwm_mshr_entry *e, int is_write, uint64_t token, unsigned wait,
                    unsigned fetch)
{
    size_t k = (size_t)(e - m->entries) * (size_t)m->capacity + (size_t)e->n_tokens++;
    m->tokens[k] = token;
    m->waits[k] = (uint8_t)wait;
    if (m->per_sector) {
        count_waiters(e, wait, 1);
        m->sectors_used += bwm_sector_count(fetch & ~e->pending);
    }
    e->pending |= fetch;
    e->has_write |= is_write != 0;
}

/* Empties slot s and moves later members of its probe run back into the
 * hole, so that every key stays reachable from its home slot. */
static void unindex(bwm_mshr *m, unsigned s)
{
    m->index[s].entry = -1;
    unsigned hole = s;
    for (unsigned j = (s + 1) & m->index_mask; m->index[j].entry >= 0; j = (j + 1) & m->index_mask) {
        unsigned home = slot_of(m, m->index[j].line_addr);
        /* j's key may move to hole unless its home lies cyclically in (hole, j] */
        int stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            m->index[hole] = m->index[j];
            m->index[j].entry = -1;
            hole = j;
        }
    }
}

int bwm_mshr_fill(bwm_mshr *m, uint64_t line_addr, unsigned sectors, uint64_t *tokens_out, int *n_tokens,
                  int *app, int *has_write, int *closed)
{
    unsigned s = probe(m, line_addr);
    int i = m->index[s].entry;
    if (i < 0)
        return -1;
    bwm_mshr_entry *e = &m->entries[i];
    uint64_t *tok = m->tokens + (size_t)i * (size_t)m->capacity;
    uint8_t *wait = m->waits + (size_t)i * (size_t)m->capacity;
    *app = e->app;
    *has_write = e->has_write;
    if (m->per_sector)
        m->sectors_used -= bwm_sector_count(e->pending & sectors);
    e->pending &= ~sectors;
    *closed = e->pending == 0;
    if (!*closed) {
        int woken = 0, kept = 0;
        for (int k = 0; k < e->n_tokens; k++) {
            if (m->per_sector)
                count_waiters(e, wait[k] & sectors, -1);
            unsigned left = wait[k] & ~sectors;
            if (left == 0) {
                tokens_out[woken++] = tok[k];
            } else {
                tok[kept] = tok[k];
                wait[kept++] = (uint8_t)left;
            }
        }
        *n_tokens = woken;
        e->n_tokens = kept;
        return 0;
    }
    memcpy(tokens_out, tok, (size_t)e->n_tokens * sizeof *tok); /* everyone: the entry closes */
    *n_tokens = e->n_tokens;
    unindex(m, s);
    e->next_free = m->free_head;
    m->free_head = i;
    m->used--;
    return 0;
}
