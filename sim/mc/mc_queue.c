/* mc_queue.c — the memory controller's request pool and bank queues: a
 * request's arrival (bwm_mc_enqueue), the room left (bwm_mc_full), the
 * queues in arrival order with, per bank, the count of waiting requests
 * for its open row and per row bucket (mc.h), and what the schedulers ask
 * of them (bwm_mc_oldest_hit, bwm_mc_is_hit).  The pool grows only when
 * the queue is unbounded. */
#include <stdlib.h>
#include <string.h>

#include "sim/mc/mc.h"
#include "sim/mc/mc_internal.h"

/* ---- request pool ---------------------------------------------------- */

static int grow_pool(bwm_mc *mc, int32_t cap)
{
    bwm_mc_entry *s = aligned_alloc(_Alignof(bwm_mc_entry), (size_t)cap * sizeof *s);
    if (!s)
        return -1;
    if (mc->cap > 0)
        memcpy(s, mc->slots, (size_t)mc->cap * sizeof *s);
    free(mc->slots);
    mc->slots = s;
    for (int32_t i = cap - 1; i >= mc->cap; i--) {
        s[i].next = mc->free_head;
        mc->free_head = i;
    }
    mc->cap = cap;
    return 0;
}

static int32_t alloc_slot(bwm_mc *mc)
{
    if (mc->free_head < 0 && (!mc->growable || grow_pool(mc, mc->cap * 2) != 0))
        return -1;
    int32_t i = mc->free_head;
    mc->free_head = mc->slots[i].next;
    mc->n_used++;
    return i;
}

void bwm_mc_slot_free(bwm_mc *mc, int32_t i)
{
    mc->slots[i].next = mc->free_head;
    mc->free_head = i;
    mc->n_used--;
}

int bwm_mc_queue_init(bwm_mc *mc, int32_t n)
{
    mc->free_head = -1;
    mc->banks = malloc((size_t)mc->n_banks * sizeof *mc->banks);
    mc->row_waiting = calloc((size_t)mc->n_banks * BWM_MC_ROW_BUCKETS, sizeof *mc->row_waiting);
    if (!mc->banks || !mc->row_waiting || grow_pool(mc, n) != 0)
        return -1;
    for (int b = 0; b < mc->n_banks; b++)
        mc->banks[b] = (bwm_mc_bank){.head = -1, .tail = -1, .cur = -1};
    return 0;
}

void bwm_mc_queue_free(bwm_mc *mc)
{
    free(mc->slots);
    free(mc->banks);
    free(mc->row_waiting);
    mc->slots = NULL;
    mc->banks = NULL;
    mc->row_waiting = NULL;
}

/* ---- queues ---------------------------------------------------------- */

static int row_open_for(const bwm_mc *mc, int bank, int64_t row)
{
    return mc->dram.banks[bank].open_row == row;
}

/* The count of bank's waiting requests in row's bucket. */
static uint32_t *row_waiting(bwm_mc *mc, int bank, uint32_t row)
{
    return &mc->row_waiting[(size_t)bank * BWM_MC_ROW_BUCKETS + (row & (BWM_MC_ROW_BUCKETS - 1))];
}

int bwm_mc_is_hit(const bwm_mc *mc, int32_t slot)
{
    const bwm_mc_req *r = &mc->slots[slot].req;
    return row_open_for(mc, (int)r->da.bank, (int64_t)r->da.row);
}

int32_t bwm_mc_oldest_hit(const bwm_mc *mc, int bank)
{
    if (mc->banks[bank].n_hits == 0)
        return -1;
    int64_t row = mc->dram.banks[bank].open_row;
    for (int32_t s = mc->banks[bank].head; s >= 0; s = mc->slots[s].next)
        if ((int64_t)mc->slots[s].req.da.row == row)
            return s;
    return -1;
}

/* Something changed that may let a command issue, or a bank pick, at now. */
static void wake(bwm_mc *mc, int64_t now)
{
    if (now < mc->next_event)
        mc->next_event = now;
    if (now < mc->cmd_next)
        mc->cmd_next = now;
}

int bwm_mc_full(const bwm_mc *mc, int is_write)
{
    int separate = bwm_mc_wq_on(&mc->wq);
    if (separate && is_write)
        return mc->wq.n == mc->wq.cap;
    if (mc->growable)
        return 0;
    return separate ? mc->n_used - mc->wq.live >= mc->cap - mc->wq.cap : mc->free_head < 0;
}

int bwm_mc_enqueue(bwm_mc *mc, const bwm_mc_req *req, int64_t now)
{
    uint32_t bursts = bwm_mc_bursts_for(req->bytes, mc->burst_bytes);
    if (req->da.bank >= (uint32_t)mc->n_banks || req->app < 0 || req->app >= mc->n_apps
        || req->bytes < 1 || bursts > UINT16_MAX)
        return BWM_MC_INVALID;
    int separate = bwm_mc_wq_on(&mc->wq) && req->is_write;
    if (bwm_mc_full(mc, req->is_write))
        return BWM_MC_FULL;
    int32_t s = alloc_slot(mc);
    if (s < 0)
        return BWM_MC_FULL;
    int b = (int)req->da.bank;
    bwm_mc_entry *e = &mc->slots[s];
    e->req = *req;
    e->req.arrival = now;
    mc->now = now;
    e->seq = mc->seq++;
    e->bursts_left = (uint16_t)bursts;
    e->started = 0;
    e->outcome = BWM_ROW_HIT;
    e->n_act = e->n_pre = 0;
    bwm_mc_stats_arrive(&mc->apps[req->app]);
    if (separate) {
        bwm_mc_wq_add(&mc->wq, s, b);
        wake(mc, now);
        return BWM_MC_ACCEPTED;
    }
    bwm_mc_bank *bk = &mc->banks[b];
    e->prev = bk->tail;
    e->next = -1;
    if (bk->tail >= 0)
        mc->slots[bk->tail].next = s;
    else
        bk->head = s;
    bk->tail = s;
    bk->n_queued++;
    (*row_waiting(mc, b, req->da.row))++;
    if (row_open_for(mc, b, (int64_t)req->da.row))
        bk->n_hits++;
    if (bk->cur < 0)
        mc->pick_mask |= (uint64_t)1 << b;
    if (mc->sched->enqueue)
        mc->sched->enqueue(mc->sched_state, mc, s);
    /* A bank in service issues what it would have issued anyway; with a
     * write queue a waiting read may end the drain. */
    if (bk->cur < 0 || bwm_mc_wq_on(&mc->wq))
        wake(mc, now);
    return BWM_MC_ACCEPTED;
}

void bwm_mc_unlink_waiting(bwm_mc *mc, int b, int32_t s)
{
    bwm_mc_bank *bk = &mc->banks[b];
    bwm_mc_entry *e = &mc->slots[s];
    if (e->prev >= 0)
        mc->slots[e->prev].next = e->next;
    else
        bk->head = e->next;
    if (e->next >= 0)
        mc->slots[e->next].prev = e->prev;
    else
        bk->tail = e->prev;
    bk->n_queued--;
    (*row_waiting(mc, b, e->req.da.row))--;
    if (row_open_for(mc, b, (int64_t)e->req.da.row))
        bk->n_hits--;
}

void bwm_mc_count_hits(bwm_mc *mc, int b)
{
    int64_t row = mc->dram.banks[b].open_row;
    int32_t n = 0;
    if (row >= 0 && *row_waiting(mc, b, (uint32_t)row) > 0)
        for (int32_t s = mc->banks[b].head; s >= 0; s = mc->slots[s].next)
            n += (int64_t)mc->slots[s].req.da.row == row;
    mc->banks[b].n_hits = n;
}
